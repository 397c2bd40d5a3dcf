package synth

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"

	"gocv.io/x/gocv"
)

// pipSpots are where pips sit on a face of unit size, for values 1 to 6.
var pipSpots = [7][][2]float64{
	1: {{0.5, 0.5}},
	2: {{0.27, 0.27}, {0.73, 0.73}},
	3: {{0.27, 0.27}, {0.5, 0.5}, {0.73, 0.73}},
	4: {{0.27, 0.27}, {0.73, 0.27}, {0.27, 0.73}, {0.73, 0.73}},
	5: {{0.27, 0.27}, {0.73, 0.27}, {0.5, 0.5}, {0.27, 0.73}, {0.73, 0.73}},
	6: {{0.27, 0.25}, {0.73, 0.25}, {0.27, 0.5}, {0.73, 0.5}, {0.27, 0.75}, {0.73, 0.75}},
}

// faceTexture draws one face of d showing value v (0 for a plain face) on a size×size square:
// the returned colour (BGR) and alpha Mats belong to the caller. The
// corners are rounded and the edges darkened as on a real die's bevel.
func faceTexture(d Die, v, size int, glare bool, rng *rand.Rand) (col, alpha gocv.Mat) {
	col = gocv.NewMatWithSize(size, size, gocv.MatTypeCV8UC3)
	alpha = gocv.NewMatWithSize(size, size, gocv.MatTypeCV8UC1)
	cp, _ := col.DataPtrUint8()
	ap, _ := alpha.DataPtrUint8()
	n := newNoise(rng)
	t := float64(size)
	// Casino-sharp dice are rare: most have well-rounded corners and edges.
	rc, bevel := 0.2*t, 0.15*t
	if d.Round > 0 {
		rc, bevel = d.Round*t, 0.75*d.Round*t
	}
	body := 255.0
	if d.Body.seeThrough() {
		body = 190
	}
	phase := rng.Float64() * 10
	// A glossy face catches a broad sheen from one side.
	sa := rng.Float64() * 2 * math.Pi
	sx, sy := math.Cos(sa), math.Sin(sa)
	for y := range size {
		for x := range size {
			px, py := float64(x)+0.5, float64(y)+0.5
			qx := math.Abs(px-t/2) - (t/2 - rc)
			qy := math.Abs(py-t/2) - (t/2 - rc)
			dist := math.Hypot(math.Max(qx, 0), math.Max(qy, 0)) + math.Min(math.Max(qx, qy), 0) - rc
			a := math.Max(0, math.Min(1, 0.5-dist))
			c := rgbOf(d.Colour)
			if d.Body == Marbled {
				// Swirls and blotches: veins follow a warped stripe, broken up.
				s := 0.5 + 0.25*math.Sin((px+py)/t*6+phase+5*n.fbm(px/t*3, py/t*3, 3)) + 0.45*n.fbm(px/t*4+9, py/t*4, 3)
				c = mix(c, rgbOf(d.Vein), smooth(0.45, 0.7, s))
			}
			k := 1 + 0.08*((px/t-0.5)*sx+(py/t-0.5)*sy)
			if e := -dist; e < bevel {
				k *= 1 - 0.28*math.Pow(1-math.Max(e, 0)/bevel, 2)
			}
			if d.Body.seeThrough() {
				// Light scatters inside: brighter in the middle.
				k *= 0.9 + 0.25*(1-math.Hypot(px-t/2, py-t/2)/t)
			}
			i := 3 * (y*size + x)
			cp[i], cp[i+1], cp[i+2] = clamp255(c[2]*k), clamp255(c[1]*k), clamp255(c[0]*k)
			ap[y*size+x] = clamp255(a * body)
		}
	}
	if v > 0 && d.Body == Smoky && d.Faces == Pips {
		drawGhosts(&col, d, 7-v, size, 0.2+0.35*rng.Float64())
	} else if v > 0 && d.Ghost > 0 && d.Body.seeThrough() && d.Faces != Blank {
		drawGhosts(&col, d, 7-v, size, d.Ghost)
		drawSideGhosts(&col, d, v, size, rng)
	}
	if v > 0 {
		drawMarks(&col, &alpha, d, v, size, rng)
	}
	if glare {
		addGlare(cp, size, rng)
	}
	return col, alpha
}

