package vision

import (
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/model"
)

// modelSure reports whether the model reads a die with confidence.
func modelSure(pr [model.Classes]float64) bool {
	for c := 1; c < model.Classes; c++ {
		if pr[c] >= sureAlone {
			return true
		}
	}
	return false
}

// A logo read by template alone is confident only with a match this clear.
const (
	logoSure   = 0.9
	logoMargin = 0.2
)

// judge runs the model on the pip faces first, then only on the other
// proposals that no pip face read alike by the model already covers: a
// clear die is then cropped once, not two or three times.
func (r *Reader) judge(frame gocv.Mat, props []proposal) ([]proposal, [][model.Classes]float64, error) {
	var faces, others []proposal
	for _, p := range props {
		if p.pips > 0 {
			faces = append(faces, p)
		} else {
			others = append(others, p)
		}
	}
	probs, err := r.model.classify(frame, faces)
	if err != nil {
		return nil, nil, err
	}
	var settled []proposal
	for i, p := range faces {
		if v := likeliest(probs[i]); v == p.pips && probs[i][v] >= settledAt {
			settled = append(settled, p)
		}
	}
	others = slices.DeleteFunc(others, func(o proposal) bool {
		for _, f := range settled {
			if distance(o.die.Center, f.die.Center) < 0.5*math.Max(o.s, f.s) {
				return true
			}
		}
		return false
	})
	more, err := r.model.classify(frame, others)
	if err != nil {
		return nil, nil, err
	}
	return append(faces, others...), append(probs, more...), nil
}

// lookAgain reads each die that decide would ask about from several views
// and decides again with those views' probabilities. Only the handful of
// dice a frame leaves unsure are looked at again, so it costs little.
//
// It also says, for each die, whether its reading knows more than the model
// alone can: a face read by the profile's templates, or a face large enough
// to show its pips on which the pip finder sees none where the model reads
// some, asked as it may wear a logo or be a die's front.
func (r *Reader) lookAgain(frame gocv.Mat, props []proposal, probs [][model.Classes]float64) ([]Die, []bool, error) {
	dice, from := decide(props, probs, r.faces)
	var again []proposal
	var first [][model.Classes]float64
	var at []int
	for k, d := range dice {
		if i := from[k]; d.Uncertain && !byTemplate(props[i], probs[i]) {
			// A face read by template, such as a logo, is one the model
			// cannot read, from any view.
			again = append(again, props[i])
			first = append(first, probs[i])
			at = append(at, from[k])
		}
	}
	if len(again) > 0 {
		more, err := r.model.classifyAugmented(frame, again, first)
		if err != nil {
			return nil, nil, err
		}
		for k, i := range at {
			if keepable(props[i], more[k]) {
				probs[i] = more[k] // more views may settle a die, never lose one
			}
		}
		dice, from = decide(props, probs, r.faces)
	}
	knows := make([]bool, len(dice))
	for k, i := range from {
		knows[k] = byTemplate(props[i], probs[i]) || blind(props[i], probs[i]) && props[i].blobs == 0 && dice[k].Uncertain
	}
	return dice, knows, nil
}

// wearsLogo reports whether p, a die large enough to show its pips to the
// pip finder, shows fewer than the model reads: it may wear a logo, which
// the model mistakes for a face. The model learnt logos as 1s, so a face
// of more pips it reads surely is none: translucent dice and pips of the
// body's colour hide from the pip finder, not from the model. Such a face
// may still be a die's front, which decide asks about.
func wearsLogo(p proposal, pr [model.Classes]float64) bool {
	v := likeliest(pr)
	return blind(p, pr) && (v == 1 || pr[v] < sureAlone)
}

// blind reports whether p is large enough to show its pips to the pip
// finder and shows it fewer than the model reads.
func blind(p proposal, pr [model.Classes]float64) bool {
	return p.pips == 0 && p.large && p.blobs < likeliest(pr)
}

// likeliest is the most probable face value, 1 to 6.
func likeliest(pr [model.Classes]float64) int {
	v := 1
	for c := 2; c < model.Classes; c++ {
		if pr[c] > pr[v] {
			v = c
		}
	}
	return v
}

// Thresholds on the model's probabilities.
const (
	notADie   = 0.5  // above this the proposal is dropped
	sureAlone = 0.9  // the model alone must be this sure for a confident read
	sureAgree = 0.7  // enough when the pip count says the same
	settledAt = 0.6  // a face read so, as its pips say, spares the model the blobs on it
	sureTwice = 0.75 // enough when two crops of the die say the same

	blobNotADie  = 0.2  // a blob without pips must look more surely a die
	gridNotADie  = 0.05 // and a guess on a grid more surely still
	pipsSeenFrom = 50   // model crop side (px) from which pips are always found
	besideSure   = 0.8  // unsure reads this close to a sure die, in its sides, go
	poolSides    = 0.4  // crops pooled for an unsure die are at least this share of its size
)

// byTemplate reports whether p is read by the profile's face templates: a
// clear match that the model does not read with confidence, or reads as
// more pips than the die shows. The model never saw this set's logo, and may
// read it as surely as a face; the blobs on it say it is none.
func byTemplate(p proposal, pr [model.Classes]float64) bool {
	f := p.face
	return f != nil && p.pips == 0 && f.score >= templateSure && f.margin >= templateMargin &&
		(!modelSure(pr) || p.blobs < likeliest(pr))
}

