package vision

import (
	"image"
	"slices"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/detect"
	"github.com/dicecam/dicecam/vision/model"
)

// readFound reads the dice the detector found, each by the model alone.
// The detector proposes every die; the model says whether it is one and
// which face it shows; a person is asked where either is unsure. On tables
// and dice the reader was not fitted to the pip and blob search's rules,
// tuned on two trays, mistake coloured pips, felt and board art, so these
// dice are the reading and that search only a second opinion.
func (r *Reader) readFound(frame gocv.Mat, found []detect.Candidate) ([]Die, error) {
	var props []proposal
	for _, f := range sortedByScore(found) {
		if firstNear(props, f.X, f.Y, 0.5*f.Side) >= 0 {
			continue // a second peak on one die
		}
		p := seenAs(f)
		p.detected = true
		props = append(props, p)
	}
	probs, err := r.model.classify(frame, props)
	if err != nil {
		return nil, err
	}
	if probs, err = r.readAgain(frame, props, probs); err != nil {
		return nil, err
	}
	agree := func(d Die) bool { return pipsAgree(frame, d) }
	return decideFound(props, probs, r.faces, agree), nil
}

// seenAs is the proposal of a die the detector found: an upright square of
// its side, as sure as the detector is of it.
func seenAs(f detect.Candidate) proposal {
	c := newCandidate(f.X, f.Y, f.Side, f.Side, 1, 0)
	return proposal{die: Die{Box: c.box, Center: c.center}, s: f.Side, seen: f.Score}
}

// classifyTwice reads each proposal with the model, and reads again from
// more views each die the model takes for one but is unsure of.
func (r *Reader) classifyTwice(frame gocv.Mat, props []proposal) ([][model.Classes]float64, error) {
	probs, err := r.model.classify(frame, props)
	if err != nil {
		return nil, err
	}
	return r.readAgain(frame, props, probs)
}

// readAgain reads again from more views each of props, read as probs,
// that the model takes for a die but is unsure of.
func (r *Reader) readAgain(frame gocv.Mat, props []proposal, probs [][model.Classes]float64) ([][model.Classes]float64, error) {
	var again []proposal
	var first [][model.Classes]float64
	var at []int
	for i, p := range props {
		if v := likeliest(probs[i]); probs[i][v] < sureAlone && probs[i][model.NotADie] <= notADie {
			again, first, at = append(again, p), append(first, probs[i]), append(at, i)
		}
	}
	if len(again) == 0 {
		return probs, nil
	}
	more, err := r.model.classifyAugmented(frame, again, first)
	if err != nil {
		return nil, err
	}
	for k, i := range at {
		probs[i] = more[k]
	}
	return probs, nil
}

// sortedByScore is found, the detector's surest first.
func sortedByScore(found []detect.Candidate) []detect.Candidate {
	out := slices.Clone(found)
	slices.SortStableFunc(out, func(a, b detect.Candidate) int {
		switch {
		case a.Score > b.Score:
			return -1
		case a.Score < b.Score:
			return 1
		}
		return 0
	})
	return out
}

// decideFound keeps the proposals the model takes for dice, each read as
// its likeliest face, asked about unless both the detector and the model
// are sure, the model is all but certain (sureDetected, as for a die only
// the detector sees in the classical reading), or the model is sure it is
// a die and agree, where not nil, finds its pips agree with that face
// (vouched). It drops an unsure smaller read beside a sure die: its side
// face or shadow.
func decideFound(props []proposal, probs [][model.Classes]float64, faces rules.Faces, agree func(Die) bool) []Die {
	type read struct {
		die  Die
		s    float64
		none float64 // the model's probability that it is no die
	}
	var kept []read
	for i, p := range props {
		pr := probs[i]
		if pr[model.NotADie] > notADie {
			continue
		}
		v := likeliest(pr)
		d := p.die
		d.Value, d.Face, d.Confidence = v, faces.Label(rules.Face(v)), pr[v]
		d.Uncertain = pr[v] < sureAlone || p.seen < detectSure && pr[v] < sureDetected
		kept = append(kept, read{d, p.s, pr[model.NotADie]})
	}
	kept = slices.DeleteFunc(kept, func(j read) bool {
		if !j.die.Uncertain {
			return false
		}
		for _, k := range kept {
			dist := distance(j.die.Center, k.die.Center)
			if !k.die.Uncertain && dist < besideSure*k.s && j.s < 0.75*k.s {
				return true
			}
		}
		return false
	})
	dice := make([]Die, len(kept))
	for i, k := range kept {
		dice[i] = k.die
	}
	if agree == nil {
		return dice
	}
	for i, k := range kept {
		if vouched(dice, i, k.none, agree) {
			dice[i].Uncertain = false
		}
	}
	return dice
}

