package synth

import (
	"math"
	"slices"
)

// solid is a body made of flat faces: other dice, tokens, meeples, pencils.
type solid struct {
	verts  []vec3
	faces  [][]int // each goes round counter-clockwise seen from outside
	ink    []bool  // faces drawn in the prop's second colour (a pencil's tip)
	rest   []int   // faces it may lie on
	top    int     // the face a token's print goes on, or -1
	anchor int     // first of four extra points, past the faces' vertices, that bound top's print square
}

// hull returns the convex solid with these corners: its faces are the
// planes every corner lies on one side of.
func hull(verts []vec3) solid {
	const eps = 1e-6
	s := solid{verts: verts, top: -1}
	seen := map[string]bool{}
	for i := range verts {
		for j := i + 1; j < len(verts); j++ {
			for k := j + 1; k < len(verts); k++ {
				n := cross(verts[j].sub(verts[i]), verts[k].sub(verts[i]))
				if n.dot(n) < eps {
					continue
				}
				above, below := false, false
				var on []int
				for m, v := range verts {
					switch d := n.dot(v.sub(verts[i])); {
					case d > eps:
						above = true
					case d < -eps:
						below = true
					default:
						on = append(on, m)
					}
				}
				if above && below {
					continue
				}
				key := string(slices.Collect(func(yield func(rune) bool) {
					for _, m := range on {
						yield(rune(m + 1))
					}
				}))
				if seen[key] {
					continue
				}
				seen[key] = true
				if above {
					n = n.scale(-1)
				}
				s.faces = append(s.faces, roundFace(verts, on, n))
			}
		}
	}
	for i := range s.faces {
		s.rest = append(s.rest, i)
	}
	s.ink = make([]bool, len(s.faces))
	return s
}

// roundFace orders the corners on of a face with outward normal n so they
// go round counter-clockwise seen from outside.
func roundFace(verts []vec3, on []int, n vec3) []int {
	var c vec3
	for _, m := range on {
		c = c.add(verts[m].scale(1 / float64(len(on))))
	}
	u := verts[on[0]].sub(c)
	w := cross(n, u)
	out := slices.Clone(on)
	angle := func(m int) float64 { d := verts[m].sub(c); return math.Atan2(d.dot(w), d.dot(u)) }
	slices.SortFunc(out, func(a, b int) int { return cmpFloat(angle(a), angle(b)) })
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// prism extrudes an outline (counter-clockwise, x right and y up) h high;
// a tip over zero closes the top in a point that far above it instead.
func prism(outline [][2]float64, h, tip float64) solid {
	if polygonSigned(outline) < 0 {
		outline = slices.Clone(outline)
		slices.Reverse(outline)
	}
	n := len(outline)
	s := solid{top: -1}
	for _, p := range outline {
		s.verts = append(s.verts, vec3{p[0], p[1], 0})
	}
	for _, p := range outline {
		s.verts = append(s.verts, vec3{p[0], p[1], h})
	}
	bottom := make([]int, n)
	for i := range bottom {
		bottom[i] = n - 1 - i
	}
	s.faces = append(s.faces, bottom)
	s.ink = append(s.ink, false)
	for i := range n {
		j := (i + 1) % n
		s.faces = append(s.faces, []int{i, j, n + j, n + i})
		s.ink = append(s.ink, false)
		s.rest = append(s.rest, len(s.faces)-1)
	}
	if tip > 0 {
		var c vec3
		for _, p := range outline {
			c = c.add(vec3{p[0], p[1], 0}.scale(1 / float64(n)))
		}
		s.verts = append(s.verts, vec3{c.X, c.Y, h + tip})
		for i := range n {
			s.faces = append(s.faces, []int{n + i, n + (i+1)%n, 2 * n})
			s.ink = append(s.ink, true)
		}
		return s
	}
	top := make([]int, n)
	for i := range top {
		top[i] = n + i
	}
	s.faces = append(s.faces, top)
	s.ink = append(s.ink, false)
	s.top = len(s.faces) - 1
	s.rest = []int{0}
	// The print square's corners, for a token's face.
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, p := range outline {
		lo = [2]float64{math.Min(lo[0], p[0]), math.Min(lo[1], p[1])}
		hi = [2]float64{math.Max(hi[0], p[0]), math.Max(hi[1], p[1])}
	}
	s.anchor = len(s.verts)
	s.verts = append(s.verts, vec3{lo[0], lo[1], h}, vec3{hi[0], lo[1], h}, vec3{hi[0], hi[1], h}, vec3{lo[0], hi[1], h})
	return s
}

func polygonSigned(p [][2]float64) float64 {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i][0]*p[j][1] - p[j][0]*p[i][1]
	}
	return a / 2
}

func cross(a, b vec3) vec3 {
	return vec3{a.Y*b.Z - a.Z*b.Y, a.Z*b.X - a.X*b.Z, a.X*b.Y - a.Y*b.X}
}

