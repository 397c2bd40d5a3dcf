package vision

import (
	"image"
	"math"
	"slices"
	"sort"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision/model"
)

// proposal is a place that may hold a die, found by its pips or as a blob,
// before the model has looked at it.
type proposal struct {
	die  Die        // frame coordinates; Value is the pip count when pips > 0
	s    float64    // the side of the square, before context, the model sees
	pips int        // pips counted on its face, 0 for a blob without a face
	face *faceMatch // the best face template, when the profile has some

	// blobs counts the pip-like blobs inside a blob proposal, grouped into
	// a face or not: fewer than the value read on a large die means a logo.
	blobs int

	grid     bool // one of a grid of guesses over a cluster of dice
	detected bool // seen by the learned detector alone

	body, ink [3]float64 // Lab colours of a pip face's body and pips
}

// faceColours is the mean Lab colour around a face's pips and at them.
func faceColours(p labPlane, g []pip) (body, ink [3]float64) {
	n := float64(len(g))
	for _, q := range g {
		l, a, b := p.at(int(q.x), int(q.y))
		for c, v := range [3]float64{l, a, b} {
			body[c] += q.ring[c] / n
			ink[c] += v / n
		}
	}
	return body, ink
}

// knownBody reports whether a face's body colour is one calibration saw,
// or true when the profile lists none.
func (r *Reader) knownBody(body [3]float64) bool {
	if len(r.bodies) == 0 {
		return true
	}
	for _, b := range r.bodies {
		if labDistance(body[0], body[1], body[2], b[0], b[1], b[2]) <= knownBodyReach {
			return true
		}
	}
	return false
}

// knownBodyReach is how far, in Lab distance, a face's body may lie from the
// nearest calibrated body colour: light and shade on one die differ by less.
const knownBodyReach = 25

// propose lists a proposal for each top face of pips and, when a model will
// judge them, for each segmented blob too, so that a die whose pips were
// missed can still be read. A blob is also matched with the profile's face
// templates, for faces without pips such as a logo.
func (r *Reader) propose(frame gocv.Mat, sc scene) []proposal {
	gocv.ExtractChannel(r.lab, &r.light, 0)
	pips := r.findPips(sc.plane, r.light, int(math.Round(0.4*sc.smax)), sc.bg, sc.smin, sc.smax)
	groups := dropSideFaces(sc.plane, groupPips(sc.plane, pips), r.model == nil)
	off := sc.tray.Min
	var props []proposal
	for _, g := range groups {
		d, s, ok := faceDie(g, r.faces)
		if !ok {
			continue
		}
		p := proposal{die: shift(d, off), s: s, pips: len(topFace(g))}
		p.body, p.ink = faceColours(sc.plane, g)
		if !r.knownBody(p.body) {
			continue // pips on something no die of this set is made of
		}
		props = append(props, p)
	}
	if r.model == nil {
		return props
	}
	for _, c := range sc.cands {
		p := proposal{die: shift(Die{Box: c.box, Center: c.center}, off), s: 1.15 * c.side, grid: c.grid}
		for _, q := range pips {
			if insideBox(c.box, image.Pt(int(q.x), int(q.y))) {
				p.blobs++
			}
		}
		if len(r.profile.Templates) > 0 && !c.grid {
			if m, ok := matchFace(facePatch(frame, p.die.Box), r.profile.Templates); ok {
				p.face = &m
			}
		}
		props = append(props, p)
	}
	return append(props, r.detected(frame, sc.plane, sc.tray, props)...)
}

// detected are the dice the learned detector sees where no other proposal
// lies, for the model to read: small, touching and pale dice that blobs and
// pips miss. A detector error costs only these proposals, never the frame.
func (r *Reader) detected(frame gocv.Mat, plane labPlane, tray image.Rectangle, others []proposal) []proposal {
	if r.finder == nil {
		return nil
	}
	// The detector takes the geometric mean of the profile's size range.
	found, err := r.finder.Detect(frame, math.Sqrt(r.profile.DieSize[0]*r.profile.DieSize[1]))
	if err != nil {
		return nil
	}
	props := make([]proposal, 0, len(found))
	for _, f := range found {
		if f.Score < detectedFloor || !image.Pt(int(f.X), int(f.Y)).In(tray) || nearAny(others, f.X, f.Y, 0.7*f.Side) {
			continue // faint, off the tray, or a die the reader found already
		}
		body := plane.ringColour(f.X-float64(tray.Min.X), f.Y-float64(tray.Min.Y), 0.3*f.Side)
		if !r.knownBody(body) {
			continue // not the colour of any die in the set: a key, a plug
		}
		c := newCandidate(f.X, f.Y, f.Side, f.Side, 1, 0)
		props = append(props, proposal{die: Die{Box: c.box, Center: c.center}, s: f.Side, detected: true})
	}
	return props
}

// A die the detector alone sees must score this with the detector, and this
// with the model to be read with confidence.
const (
	detectedFloor = 0.4
	sureDetected  = 0.97
)