// vouched reports whether dice[i], unsure, is read with confidence because
// its pips agree with the value the model reads it as likeliest (agree,
// pipsAgree), and the model, which none says how likely it takes it for no
// die, is all but sure it is one. The count shares nothing with the model,
// and most of the dice the model is unsure of on a table it never saw it
// reads right. The model must vouch that it is a die: a board space
// printed with pips counts as well as a die's face does. A face lying as a
// die's front below another's top is left asked, a true face which a low
// camera sees beside the top.
func vouched(dice []Die, i int, none float64, agree func(Die) bool) bool {
	d := dice[i]
	return d.Uncertain && none <= vouchedNotADie && !belowATop(dice, i, frontGrowth) && agree(d)
}

// vouchedNotADie is the most probability the model may give a die it reads
// unsure that it is none, for a pip count to vouch for it.
const vouchedNotADie = 0.02

// settledBy splits off the candidates on which a die of classic lies that
// the pip search read surely, its pip count agreeing with a model all but
// certain of it, and returns each such die once: in the box of the surest
// of those candidates that is a crop of the whole die, else in its own.
// The model need not read these dice again from the detector's crops: read
// from both, the photographs of every source gave the same figures to a
// die or two. A die the model is less sure of keeps the detector's reading
// as a check: a glare spot the pip search counts as a pip can sway the
// model's reading of the pip search's crop and not of the detector's.
func settledBy(found []detect.Candidate, classic []Die) (rest []detect.Candidate, settled []Die) {
	lies := make([]bool, len(classic))  // a candidate lies on the die
	whole := make([]*Die, len(classic)) // the surest crop of all of it
	for _, f := range sortedByScore(found) {
		at := seenAs(f).die
		k := slices.IndexFunc(classic, func(c Die) bool {
			return !c.Uncertain && c.Confidence >= sureDetected && within(at, c, sameDie)
		})
		if k < 0 {
			rest = append(rest, f)
			continue
		}
		lies[k] = true
		if r := f.Side / boxSide(classic[k]); whole[k] == nil && r > 1/alike && r < faceOverPips {
			whole[k] = &at
		}
	}
	for k, d := range classic {
		if !lies[k] {
			continue
		}
		if at := whole[k]; at != nil {
			d.Center, d.Box = at.Center, at.Box
		}
		settled = append(settled, d)
	}
	return rest, settled
}

// withoutDiceApart drops each die of classic, with its entry in knows,
// that is dice apart the pip search took for the pips of one face read
// surely: the detector found dice on it smaller than a crop of its whole
// face, and the model reads them as dice of their own (diceApart). On a
// pale tray two small dark dice apart fit a 2's layout, or one alone a
// 1's, as surely as a die's pips do; settledBy would take the dice for
// pips seen as dice, and secondOpinion would ask about a die on the face
// whose value differs. A face the pip search is unsure of is asked about
// whatever lies on it.
func (r *Reader) withoutDiceApart(frame gocv.Mat, classic []Die, knows []bool, found []detect.Candidate) ([]Die, []bool, error) {
	var parts []proposal
	from := make([]int, len(classic)+1) // classic[k]'s parts are parts[from[k]:from[k+1]]
	for k, c := range classic {
		from[k] = len(parts)
		if c.Uncertain || knows[k] {
			continue // asked about, or read by a template or a logo
		}
		for _, f := range found {
			if f.Side*alike < boxSide(c) && insideBox(c.Box, image.Pt(int(f.X), int(f.Y))) {
				parts = append(parts, seenAs(f))
			}
		}
	}
	from[len(classic)] = len(parts)
	if len(parts) == 0 {
		return classic, knows, nil
	}
	// The classifier remembers these readings for the Read: readFound
	// takes the parts of a dropped face from them, reading no crop twice.
	probs, err := r.model.classify(frame, parts)
	if err != nil {
		return nil, nil, err
	}
	var keptDice []Die
	var keptKnows []bool
	for k, c := range classic {
		if on := probs[from[k]:from[k+1]]; len(on) > 0 && diceApart(on, c.Value) {
			continue
		}
		keptDice, keptKnows = append(keptDice, c), append(keptKnows, knows[k])
	}
	return keptDice, keptKnows, nil
}

