package vision

import (
	"image"
	"math"
	"slices"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision/detect"
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

	grid     bool    // one of a grid of guesses over a cluster of dice
	detected bool    // seen by the learned detector alone
	seen     float64 // the detector's score for this place, 0 where it saw no die
	unseen   bool    // the detector looked and saw no die here

	// plain marks a place showing at most one pip whose face, the pip left
	// out, has the colour of the tray round it: a speck, not a 1.
	plain bool

	// large marks a die large enough for the pip finder to see its pips:
	// one that shows fewer than the model reads may wear a logo.
	large bool

	body, ink [3]float64 // Lab colours of a pip face's body and pips

	// mixedInk marks a pip face whose "pips" are not all of one colour:
	// one of them is a glare spot or a speck, so the count does not vouch
	// for the model's reading.
	mixedInk bool
}

// mixedInk reports whether the pips of a face differ in colour more than
// the pips of one die do under one light.
func mixedInk(p labPlane, g []pip) bool {
	for i := range g {
		for j := i + 1; j < len(g); j++ {
			l1, a1, b1 := p.at(int(g[i].x), int(g[i].y))
			l2, a2, b2 := p.at(int(g[j].x), int(g[j].y))
			if labDistance(l1, a1, b1, l2, a2, b2) > mixedInkReach {
				return true
			}
		}
	}
	return false
}

// mixedInkReach is the Lab distance past which two pips are of two colours.
const mixedInkReach = 45

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

// fewBodies is the most body colours a set may have for blobs to be held
// to them too: calibration learns a few plain colours fully, but not every
// shade of a tray of marbled and many-coloured dice.
const fewBodies = 4

// knownBodyReach is how far, in Lab distance, a face's body may lie from the
// nearest calibrated body colour: light and shade on one die differ by less.
const knownBodyReach = 25

// propose lists a proposal for each top face of pips and, when a model will
// judge them, for each segmented blob too, so that a die whose pips were
// missed can still be read. A blob is also matched with the profile's face
// templates, for faces without pips such as a logo. found is what the
// detector saw in frame, nil when it did not look.
func (r *Reader) propose(frame gocv.Mat, sc scene, found []detect.Candidate) []proposal {
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
		p.mixedInk = mixedInk(sc.plane, topFace(g))
		if !r.knownBody(p.body) {
			continue // pips on something no die of this set is made of
		}
		props = append(props, p)
	}
	if r.model == nil {
		return props
	}
	found = inTray(found, sc.tray)
	if r.finder != nil {
		// The detector finds every die the classical search does and more,
		// so a lone pip it does not see is a speck, a screw head or a
		// shadow.
		for i := range props {
			props[i].seen = seenAt(found, props[i].die.Center, props[i].s)
		}
		props = slices.DeleteFunc(props, func(p proposal) bool {
			return p.seen == 0 && p.pips < 2
		})
	}
	for _, c := range sc.cands {
		if c.grid && r.finder != nil {
			continue // the detector places dice in a cluster better than a grid guesses
		}
		p := proposal{die: shift(Die{Box: c.box, Center: c.center}, off), s: 1.15 * c.side, grid: c.grid}
		if r.finder != nil {
			if p.seen = seenAt(found, p.die.Center, p.s); p.seen == 0 {
				continue
			}
		}
		for _, q := range pips {
			if insideBox(c.box, image.Pt(int(q.x), int(q.y))) {
				p.blobs++
			}
		}
		if len(r.profile.Templates) > 0 && !c.grid {
			if m, ok := matchFace(CutFace(frame, p.die.Box), r.profile.Templates); ok {
				p.face = &m
			}
		}
		known := p.face != nil && p.face.score >= templateSure
		if !known && len(r.bodies) <= fewBodies && !r.knownBody(sc.plane.ringColour(float64(c.center.X), float64(c.center.Y), 0.3*c.side)) {
			continue // not the colour of any die in a set of few colours, nor a face it knows
		}
		props = append(props, p)
	}
	props = append(props, r.detected(sc.plane, sc.tray, found, props, pips)...)
	for i, p := range props {
		props[i].unseen = r.finder != nil && p.seen == 0
		props[i].large = p.s >= pipsSeenFrom || sc.shrunk
		if p.pips <= 1 && p.blobs <= 1 {
			c := p.die.Center.Sub(off)
			props[i].plain = sc.plane.plain(float64(c.X), float64(c.Y), p.s)
		}
	}
	if side := r.typicalSide(); side > 0 && !r.profile.Tray.Empty() {
		// Calibration grew the tray by about a die around every die it saw;
		// a centre further out than half a die more is the rim: a screw
		// head, the edge of the light box.
		inner := r.profile.Tray.Inset(int(side / 2))
		props = slices.DeleteFunc(props, func(p proposal) bool { return !p.die.Center.In(inner) })
	}
	return props
}

