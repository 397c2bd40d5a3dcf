package synth

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"

	"gocv.io/x/gocv"
)

// PropKind is what a thing on the table that is not one of the game's dice is.
type PropKind int

const (
	D4 PropKind = iota
	D8
	D10
	D12
	D20
	NumeralD6 // a six-sided die with digits for faces
	Token     // a wooden or cardboard token with a printed symbol
	Coin
	Chip   // a poker chip, spotted round its edge
	Meeple // a wooden playing piece, standing or lying
	Pencil
	Card       // a playing or game card lying flat
	Sheet      // a sheet of paper: notes or a score pad
	BoardSpace // a printed space of a Board surface, in Truth only
)

var propNames = [...]string{"d4", "d8", "d10", "d12", "d20", "numeral-d6", "token", "coin", "chip", "meeple", "pencil", "card", "paper", "board-space"}

func (k PropKind) String() string {
	if k < 0 || int(k) >= len(propNames) {
		return fmt.Sprintf("PropKind(%d)", int(k))
	}
	return propNames[k]
}

// flat reports whether the kind lies flat on the table, under all else.
func (k PropKind) flat() bool { return k == Card || k == Sheet }

// Prop is a thing on the table that is not one of the game's dice: a
// negative a die finder must learn to pass over.
type Prop struct {
	Kind  PropKind
	X, Y  float64 // where it lies: the pixel at which the camera sees the table under its middle
	Size  float64 // across, in pixels at the table's centre: a d20's width, a card's or pencil's length
	Angle float64 // turn about the vertical, degrees
	Face  int     // which face a solid lies on; a NumeralD6's top value, 1 to 6
	// Colour is the body, Ink the printing (or a pencil's wood).
	Colour, Ink color.RGBA
	Design      int // which look of its kind: a card's face, back or game art; translucent other dice
}

// die returns the die a NumeralD6 is drawn as.
func (p Prop) die() Die {
	return Die{Value: 1 + (p.Face+5)%6, Faces: Numerals, X: p.X, Y: p.Y, Size: p.Size, Angle: p.Angle,
		Colour: p.Colour, Pip: p.Ink, Design: Design(p.Design % 3), Round: 0.12}
}

// shape returns the solid p is, placed on the table; ok is false for a
// flat prop or a NumeralD6, which are drawn otherwise.
func (p Prop) shape(cam camera) (solid, bool) {
	var s solid
	switch p.Kind {
	case D4, D8, D10, D12, D20:
		s = polyhedron(p.Kind)
	case Token:
		s = prism(circle(6+2*(p.Design%3)), 0.35, 0)
	case Coin:
		s = prism(circle(28), 0.14, 0)
	case Chip:
		s = prism(circle(28), 0.22, 0)
	case Meeple:
		s = prism(meepleOutline, 0.55, 0)
		s.rest = []int{9, 12, 0} // on its feet, or lying on its back
	case Pencil:
		s = prism(circle(6), 12, 2.2)
	default:
		return solid{}, false
	}
	base := cam.onTable(p.X, p.Y)
	return s.placed(s.rest[p.Face%len(s.rest)], p.Angle, p.Size, base), true
}

// propTruth returns where p shows in a width×height picture; ok is false
// when it is out of view.
func propTruth(p Prop, i int, cam camera, width, height int) (PropTruth, bool) {
	var pts []vec3
	switch {
	case p.Kind == NumeralD6:
		dt, ok := dieTruth(p.die(), cam, width, height)
		return PropTruth{Kind: p.Kind, Box: dt.Box, Index: i}, ok
	case p.Kind.flat():
		q := flatCorners(p, cam)
		pts = q[:]
	default:
		s, _ := p.shape(cam)
		pts = s.verts
	}
	_, box := projectAll(cam, pts, 0, image.Rect(0, 0, width, height))
	return PropTruth{Kind: p.Kind, Box: box, Index: i}, !box.Empty()
}

