package synth

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// corners returns the floor's corners on the table, going round.
func (w Walls) corners() []vec3 {
	aspect := w.Aspect
	if aspect == 0 {
		aspect = 1
	}
	sin, cos := math.Sincos(w.Angle * math.Pi / 180)
	out := make([]vec3, w.Sides)
	for k := range out {
		a := (float64(k) + 0.5) * 2 * math.Pi / float64(w.Sides)
		x, y := w.Radius*math.Cos(a)*aspect, w.Radius*math.Sin(a)
		out[k] = vec3{w.X + x*cos - y*sin, w.Y + x*sin + y*cos, 0}
	}
	return out
}

// Inside reports whether the table point under pixel (x, y) of s lies on
// the floor at least margin pixels from every wall.
func (w Walls) Inside(s Scene, x, y, margin float64) bool {
	return w.holds(newCamera(s).onTable(x, y), margin)
}

func (w Walls) holds(p vec3, margin float64) bool { return inside(w.corners(), p, margin) }

// inside reports whether p lies at least margin inside the polygon of
// corners c, which go round as a floor's do.
func inside(c []vec3, p vec3, margin float64) bool {
	for i := range c {
		a, b := c[i], c[(i+1)%len(c)]
		ex, ey := b.X-a.X, b.Y-a.Y
		// The corners go round clockwise on the picture (Y down), so the
		// floor lies to the right of each edge.
		if (ex*(p.Y-a.Y)-ey*(p.X-a.X))/math.Hypot(ex, ey) < margin {
			return false
		}
	}
	return true
}

// drawWalls darkens the floor where the walls shade it and draws the walls
// and their rim over it.
func drawWalls(img *gocv.Mat, s Scene, cam camera, light vec3) {
	w := s.Walls
	c := w.corners()
	white := color.RGBA{255, 255, 255, 255}
	floor := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8UC1)
	defer floor.Close()
	floor.SetTo(gocv.Scalar{})
	fillPoly(&floor, cam, c, white)
	cast := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8UC1)
	defer cast.Close()
	cast.SetTo(gocv.Scalar{})
	near := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8UC1)
	defer near.Close()
	near.SetTo(gocv.Scalar{})
	off := vec3{-light.X / light.Z * w.Height, -light.Y / light.Z * w.Height, 0}
	for i := range c {
		a, b := c[i], c[(i+1)%len(c)]
		fillPoly(&cast, cam, []vec3{a, b, b.add(off), a.add(off)}, white)
		// Light from the room reaches the floor's edges less: a soft band.
		in := inward(a, b).scale(0.5 * w.Height)
		fillPoly(&near, cam, []vec3{a, b, b.add(in), a.add(in)}, white)
	}
	sigma := math.Max(1, 0.25*w.Height)
	gocv.GaussianBlur(cast, &cast, image.Point{}, sigma, sigma, gocv.BorderReplicate)
	gocv.GaussianBlur(near, &near, image.Point{}, sigma, sigma, gocv.BorderReplicate)
	pix, _ := img.DataPtrUint8()
	fp, _ := floor.DataPtrUint8()
	cp, _ := cast.DataPtrUint8()
	np, _ := near.DataPtrUint8()
	for i, f := range fp {
		if f == 0 {
			continue
		}
		k := 1 - float64(f)/255*(0.6*s.Light.Shadow*float64(cp[i])/255+0.25*float64(np[i])/255)
		for ch := range 3 {
			pix[3*i+ch] = clamp255(float64(pix[3*i+ch]) * math.Max(k, 0.2))
		}
	}

	up := vec3{0, 0, w.Height}
	lit := func(n vec3, col color.RGBA) color.RGBA {
		return scaleRGBA(col, 0.5+0.5*math.Max(0, n.dot(light)))
	}
	// Inner sides that face the camera, then outer sides that do (the
	// near walls hide the floor behind them), then the rim over all.
	for i := range c {
		a, b := c[i], c[(i+1)%len(c)]
		n := inward(a, b)
		if n.dot(cam.pos.sub(a.add(b).scale(0.5))) > 0 {
			fillPoly(img, cam, []vec3{a, b, b.add(up), a.add(up)}, lit(n, w.Colour))
		}
	}
	for i := range c {
		a, b := c[i], c[(i+1)%len(c)]
		n := inward(a, b).scale(-1)
		oa, ob := a.add(mitre(c, i).scale(w.Thick)), b.add(mitre(c, (i+1)%len(c)).scale(w.Thick))
		if n.dot(cam.pos.sub(oa.add(ob).scale(0.5))) > 0 {
			fillPoly(img, cam, []vec3{oa, ob, ob.add(up), oa.add(up)}, lit(n, w.Colour))
		}
	}
	for i := range c {
		a, b := c[i], c[(i+1)%len(c)]
		// The rim's corners meet on the bisector of each corner.
		oa, ob := a.add(mitre(c, i).scale(w.Thick)), b.add(mitre(c, (i+1)%len(c)).scale(w.Thick))
		fillPoly(img, cam, []vec3{a.add(up), b.add(up), ob.add(up), oa.add(up)}, lit(vec3{0, 0, 1}, w.Rim))
	}
}

// inward returns the unit vector on the table from edge a-b toward the floor.
func inward(a, b vec3) vec3 {
	ex, ey := b.X-a.X, b.Y-a.Y
	n := math.Hypot(ex, ey)
	return vec3{-ey / n, ex / n, 0}
}

// mitre returns the outward step at corner i that moves both walls meeting
// there out by one.
func mitre(c []vec3, i int) vec3 {
	prev, next := c[(i+len(c)-1)%len(c)], c[(i+1)%len(c)]
	n1, n2 := inward(prev, c[i]), inward(c[i], next)
	m := n1.add(n2)
	k := 1 / (1 + n1.dot(n2))
	return m.scale(-k)
}