// detect runs the learned detector, when the profile asks for it, on the
// whole frame with the profile's typical die side. A detector error costs
// only its candidates, never the frame.
func (r *Reader) detect(frame gocv.Mat) []detect.Candidate {
	if r.finder == nil {
		return nil
	}
	// The detector takes the geometric mean of a calibrated size range;
	// without one it settles the dice's size itself, in two or three looks
	// from above: started below, it takes pips for dice.
	side := 0.0
	if r.typicalSide() > 0 {
		side = math.Sqrt(r.profile.DieSize[0] * r.profile.DieSize[1])
	}
	// The checks below look again at sizes the first settle looked at.
	defer r.finder.Remember()()
	found, err := r.finder.Detect(frame, side)
	if err != nil {
		return nil
	}
	if side == 0 && len(found) > 0 {
		// The size it settled on is chosen by its own scores, which on a
		// table it has never seen can favour pips or a huddle seen as one
		// die: the model checks both.
		if over, ok := r.overPips(frame, found); ok {
			found = over
		}
		crowded := len(detect.SureSides(found)) >= crowd
		if under, ok := r.huddle(frame, found[0], crowded); ok {
			found = under
		}
	}
	return slices.DeleteFunc(found, func(f detect.Candidate) bool { return f.Score < detectedFloor })
}

// crowd is how many sure dice make a crowd, enough to tell the size of a
// frame's dice by: a 1 far larger than a crowd is asked (askOutsizedOnes),
// and in a frame of fewer huddle looks under a die of any side from
// huddleLeast of the short side.
const crowd = 3

// huddle reports whether big, a die the detector sees at a tenth of the
// frame's short side or more, is a huddle of small dice seen as one, and
// returns the dice the detector sees under it if so. Settling the dice's
// size without a profile, the detector can be surer of such a huddle than
// of the dice in it, and the face model reads it as a fair 2 or 3, its dice
// for pips. So the dice the detector finds inside it when it looks for no
// die as large are read: the pips of a close-up read as 1s or as no die,
// and two faces of more pips are dice, as is one that shows more pips
// than the model reads big as (showsMore): no part of a face shows more.
// Under a quarter of the short side, big is looked under only in a frame
// of fewer than crowd dice the detector is sure of (crowded says there
// are more): most dice are that size, and the detector's settle would
// cost a frame of many dice a twentieth of its read. On a pale tray the
// detector, settling, can draw a box two to five times the side of a few
// small dark dice round one or two of them.
func (r *Reader) huddle(frame gocv.Mat, big detect.Candidate, crowded bool) ([]detect.Candidate, bool) {
	short := float64(min(frame.Cols(), frame.Rows()))
	if r.model == nil || r.finder == nil || big.Side < huddleLeast*short || crowded && big.Side < huddleSure*short {
		return nil, false
	}
	under, err := r.finder.DetectWithin(frame, 0, huddleShare*big.Side)
	if err != nil {
		return nil, false
	}
	var inside []proposal
	for _, f := range under {
		if big.Holds(f) {
			inside = append(inside, seenAs(f))
		}
	}
	if len(inside) == 0 {
		return nil, false
	}
	probs, err := r.model.classify(frame, append(inside, seenAs(big)))
	if err != nil {
		return nil, false
	}
	return under, diceApart(probs[:len(inside)], likeliest(probs[len(inside)]))
}

// diceApart reports whether parts, the model's readings of the smaller dice
// found on a face it reads as a whole, are dice of their own: two read
// as faces of more than one pip, or one as a face of two pips more than
// the whole (showsMore). A pip read alone looks like a 1, or like no die.
func diceApart(parts [][model.Classes]float64, whole int) bool {
	faces := 0
	for _, p := range parts {
		if v := likeliest(p); v > 1 && p[v] >= huddleFace {
			faces++
		}
		if showsMore(p, whole) {
			return true
		}
	}
	return faces >= 2
}

// showsMore reports whether part reads, fairly surely, as a face of at
// least two pips more than whole: one more is no sign, since a pip seen
// closer can pass for a 2.
func showsMore(part [model.Classes]float64, whole int) bool {
	v := likeliest(part)
	return part[model.NotADie] <= notADie && part[v] >= huddleFace && v > whole+1
}

// overPips reports whether found, the dice the detector settled on, are
// pips: the model reads no face on them in particular, while on the dice
// the detector finds when it looks for none as small, dice they lie on, it
// reads faces far more surely. It returns those dice if so. On a table the
// detector has never seen it can be surer of pips than of the dice they
// lie on.
func (r *Reader) overPips(frame gocv.Mat, found []detect.Candidate) ([]detect.Candidate, bool) {
	if r.model == nil || r.finder == nil {
		return nil, false
	}
	found = found[:min(judged, len(found))]
	sides := make([]float64, len(found))
	for i, f := range found {
		sides[i] = f.Side
	}
	slices.Sort(sides)
	side := sides[len(sides)/2]
	if side >= detect.DefaultDieSide(frame.Cols(), frame.Rows())/2 {
		// Detect looks for pips no larger than that only after its first
		// look, at that side, saw no die clearly.
		return nil, false
	}
	seen, err := r.legibility(frame, found)
	if err != nil || seen >= legible {
		return nil, false
	}
	over, err := r.finder.DetectWithin(frame, pipsUnder*side, pipsOver*side)
	if err != nil || !lieOn(found, over) {
		return nil, false
	}
	better, err := r.legibility(frame, over[:min(judged, len(over))])
	return over, err == nil && better >= seen+legibler
}

