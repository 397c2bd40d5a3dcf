package vision

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"hash/fnv"
	"image"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision/model"
)

// Head adapts the face model to one dice set. The model ends in a linear
// layer over the features it pools from a crop; a set unlike those it was
// trained on lies elsewhere in that feature space, where the shipped layer
// reads it unsurely. Calibration fits a Head on the set's labelled dice, and
// the reader adds its logits to the model's: a zero Head reads as the model
// does, and a fitted one reads the set's faces and its table's look-alikes
// as the labels say.
type Head struct {
	// Model is the CRC-32 of the face model file the head was fitted on:
	// the features of any other model mean something else.
	Model uint32 `json:"model"`
	// Mean and Scale standardise each feature before the weights.
	Mean  []float64 `json:"mean"`
	Scale []float64 `json:"scale"`
	// Weights holds a row of len(Mean) for each class, Bias one number.
	Weights [][]float64 `json:"weights"`
	Bias    []float64   `json:"bias"`
	// Faces says the head reads only which face a die shows. The reader
	// then finds the dice with the model alone and reads each again with
	// the head, so a head fitted on a table's confirmed rolls, which hold
	// few of its look-alikes, cannot find a die more or fewer.
	Faces bool `json:"faces,omitempty"`
}

// validate reports a head the reader cannot add to a model's logits.
func (h *Head) validate() error {
	n := len(h.Mean)
	switch {
	case n == 0:
		return errors.New("head has no features: calibrate again")
	case len(h.Scale) != n:
		return fmt.Errorf("head has %d feature scales for %d features: calibrate again", len(h.Scale), n)
	case len(h.Weights) != model.Classes || len(h.Bias) != model.Classes:
		return fmt.Errorf("head has %d weight rows and %d biases, want %d of each: calibrate again", len(h.Weights), len(h.Bias), model.Classes)
	}
	for k, row := range h.Weights {
		if len(row) != n {
			return fmt.Errorf("head's weight row %d has %d numbers for %d features: calibrate again", k, len(row), n)
		}
	}
	for _, s := range h.Scale {
		if !(s > 0) {
			return errors.New("head has a feature scale that is not positive: calibrate again")
		}
	}
	return nil
}

// add returns the logits z of one crop with the head's, for its features f.
func (h *Head) add(z, f []float32) []float32 {
	out := make([]float32, len(z))
	for k := range z {
		v := float64(z[k]) + h.Bias[k]
		for j, w := range h.Weights[k] {
			v += w * (float64(f[j]) - h.Mean[j]) / h.Scale[j]
		}
		out[k] = float32(v)
	}
	return out
}

// settle is the reading of a crop the model reads as alone and, with the
// head, as headed: the head's where both take the crop for the same face
// or for none, and else the mean of the two, which a table is asked about.
// A head fitted on some hundred crops may settle what the model reads; it
// may not overrule it unasked.
func (h *Head) settle(alone, headed [model.Classes]float64) [model.Classes]float64 {
	if h.Faces {
		headed = asDieOf(headed, alone[model.NotADie])
	}
	if likeliest(alone) == likeliest(headed) {
		return headed
	}
	var mean [model.Classes]float64
	for k := range mean {
		mean[k] = (alone[k] + headed[k]) / 2
	}
	return mean
}

// asDieOf is pr with notADie as the chance the crop is no die, the faces
// sharing the rest as pr shares it among them.
func asDieOf(pr [model.Classes]float64, notADie float64) [model.Classes]float64 {
	faces := 1 - pr[model.NotADie]
	out := [model.Classes]float64{model.NotADie: notADie}
	for k := range pr {
		if k != model.NotADie && faces > 0 {
			out[k] = pr[k] / faces * (1 - notADie)
		}
	}
	return out
}

// modelSum is the checksum a Head names its face model by.
func modelSum(onnx []byte) uint32 { return crc32.ChecksumIEEE(onnx) }

// sample is one crop a head is fitted on: the model's logits and features
// for it, and the class it shows.
type sample struct {
	logits, features []float32
	class            int
}

// FitHead fits a Head for the face model the reader of p and m reads with
// to the labelled dice of photos, as CutHeadCrops and Fit do.
func FitHead(ctx context.Context, photos []Photo, p *Profile, m Models) (*Head, error) {
	c, err := CutHeadCrops(ctx, photos, p, m)
	if err != nil {
		return nil, err
	}
	return c.Fit(nil)
}

// HeadCrops are the crops of a set's labelled photos that a Head learns
// from, read by the face model of one profile's reader. Cut once, they fit
// a head for any part of the set: calibration fits one on each half of the
// photos to measure how a head reads photos it never saw, then one on all.
type HeadCrops struct {
	model   uint32
	photos  []Photo
	samples [][]sample // cut from photos[i]; none from a photo that cannot be read
}

