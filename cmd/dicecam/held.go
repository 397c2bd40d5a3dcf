package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/dicecam/dicecam/vision"
	"github.com/dicecam/dicecam/vision/model"
)

// A hold is the check that held a die back, the first of these that is
// so: the reading is not the die's label, one of the reader's rules that
// look beyond the die's own reading asked (vision.Why.Rule), the model
// doubts it is a die (vision.Why.Doubted), its pips agreeing with the
// reading or not, no pips are laid out as a face, they are and do not
// agree, or none: every check passed. A rule asks only about a die the
// checks after it let stand, so it comes before them.
type hold int

const (
	holdWrong hold = iota
	holdOutsized
	holdSeenSmall
	holdPipSearch
	holdDoubtAgreeing
	holdDoubt
	holdNoCount
	holdCountDiffers
	holdNone
	holds
)

var (
	holdNames = [holds]string{"model wrong", "larger than its crowd", "a die seen small", "pip search differs", "doubt, pips agree", "doubt, pips do not", "no count", "count differs", "all agree"}
	holdKeys  = [holds]string{"model_wrong", "outsized_one", "one_seen_small", "pip_search_differs", "doubt_pips_agree", "doubt_pips_disagree", "no_count", "count_differs", "all_agree"}
)

// heldBy is what held back a die labelled label and read as read, which
// the reader's checks make why of. Where no label is known, read's own
// value stands for it, and the reading is taken for right.
func heldBy(label int, read vision.Die, why vision.Why) hold {
	switch {
	case read.Value != label:
		return holdWrong
	case why.Rule == vision.OutsizedOne:
		return holdOutsized
	case why.Rule == vision.OneSeenSmall:
		return holdSeenSmall
	case why.Rule == vision.PipSearchDiffers:
		return holdPipSearch
	case why.Doubted() && why.Agree:
		return holdDoubtAgreeing
	case why.Doubted():
		return holdDoubt
	case why.Count == 0:
		return holdNoCount
	case !why.Agree:
		return holdCountDiffers
	}
	return holdNone
}

// says is what h says of a die read as d, for a person who asks why it
// was asked about.
func (h hold) says(d vision.Die, why vision.Why) string {
	doubt := why.Probs[model.NotADie]
	switch h {
	case holdWrong:
		return "its reading is not its label"
	case holdOutsized:
		return "a 1 far larger than the dice read round it, as a 1 read off no die, such as a hole with the rim round it, often is"
	case holdSeenSmall:
		return "a 1 holding a die of half its side: it may be a whole die seen at twice its side"
	case holdPipSearch:
		return "the pip and blob search reads it surely as another value"
	case holdDoubtAgreeing:
		return fmt.Sprintf("the model doubts it is a die (%.2f), though %d pips agree", doubt, why.Count)
	case holdDoubt:
		return fmt.Sprintf("the model doubts it is a die (%.2f) and no pips agree", doubt)
	case holdNoCount:
		return "no pips are laid out as a face to check the reading against"
	case holdCountDiffers:
		return fmt.Sprintf("its pips count %d, not %d", why.Count, d.Value)
	}
	if why.Front {
		return "it lies as the front face of the die above it"
	}
	return "these checks agree: it is read less surely than a die whose pips agree must be, or a rule not named here asked"
}

// heldBack counts the asked dice of a folder by what held them back.
type heldBack [holds]int

// add counts the asked dice of ph, read as read and matched by matches,
// which whys explain.
func (h *heldBack) add(ph vision.Photo, read []vision.Die, matches []vision.Match, whys []vision.Why) {
	for _, m := range matches {
		if m.Outcome == vision.Asked && m.Label >= 0 && m.Read >= 0 && m.Read < len(whys) {
			h[heldBy(ph.Dice[m.Label].Value, read[m.Read], whys[m.Read])]++
		}
	}
}

// plus is h with o's dice counted too.
func (h heldBack) plus(o heldBack) heldBack {
	for k := range h {
		h[k] += o[k]
	}
	return h
}

// MarshalJSON writes h as an object, a key for each hold.
func (h heldBack) MarshalJSON() ([]byte, error) {
	m := make(map[string]int, len(h))
	for k, n := range h {
		m[holdKeys[k]] = n
	}
	return json.Marshal(m)
}

// asked is the dice h counts.
func (h heldBack) asked() int {
	n := 0
	for _, k := range h {
		n += k
	}
	return n
}

// printHeldBack writes, for each row, its asked dice by what held them
// back.
func printHeldBack(w io.Writer, rows []evalRow) {
	fmt.Fprintln(w, "\nasked dice, by the first check that held each back:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "folder\tasked\t")
	for _, name := range holdNames {
		fmt.Fprintf(tw, "%s\t", name)
	}
	fmt.Fprintln(tw)
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t", r.Folder, r.HeldBack.asked())
		for _, k := range r.HeldBack {
			fmt.Fprintf(tw, "%d\t", k)
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
}
