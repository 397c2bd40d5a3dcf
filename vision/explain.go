package vision

import (
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
	// Rule is the rule that asked about the die after the model and its
	// pips let it stand, NoRule where none did.
	Rule Rule
}

// Doubted says the model doubts the die is one by more than a count of
// its pips may vouch for, however well they agree.
func (w Why) Doubted() bool { return w.Probs[model.NotADie] > vouchedNotADie }

// Explain says Why for each of dice, which Read returned for frame,
// measured as the reader measured them: on the frame framed and shrunk to
// the working scale as Read takes it.
func (r *Reader) Explain(frame gocv.Mat, dice []Die) ([]Why, error) {
	if len(dice) == 0 {
		return nil, nil
	}
	found := r.orTheCrop(frame, r.detect(frame))
	whys := make([]Why, len(dice))
	err := r.onWork(frame, found, func(work gocv.Mat, _ []detect.Candidate, at working) error {
		seen := at.onto(dice)
		for i, d := range seen {
			whys[i] = Why{
				Count: pipsLaidOut(work, d.Center, boxSide(d)),
				Agree: pipsAgree(work, d),
				Front: belowATop(seen, i, frontGrowth),
				Seen:  seenAt(found, dice[i].Center, boxSide(dice[i])),
				Rule:  dice[i].askedBy,
			}
			if r.model == nil {
				continue
			}
			p := []proposal{{die: d, s: boxSide(d)}}
			probs, err := r.model.classify(work, p)
			if err != nil {
				return err
			}
			if probs, err = r.readAgain(work, p, probs); err != nil {
				return err
			}
			whys[i].Probs = probs[0]
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return whys, nil
}