// projectAll returns where the points show and the pixels about them,
// grown by margin, clipped to frame.
func projectAll(cam camera, pts []vec3, margin int, frame image.Rectangle) ([]gocv.Point2f, image.Rectangle) {
	out := make([]gocv.Point2f, len(pts))
	var box image.Rectangle
	for i, v := range pts {
		x, y := cam.project(v)
		out[i] = gocv.Point2f{X: float32(x), Y: float32(y)}
		box = box.Union(pixelBox(x, y))
	}
	if box.Empty() {
		return out, box
	}
	return out, box.Inset(-margin).Intersect(frame)
}

// pixelBox returns the pixels that a point at (x, y) touches.
func pixelBox(x, y float64) image.Rectangle {
	return image.Rect(int(math.Floor(x)), int(math.Floor(y)), int(math.Ceil(x))+1, int(math.Ceil(y))+1)
}

// flatCorners returns the corners of a card or sheet on the table, in the
// order of its picture's top-left, top-right, bottom-right, bottom-left.
func flatCorners(p Prop, cam camera) [4]vec3 {
	base := cam.onTable(p.X, p.Y)
	hh := p.Size / 2
	hw := hh * 63 / 88
	if p.Kind == Sheet {
		hw = hh * 210 / 297
	}
	sin, cos := math.Sincos(p.Angle * math.Pi / 180)
	var out [4]vec3
	for i, c := range [4][2]float64{{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}} {
		out[i] = vec3{base.X + c[0]*cos - c[1]*sin, base.Y + c[0]*sin + c[1]*cos, 0.3}
	}
	return out
}