func nearAny(props []proposal, x, y, reach float64) bool {
	for _, p := range props {
		if math.Hypot(x-float64(p.die.Center.X), y-float64(p.die.Center.Y)) < reach {
			return true
		}
	}
	return false
}

// readByTemplates reads each blob by the face templates alone, as for poker
// dice, whose faces neither the pip counter nor the model knows.
func (r *Reader) readByTemplates(frame gocv.Mat, sc scene) []Die {
	var dice []Die
	for _, c := range sc.cands {
		d := shift(Die{Box: c.box, Center: c.center}, sc.tray.Min)
		m, ok := matchFace(facePatch(frame, d.Box), r.profile.Templates)
		if !ok || m.score < templateFloor {
			continue
		}
		d.Value, d.Face, d.Confidence = m.value, r.faces.FaceLabel(m.value), m.score
		d.Uncertain = m.score < templateSure || m.margin < templateMargin
		dice = append(dice, d)
	}
	return dice
}

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

// Thresholds on template correlation: below the floor a blob is no face we
// know; a confident read needs a high score well clear of the next value.
const (
	templateFloor  = 0.35
	templateSure   = 0.7
	templateMargin = 0.1
)

func shift(d Die, off image.Point) Die {
	d.Center = d.Center.Add(off)
	for i := range d.Box {
		d.Box[i] = d.Box[i].Add(off)
	}
	return d
}

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
		if v := likeliest(probs[i]); v == p.pips && probs[i][v] >= sureAgree {
			settled = append(settled, p)
		}
	}
	others = slices.DeleteFunc(others, func(o proposal) bool {
		for _, f := range settled {
			if math.Hypot(float64(o.die.Center.X-f.die.Center.X), float64(o.die.Center.Y-f.die.Center.Y)) < 0.5*math.Max(o.s, f.s) {
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
	sureAgree = 0.6  // enough when the pip count says the same
	sureTwice = 0.75 // enough when two crops of the die say the same

	blobNotADie  = 0.2  // a blob without pips must look more surely a die
	gridNotADie  = 0.05 // and a guess on a grid more surely still
	pipsSeenFrom = 50   // model crop side (px) from which pips are always found
	besideSure   = 0.8  // unsure reads this close to a sure die, in its sides, go
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
		if f := p.face; f != nil && p.pips == 0 && f.score >= templateSure && f.margin >= templateMargin && !modelSure(pr) {
			// A face the profile knows, such as a logo, which neither the
			// model nor the pips can read; asked unless the match is clear.
			d := p.die
			d.Value, d.Face, d.Confidence = f.value, faces.FaceLabel(f.value), f.score
			d.Uncertain = f.score < logoSure || f.margin < logoMargin
			all = append(all, judged{d, p.s, true, 1 + f.score})
			continue
		}
		if pr[model.NotADie] > notADie || p.pips == 0 && pr[model.NotADie] > blobNotADie || p.grid && pr[model.NotADie] > gridNotADie {
			continue
		}
		v := likeliest(pr)
		d := p.die
		agree := p.pips == v
		d.Value, d.Face = v, faces.FaceLabel(v)
		d.Confidence = pr[v]
		switch {
		case agree && p.pips == 1:
			// A lone round blob is the commonest false pip: a speck, a
			// screw head, the end of a cable.
			d.Uncertain = pr[v] < sureAlone
		case agree:
			d.Uncertain = pr[v] < sureAgree || d.Uncertain
		case p.pips > 0:
			d.Uncertain = true
		case p.s >= pipsSeenFrom && p.blobs < v:
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
		score := 1 - pr[model.NotADie]
		if agree {
			score += 1
		}
		if p.grid {
			score -= 0.5 // a guess yields to a die found in its own right
		}
		all = append(all, judged{d, p.s, agree, score})
	}
	sort.SliceStable(all, func(i, j int) bool { return all[i].score > all[j].score })
	var kept []judged
	for _, j := range all {
		clash := false
		for ki, k := range kept {
			dist := math.Hypot(float64(j.die.Center.X-k.die.Center.X), float64(j.die.Center.Y-k.die.Center.Y))
			if dist < 0.6*math.Max(j.s, k.s) {
				clash = true
				// Two crops of one die, read alike by the model with fair
				// confidence, make a sure read.
				if k.die.Uncertain && j.die.Value == k.die.Value && math.Min(j.die.Confidence, k.die.Confidence) >= sureTwice {
					kept[ki].die.Uncertain = false
				}
				break
			}
		}
		if !clash {
			kept = append(kept, j)
		}
	}
	kept = slices.DeleteFunc(kept, func(j judged) bool {
		if !j.die.Uncertain {
			return false
		}
		// A smaller unsure read right beside a sure die is most often that
		// die's side face or its shadow; a die touching it is as large.
		for _, k := range kept {
			dist := math.Hypot(float64(j.die.Center.X-k.die.Center.X), float64(j.die.Center.Y-k.die.Center.Y))
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
	return dice
}
