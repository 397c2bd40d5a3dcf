package vision

import (
	"image"
	"math"
	"sort"

	"github.com/dicecam/dicecam/vision/model"
)

// proposal is a place that may hold a die, found by its pips or as a blob,
// before the model has looked at it.
type proposal struct {
	die  Die     // frame coordinates; Value is the pip count when pips > 0
	s    float64 // the side of the square, before context, the model sees
	pips int     // pips counted on its face, 0 for a blob without a face
}

// propose lists a proposal for each top face of pips and, when a model will
// judge them, for each segmented blob too, so that a die whose pips were
// missed can still be read.
func (r *Reader) propose(groups [][]pip, cands []candidate, off image.Point) []proposal {
	var props []proposal
	for _, g := range groups {
		d, s, ok := faceDie(g, r.faces)
		if !ok {
			continue
		}
		props = append(props, proposal{die: shift(d, off), s: s, pips: len(topFace(g))})
	}
	if r.model == nil {
		return props
	}
	for _, c := range cands {
		d := Die{Box: c.box, Center: c.center}
		props = append(props, proposal{die: shift(d, off), s: 1.15 * c.side})
	}
	return props
}

func shift(d Die, off image.Point) Die {
	d.Center = d.Center.Add(off)
	for i := range d.Box {
		d.Box[i] = d.Box[i].Add(off)
	}
	return d
}

// Thresholds on the model's probabilities.
const (
	notADie   = 0.5 // above this the proposal is dropped
	sureAlone = 0.9 // the model alone must be this sure for a confident read
	sureAgree = 0.6 // enough when the pip count says the same
)

// decide reads each proposal from the model's probabilities and the pip
// count, then keeps one proposal per die. Where the two cues disagree the
// die is asked about rather than read with confidence.
func decide(props []proposal, probs [][model.Classes]float64, faces Faces) []Die {
	type judged struct {
		die   Die
		s     float64
		agree bool
		score float64
	}
	var all []judged
	for i, p := range props {
		pr := probs[i]
		if pr[model.NotADie] > notADie {
			continue
		}
		v := 1
		for c := 2; c < model.Classes; c++ {
			if pr[c] > pr[v] {
				v = c
			}
		}
		d := p.die
		agree := p.pips == v
		d.Value, d.Face = v, faces.FaceLabel(v)
		d.Confidence = pr[v]
		switch {
		case agree:
			d.Uncertain = pr[v] < sureAgree || d.Uncertain
		case p.pips > 0:
			d.Uncertain = true
		default:
			d.Uncertain = pr[v] < sureAlone
		}
		score := 1 - pr[model.NotADie]
		if agree {
			score += 1
		}
		all = append(all, judged{d, p.s, agree, score})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].score > all[j].score })
	var kept []judged
	for _, j := range all {
		clash := false
		for _, k := range kept {
			dist := math.Hypot(float64(j.die.Center.X-k.die.Center.X), float64(j.die.Center.Y-k.die.Center.Y))
			if dist < 0.6*math.Max(j.s, k.s) {
				clash = true
				break
			}
		}
		if !clash {
			kept = append(kept, j)
		}
	}
	dice := make([]Die, len(kept))
	for i, k := range kept {
		dice[i] = k.die
	}
	return dice
}
