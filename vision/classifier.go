package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"slices"

	"github.com/dicecam/dicecam/vision/model"
	"gocv.io/x/gocv"
)

// classifier scores die candidates with the small ONNX model of vision/model.
type classifier struct {
	net  gocv.Net
	blob gocv.Mat

	// sum names the model file, as a Head does; features is the layer
	// whose output a head reads, "" where the model has none; output is
	// the layer of the logits.
	sum              uint32
	features, output string
	// head, where a profile fitted one for this model, adds its logits
	// to the model's; plain reads as the model alone all the same.
	head  *Head
	plain bool

	// memo holds the readings of one frame's crops while a Read remembers
	// them, nil otherwise: the classical search and the detector's own
	// reading often crop one die alike, and the model need read it once.
	memo map[view][][model.Classes]float64
}

// view names a crop of the frame being read: its centre, its side,
// whether it is the single view or the augmented ones, and whether it is
// read with the head.
type view struct {
	centre    image.Point
	side      float64
	augmented bool
	headed    bool
}

// remember keeps the readings of crops until the returned func is called,
// which a caller must do before it gives the classifier another frame.
func (c *classifier) remember() (forget func()) {
	if c == nil {
		return func() {}
	}
	c.memo = make(map[view][][model.Classes]float64)
	return func() { c.memo = nil }
}

// runViews reads the crops each proposal's views cut, through the memo
// where one is kept: views(p) cuts k crops of p, and each proposal gets its
// k readings.
func (c *classifier) runViews(frame gocv.Mat, props []proposal, augmented bool, views func(p proposal) []gocv.Mat) ([][][model.Classes]float64, error) {
	out := make([][][model.Classes]float64, len(props))
	var crops []gocv.Mat
	defer func() { closeAll(crops) }()
	var todo []int
	counts := make([]int, 0, len(props))
	headed := c.head != nil && !c.plain
	for i, p := range props {
		if pr, ok := c.memo[view{p.die.Center, p.s, augmented, headed}]; ok {
			out[i] = pr
			continue
		}
		cut := views(p)
		crops = append(crops, cut...)
		todo, counts = append(todo, i), append(counts, len(cut))
	}
	probs, alone, err := c.run(crops)
	if err != nil {
		return nil, err
	}
	read := probs
	if !headed && alone != nil {
		read = alone
	}
	at := 0
	for k, i := range todo {
		n, p := counts[k], props[i]
		out[i] = read[at : at+n]
		if c.memo != nil {
			// Both readings of a crop are kept: a reader with a faces
			// head reads the frame without it first, then with it.
			c.memo[view{p.die.Center, p.s, augmented, c.head != nil}] = probs[at : at+n]
			if alone != nil {
				c.memo[view{p.die.Center, p.s, augmented, false}] = alone[at : at+n]
			}
		}
		at += n
	}
	return out, nil
}

// loadClassifier reads a model file, or the one built into the binary when
// onnx is nil.
func loadClassifier(onnx []byte) (*classifier, error) {
	if onnx == nil {
		onnx = model.ONNX()
	}
	net, err := gocv.ReadNetFromONNXBytes(onnx)
	if err != nil {
		return nil, fmt.Errorf("load the dice model: %w", err)
	}
	if net.Empty() {
		return nil, fmt.Errorf("load the dice model: OpenCV read an empty network")
	}
	c := &classifier{net: net, blob: gocv.NewMat(), sum: modelSum(onnx)}
	c.features, c.output = layersOf(net)
	return c, nil
}

// layersOf names the last pooling layer of net, whose features its last
// layer reads and a head reads too ("" where it has none), and its output
// layer. Layer 0 is the input. gocv's GetLayerNames returns names it has
// already freed, so each layer is asked its own.
func layersOf(net gocv.Net) (features, output string) {
	n := len(net.GetLayerNames())
	for i := 1; i <= n; i++ {
		l := net.GetLayer(i)
		name, kind := l.GetName(), l.GetType()
		l.Close()
		if kind == "Pooling" {
			features = name
		}
		output = name
	}
	return features, output
}

func (c *classifier) Close() error {
	c.blob.Close()
	return c.net.Close()
}

