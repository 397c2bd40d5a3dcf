package vision

import (
	"image"
	"math"
	"sort"

	"github.com/dicecam/dicecam/rules"
)

// Linking limits: two pips are on one face when they are close, alike, and
// the straight path between them crosses only the die body.
const (
	linkReach    = 5.0  // farthest link, in pip diameters (a two's diagonal)
	linkSizes    = 1.8  // largest ratio of two linked pips' diameters
	linkBody     = 24.0 // Lab distance from the body colour a path sample may have
	linkOffShare = 0.15 // share of path samples that may stray from the body
	linkShape    = 1.35 // largest ratio of two linked pips' elongations
	linkLight    = 14.0 // largest lightness step between two linked pips' surrounds
	sideElong    = 1.65 // a face whose pips are this slanted is a side face
)

// groupPips links pips into top faces. A path that leaves the body colour
// crosses a gap between dice, the table, or the edge from the top face to a
// shaded side face, so the side pips of an angled view stay out of the top
// face.
func groupPips(p labPlane, pips []pip) [][]pip {
	parent := make([]int, len(pips))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	for i := range pips {
		for j := i + 1; j < len(pips); j++ {
			a, b := pips[i], pips[j]
			if a.dark != b.dark {
				continue
			}
			big, small := math.Max(a.d, b.d), math.Min(a.d, b.d)
			dist := math.Hypot(a.x-b.x, a.y-b.y)
			if dist > linkReach*big || big > linkSizes*small || dist < 0.8*(a.d+b.d)/2 {
				continue
			}
			if math.Max(a.elong, b.elong) > linkShape*math.Min(a.elong, b.elong) || math.Abs(a.ring[0]-b.ring[0]) > linkLight {
				continue // one pip on the top face, one on a shaded, slanted side
			}
			if labDistance(a.ring[0], a.ring[1], a.ring[2], b.ring[0], b.ring[1], b.ring[2]) > linkBody {
				continue
			}
			if !p.bodyBetween(a, b) {
				continue
			}
			parent[find(i)] = find(j)
		}
	}
	groups := map[int][]pip{}
	var roots []int
	for i, q := range pips {
		r := find(i)
		if _, ok := groups[r]; !ok {
			roots = append(roots, r)
		}
		groups[r] = append(groups[r], q)
	}
	out := make([][]pip, 0, len(roots))
	for _, r := range roots {
		out = append(out, groups[r])
	}
	return out
}

// bodyBetween reports whether the path from pip a to pip b, outside the
// pips themselves, keeps to the colour around them.
func (p labPlane) bodyBetween(a, b pip) bool {
	ref := [3]float64{(a.ring[0] + b.ring[0]) / 2, (a.ring[1] + b.ring[1]) / 2, (a.ring[2] + b.ring[2]) / 2}
	dist := math.Hypot(a.x-b.x, a.y-b.y)
	t0 := (0.8*a.d + 1) / dist
	t1 := 1 - (0.8*b.d+1)/dist
	if t1 <= t0 {
		return true
	}
	steps := max(3, int((t1-t0)*dist))
	off := 0
	for s := 0; s <= steps; s++ {
		t := t0 + (t1-t0)*float64(s)/float64(steps)
		x, y := int(math.Round(a.x+t*(b.x-a.x))), int(math.Round(a.y+t*(b.y-a.y)))
		l, aa, bb := p.at(x, y)
		if labDistance(l, aa, bb, ref[0], ref[1], ref[2]) > linkBody {
			off++
		}
	}
	return float64(off) <= linkOffShare*float64(steps+1)
}

// topFace drops from a group the pips that look like a side face's: clearly
// smaller or more slanted than the group's best, which only an angled view
// shows. It does so only when the group has too many pips for one face.
func topFace(g []pip) []pip {
	if len(g) <= 6 {
		return g
	}
	maxA, minE := 0.0, math.Inf(1)
	for _, q := range g {
		maxA, minE = math.Max(maxA, q.area), math.Min(minE, q.elong)
	}
	var out []pip
	for _, q := range g {
		if q.area >= 0.5*maxA && q.elong <= 1.4*minE+0.2 {
			out = append(out, q)
		}
	}
	return out
}