// drawFlatProps lays the cards and sheets of s on the table, each with a
// faint shadow along its edge.
func drawFlatProps(img *gocv.Mat, s Scene, cam camera, seed uint64) {
	frame := image.Rect(0, 0, s.Width, s.Height)
	for j, p := range s.Props {
		if !p.Kind.flat() {
			continue
		}
		corners := flatCorners(p, cam)
		pts, patch := projectAll(cam, corners[:], 3, frame)
		if patch.Empty() {
			continue
		}
		quad := [4]gocv.Point2f(pts)
		long := math.Hypot(float64(quad[3].X-quad[0].X), float64(quad[3].Y-quad[0].Y))
		h := max(32, min(640, int(long*1.2)))
		rng := rand.New(rand.NewPCG(seed, 0xf1a7+uint64(j)))
		col, alpha := flatTexture(p, h, rng)
		shadow := gocv.NewMatWithSize(patch.Dy(), patch.Dx(), gocv.MatTypeCV8UC1)
		shadow.SetTo(gocv.Scalar{})
		poly := make([]image.Point, 4)
		for i, q := range quad {
			poly[i] = image.Pt(int(q.X)-patch.Min.X+1, int(q.Y)-patch.Min.Y+1)
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
		gocv.FillPoly(&shadow, pv, color.RGBA{255, 255, 255, 255})
		pv.Close()
		gocv.GaussianBlur(shadow, &shadow, image.Point{}, 1.5, 1.5, gocv.BorderConstant)
		darken(img, patch, shadow, 0.3)
		shadow.Close()
		buf, a := make([]float32, 3*patch.Dx()*patch.Dy()), make([]float32, patch.Dx()*patch.Dy())
		layer(buf, a, patch, col, alpha, quad, 1)
		col.Close()
		alpha.Close()
		canvas{img: img}.composite(patch, buf, a, 0)
	}
}

// darken dims the picture inside patch by up to k where mask is white.
func darken(img *gocv.Mat, patch image.Rectangle, mask gocv.Mat, k float64) {
	pix, _ := img.DataPtrUint8()
	mp, _ := mask.DataPtrUint8()
	cols := img.Cols()
	for y := range patch.Dy() {
		for x := range patch.Dx() {
			m := float64(mp[y*patch.Dx()+x]) / 255
			if m == 0 {
				continue
			}
			i := 3 * ((patch.Min.Y+y)*cols + patch.Min.X + x)
			for c := range 3 {
				pix[i+c] = clamp255(float64(pix[i+c]) * (1 - k*m))
			}
		}
	}
}

// drawSolid paints a solid prop over the canvas; the pixels it covers are
// no die's.
func drawSolid(cv canvas, p Prop, s solid, cam camera, light vec3, rng *rand.Rand) {
	pts, patch := projectAll(cam, s.verts, 2, image.Rect(0, 0, cv.img.Cols(), cv.img.Rows()))
	if patch.Empty() {
		return
	}
	w, h := patch.Dx(), patch.Dy()
	faceCol, faceAlpha := clearLayer(w, h)
	defer faceCol.Close()
	defer faceAlpha.Close()
	var visible []int
	for f := range s.faces {
		if s.normal(f).dot(cam.pos.sub(s.centroid(f))) > 0 {
			visible = append(visible, f)
		}
	}
	depth := func(f int) float64 { return s.centroid(f).sub(cam.pos).dot(cam.ahead) }
	sortByDepth(visible, depth)
	for _, f := range visible {
		poly := make([]image.Point, len(s.faces[f]))
		for i, m := range s.faces[f] {
			poly[i] = image.Pt(int(math.Round(float64(pts[m].X-float32(patch.Min.X))*16)), int(math.Round(float64(pts[m].Y-float32(patch.Min.Y))*16)))
		}
		body := p.Colour
		if s.ink[f] {
			body = p.Ink
		}
		c := scaleRGBA(body, 0.45+0.6*math.Max(0, s.normal(f).dot(light)))
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
		gocv.FillPolyWithParams(&faceCol, pv, c, gocv.LineAA, 4, image.Point{})
		gocv.FillPolyWithParams(&faceAlpha, pv, color.RGBA{255, 255, 255, 255}, gocv.LineAA, 4, image.Point{})
		// Edges catch the light: a thin lighter line round each face.
		edge := scaleRGBA(c, 1.25)
		gocv.Polylines(&faceCol, pv, true, edge, 1)
		pv.Close()
	}
	cp, _ := faceCol.DataPtrUint8()
	ap, _ := faceAlpha.DataPtrUint8()
	see := float32(1)
	if p.Design%2 == 1 && p.Kind <= D20 {
		see = 0.8 // a gem-like translucent die
	}
	col, alpha := make([]float32, 3*w*h), make([]float32, w*h)
	for i, a8 := range ap {
		a := float32(a8) / 255 * see
		for c := range 3 {
			col[3*i+c] = float32(cp[3*i+c]) * a
		}
		alpha[i] = a
	}
	if p.Kind <= D20 {
		numberFaces(col, alpha, patch, p, s, visible, cam, light)
	}
	if s.top >= 0 && slices.Contains(visible, s.top) {
		printTop(col, alpha, patch, p, s, cam, light, rng)
	}
	cv.composite(patch, col, alpha, -1)
}

// numberFaces prints each visible face's number on it, upright along an
// edge, as other dice are numbered.
func numberFaces(col, alpha []float32, patch image.Rectangle, p Prop, s solid, visible []int, cam camera, light vec3) {
	for _, f := range visible {
		c := s.centroid(f)
		n := s.normal(f)
		// The inner radius: how large a number fits.
		in := math.Inf(1)
		v := s.faces[f]
		for i := range v {
			a, b := s.verts[v[i]], s.verts[v[(i+1)%len(v)]]
			e := b.sub(a).norm()
			d := c.sub(a)
			in = math.Min(in, math.Sqrt(math.Max(0, d.dot(d)-math.Pow(d.dot(e), 2))))
		}
		u := s.verts[v[0]].sub(s.verts[v[1]]).norm()
		down := cross(n, u)
		a := 0.75 * in
		var quad [4]gocv.Point2f
		for i, k := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
			x, y := cam.project(c.add(u.scale(k[0] * a)).add(down.scale(k[1] * a)))
			quad[i] = gocv.Point2f{X: float32(x), Y: float32(y)}
		}
		side := math.Hypot(float64(quad[1].X-quad[0].X), float64(quad[1].Y-quad[0].Y))
		if side < 5 {
			continue
		}
		size := max(16, min(128, int(side*1.5)))
		label := fmt.Sprint(f + 1)
		if p.Kind == D10 {
			label = fmt.Sprint(f % 10)
		}
		tex, texAlpha := clearLayer(size, size)
		ink := p.Ink
		scale := float64(size) / 34 / math.Max(1, float64(len(label))*0.7)
		printCentred(&tex, &texAlpha, label, gocv.FontHersheyDuplex, scale, max(1, size/14), image.Pt(size/2, size/2), ink)
		if label == "6" || label == "9" {
			y := int(0.8 * float64(size))
			gocv.Line(&tex, image.Pt(size*2/5, y), image.Pt(size*3/5, y), ink, max(1, size/16))
			gocv.Line(&texAlpha, image.Pt(size*2/5, y), image.Pt(size*3/5, y), opaque, max(1, size/16))
		}
		layer(col, alpha, patch, tex, texAlpha, quad, float32(0.6+0.5*math.Max(0, n.dot(light))))
		tex.Close()
		texAlpha.Close()
	}
}

