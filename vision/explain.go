package vision

import (
	"image"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision/detect"
	"github.com/dicecam/dicecam/vision/model"
)

// Why is what the reader's checks make of one die it read, for a person
// asking why it was asked about or read as it was.
type Why struct {
	// Probs are the face model's probabilities for the die's box as
	// reported, Probs[0] that it is no die, Probs[v] that it shows v,
	// averaged over more views where the model is unsure, as the reader
	// reads a die the detector found; all 0 for a reader without the
	// model. A die the pip search found may have been read from other
	// crops too.
	Probs [model.Classes]float64
	// Count is the pips counted and laid out as a face on its box
	// (pipsLaidOut), 0 where they are not. Count and Agree read pips: on
	// poker faces they say nothing.
	Count int
	// Agree says the pips agree with the value read (pipsAgree), which
	// with the model sure it is a die vouches for an unsure reading.
	Agree bool
	// Front says it lies as a die's front below another's top, which a
	// count may not vouch for.
	Front bool
	// Seen is the detector's score for the surest place it found within
	// half a die of its centre (seenAt), 0 where it found none there.
	Seen float64
}

// Explain says Why for each of dice, which Read returned for frame,
// measured as the reader measured them: on the frame framed and shrunk to
// the working scale as Read takes it.
func (r *Reader) Explain(frame gocv.Mat, dice []Die) ([]Why, error) {
	if len(dice) == 0 {
		return nil, nil
	}
	work, off := frame, image.Point{}
	found := r.detect(frame)
	if r.profile.Tray.Empty() && len(found) == 0 && croppedToADie(frame) {
		found = []detect.Candidate{{X: float64(frame.Cols()) / 2, Y: float64(frame.Rows()) / 2,
			Side: float64(min(frame.Cols(), frame.Rows()))}}
	}
	if r.profile.Tray.Empty() && fillsFrame(frame, found) {
		framed := gocv.NewMat()
		defer framed.Close()
		pad := detect.Framed(frame, &framed)
		work, off = framed, image.Pt(pad, pad)
	}
	f := r.workScale(found)
	if f < 1 {
		small, err := r.shrink(work, f)
		if err != nil {
			return nil, err
		}
		work = small
	} else {
		f = 1
	}
	seen := make([]Die, len(dice))
	for i, d := range dice {
		seen[i] = shift(d, off)
	}
	seen = scaleDice(seen, f)
	whys := make([]Why, len(seen))
	for i, d := range seen {
		whys[i] = Why{
			Count: pipsLaidOut(work, d.Center, boxSide(d)),
			Agree: pipsAgree(work, d),
			Front: belowATop(seen, i, frontGrowth),
			Seen:  seenAt(found, dice[i].Center, boxSide(dice[i])),
		}
		if r.model == nil {
			continue
		}
		p := []proposal{{die: d, s: boxSide(d)}}
		probs, err := r.model.classify(work, p)
		if err != nil {
			return nil, err
		}
		if probs, err = r.readAgain(work, p, probs); err != nil {
			return nil, err
		}
		whys[i].Probs = probs[0]
	}
	return whys, nil
}