// lieOn reports whether most of pips, two at least, lie on dice.
func lieOn(pips, dice []detect.Candidate) bool {
	on := 0
	for _, p := range pips {
		if slices.ContainsFunc(dice, func(d detect.Candidate) bool { return d.Holds(p) }) {
			on++
		}
	}
	return on >= 2 && 2*on >= len(pips)
}

// legibility is how surely, on average, the model reads a face on found,
// a die it reads as none counting nothing.
func (r *Reader) legibility(frame gocv.Mat, found []detect.Candidate) (float64, error) {
	props := make([]proposal, len(found))
	for i, f := range found {
		props[i] = seenAs(f)
	}
	probs, err := r.model.classify(frame, props)
	return legibilityOf(probs), err
}

func legibilityOf(probs [][model.Classes]float64) float64 {
	if len(probs) == 0 {
		return 0
	}
	sum := 0.0
	for _, p := range probs {
		if p[model.NotADie] <= notADie {
			sum += p[likeliest(p)]
		}
	}
	return sum / float64(len(probs))
}

// The model must read the dice the detector settled on at legible on
// average, or those it finds looking for none under pipsUnder times their
// side nor over pipsOver times it at legibler more, for the first to be
// taken for dice rather than pips; judged is how many of each look's
// surest dice it reads for that. Looking for larger dice with no limit,
// the detector can settle on one die filling the frame, which holds every
// pip.
const (
	legible   = 0.5
	legibler  = 0.2
	pipsUnder = 2
	pipsOver  = 12
	judged    = 4
)

// huddleFace is the probability the model gives a die in a huddle, or one
// of dice lying apart, for a face of two pips or more.
const huddleFace = 0.5

// huddleLeast is the least side, as a share of the frame's short side, of
// a die huddle looks under; huddleSure the side from which it looks under
// one in a crowd too.
const (
	huddleLeast = 0.1
	huddleSure  = 0.25
)

// huddleShare is the share of a huddle's side its dice are under: two
// dice side by side, seen as one, are each half of it.
const huddleShare = 0.6

// seenAt is the best detector score within half a die of centre, 0 if none.
func seenAt(found []detect.Candidate, centre image.Point, s float64) float64 {
	best := 0.0
	for _, f := range found {
		if math.Hypot(f.X-float64(centre.X), f.Y-float64(centre.Y)) < 0.5*math.Max(s, f.Side) {
			best = math.Max(best, f.Score)
		}
	}
	return best
}

// detected are the detector's dice as proposals of their own: where no
// other proposal lies they are small, touching and pale dice that blobs and
// pips miss; where one does, the detector's centre and side give the model
// a second, often better placed crop of the same die.
func (r *Reader) detected(plane labPlane, tray image.Rectangle, found []detect.Candidate, others []proposal, pips []pip) []proposal {
	props := make([]proposal, 0, len(found))
	for _, f := range found {
		alone := !nearAny(others, f.X, f.Y, 0.7*f.Side)
		body := plane.ringColour(f.X-float64(tray.Min.X), f.Y-float64(tray.Min.Y), 0.3*f.Side)
		if alone && len(r.bodies) <= fewBodies && !r.knownBody(body) {
			continue // not the colour of any die in a set of few colours: a key, a plug
		}
		p := seenAs(f)
		p.detected = alone
		for _, q := range pips {
			if insideBox(p.die.Box, image.Pt(int(q.x)+tray.Min.X, int(q.y)+tray.Min.Y)) {
				p.blobs++
			}
		}
		props = append(props, p)
	}
	return props
}

// A die the detector alone sees must score detectedFloor with the detector,
// and sureDetected with the model to be read with confidence. A die without
// a pip face must score detectSure, the detector's own line for a sure die.
const (
	detectedFloor = 0.4
	detectSure    = 0.5
	sureDetected  = 0.97
)

func nearAny(props []proposal, x, y, reach float64) bool { return firstNear(props, x, y, reach) >= 0 }

// firstNear is the index of the first of props within reach of (x, y), -1 if none.
func firstNear(props []proposal, x, y, reach float64) int {
	for i, p := range props {
		if math.Hypot(x-float64(p.die.Center.X), y-float64(p.die.Center.Y)) < reach {
			return i
		}
	}
	return -1
}

func shift(d Die, off image.Point) Die {
	d.Center = d.Center.Add(off)
	for i := range d.Box {
		d.Box[i] = d.Box[i].Add(off)
	}
	return d
}
