package vision

import (
	"image"
	"slices"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/detect"
)

// askOutsizedOnes asks about each 1 read surely that is far larger than
// the crowd of other dice read surely around it. A 1 is the face most
// often read off what is no die, such as a screw hole in a tray's rim,
// whose box takes in the rim round it, while the dice of a set lie among
// dice of their own size.
func askOutsizedOnes(dice []Die) []Die {
	for i, d := range dice {
		if d.Value != 1 || d.Uncertain {
			continue
		}
		var others []float64
		for j, o := range dice {
			if j != i && !o.Uncertain {
				others = append(others, boxSide(o))
			}
		}
		if len(others) < crowd {
			continue
		}
		slices.Sort(others)
		if boxSide(d) > outsized*others[len(others)/2] {
			dice[i].Uncertain, dice[i].askedBy = true, OutsizedOne
		}
	}
	return dice
}

// outsized is how many times the side of the crowd's typical die a 1 must
// be to be asked about: dice of one set differ by their boxes, a fifth or
// so, and a set of larger dice among them by a third.
const outsized = 1.6

// askOnesSeenSmall asks about each 1 read surely that may be a whole die
// seen at twice its side, in a frame whose every sure die reads as a 1 at
// about the side of the detector's first look. Settling the dice's size
// without a profile, the detector can keep that look on a table it has
// never seen: at its scale it reports a die of half the side as one of
// the look's, and the model reads a small die in the middle of a box twice
// its side as one dark blob, a 1, whatever it shows. Such a frame pays for
// one more look, for dice of half its 1s' side, and a 1 is asked about
// where that look is sure of a die of about half its box inside it (a pip
// is a third of a face at most) and the model, cropping it closer, does
// not read a 1 as surely as a 1 seen closer reads.
func (r *Reader) askOnesSeenSmall(frame gocv.Mat, dice []Die) []Die {
	if r.finder == nil || r.model == nil || r.faces != rules.PipFaces || r.typicalSide() > 0 {
		return dice
	}
	side, ok := onlyOnes(dice)
	if !ok || side < firstLookShare*detect.DefaultDieSide(frame.Cols(), frame.Rows()) {
		return dice
	}
	smaller, err := r.finder.Detect(frame, halfLook*side)
	if err != nil {
		return dice // the dice stay as read: the check only ever asks more
	}
	var closer []proposal
	var at []int
	for i, d := range dice {
		if s := boxSide(d); !d.Uncertain && d.Value == 1 && holdsSureDie(d.Box, smaller, halfLeast*s, closerShare*s) {
			c := detect.Candidate{X: float64(d.Center.X), Y: float64(d.Center.Y), Side: closerShare * s}
			closer, at = append(closer, seenAs(c)), append(at, i)
		}
	}
	probs, err := r.model.classify(frame, closer)
	if err != nil {
		return dice
	}
	for k, i := range at {
		if probs[k][1] < closerOne {
			dice[i].Uncertain, dice[i].askedBy = true, OneSeenSmall
		}
	}
	return dice
}

// holdsSureDie reports whether box holds the centre of one of found that
// the detector is sure is a die, of a side at least least and under most.
func holdsSureDie(box [4]image.Point, found []detect.Candidate, least, most float64) bool {
	return slices.ContainsFunc(found, func(f detect.Candidate) bool {
		return f.Score >= detectSure && f.Side >= least && f.Side < most && insideBox(box, image.Pt(int(f.X), int(f.Y)))
	})
}

// onlyOnes is the median side of the sure dice, where there is one at
// least and every one reads as a 1.
func onlyOnes(dice []Die) (float64, bool) {
	var sides []float64
	for _, d := range dice {
		if d.Uncertain {
			continue
		}
		if d.Value != 1 {
			return 0, false
		}
		sides = append(sides, boxSide(d))
	}
	if len(sides) == 0 {
		return 0, false
	}
	slices.Sort(sides)
	return sides[len(sides)/2], true
}

// halfLook is the side, as a share of the 1s', of the dice the look for
// dice seen small looks for; halfLeast the least share of a 1's side a die
// it finds inside it must be, over the third of a face a pip is at most
// (closerShare the most, and the side of the closer crop the model reads it
// from); closerOne how surely the model must read a 1's closer crop as a 1
// for it to stand: a 1 seen closer still reads as a 1, a die seen at its
// own side shows its face, or, unknown to the model, none.
//
// firstLookShare is the least share of the side the detector's first look
// is for (detect.DefaultDieSide) at which a frame's 1s may be that look
// confirming itself.
const (
	firstLookShare = 0.75
	halfLook       = 0.5
	halfLeast      = 0.4
	closerShare    = 0.6
	closerOne      = 0.8
)