// CutHeadCrops reads each photo as the reader of p and m does and cuts the
// crops a head learns from: the labelled boxes cut larger and smaller and
// off centre, the reader's own crops of labelled dice, the places it took
// for dice where no label is, and the table away from the dice. Dice
// labelled without a box teach it nothing. The cuts are seeded by each
// photo's name, so a photo gives the same crops in any set.
func CutHeadCrops(ctx context.Context, photos []Photo, p *Profile, m Models) (*HeadCrops, error) {
	without := *p
	without.Head = nil // the crops are read as the model alone reads them
	r, err := NewReaderWith(&without, m)
	if err != nil {
		return nil, fmt.Errorf("fit a head: %w", err)
	}
	defer r.Close()
	if r.model.features == "" {
		return nil, errors.New("fit a head: the face model has no pooled features to fit on")
	}
	c := &HeadCrops{model: r.model.sum, photos: photos, samples: make([][]sample, len(photos))}
	for i, ph := range photos {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		name := fnv.New64a()
		name.Write([]byte(filepath.Base(ph.Path)))
		if c.samples[i], err = r.headSamples(ph, rand.New(rand.NewPCG(1, name.Sum64()))); err != nil {
			c.samples[i] = nil // a photo that cannot be read teaches nothing
		}
	}
	return c, nil
}

// Fit fits a Head on the crops of the photos keep accepts, or of them all
// where keep is nil. The fit draws nothing at random: the same crops give
// the same head.
func (c *HeadCrops) Fit(keep func(Photo) bool) (*Head, error) {
	return c.fitHead(keep, false)
}

// FitFaces is Fit for a head that reads only which face a die shows, from
// the crops of dice alone: the reader then finds the dice as the model
// alone does (see Head.Faces).
func (c *HeadCrops) FitFaces(keep func(Photo) bool) (*Head, error) {
	return c.fitHead(keep, true)
}

func (c *HeadCrops) fitHead(keep func(Photo) bool, faces bool) (*Head, error) {
	var samples []sample
	for i, ph := range c.photos {
		if keep == nil || keep(ph) {
			for _, s := range c.samples[i] {
				if !faces || s.class != model.NotADie {
					samples = append(samples, s)
				}
			}
		}
	}
	dice := 0
	for _, s := range samples {
		if s.class != model.NotADie {
			dice++
		}
	}
	if dice < minHeadDice {
		return nil, fmt.Errorf("fit a head: %d crops of labelled dice, want %d at least: label more photos", dice, minHeadDice)
	}
	h := fit(samples, faces)
	h.Model, h.Faces = c.model, faces
	return h, nil
}

// minHeadDice is the fewest crops of dice a head is fitted on: about a
// dozen dice, each cut four ways.
const minHeadDice = 48

// headSamples cuts the crops of one photo that a head learns from.
func (r *Reader) headSamples(ph Photo, rng *rand.Rand) ([]sample, error) {
	frame, err := ReadImage(ph.Path)
	if err != nil {
		return nil, err
	}
	defer frame.Close()
	defer r.model.remember()()
	found := r.detect(frame)
	read, err := r.readDetected(frame, slices.Clone(found))
	if err != nil {
		return nil, err
	}
	size := image.Pt(frame.Cols(), frame.Rows())
	type place struct {
		at    image.Point
		side  float64
		class int
	}
	var places []place
	var boxes []image.Rectangle
	var sides []float64
	for _, l := range ph.Dice {
		if !l.Boxed || l.Value < 1 || l.Value >= model.Classes {
			continue
		}
		s := math.Max(l.Box[2]-l.Box[0], l.Box[3]-l.Box[1])
		c := image.Pt(int((l.Box[0]+l.Box[2])/2), int((l.Box[1]+l.Box[3])/2))
		boxes = append(boxes, image.Rect(int(l.Box[0]), int(l.Box[1]), int(l.Box[2]), int(l.Box[3])))
		sides = append(sides, s)
		for range headCuts {
			f := headSizes[0] + rng.Float64()*(headSizes[1]-headSizes[0])
			shift := func() int { return int((rng.Float64()*2 - 1) * headShift * s * f) }
			places = append(places, place{c.Add(image.Pt(shift(), shift())), s * f, l.Value})
		}
		// Seen in a box far larger than itself, a die is none: the reader
		// must not take a die for a pip of a larger one.
		places = append(places, place{c, s * (2.3 + 0.7*rng.Float64()), model.NotADie})
	}
	if len(sides) == 0 {
		return nil, nil
	}
	// The table's own look-alikes are the negatives that count: what the
	// reader took for dice where no label is, and what the detector saw
	// there, which a head that reads the model more surely could keep.
	lookAlike := func(at image.Point, side float64) {
		for range headCuts {
			f := 0.85 + 0.3*rng.Float64()
			shift := func() int { return int((rng.Float64()*2 - 1) * 0.1 * side) }
			places = append(places, place{at.Add(image.Pt(shift(), shift())), f * side, model.NotADie})
		}
	}
	for _, c := range found {
		at := image.Pt(int(c.X), int(c.Y))
		if !inAnyBox(at, boxes, int(c.Side/2)) {
			lookAlike(at, c.Side)
		}
	}
	for _, d := range read {
		a := Measure(ph.Dice, []Die{d}, size)
		switch {
		case a.Matched == 0:
			lookAlike(d.Center, boxSide(d))
		case a.Right+a.Wrong+a.Asked > 0:
			// The reader's own crop of a labelled die, as it will cut it.
			if v := labelNear(ph.Dice, d.Center); v > 0 {
				places = append(places, place{d.Center, boxSide(d), v})
			}
		}
	}
	typical := median(sides)
	for range 2 * len(sides) {
		at := image.Pt(rng.IntN(size.X), rng.IntN(size.Y))
		s := typical * (0.8 + 0.4*rng.Float64())
		if !inAnyBox(at, boxes, int(0.9*s)) {
			places = append(places, place{at, s, model.NotADie})
		}
	}
	crops := make([]gocv.Mat, len(places))
	for i, p := range places {
		crops[i] = cropFor(frame, p.at, p.side)
	}
	defer closeAll(crops)
	logits, features, err := r.model.forward(crops)
	if err != nil {
		return nil, err
	}
	out := make([]sample, len(places))
	for i, p := range places {
		out[i] = sample{logits[i], features[i], p.class}
	}
	return out, nil
}