// A detector box is a crop of a die's whole top face where its side is
// over 1/alike and under faceOverPips times the side of the pip group the
// pip search boxes on that die: the two searches draw one face within
// alike of each other, a pip or a part of the face is smaller, and two
// dice seen as one twice it.
const (
	faceOverPips = 1.8
	alike        = 1.5
)

// secondOpinion is the detector's dice, each read by the model alone,
// checked against the classical reading of the same frame, classic. A die
// only the detector saw, on which the model reads no face in particular,
// goes. An unsure die the pip and blob search reads with confidence as the
// same value is sure, a sure one it reads as another is asked, and a die
// only the classical search found is added as it read it. Where knows says
// a classical reading saw more than the model can (a face template, a
// logo), it replaces the model's. Measured leaving each source of
// photographs out of training, the detector finds more dice than pips and
// blobs on every table it was not trained on, while a pip count agreeing
// with the model settles many a die the model alone is unsure of.
func secondOpinion(seen, classic []Die, knows []bool) []Die {
	out := slices.DeleteFunc(slices.Clone(seen), func(d Die) bool {
		return d.Uncertain && slices.ContainsFunc(classic, func(c Die) bool { return holdsPip(c, d) }) ||
			d.Confidence < faintRead && !slices.ContainsFunc(classic, func(c Die) bool { return within(d, c, apart) })
	})
	for i, d := range out {
		for k, c := range classic {
			switch {
			case !within(d, c, sameDie):
			case knows[k]:
				out[i] = c
			case c.Uncertain:
			case c.Value == d.Value:
				out[i].Uncertain, out[i].askedBy = false, NoRule
			case !d.Uncertain:
				out[i].Uncertain, out[i].askedBy = true, PipSearchDiffers
			default:
				out[i].Uncertain = true
			}
		}
	}
	for _, c := range classic {
		if !slices.ContainsFunc(out, func(d Die) bool { return within(d, c, apart) }) {
			out = append(out, c)
		}
	}
	return out
}

// withoutPips drops each unsure die under pipShare of the median side of
// the sure dice: in one frame dice differ in size by perspective and by
// set, hardly twice over, while a pip of a die neither search saw, a side
// face's pip or a speck, read faintly, is that small.
func withoutPips(dice []Die) []Die {
	var sides []float64
	for _, d := range dice {
		if !d.Uncertain {
			sides = append(sides, boxSide(d))
		}
	}
	if len(sides) == 0 {
		return dice
	}
	slices.Sort(sides)
	typical := sides[len(sides)/2]
	return slices.DeleteFunc(dice, func(d Die) bool { return d.Uncertain && boxSide(d) < pipShare*typical })
}

// Centre distances, in the larger die's sides: two readings closer than
// sameDie are of one die, and ones closer than apart cannot both be dice.
const (
	sameDie = 0.5
	apart   = 0.6
)

// within reports whether a and b lie closer than k times the larger's side.
func within(a, b Die, k float64) bool {
	return distance(a.Center, b.Center) < k*max(boxSide(a), boxSide(b))
}

// boxSide is the longer edge of a die's box.
func boxSide(d Die) float64 { return max(distance(d.Box[0], d.Box[1]), distance(d.Box[1], d.Box[2])) }

// holdsPip reports whether small lies on die's face and is under a
// pipShare of its side: on a table it was not trained on, the detector
// can be surer of pips than of the dice they lie on.
func holdsPip(die, small Die) bool {
	return boxSide(small) < pipShare*boxSide(die) && insideBox(die.Box, small.Center)
}

// pipShare is the largest share of a die's side a pip seen as a die takes.
const pipShare = 0.4

// faintRead is the probability of its likeliest face under which the model
// sees no face on a die only the detector found. Read leaving each source
// out of training, such places were false dice more often than dice (51
// against 30 over the four sources): a label's print, a die's side, a
// shadow; and a die among them would be asked with a guess near chance.
const faintRead = 0.2