// keepable reports whether the model finds p enough like a die to be one:
// a blob without pips must look more surely a die than a pip face does.
func keepable(p proposal, pr [model.Classes]float64) bool {
	return pr[model.NotADie] <= notADie && (p.pips > 0 || pr[model.NotADie] <= blobNotADie) && (!p.grid || pr[model.NotADie] <= gridNotADie)
}

// decide reads each proposal from the model's probabilities and the pip
// count, then keeps one proposal per die. Where the two cues disagree the
// die is asked about rather than read with confidence. It also returns,
// for each die, the index of the proposal it was read from.
func decide(props []proposal, probs [][model.Classes]float64, faces rules.Faces) ([]Die, []int) {
	type judged struct {
		die   Die
		s     float64
		agree bool
		score float64
		from  int
		seen  float64
		// logoLike marks a large die showing fewer pip blobs than the
		// model reads: it may wear a logo, which every crop of it
		// misreads alike, so a second crop cannot vouch for it.
		logoLike bool
		// pool sums the model's probabilities over every crop of this die,
		// the proposals that clash with it included: an unsure die is
		// read as the value they favour together, a free second opinion.
		pool     [model.Classes]float64
		template bool // read by a face template, which the model cannot outvote
	}
	var all []judged
	for i, p := range props {
		pr := probs[i]
		if f := p.face; byTemplate(p, pr) {
			// A face the profile knows, such as a logo, which neither the
			// model nor the pips can read; asked unless the match is clear.
			d := p.die
			d.Value, d.Face, d.Confidence = f.value, faces.Label(rules.Face(f.value)), f.score
			d.Uncertain = f.score < logoSure || f.margin < logoMargin
			all = append(all, judged{die: d, s: p.s, agree: true, score: 1 + f.score, from: i, seen: p.seen, template: true})
			continue
		}
		if !keepable(p, pr) {
			continue
		}
		v := likeliest(pr)
		if p.pips == 0 && p.seen > 0 && p.seen < detectSure {
			// Without pips to count, a place the detector only half
			// believes in is a speck or a shadow more often than a die.
			continue
		}
		d := p.die
		agree := p.pips == v && !p.mixedInk
		d.Value, d.Face = v, faces.Label(rules.Face(v))
		d.Confidence = pr[v]
		logoLike := wearsLogo(p, pr)
		switch {
		case agree:
			d.Uncertain = pr[v] < sureAgree || d.Uncertain
		case p.pips > 0 && !p.mixedInk:
			d.Uncertain = true
		case logoLike:
			// A die this large shows its pips to the pip finder; one that
			// shows fewer than the model reads may wear a logo the model
			// mistakes for a face.
			d.Uncertain = true
		case p.detected:
			// Neither blob nor pips back the detector up: a side face or
			// a key reads as a die as surely as a die does.
			d.Uncertain = pr[v] < sureDetected
		default:
			d.Uncertain = pr[v] < sureAlone
		}
		if d.Uncertain && p.unseen || v == 1 && p.plain {
			// Unsure of a face the detector looked for and did not see: a
			// die's side, the tray's rim. A 1 without a body is a speck.
			continue
		}
		score := 1 - pr[model.NotADie]
		if agree {
			score += 1
		}
		if p.grid {
			score -= 0.5 // a guess yields to a die found in its own right
		}
		all = append(all, judged{die: d, s: p.s, agree: agree, score: score, from: i, seen: p.seen, logoLike: logoLike, pool: pr})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].score > all[j].score })
	var kept []judged
	for _, j := range all {
		clash := false
		for ki, k := range kept {
			dist := distance(j.die.Center, k.die.Center)
			if dist < 0.6*math.Max(j.s, k.s) {
				clash = true
				// Two crops of one die, read alike by the model with fair
				// confidence, make a sure read.
				if k.die.Uncertain && !k.logoLike && !j.logoLike && j.die.Value == k.die.Value && math.Min(j.die.Confidence, k.die.Confidence) >= sureTwice {
					kept[ki].die.Uncertain = false
				}
				if math.Min(j.s, k.s) >= poolSides*math.Max(j.s, k.s) {
					// Only another crop of the die itself: a far smaller
					// one is a part of it, a pip the detector took for a
					// die, whose reading says nothing of the whole.
					for c, v := range j.pool {
						kept[ki].pool[c] += v
					}
				}
				break
			}
		}
		if !clash {
			kept = append(kept, j)
		}
	}
	kept = slices.DeleteFunc(kept, func(j judged) bool {
		if j.seen >= detectSure {
			return false // the detector, which looks for top faces, is sure of this one
		}
		for _, k := range kept {
			dist := distance(j.die.Center, k.die.Center)
			if k.die.Uncertain || dist >= besideSure*k.s {
				continue
			}
			// A smaller unsure read right beside a sure die is most often
			// that die's side face or its shadow; a die touching it is as
			// large. A face the detector does not see at all, right beside
			// one it is sure of, is that die's side however clear its pips.
			if j.die.Uncertain && j.s < 0.75*k.s || j.seen == 0 && k.seen >= detectSure {
				return true
			}
		}
		return false
	})
	dice, from := make([]Die, len(kept)), make([]int, len(kept))
	for i, k := range kept {
		dice[i] = k.die
	}
	for i, k := range kept {
		if blind(props[k.from], probs[k.from]) && belowATop(dice, i, 0) {
			// A low camera's view of a die's front, of any size, which the
			// model reads as surely as a top and no pip count vouches for.
			k.die.Uncertain = true
		}
		if k.die.Uncertain && !k.template {
			v := likeliest(k.pool)
			k.die.Value, k.die.Face = v, faces.Label(rules.Face(v))
		}
		dice[i], from[i] = k.die, k.from
	}
	return dice, from
}
