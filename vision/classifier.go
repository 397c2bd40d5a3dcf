package vision

import (
	"fmt"
	"image"
	"math"

	"github.com/dicecam/dicecam/vision/model"
	"gocv.io/x/gocv"
)

// classifier scores die candidates with the small ONNX model of vision/model.
type classifier struct {
	net  gocv.Net
	blob gocv.Mat

	// memo holds the readings of one frame's crops while a Read remembers
	// them, nil otherwise: the classical search and the detector's own
	// reading often crop one die alike, and the model need read it once.
	memo map[view][][model.Classes]float64
}

// view names a crop of the frame being read: its centre, its side and
// whether it is the single view or the augmented ones.
type view struct {
	centre    image.Point
	side      float64
	augmented bool
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
	for i, p := range props {
		if pr, ok := c.memo[view{p.die.Center, p.s, augmented}]; ok {
			out[i] = pr
			continue
		}
		cut := views(p)
		crops = append(crops, cut...)
		todo, counts = append(todo, i), append(counts, len(cut))
	}
	probs, err := c.run(crops)
	if err != nil {
		return nil, err
	}
	at := 0
	for k, i := range todo {
		out[i] = probs[at : at+counts[k]]
		at += counts[k]
		if c.memo != nil {
			c.memo[view{props[i].die.Center, props[i].s, augmented}] = out[i]
		}
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
	return &classifier{net: net, blob: gocv.NewMat()}, nil
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
		n := float64(len(v) + 1)
		for _, pr := range append([][model.Classes]float64{first[i]}, v...) {
			for k, x := range pr {
				out[i][k] += x / n
			}
		}
	}
	return out, nil
}

// augmentedScale is the larger of the two sides an unsure die is read at:
// the model holds up to about 1.15 times the die's box on tray photos.
const augmentedScale = 1.15

func (c *classifier) run(crops []gocv.Mat) ([][model.Classes]float64, error) {
	if len(crops) == 0 {
		return nil, nil
	}
	gocv.BlobFromImages(crops, &c.blob, 1/255.0, image.Pt(model.Crop, model.Crop), gocv.NewScalar(0, 0, 0, 0), false, false, gocv.MatTypeCV32F)
	c.net.SetInput(c.blob, "")
	out := c.net.Forward("")
	defer out.Close()
	logits, err := out.DataPtrFloat32()
	if err != nil {
		return nil, fmt.Errorf("read the model's output: %w", err)
	}
	if len(logits) != len(crops)*model.Classes {
		return nil, fmt.Errorf("the model returned %d numbers for %d crops, want %d each", len(logits), len(crops), model.Classes)
	}
	probs := make([][model.Classes]float64, len(crops))
	for i := range crops {
		probs[i] = softmax(logits[i*model.Classes : (i+1)*model.Classes])
	}
	return probs, nil
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

func softmax(z []float32) [model.Classes]float64 {
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
