package synth

import "math"

// Quad is a four-sided shape in the picture, in pixels: a die's top face
// as seen, its corners in the order of the face's own top-left, top-right,
// bottom-right and bottom-left, so the order tells how the face is turned.
type Quad [4][2]float64

// Centre returns the mean of the corners.
func (q Quad) Centre() (x, y float64) {
	for _, c := range q {
		x, y = x+c[0]/4, y+c[1]/4
	}
	return x, y
}

// Side returns the length of the longest edge: how large the face looks
// across, however a slanted view shortens its other edges.
func (q Quad) Side() float64 {
	s := 0.0
	for i := range q {
		j := (i + 1) % 4
		s = math.Max(s, math.Hypot(q[j][0]-q[i][0], q[j][1]-q[i][1]))
	}
	return s
}

// Area returns the area enclosed.
func (q Quad) Area() float64 { return polygonArea(q[:]) }

// Contains reports whether (x, y) lies inside q, which must be convex.
func (q Quad) Contains(x, y float64) bool {
	sign := 0.0
	for i := range q {
		j := (i + 1) % 4
		c := (q[j][0]-q[i][0])*(y-q[i][1]) - (q[j][1]-q[i][1])*(x-q[i][0])
		if c*sign < 0 {
			return false
		}
		if c != 0 {
			sign = c
		}
	}
	return true
}

// bounds returns the pixels q touches, as xmin, ymin, xmax, ymax (exclusive).
func (q Quad) bounds() (x0, y0, x1, y1 int) {
	fx0, fy0, fx1, fy1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, c := range q {
		fx0, fy0 = math.Min(fx0, c[0]), math.Min(fy0, c[1])
		fx1, fy1 = math.Max(fx1, c[0]), math.Max(fy1, c[1])
	}
	return int(math.Floor(fx0)), int(math.Floor(fy0)), int(math.Ceil(fx1)), int(math.Ceil(fy1))
}