// classify returns, for each proposal, the model's class probabilities:
// index 0 not a die, 1..6 the top face.
func (c *classifier) classify(frame gocv.Mat, props []proposal) ([][model.Classes]float64, error) {
	views, err := c.runViews(frame, props, false, func(p proposal) []gocv.Mat {
		return []gocv.Mat{cropFor(frame, p.die.Center, p.s)}
	})
	if err != nil {
		return nil, err
	}
	probs := make([][model.Classes]float64, len(props))
	for i, v := range views {
		probs[i] = v[0]
	}
	return probs, nil
}

// classifyAugmented reads each proposal's crop turned half round, and at
// augmentedScale times its side both unturned and turned, and averages the
// model's probabilities with first, its reading of the unturned crop at its
// side: a die the model is unsure of from one view is often read alike from
// the others, while a die between two readings stays unsure. Four views
// read the photographs as well as eight did (all four quarter turns at both
// sides), at half the cost; the two sides keep a glare spot that one view
// takes for a pip from settling a die wrongly.
func (c *classifier) classifyAugmented(frame gocv.Mat, props []proposal, first [][model.Classes]float64) ([][model.Classes]float64, error) {
	halfTurn := func(m gocv.Mat) gocv.Mat {
		turned := gocv.NewMat()
		gocv.Rotate(m, &turned, gocv.Rotate180Clockwise)
		return turned
	}
	views, err := c.runViews(frame, props, true, func(p proposal) []gocv.Mat {
		crop := cropFor(frame, p.die.Center, p.s) // first holds its own reading
		defer crop.Close()
		wide := cropFor(frame, p.die.Center, augmentedScale*p.s)
		return []gocv.Mat{halfTurn(crop), wide, halfTurn(wide)}
	})
	if err != nil {
		return nil, err
	}
	out := make([][model.Classes]float64, len(props))
	for i, v := range views {
		out[i] = settle(append([][model.Classes]float64{first[i]}, v...))
	}
	return out, nil
}

// settle averages the model's probabilities over the views of one die.
// Where every view reads the same face with fair confidence, the die is as
// sure as one read surely from a single view: four views agreeing vouch
// for a face as two crops of a die do in decide, while their average,
// pulled down by the weakest view, need not reach sureAlone.
func settle(views [][model.Classes]float64) [model.Classes]float64 {
	var mean [model.Classes]float64
	for _, pr := range views {
		for k, x := range pr {
			mean[k] += x / float64(len(views))
		}
	}
	f := likeliest(mean)
	if mean[f] >= sureAlone || mean[model.NotADie] > 1-sureAlone {
		// Sure already, or too much like no die to be a sure one.
		return mean
	}
	for _, pr := range views {
		if likeliest(pr) != f || pr[f] < sureTwice {
			return mean
		}
	}
	// Whether it is a die at all stays as the views say: raise f to
	// sureAlone and scale the other faces to keep the sum at 1.
	scale := (1 - sureAlone - mean[model.NotADie]) / (1 - mean[f] - mean[model.NotADie])
	for k := 1; k < model.Classes; k++ {
		mean[k] *= scale
	}
	mean[f] = sureAlone
	return mean
}

// augmentedScale is the larger of the two sides an unsure die is read at:
// the model holds up to about 1.15 times the die's box on tray photos.
const augmentedScale = 1.15

// run returns the model's probabilities for each crop, read with the head
// where the classifier has one, and then also alone, as the model reads
// them without it: one forward gives both.
func (c *classifier) run(crops []gocv.Mat) (probs, alone [][model.Classes]float64, err error) {
	if len(crops) == 0 {
		return nil, nil, nil
	}
	probs = make([][model.Classes]float64, len(crops))
	if c.head != nil {
		logits, features, err := c.forward(crops)
		if err != nil {
			return nil, nil, err
		}
		if len(features[0]) != len(c.head.Mean) {
			return nil, nil, fmt.Errorf("the profile's head reads %d features, the face model gives %d: calibrate again", len(c.head.Mean), len(features[0]))
		}
		alone = make([][model.Classes]float64, len(crops))
		for i := range crops {
			alone[i] = softmax(logits[i])
			probs[i] = c.head.settle(alone[i], softmax(c.head.add(logits[i], features[i])))
		}
		return probs, alone, nil
	}
	c.setInput(crops)
	out := c.net.Forward("")
	defer out.Close()
	logits, err := logitsOf(out, len(crops))
	if err != nil {
		return nil, nil, err
	}
	for i := range crops {
		probs[i] = softmax(logits[i*model.Classes : (i+1)*model.Classes])
	}
	return probs, nil, nil
}

