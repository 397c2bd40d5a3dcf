package synth

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"

	"gocv.io/x/gocv"
)

// The drawings of faces besides pips and the first poker and logo designs:
// numerals, poker dice in the style of playing cards, casino logos. Each
// draws on a face's colour and alpha textures, size×size, opaque marks.

var opaque = color.RGBA{255, 255, 255, 255}

// suit is a playing-card suit, drawn as a symbol.
type suit int

const (
	spade suit = iota
	heart
	diamond
	club
)

// ink returns a suit's usual colour.
func (s suit) ink() color.RGBA {
	if s == heart || s == diamond {
		return color.RGBA{200, 25, 30, 255}
	}
	return color.RGBA{20, 20, 20, 255}
}

// pokerSuits are the suits a Corner poker die prints beside its labels.
var pokerSuits = map[string]suit{"9": club, "10": heart, "J": diamond, "Q": heart, "K": spade, "A": spade}

// drawNumeral prints v as a digit, the 6 underlined so it is not a 9.
func drawNumeral(col, alpha *gocv.Mat, d Die, v, size int) {
	t := float64(size)
	font := []gocv.HersheyFont{gocv.FontHersheyDuplex, gocv.FontHersheyComplex, gocv.FontHersheyTriplex}[int(d.Design)%3]
	label := string(rune('0' + v))
	th := max(1, int(t/14))
	printCentred(col, alpha, label, font, t/30, th, image.Pt(size/2, size/2), d.Pip)
	if v == 6 {
		y := int(0.78 * t)
		for _, m := range []*gocv.Mat{col, alpha} {
			ink := d.Pip
			if m == alpha {
				ink = opaque
			}
			gocv.Line(m, image.Pt(int(0.38*t), y), image.Pt(int(0.62*t), y), ink, th)
		}
	}
}

// printCentred writes label centred on at, in colour on col and opaque on alpha.
func printCentred(col, alpha *gocv.Mat, label string, font gocv.HersheyFont, scale float64, th int, at image.Point, ink color.RGBA) {
	sz := gocv.GetTextSize(label, font, scale, th)
	org := image.Pt(at.X-sz.X/2, at.Y+sz.Y/2)
	gocv.PutTextWithParams(col, label, org, font, scale, ink, th, gocv.LineAA, false)
	gocv.PutTextWithParams(alpha, label, org, font, scale, opaque, th, gocv.LineAA, false)
}

// drawPokerFigure draws a poker face as a playing card does: in the Cards
// design 9 and 10 as dots, J, Q and K as figures and the A as a spade; in
// the Corner design the label in a corner over its suit, and again turned
// about in the opposite corner.
func drawPokerFigure(col, alpha *gocv.Mat, d Die, label string, size int) {
	t := float64(size)
	ink := pokerInk(label, d)
	if d.Design == Corner {
		th := max(1, int(t/22))
		for _, c := range [][2]float64{{0.27, 0.26}, {0.73, 0.62}} {
			printCentred(col, alpha, label, gocv.FontHersheyDuplex, t/70, th, image.Pt(int(c[0]*t), int(c[1]*t)), ink)
			s := pokerSuits[label]
			drawSuit(col, alpha, c[0]*t, (c[1]+0.2)*t, 0.08*t, s, suitInk(s, d))
		}
		return
	}
	switch label {
	case "9", "10":
		spots := [][2]float64{{0.28, 0.2}, {0.28, 0.4}, {0.28, 0.6}, {0.28, 0.8}, {0.72, 0.2}, {0.72, 0.4}, {0.72, 0.6}, {0.72, 0.8}}
		if label == "9" {
			spots = append(spots, [2]float64{0.5, 0.5})
		} else {
			spots = append(spots, [2]float64{0.5, 0.3}, [2]float64{0.5, 0.7})
		}
		for _, s := range spots {
			c := image.Pt(int(s[0]*t*16), int(s[1]*t*16))
			gocv.CircleWithParams(col, c, int(0.065*t*16), ink, -1, gocv.LineAA, 4)
			gocv.CircleWithParams(alpha, c, int(0.065*t*16), opaque, -1, gocv.LineAA, 4)
		}
	case "A":
		drawSuit(col, alpha, 0.5*t, 0.45*t, 0.3*t, spade, suitInk(spade, d))
	default:
		drawFigure(col, alpha, label, t, ink)
	}
}