// printTop prints a token's, coin's or chip's face on its top.
func printTop(col, alpha []float32, patch image.Rectangle, p Prop, s solid, cam camera, light vec3, rng *rand.Rand) {
	var quad [4]gocv.Point2f
	for i := range 4 {
		x, y := cam.project(s.verts[s.anchor+i])
		quad[i] = gocv.Point2f{X: float32(x), Y: float32(y)}
	}
	side := math.Hypot(float64(quad[1].X-quad[0].X), float64(quad[1].Y-quad[0].Y))
	size := max(16, min(256, int(side*1.4)))
	t := float64(size)
	tex, texAlpha := clearLayer(size, size)
	defer tex.Close()
	defer texAlpha.Close()
	ink := p.Ink
	c := image.Pt(size/2, size/2)
	switch p.Kind {
	case Chip:
		// Spots round the edge and a ring inside: the chip's own pips.
		for k := range 6 {
			a := float64(k)*math.Pi/3 + rng.Float64()*0.2
			poly := make([]image.Point, 4)
			for i, d := range [4][2]float64{{0.36, -0.12}, {0.48, -0.12}, {0.48, 0.12}, {0.36, 0.12}} {
				x, y := d[0]*math.Cos(a+d[1]), d[0]*math.Sin(a+d[1])
				poly[i] = image.Pt(int(t/2+x*t), int(t/2+y*t))
			}
			pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
			gocv.FillPolyWithParams(&tex, pv, ink, gocv.LineAA, 0, image.Point{})
			gocv.FillPolyWithParams(&texAlpha, pv, opaque, gocv.LineAA, 0, image.Point{})
			pv.Close()
		}
		gocv.CircleWithParams(&tex, c, int(0.28*t), ink, max(1, size/40), gocv.LineAA, 0)
		gocv.CircleWithParams(&texAlpha, c, int(0.28*t), opaque, max(1, size/40), gocv.LineAA, 0)
	case Coin:
		gocv.CircleWithParams(&tex, c, int(0.4*t), ink, max(1, size/30), gocv.LineAA, 0)
		gocv.CircleWithParams(&texAlpha, c, int(0.4*t), opaque, max(1, size/30), gocv.LineAA, 0)
		printCentred(&tex, &texAlpha, fmt.Sprint(1+rng.IntN(50)), gocv.FontHersheyComplex, t/60, max(1, size/24), c, ink)
	default:
		drawSuit(&tex, &texAlpha, t/2, t/2, 0.25*t, suit(rng.IntN(4)), ink)
	}
	layer(col, alpha, patch, tex, texAlpha, quad, float32(0.6+0.5*math.Max(0, light.Z)))
}