func (c *classifier) setInput(crops []gocv.Mat) {
	gocv.BlobFromImages(crops, &c.blob, 1/255.0, image.Pt(model.Crop, model.Crop), gocv.NewScalar(0, 0, 0, 0), false, false, gocv.MatTypeCV32F)
	c.net.SetInput(c.blob, "")
}

// logitsOf is the model's output for n crops, checked for its length.
func logitsOf(out gocv.Mat, n int) ([]float32, error) {
	logits, err := out.DataPtrFloat32()
	if err != nil {
		return nil, fmt.Errorf("read the model's output: %w", err)
	}
	if len(logits) != n*model.Classes {
		return nil, fmt.Errorf("the model returned %d numbers for %d crops, want %d each", len(logits), n, model.Classes)
	}
	return logits, nil
}

// forward returns, for each crop, the model's logits and the pooled
// features its last layer reads them from, copied out of OpenCV's memory.
func (c *classifier) forward(crops []gocv.Mat) (logits, features [][]float32, err error) {
	if c.features == "" {
		return nil, nil, errors.New("the face model has no pooled features for a head")
	}
	if len(crops) == 0 {
		return nil, nil, nil
	}
	c.setInput(crops)
	outs := c.net.ForwardLayers([]string{c.features, c.output})
	defer closeAll(outs)
	z, err := logitsOf(outs[1], len(crops))
	if err != nil {
		return nil, nil, err
	}
	f, err := outs[0].DataPtrFloat32()
	if err != nil {
		return nil, nil, fmt.Errorf("read the model's features: %w", err)
	}
	if len(f)%len(crops) != 0 {
		return nil, nil, fmt.Errorf("the model returned %d features for %d crops", len(f), len(crops))
	}
	dim := len(f) / len(crops)
	logits, features = make([][]float32, len(crops)), make([][]float32, len(crops))
	for i := range crops {
		logits[i] = slices.Clone(z[i*model.Classes : (i+1)*model.Classes])
		features[i] = slices.Clone(f[i*dim : (i+1)*dim])
	}
	return logits, features, nil
}

func closeAll(ms []gocv.Mat) {
	for _, m := range ms {
		m.Close()
	}
}

// cropFor cuts what the model reads for a die of side s centred on centre.
// Near the frame's edge CropAt replicates the border of the Mat it is
// given, which costs a copy of all of it: it is given the part of the
// frame round the crop instead, which has the same edges there.
func cropFor(frame gocv.Mat, centre image.Point, s float64) gocv.Mat {
	bounds := image.Rect(0, 0, frame.Cols(), frame.Rows())
	reach := int(math.Ceil(model.Context*s/2)) + 2 // past the crop's square, whatever its rounding
	around := image.Rectangle{centre, centre}.Inset(-reach)
	if around.In(bounds) {
		return model.CropAt(frame, float64(centre.X), float64(centre.Y), s)
	}
	part := around.Intersect(bounds)
	if part.Empty() {
		return model.CropAt(frame, float64(centre.X), float64(centre.Y), s)
	}
	view := frame.Region(part)
	defer view.Close()
	return model.CropAt(view, float64(centre.X-part.Min.X), float64(centre.Y-part.Min.Y), s)
}

// softmax is the class probabilities of one crop's logits z.
func softmax[F float32 | float64](z []F) [model.Classes]float64 {
	var p [model.Classes]float64
	top := math.Inf(-1)
	for _, v := range z {
		top = math.Max(top, float64(v))
	}
	sum := 0.0
	for i, v := range z {
		p[i] = math.Exp(float64(v) - top)
		sum += p[i]
	}
	for i := range p {
		p[i] /= sum
	}
	return p
}