// The labelled dice a head learns from are each cut headCuts times, at
// sides from headSizes[0] to headSizes[1] times the label's and centres up
// to headShift of that side off: the detector's boxes on a table it never
// saw are as far off.
const (
	headCuts  = 3
	headShift = 0.15
)

var headSizes = [2]float64{0.75, 1.3}

// labelNear is the value of the labelled die whose box holds at, 0 if none.
func labelNear(dice []Labelled, at image.Point) int {
	for _, l := range dice {
		if l.Boxed && float64(at.X) >= l.Box[0] && float64(at.X) <= l.Box[2] && float64(at.Y) >= l.Box[1] && float64(at.Y) <= l.Box[3] {
			return l.Value
		}
	}
	return 0
}

// inAnyBox reports whether at lies within margin pixels of any box.
func inAnyBox(at image.Point, boxes []image.Rectangle, margin int) bool {
	for _, b := range boxes {
		if at.In(b.Inset(-margin)) {
			return true
		}
	}
	return false
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// fit is the head that, added to the model's logits, best predicts the
// samples' classes: multinomial logistic regression on the standardised
// features, from zero (the model as it is), with the weights held small so
// that a few hundred crops of one set do not undo what the model knows.
func fit(samples []sample, faces bool) *Head {
	n, dim := len(samples), len(samples[0].features)
	h := &Head{Mean: make([]float64, dim), Scale: make([]float64, dim), Bias: make([]float64, model.Classes)}
	for _, s := range samples {
		for j, v := range s.features {
			h.Mean[j] += float64(v) / float64(n)
		}
	}
	for _, s := range samples {
		for j, v := range s.features {
			d := float64(v) - h.Mean[j]
			h.Scale[j] += d * d / float64(n)
		}
	}
	for j := range h.Scale {
		h.Scale[j] = math.Sqrt(h.Scale[j]) + 1e-3
	}
	x := make([][]float64, n)
	for i, s := range samples {
		x[i] = make([]float64, dim)
		for j, v := range s.features {
			x[i][j] = (float64(v) - h.Mean[j]) / h.Scale[j]
		}
	}
	h.Weights = make([][]float64, model.Classes)
	vw := make([][]float64, model.Classes)
	for k := range h.Weights {
		h.Weights[k], vw[k] = make([]float64, dim), make([]float64, dim)
	}
	vb := make([]float64, model.Classes)
	gw := make([][]float64, model.Classes)
	for k := range gw {
		gw[k] = make([]float64, dim)
	}
	var z [model.Classes]float64
	for range fitSteps {
		for k := range gw {
			clear(gw[k])
		}
		var gb [model.Classes]float64
		for i, s := range samples {
			for k := range z {
				v := float64(s.logits[k]) + h.Bias[k]
				for j, w := range h.Weights[k] {
					v += w * x[i][j]
				}
				z[k] = v
			}
			if faces {
				// Which face, given a die: the model's chance of none
				// takes no part.
				z[model.NotADie] = math.Inf(-1)
			}
			p := softmax(z[:])
			for k := range p {
				g := p[k]
				if k == s.class {
					g--
				}
				g /= float64(n)
				gb[k] += g
				for j, xv := range x[i] {
					gw[k][j] += g * xv
				}
			}
		}
		for k := range h.Weights {
			for j := range h.Weights[k] {
				vw[k][j] = fitMomentum*vw[k][j] - fitRate*(gw[k][j]+fitHold*h.Weights[k][j])
				h.Weights[k][j] += vw[k][j]
			}
			vb[k] = fitMomentum*vb[k] - fitRate*gb[k]
			h.Bias[k] += vb[k]
		}
	}
	return h
}

// The fit's gradient descent: fitSteps steps of fitRate with momentum,
// and fitHold the weight decay that keeps the head near zero. On crops of
// tray-topdown's dice, a head fitted on one half of its photos and read on
// the other, weaker holds read more dice surely and more of them wrong;
// label smoothing in the fit (0.03, 0.1) kept heads too unsure to be kept
// anywhere.
const (
	fitSteps    = 300
	fitRate     = 0.3
	fitMomentum = 0.9
	fitHold     = 0.01
)