// flatTexture draws a card or sheet h pixels tall: colour (BGR) and
// alpha, both the caller's.
func flatTexture(p Prop, h int, rng *rand.Rand) (col, alpha gocv.Mat) {
	w := h * 63 / 88
	if p.Kind == Sheet {
		w = h * 210 / 297
	}
	col = gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	alpha = gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC1)
	alpha.SetTo(gocv.NewScalar(255, 255, 255, 0))
	paper, ink := p.Colour, p.Ink
	col.SetTo(gocv.NewScalar(float64(paper.B), float64(paper.G), float64(paper.R), 0))
	t := float64(h)
	switch {
	case p.Kind == Sheet:
		drawSheet(&col, w, h, ink, p.Design, rng)
	case p.Design%3 == 0:
		drawCardFace(&col, w, h, rng)
	case p.Design%3 == 1:
		drawCardArt(&col, w, h, ink, rng)
	default: // a card's back: a frame round a lattice
		m := int(0.06 * t)
		gocv.Rectangle(&col, image.Rect(m, m, w-m, h-m), ink, -1)
		step := max(4, int(t/14))
		light := scaleRGBA(paper, 0.9)
		for k := -h; k < w+h; k += step {
			gocv.Line(&col, image.Pt(k, m), image.Pt(k+h, m+h), light, max(1, step/5))
			gocv.Line(&col, image.Pt(k, m+h), image.Pt(k+h, m), light, max(1, step/5))
		}
		gocv.Rectangle(&col, image.Rect(0, 0, w, m), paper, -1)
		gocv.Rectangle(&col, image.Rect(0, h-m, w, h), paper, -1)
		gocv.Rectangle(&col, image.Rect(0, 0, m, h), paper, -1)
		gocv.Rectangle(&col, image.Rect(w-m, 0, w, h), paper, -1)
	}
	return col, alpha
}

// cardPips are where a playing card's suit symbols go, from 2 to 10, on a
// card of unit width and height.
var cardPips = [11][][2]float64{
	2:  {{0.5, 0.2}, {0.5, 0.8}},
	3:  {{0.5, 0.2}, {0.5, 0.5}, {0.5, 0.8}},
	4:  {{0.3, 0.2}, {0.7, 0.2}, {0.3, 0.8}, {0.7, 0.8}},
	5:  {{0.3, 0.2}, {0.7, 0.2}, {0.5, 0.5}, {0.3, 0.8}, {0.7, 0.8}},
	6:  {{0.3, 0.2}, {0.7, 0.2}, {0.3, 0.5}, {0.7, 0.5}, {0.3, 0.8}, {0.7, 0.8}},
	7:  {{0.3, 0.2}, {0.7, 0.2}, {0.5, 0.35}, {0.3, 0.5}, {0.7, 0.5}, {0.3, 0.8}, {0.7, 0.8}},
	8:  {{0.3, 0.2}, {0.7, 0.2}, {0.5, 0.35}, {0.3, 0.5}, {0.7, 0.5}, {0.5, 0.65}, {0.3, 0.8}, {0.7, 0.8}},
	9:  {{0.3, 0.2}, {0.7, 0.2}, {0.3, 0.4}, {0.7, 0.4}, {0.5, 0.5}, {0.3, 0.6}, {0.7, 0.6}, {0.3, 0.8}, {0.7, 0.8}},
	10: {{0.3, 0.2}, {0.7, 0.2}, {0.5, 0.3}, {0.3, 0.4}, {0.7, 0.4}, {0.3, 0.6}, {0.7, 0.6}, {0.5, 0.7}, {0.3, 0.8}, {0.7, 0.8}},
}

// drawCardFace draws a playing card: suit symbols laid out as its rank
// (as dotted as a die's face), or a court figure, with corner indexes.
func drawCardFace(col *gocv.Mat, w, h int, rng *rand.Rand) {
	none := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC1)
	defer none.Close()
	s := suit(rng.IntN(4))
	ink := s.ink()
	rank := 1 + rng.IntN(13)
	fw, fh := float64(w), float64(h)
	switch {
	case rank >= 2 && rank <= 10:
		for _, at := range cardPips[rank] {
			drawSuit(col, &none, at[0]*fw, at[1]*fh, 0.09*fw, s, ink)
		}
	case rank == 1:
		drawSuit(col, &none, fw/2, fh/2, 0.22*fw, s, ink)
	default:
		gocv.Rectangle(col, image.Rect(w/5, h/6, w*4/5, h*5/6), ink, max(1, w/60))
		sub := col.Region(image.Rect(w/5, h/4, w*4/5, h/4+w*3/5))
		drawFigure(&sub, &none, []string{"J", "Q", "K"}[rank-11], float64(w*3/5), ink)
		sub.Close()
	}
	index := []string{"", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}[rank]
	printCentred(col, &none, index, gocv.FontHersheySimplex, fw/160, max(1, w/50), image.Pt(int(0.1*fw), int(0.07*fh)), ink)
	drawSuit(col, &none, 0.1*fw, 0.15*fh, 0.04*fw, s, ink)
}