// faceDie turns a face's pips into a die, with the side of the square the
// model should see: the pip group, as the webcam labels draw it.
func faceDie(g []pip, faces rules.Faces) (Die, float64, bool) {
	g = topFace(g)
	n := len(g)
	if n == 0 || n > 9 || medianElong(g) > sideElong {
		return Die{}, 0, false
	}
	var cx, cy, dsum float64
	for _, q := range g {
		cx, cy, dsum = cx+q.x, cy+q.y, dsum+q.d
	}
	cx, cy = cx/float64(n), cy/float64(n)
	dm := dsum / float64(n)
	centre := image.Pt(int(math.Round(cx)), int(math.Round(cy)))

	d := Die{Center: centre, Value: min(n, 6)}
	d.Face = faces.Label(rules.Face(d.Value))
	d.Confidence = faceConfidence(g)
	d.Uncertain = n > 6 || d.Confidence < 0.6

	ux, uy := 1.0, 0.0
	if n >= 2 {
		ux, uy = principalAxis(g, cx, cy)
	}
	side, s := 3.2*dm, 4.5*dm
	if n >= 2 {
		ext := 0.0
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, q := range g {
			ext = math.Max(ext, math.Max(math.Abs((q.x-cx)*ux+(q.y-cy)*uy), math.Abs(-(q.x-cx)*uy+(q.y-cy)*ux)))
			x0, y0 = math.Min(x0, q.x-q.d/2), math.Min(y0, q.y-q.d/2)
			x1, y1 = math.Max(x1, q.x+q.d/2), math.Max(y1, q.y+q.d/2)
		}
		side = 2*ext + 2.6*dm
		s = math.Max(x1-x0, y1-y0) * 1.3
	}
	d.Box = newCandidate(cx, cy, side, side, ux, uy).box
	return d, s, true
}

// principalAxis is the unit direction along which the pips spread most.
func principalAxis(g []pip, cx, cy float64) (float64, float64) {
	var sxx, syy, sxy float64
	for _, q := range g {
		dx, dy := q.x-cx, q.y-cy
		sxx, syy, sxy = sxx+dx*dx, syy+dy*dy, sxy+dx*dy
	}
	a := 0.5 * math.Atan2(2*sxy, sxx-syy)
	return math.Cos(a), math.Sin(a)
}

// faceConfidence is high when the pips agree in size and shape, as the pips
// of one face do, and drops for each sign of a mixed group: glare, dirt or a
// side face's pips counted in.
func faceConfidence(g []pip) float64 {
	if len(g) > 6 {
		return 0.2
	}
	areas := make([]float64, len(g))
	minE, maxE := math.Inf(1), 0.0
	for i, q := range g {
		areas[i] = q.area
		minE, maxE = math.Min(minE, q.elong), math.Max(maxE, q.elong)
	}
	sort.Float64s(areas)
	c := 0.95
	if areas[len(areas)-1] > 2.2*areas[0] {
		c -= 0.3
	}
	if maxE > 1.5*minE && maxE > 1.6 {
		c -= 0.3
	}
	return c
}

func medianElong(g []pip) float64 {
	e := make([]float64, len(g))
	for i, q := range g {
		e[i] = q.elong
	}
	sort.Float64s(e)
	return e[len(e)/2]
}

// dropSideFaces removes the groups that are the side faces of a die seen at
// an angle: beside another group, with pips more slanted or on a darker
// body, since the top face faces the light and the camera more squarely.
// A lone pip must also be round and sit on a clean patch of body, which the
// print on a label or a cable's plug does not; when strict, as without a
// model to judge, it must not sit on the tray's colour either.
func dropSideFaces(p labPlane, groups [][]pip, strict bool) [][]pip {
	type summary struct{ elong, light, a, b, d float64 }
	sums := make([]summary, len(groups))
	for i, g := range groups {
		var s summary
		for _, q := range g {
			s.light, s.a, s.b, s.d = s.light+q.ring[0], s.a+q.ring[1], s.b+q.ring[2], s.d+q.d
		}
		n := float64(len(g))
		sums[i] = summary{medianElong(g), s.light / n, s.a / n, s.b / n, s.d / n}
	}
	var out [][]pip
	for i, g := range groups {
		side := false
		for j, h := range groups {
			if i == j || nearest(g, h) > 4*math.Max(sums[i].d, sums[j].d) {
				continue
			}
			a, b := sums[i], sums[j]
			slanted := a.elong >= 1.45 && a.elong > 1.2*b.elong
			sameBody := math.Hypot(a.a-b.a, a.b-b.b) < 8
			shaded := sameBody && a.light < b.light-10 && a.elong > b.elong
			if slanted || shaded {
				side = true
				break
			}
		}
		if side {
			continue
		}
		if len(g) == 1 && (g[0].elong > 1.4 || !p.cleanAround(g[0]) || strict && g[0].onTable) {
			continue
		}
		out = append(out, g)
	}
	return out
}

func nearest(g, h []pip) float64 {
	best := math.Inf(1)
	for _, a := range g {
		for _, b := range h {
			best = math.Min(best, math.Hypot(a.x-b.x, a.y-b.y))
		}
	}
	return best
}

// cleanAround reports whether the body around a lone pip is plain, as on the
// face of a one, out to well past the pip.
func (p labPlane) cleanAround(q pip) bool {
	const n = 24
	off := 0
	for _, rad := range []float64{0.9 * q.d, 1.4 * q.d} {
		for i := range n {
			a := 2 * math.Pi * float64(i) / n
			x, y := int(math.Round(q.x+rad*math.Cos(a))), int(math.Round(q.y+rad*math.Sin(a)))
			if x < 0 || y < 0 || x >= p.w || y >= p.h {
				off++
				continue
			}
			l, aa, b := p.at(x, y)
			if labDistance(l, aa, b, q.ring[0], q.ring[1], q.ring[2]) > linkBody {
				off++
			}
		}
	}
	return off <= 2*n/10
}
