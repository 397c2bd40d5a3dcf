package synth

import "math"

// vec3 is a point or direction in table space: X to the right of the image,
// Y down the image, Z up from the table, in pixels as seen at the table's centre.
type vec3 struct{ X, Y, Z float64 }

func (a vec3) add(b vec3) vec3      { return vec3{a.X + b.X, a.Y + b.Y, a.Z + b.Z} }
func (a vec3) sub(b vec3) vec3      { return vec3{a.X - b.X, a.Y - b.Y, a.Z - b.Z} }
func (a vec3) scale(k float64) vec3 { return vec3{a.X * k, a.Y * k, a.Z * k} }
func (a vec3) dot(b vec3) float64   { return a.X*b.X + a.Y*b.Y + a.Z*b.Z }

// camera is a pinhole camera looking at the table's centre, tilted about the
// image's horizontal axis. Its distance equals its focal length, so one table
// unit at the centre is one pixel whatever the tilt, and die sizes in a Scene
// read as pixels.
type camera struct {
	f, cx, cy          float64
	pos                vec3
	right, down, ahead vec3
}

func newCamera(sc Scene) camera {
	// By default a long lens keeps the near face of a large die from
	// ballooning, as a webcam a forearm's length above the tray does.
	lens := sc.Focal
	if lens == 0 {
		lens = 2.5
	}
	width, height := sc.Width, sc.Height
	f := lens * float64(max(width, height))
	phi := sc.Tilt * math.Pi / 180
	s, c := math.Sincos(phi)
	return camera{
		f: f, cx: float64(width) / 2, cy: float64(height) / 2,
		pos:   vec3{0, f * s, f * c},
		right: vec3{1, 0, 0},
		down:  vec3{0, c, -s},
		ahead: vec3{0, -s, -c},
	}
}

// topEdgeTilt is how far from straight down the camera of sc looks
// through the middle of the picture's top edge, the ray nearest the horizon.
func (sc Scene) topEdgeTilt() float64 {
	c := newCamera(sc)
	return sc.Tilt + math.Atan(c.cy/c.f)*180/math.Pi
}

// project returns the pixel where p appears.
func (c camera) project(p vec3) (x, y float64) {
	d := p.sub(c.pos)
	z := d.dot(c.ahead)
	return c.cx + c.f*d.dot(c.right)/z, c.cy + c.f*d.dot(c.down)/z
}

// onTable returns the point of the table (Z = 0) seen at pixel (x, y).
func (c camera) onTable(x, y float64) vec3 {
	ray := c.ahead.add(c.right.scale((x - c.cx) / c.f)).add(c.down.scale((y - c.cy) / c.f))
	t := -c.pos.Z / ray.Z
	return c.pos.add(ray.scale(t))
}