// drawCardArt draws a game card: a frame, a picture of shapes, a title and
// lines of text.
func drawCardArt(col *gocv.Mat, w, h int, ink color.RGBA, rng *rand.Rand) {
	m := max(2, w/14)
	gocv.Rectangle(col, image.Rect(0, 0, w, h), ink, 2*m)
	art := image.Rect(m+2, h/7, w-m-2, h*3/5)
	sky := hsv(rng.Float64(), 0.5, 0.9)
	gocv.Rectangle(col, art, rgba(sky), -1)
	for range 3 + rng.IntN(5) {
		c := hsv(rng.Float64(), 0.6+0.4*rng.Float64(), 0.3+0.7*rng.Float64())
		fill := rgba(c)
		at := image.Pt(art.Min.X+rng.IntN(art.Dx()), art.Min.Y+rng.IntN(art.Dy()))
		r := max(2, int(float64(art.Dx())*(0.08+0.25*rng.Float64())))
		if rng.IntN(2) == 0 {
			gocv.Circle(col, at, r, fill, -1)
		} else {
			gocv.Rectangle(col, image.Rect(at.X-r, at.Y-r/2, at.X+r, at.Y+r), fill, -1)
		}
	}
	gocv.Rectangle(col, image.Rect(m+2, h*3/5+m, w-m-2, h*3/5+2*m), scaleRGBA(ink, 0.6), -1)
	for y := h*3/5 + 3*m; y < h-2*m; y += max(3, h/18) {
		gocv.Line(col, image.Pt(m+4, y), image.Pt(m+4+rng.IntN(max(1, w-2*m-8)), y), color.RGBA{80, 80, 80, 255}, max(1, h/120))
	}
}

// drawSheet draws notes or a score pad: ruled rows, a column rule, and
// handwritten numbers.
func drawSheet(col *gocv.Mat, w, h int, ink color.RGBA, design int, rng *rand.Rand) {
	rows := 10 + rng.IntN(12)
	step := float64(h) / float64(rows+1)
	line := color.RGBA{120, 160, 200, 255}
	for r := 1; r <= rows; r++ {
		y := int(float64(r) * step)
		gocv.Line(col, image.Pt(0, y), image.Pt(w, y), line, 1)
	}
	if design%2 == 0 { // a score pad's columns
		for c := 1; c < 4; c++ {
			x := w * c / 4
			gocv.Line(col, image.Pt(x, int(step)), image.Pt(x, int(float64(rows)*step)), line, 1)
		}
	}
	for r := 1; r < rows; r++ {
		if rng.IntN(3) == 0 {
			continue
		}
		x := int(float64(w) * (0.05 + 0.6*rng.Float64()))
		y := int(float64(r)*step + step*0.8)
		text := fmt.Sprint(rng.IntN(60))
		gocv.PutTextWithParams(col, text, image.Pt(x, y), gocv.FontHersheyScriptSimplex, step/30, ink, max(1, int(step/12)), gocv.LineAA, false)
	}
}

// sortByDepth orders faces far to near.
func sortByDepth(faces []int, depth func(int) float64) {
	slices.SortStableFunc(faces, func(a, b int) int { return cmpFloat(depth(b), depth(a)) })
}

// castPropShadows darkens the table under and beside the solid props.
func castPropShadows(img *gocv.Mat, s Scene, cam camera, light vec3) {
	var cs []caster
	smallest := math.Inf(1)
	for _, p := range s.Props {
		if p.Kind.flat() {
			continue
		}
		smallest = math.Min(smallest, p.Size)
		if p.Kind == NumeralD6 {
			cs = append(cs, dieCaster(p.die(), cam))
			continue
		}
		sol, _ := p.shape(cam)
		var foot, ground []vec3
		top := 0.0
		for _, v := range sol.verts {
			foot = append(foot, vec3{v.X, v.Y, 0})
			top = math.Max(top, v.Z)
			if v.Z < 0.02*p.Size {
				ground = append(ground, vec3{v.X, v.Y, 0})
			}
		}
		foot = convexHull(foot)
		if len(ground) < 3 {
			ground = foot
		}
		cs = append(cs, caster{
			contact: convexHull(ground),
			moved: func(off vec3) []vec3 {
				out := make([]vec3, len(foot))
				for i, v := range foot {
					out[i] = v.add(off)
				}
				return out
			},
			height: top,
		})
	}
	if len(cs) > 0 {
		shade(img, s, cam, light, cs, math.Max(1, smallest*0.12))
	}
}