func (a vec3) norm() vec3 { return a.scale(1 / math.Sqrt(a.dot(a))) }

// normal returns face f's outward unit normal.
func (s solid) normal(f int) vec3 {
	v := s.faces[f]
	var n vec3
	for i := range v {
		a, b := s.verts[v[i]], s.verts[v[(i+1)%len(v)]]
		n = n.add(cross(a, b))
	}
	return n.norm()
}

func (s solid) centroid(f int) vec3 {
	var c vec3
	for _, m := range s.faces[f] {
		c = c.add(s.verts[m].scale(1 / float64(len(s.faces[f]))))
	}
	return c
}

// placed returns s lying on face rest, turned by angle degrees about the
// vertical, size across, standing on the table with its middle at base.
func (s solid) placed(rest int, angle, size float64, base vec3) solid {
	n := s.normal(rest)
	down := vec3{0, 0, -1}
	axis := cross(n, down)
	turn := func(v vec3) vec3 { return v }
	if l := math.Sqrt(axis.dot(axis)); l > 1e-9 {
		k := axis.scale(1 / l)
		sin, cos := l, n.dot(down)
		turn = func(v vec3) vec3 { // Rodrigues' rotation
			return v.scale(cos).add(cross(k, v).scale(sin)).add(k.scale(k.dot(v) * (1 - cos)))
		}
	} else if n.Z > 0 {
		turn = func(v vec3) vec3 { return vec3{v.X, -v.Y, -v.Z} }
	}
	sin, cos := math.Sincos(angle * math.Pi / 180)
	out := s
	out.verts = make([]vec3, len(s.verts))
	lo, hi := vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for i, v := range s.verts {
		v = turn(v)
		v = vec3{v.X*cos - v.Y*sin, v.X*sin + v.Y*cos, v.Z}
		out.verts[i] = v
		lo = vec3{math.Min(lo.X, v.X), math.Min(lo.Y, v.Y), math.Min(lo.Z, v.Z)}
		hi = vec3{math.Max(hi.X, v.X), math.Max(hi.Y, v.Y), math.Max(hi.Z, v.Z)}
	}
	k := size / math.Max(hi.X-lo.X, hi.Y-lo.Y)
	mid := vec3{(lo.X + hi.X) / 2, (lo.Y + hi.Y) / 2, lo.Z}
	for i, v := range out.verts {
		out.verts[i] = base.add(v.sub(mid).scale(k))
	}
	return out
}

var phi = (1 + math.Sqrt(5)) / 2

// polyhedron returns the corners of the other dice a table holds.
func polyhedron(kind PropKind) solid {
	var v []vec3
	switch kind {
	case D4:
		v = []vec3{{1, 1, 1}, {1, -1, -1}, {-1, 1, -1}, {-1, -1, 1}}
	case D8:
		v = []vec3{{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}}
	case D10:
		// A pentagonal trapezohedron: the rings' height makes each kite flat.
		s36, s72 := math.Sin(math.Pi/5), math.Sin(2*math.Pi/5)
		z := (2*s36 - s72) / (2*s36 + s72)
		const tall = 1.4
		v = []vec3{{0, 0, tall}, {0, 0, -tall}}
		for k := range 5 {
			a, b := float64(k)*2*math.Pi/5, (float64(k)+0.5)*2*math.Pi/5
			v = append(v, vec3{math.Cos(a), math.Sin(a), z * tall}, vec3{math.Cos(b), math.Sin(b), -z * tall})
		}
	case D12:
		for _, x := range []float64{-1, 1} {
			for _, y := range []float64{-1, 1} {
				v = append(v, vec3{x, y, -1}, vec3{x, y, 1})
				v = append(v, vec3{0, x / phi, y * phi}, vec3{x / phi, y * phi, 0}, vec3{x * phi, 0, y / phi})
			}
		}
	default: // D20
		for _, x := range []float64{-1, 1} {
			for _, y := range []float64{-1, 1} {
				v = append(v, vec3{0, x, y * phi}, vec3{x, y * phi, 0}, vec3{x * phi, 0, y})
			}
		}
	}
	return hull(v)
}

// circle returns n points round a circle of radius 1.
func circle(n int) [][2]float64 {
	out := make([][2]float64, n)
	for i := range out {
		a := float64(i) * 2 * math.Pi / float64(n)
		out[i] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	return out
}

// meepleOutline is a meeple seen from the front, feet on y = -1.
var meepleOutline = [][2]float64{
	{0, 1}, {-0.22, 0.93}, {-0.3, 0.72}, {-0.22, 0.5}, {-0.75, 0.38}, {-0.95, 0.18}, {-0.7, 0.05},
	{-0.38, 0.05}, {-0.62, -1}, {-0.18, -1}, {0, -0.5}, {0.18, -1}, {0.62, -1}, {0.38, 0.05},
	{0.7, 0.05}, {0.95, 0.18}, {0.75, 0.38}, {0.22, 0.5}, {0.3, 0.72}, {0.22, 0.93},
}
