package vision

import (
	"fmt"

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

// A Rule is one of the reader's rules that ask about a die the model and
// its pips let stand, looking beyond the die's own reading: at the frame's
// other dice, or at another search's reading of the same die.
type Rule uint8

const (
	NoRule Rule = iota
	// OutsizedOne asks about a 1 far larger than the crowd of sure dice
	// round it (askOutsizedOnes).
	OutsizedOne
	// OneSeenSmall asks about a 1 that may be a whole die seen at twice
	// its side (askOnesSeenSmall).
	OneSeenSmall
	// PipSearchDiffers asks about a die the pip and blob search reads
	// surely as another value (secondOpinion).
	PipSearchDiffers
)

var ruleNames = [...]string{NoRule: "none", OutsizedOne: "outsized-one", OneSeenSmall: "one-seen-small", PipSearchDiffers: "pip-search-differs"}

// String names r as `dicecam eval --dice F --why` and `read --json --why`
// write it.
func (r Rule) String() string {
	if int(r) < len(ruleNames) {
		return ruleNames[r]
	}
	return fmt.Sprintf("Rule(%d)", r)
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