// boardSpaces returns the printed spaces of s's boards, table or tray
// floor, that are wholly in view and carry a mark.
func boardSpaces(s Scene, cam camera) []PropTruth {
	var out []PropTruth
	w := s.Walls
	// Walls hide what lies behind them from a tilted camera, and the
	// near ones the floor close to them.
	hide := w.Height * (1 + math.Tan(s.Tilt*math.Pi/180))
	if s.Surface == Board && !s.Tray {
		out = append(out, spacesOf(s, cam, s.Cover, func(p vec3) bool { return w.Sides == 0 || !w.holds(p, -w.Thick-hide) })...)
	}
	if w.Sides > 0 && w.Floor == Board {
		out = append(out, spacesOf(s, cam, w.Cover, func(p vec3) bool { return w.holds(p, hide) })...)
	}
	return out
}

// spacesOf finds the marked spaces of a board of cover c whose corners on
// says are all on the board, wholly in view and as large as a small die.
func spacesOf(s Scene, cam camera, c Cover, on func(vec3) bool) []PropTruth {
	sc := c.Scale
	if sc <= 0 {
		sc = 40
	}
	sin, cos := math.Sincos(c.Angle * math.Pi / 180)
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, px := range [4][2]float64{{0, 0}, {float64(s.Width), 0}, {0, float64(s.Height)}, {float64(s.Width), float64(s.Height)}} {
		p := cam.onTable(px[0], px[1])
		u, v := p.X*cos+p.Y*sin, -p.X*sin+p.Y*cos
		lo = [2]float64{math.Min(lo[0], u), math.Min(lo[1], v)}
		hi = [2]float64{math.Max(hi[0], u), math.Max(hi[1], v)}
	}
	frame := image.Rect(0, 0, s.Width, s.Height)
	seen := map[[2]int]bool{}
	var out []PropTruth
	for u := lo[0]; u <= hi[0]; u += sc / 2 {
		for v := lo[1]; v <= hi[1]; v += sc / 2 {
			sp := spaceAt(c, u, v, sc)
			if seen[[2]int{sp.i, sp.j}] || sp.mark() == markNone {
				continue
			}
			seen[[2]int{sp.i, sp.j}] = true
			at := func(u, v float64) vec3 { return vec3{u*cos - v*sin, u*sin + v*cos, 0} }
			var corners [][2]float64
			if sp.hex {
				for k := range 6 {
					a := math.Pi/6 + float64(k)*math.Pi/3
					corners = append(corners, [2]float64{sp.cu + sc/math.Sqrt(3)*math.Cos(a), sp.cv + sc/math.Sqrt(3)*math.Sin(a)})
				}
			} else {
				for _, k := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
					corners = append(corners, [2]float64{sp.cu + k[0]*sc/2, sp.cv + k[1]*sc/2})
				}
			}
			var box image.Rectangle
			seen := true
			for _, q := range corners {
				p := at(q[0], q[1])
				seen = seen && on(p)
				box = box.Union(pixelBox(cam.project(p)))
			}
			// Far spaces of a slanted board shrink to specks no die is.
			if seen && box.In(frame) && max(box.Dx(), box.Dy()) >= MinDieSide {
				out = append(out, PropTruth{Kind: BoardSpace, Box: box, Index: -1})
			}
		}
	}
	return out
}

// clearLayer returns a w×h colour (BGR) and alpha Mat, both empty; the
// caller closes them.
func clearLayer(w, h int) (col, alpha gocv.Mat) {
	col = gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC3)
	alpha = gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC1)
	col.SetTo(gocv.Scalar{})
	alpha.SetTo(gocv.Scalar{})
	return col, alpha
}