// suitInk is the suit's colour, or on a dark die its one light ink.
func suitInk(s suit, d Die) color.RGBA {
	if int(d.Colour.R)+int(d.Colour.G)+int(d.Colour.B) < 360 {
		return d.Pip
	}
	return s.ink()
}

// drawFigure draws a court card's figure: a head and shoulders under a
// cap (J), a tiara (Q) or a crown (K).
func drawFigure(col, alpha *gocv.Mat, label string, t float64, ink color.RGBA) {
	fill := func(pts [][2]float64) {
		poly := make([]image.Point, len(pts))
		for i, p := range pts {
			poly[i] = image.Pt(int(p[0]*t*16), int(p[1]*t*16))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
		defer pv.Close()
		gocv.FillPolyWithParams(col, pv, ink, gocv.LineAA, 4, image.Point{})
		gocv.FillPolyWithParams(alpha, pv, opaque, gocv.LineAA, 4, image.Point{})
	}
	disc := func(x, y, r float64) {
		c := image.Pt(int(x*t*16), int(y*t*16))
		gocv.CircleWithParams(col, c, int(r*t*16), ink, -1, gocv.LineAA, 4)
		gocv.CircleWithParams(alpha, c, int(r*t*16), opaque, -1, gocv.LineAA, 4)
	}
	disc(0.5, 0.45, 0.12)
	var shoulders [][2]float64
	for i := range 13 {
		a := math.Pi + float64(i)*math.Pi/12
		shoulders = append(shoulders, [2]float64{0.5 + 0.27*math.Cos(a), 0.84 + 0.22*math.Sin(a)})
	}
	fill(shoulders)
	switch label {
	case "J":
		fill([][2]float64{{0.33, 0.33}, {0.67, 0.33}, {0.62, 0.24}, {0.38, 0.24}})
		fill([][2]float64{{0.6, 0.25}, {0.78, 0.12}, {0.64, 0.28}})
	case "Q":
		for _, x := range []float64{0.4, 0.5, 0.6} {
			disc(x, 0.28-0.04*(1-math.Abs(x-0.5)*10), 0.04)
		}
	case "K":
		fill([][2]float64{{0.36, 0.33}, {0.36, 0.18}, {0.43, 0.26}, {0.5, 0.15}, {0.57, 0.26}, {0.64, 0.18}, {0.64, 0.33}})
	}
}

// drawSuit draws a suit symbol of radius r about (cx, cy), in pixels.
func drawSuit(col, alpha *gocv.Mat, cx, cy, r float64, s suit, ink color.RGBA) {
	disc := func(x, y, rad float64) {
		c := image.Pt(int((cx+x*r)*16), int((cy+y*r)*16))
		gocv.CircleWithParams(col, c, int(rad*r*16), ink, -1, gocv.LineAA, 4)
		gocv.CircleWithParams(alpha, c, int(rad*r*16), opaque, -1, gocv.LineAA, 4)
	}
	fill := func(pts ...[2]float64) {
		poly := make([]image.Point, len(pts))
		for i, p := range pts {
			poly[i] = image.Pt(int((cx+p[0]*r)*16), int((cy+p[1]*r)*16))
		}
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
		defer pv.Close()
		gocv.FillPolyWithParams(col, pv, ink, gocv.LineAA, 4, image.Point{})
		gocv.FillPolyWithParams(alpha, pv, opaque, gocv.LineAA, 4, image.Point{})
	}
	switch s {
	case heart:
		disc(-0.48, -0.3, 0.52)
		disc(0.48, -0.3, 0.52)
		fill([2]float64{-0.98, -0.1}, [2]float64{0.98, -0.1}, [2]float64{0, 1})
	case spade:
		disc(-0.48, 0.2, 0.5)
		disc(0.48, 0.2, 0.5)
		fill([2]float64{-0.96, 0.05}, [2]float64{0.96, 0.05}, [2]float64{0, -1})
		fill([2]float64{0, 0.3}, [2]float64{-0.35, 1}, [2]float64{0.35, 1})
	case diamond:
		fill([2]float64{0, -1}, [2]float64{0.7, 0}, [2]float64{0, 1}, [2]float64{-0.7, 0})
	case club:
		disc(0, -0.5, 0.42)
		disc(-0.5, 0.15, 0.42)
		disc(0.5, 0.15, 0.42)
		fill([2]float64{0, 0}, [2]float64{-0.35, 1}, [2]float64{0.35, 1})
	}
}

// logoWords are what a Corner logo spells.
var logoWords = []string{"DICE", "ACE", "LUCK", "777", "GG", "CASINO", "XO"}

// drawLogo draws a logo on the 1 face: in the Cards design a casino's ring
// of dashes about a disc, in the Corner design a word in a box.
func drawLogo(col, alpha *gocv.Mat, d Die, size int, rng *rand.Rand) {
	t := float64(size)
	ink := d.Pip
	c := image.Pt(size/2, size/2)
	if d.Design == Corner {
		word := logoWords[rng.IntN(len(logoWords))]
		scale := t / 26 / float64(max(3, len(word)))
		th := max(1, int(t/28))
		printCentred(col, alpha, word, gocv.FontHersheyDuplex, scale, th, c, ink)
		m := int(0.2 * t)
		gocv.Rectangle(col, image.Rect(m, int(0.33*t), size-m, int(0.67*t)), ink, max(1, int(t/40)))
		return
	}
	gocv.CircleWithParams(col, c, int(0.38*t), ink, max(1, int(t/22)), gocv.LineAA, 0)
	gocv.CircleWithParams(alpha, c, int(0.38*t), opaque, max(1, int(t/22)), gocv.LineAA, 0)
	for i := range 16 {
		a := float64(i) * math.Pi / 8
		p0 := image.Pt(int(t/2+0.24*t*math.Cos(a)), int(t/2+0.24*t*math.Sin(a)))
		p1 := image.Pt(int(t/2+0.31*t*math.Cos(a)), int(t/2+0.31*t*math.Sin(a)))
		gocv.Line(col, p0, p1, ink, max(1, int(t/30)))
		gocv.Line(alpha, p0, p1, opaque, max(1, int(t/30)))
	}
	gocv.CircleWithParams(col, c, int(0.13*t), ink, -1, gocv.LineAA, 0)
	gocv.CircleWithParams(alpha, c, int(0.13*t), opaque, -1, gocv.LineAA, 0)
}

// drawSideGhosts draws, faintly, the pips of the four faces around v as
// a clear body shows them: squeezed into strips along the face's edges.
func drawSideGhosts(col *gocv.Mat, d Die, v, size int, rng *rand.Rand) {
	t := float64(size)
	body, pip := rgbOf(d.Colour), rgbOf(d.Pip)
	k := 0.7 * d.Ghost
	c := mix(body, pip, k)
	ghost := color.RGBA{clamp255(c[0]), clamp255(c[1]), clamp255(c[2]), 255}
	for edge := range 4 {
		w := pick(rng, v, 0)
		for _, s := range pipSpots[w] {
			along, in := s[0], 0.05+0.16*s[1]
			x, y := along, in
			switch edge {
			case 1:
				x, y = 1-in, along
			case 2:
				x, y = along, 1-in
			case 3:
				x, y = in, along
			}
			axes := image.Pt(int(0.06*t), int(0.025*t))
			if edge%2 == 1 {
				axes = image.Pt(axes.Y, axes.X)
			}
			gocv.EllipseWithParams(col, image.Pt(int(x*t), int(y*t)), axes, 0, 0, 360, ghost, -1, gocv.LineAA, 0)
		}
	}
}