// drawMarks draws what the face shows: pips, a poker label or the logo.
// Marks are opaque even on a translucent body.
func drawMarks(col, alpha *gocv.Mat, d Die, v, size int, rng *rand.Rand) {
	t := float64(size)
	switch label := d.Faces.Label(v); {
	case d.Faces == Blank:
	case d.Faces == Numerals:
		drawNumeral(col, alpha, d, v, size)
	case d.Faces == Poker && d.Design != Letters:
		drawPokerFigure(col, alpha, d, label, size)
	case label == "logo" && d.Design != Letters:
		drawLogo(col, alpha, d, size, rng)
	case d.Faces == Poker:
		ink := pokerInk(label, d)
		scale := t / 42
		if len(label) == 2 {
			scale = t / 58
		}
		th := max(1, int(t/16))
		sz := gocv.GetTextSize(label, gocv.FontHersheyDuplex, scale, th)
		org := image.Pt((size-sz.X)/2, (size+sz.Y)/2)
		gocv.PutTextWithParams(col, label, org, gocv.FontHersheyDuplex, scale, ink, th, gocv.LineAA, false)
		gocv.PutTextWithParams(alpha, label, org, gocv.FontHersheyDuplex, scale, color.RGBA{255, 255, 255, 255}, th, gocv.LineAA, false)
		m := int(0.17 * t)
		gocv.Rectangle(col, image.Rect(m, m, size-m, size-m), ink, max(1, int(t/40)))
	case label == "logo":
		ink := color.RGBA{200, 30, 40, 255}
		if d.Colour.R > 150 && d.Colour.G < 100 {
			ink = color.RGBA{250, 220, 60, 255}
		}
		star := make([]image.Point, 10)
		for i := range star {
			r := 0.34 * t
			if i%2 == 1 {
				r = 0.14 * t
			}
			a := float64(i)*math.Pi/5 - math.Pi/2
			star[i] = image.Pt(int(t/2+r*math.Cos(a)), int(t/2+r*math.Sin(a)))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{star})
		defer pv.Close()
		gocv.FillPolyWithParams(col, pv, ink, gocv.LineAA, 0, image.Point{})
		gocv.FillPolyWithParams(alpha, pv, color.RGBA{255, 255, 255, 255}, gocv.LineAA, 0, image.Point{})
		gocv.CircleWithParams(col, image.Pt(size/2, size/2), int(0.4*t), ink, max(1, int(t/24)), gocv.LineAA, 0)
	default:
		r := 0.092 * t
		if d.PipSize > 0 {
			r = d.PipSize * t
		}
		pip := d.Pip
		if d.Accent != (color.RGBA{}) && (v == 1 || v == 4) {
			pip = d.Accent
			if v == 1 {
				r *= 1.7
			}
		}
		rim := scaleRGBA(pip, 0.6)
		for _, s := range pipSpots[v] {
			c := image.Pt(int(s[0]*t*16), int(s[1]*t*16))
			gocv.CircleWithParams(col, c, int(r*16), rim, -1, gocv.LineAA, 4)
			gocv.CircleWithParams(col, c, int(r*0.8*16), pip, -1, gocv.LineAA, 4)
			gocv.CircleWithParams(alpha, c, int(r*16), color.RGBA{255, 255, 255, 255}, -1, gocv.LineAA, 4)
		}
	}
}

// drawGhosts draws the pips of the face opposite, value v, as seen through
// a smoky body: mirrored, smaller and faint, strength of the way from the
// body's colour to the pips'.
func drawGhosts(col *gocv.Mat, d Die, v, size int, strength float64) {
	t := float64(size)
	body, pip := rgbOf(d.Colour), rgbOf(d.Pip)
	var c [3]float64
	for i := range c {
		c[i] = body[i] + strength*(pip[i]-body[i])
	}
	ghost := color.RGBA{clamp255(c[0]), clamp255(c[1]), clamp255(c[2]), 255}
	for _, s := range pipSpots[v] {
		at := image.Pt(int((1-s[0])*t*16), int(s[1]*t*16))
		gocv.CircleWithParams(col, at, int(0.075*t*16), ghost, -1, gocv.LineAA, 4)
	}
}

// seeThrough reports whether the table shows through a body of this kind.
func (b Body) seeThrough() bool { return b == Translucent || b == Smoky }

func pokerInk(label string, d Die) color.RGBA {
	if int(d.Colour.R)+int(d.Colour.G)+int(d.Colour.B) < 360 {
		return d.Pip // dark dice carry one light ink
	}
	switch label {
	case "10", "Q":
		return color.RGBA{200, 25, 30, 255}
	case "J":
		return color.RGBA{30, 50, 190, 255}
	}
	return color.RGBA{20, 20, 20, 255}
}

// addGlare puts a small specular highlight somewhere on the face.
func addGlare(cp []uint8, size int, rng *rand.Rand) {
	t := float64(size)
	gx, gy := t*(0.25+0.5*rng.Float64()), t*(0.25+0.5*rng.Float64())
	sx, sy := t*(0.05+0.05*rng.Float64()), t*(0.04+0.04*rng.Float64())
	for y := range size {
		for x := range size {
			dx, dy := (float64(x)-gx)/sx, (float64(y)-gy)/sy
			g := 0.97 * math.Exp(-(dx*dx+dy*dy)/2)
			if g < 0.01 {
				continue
			}
			i := 3 * (y*size + x)
			for c := range 3 {
				cp[i+c] = clamp255(float64(cp[i+c]) + (255-float64(cp[i+c]))*g)
			}
		}
	}
}

type rgb = [3]float64

func rgbOf(c color.RGBA) rgb { return rgb{float64(c.R), float64(c.G), float64(c.B)} }

func mix(a, b rgb, t float64) rgb {
	return rgb{a[0] + (b[0]-a[0])*t, a[1] + (b[1]-a[1])*t, a[2] + (b[2]-a[2])*t}
}

func smooth(e0, e1, x float64) float64 {
	t := math.Max(0, math.Min(1, (x-e0)/(e1-e0)))
	return t * t * (3 - 2*t)
}

func scaleRGBA(c color.RGBA, k float64) color.RGBA {
	return color.RGBA{clamp255(float64(c.R) * k), clamp255(float64(c.G) * k), clamp255(float64(c.B) * k), c.A}
}
