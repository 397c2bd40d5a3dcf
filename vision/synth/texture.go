package synth

import (
	"image/color"
	"math"
)

// surfaceAt returns the RGB colour of a surface of the given kind and
// cover at table point p.
func surfaceAt(kind Surface, c Cover, p vec3, n *noise) [3]float64 {
	if kind <= Desk {
		return surface(kind, p, n)
	}
	sin, cos := math.Sincos(c.Angle * math.Pi / 180)
	u, v := p.X*cos+p.Y*sin, -p.X*sin+p.Y*cos // along and across the pattern
	sc := c.Scale
	if sc <= 0 {
		sc = 40
	}
	base, second := rgbOf(c.Colour), rgbOf(c.Second)
	fine := n.at(p.X/1.1, p.Y/1.1) // the grain of any material, pixel by pixel
	switch kind {
	case Baize:
		return scale3(base, 1+0.05*n.fbm(p.X/70, p.Y/70, 3)+0.06*fine)
	case Leather:
		// Pebbles are ridges of noise at the pebble's size; a sheen comes
		// and goes over wider patches.
		r := math.Abs(n.at(u/sc*4, v/sc*4)) + 0.5*math.Abs(n.at(u/sc*9+3, v/sc*9))
		return scale3(base, 0.82+0.22*smooth(0.05, 0.6, r)+0.1*n.fbm(p.X/250, p.Y/250, 2)+0.03*fine)
	case Grain:
		return grain(c, u, v, sc, base, second, n)
	case Weave:
		// Threads along and across: which lies on top alternates.
		cu, cv := math.Floor(u/sc), math.Floor(v/sc)
		col, across := base, v/sc-cv
		if (int(cu)+int(cv))&1 == 1 {
			col, across = second, u/sc-cu
		}
		return scale3(col, 0.78+0.3*math.Sin(math.Pi*across)+0.06*n.fbm(p.X/60, p.Y/60, 2)+0.04*fine)
	case Paper:
		col := base
		switch c.Motif % 3 {
		case 1:
			if math.Mod(math.Abs(v), sc) < 1.2 {
				col = mix(base, second, 0.8)
			}
		case 2:
			if math.Mod(math.Abs(v), sc) < 1 || math.Mod(math.Abs(u), sc) < 1 {
				col = mix(base, second, 0.6)
			}
		}
		return scale3(col, 1+0.02*n.fbm(p.X/40, p.Y/40, 3)+0.025*fine)
	case Painted:
		col := base
		if n.fbm(p.X/(sc*1.5)+11, p.Y/(sc*1.5), 4) > 0.42 {
			col = second // a chip showing the coat beneath
		}
		return scale3(col, 1+0.05*n.fbm(u/(sc*6), v/(sc*0.15), 3)+0.02*fine)
	case Board:
		col, _ := boardAt(c, u, v, sc)
		return scale3(col, 1+0.03*n.fbm(p.X/90, p.Y/90, 2)+0.02*fine)
	case Pattern:
		return scale3(pattern(c, u, v, sc, base, second, n), 1+0.04*n.fbm(p.X/50, p.Y/50, 2)+0.03*fine)
	}
	return abstract(c, u, v, sc, base, second, n)
}

// grain draws boards along u, each its own tone, with grain lines warped
// along them and dark gaps between.
func grain(c Cover, u, v, sc float64, base, second rgb, n *noise) [3]float64 {
	width := sc * 3
	plank := math.Floor(v / width)
	h := unit(c.Seed, int(plank), 0)
	warp := sc * 0.8 * n.fbm(u/(sc*8), v/(sc*2), 3)
	g := math.Sin((v + warp) * 2 * math.Pi / (sc * 0.35 * (0.7 + 0.6*h)))
	line := math.Max(0, g-0.6) / 0.4 * (0.5 + 0.5*n.at(u/(sc*2)+7, v/sc))
	k := 1 - 0.22*line + 0.1*n.fbm(u/(sc*10), v/(sc*0.6), 2) + 0.16*(h-0.5) + 0.03*n.at(u/1.5, v/6)
	if v-plank*width < 1.3 {
		k *= 0.5
	}
	return scale3(mix(base, second, 0.4*line), k)
}

// boardAt returns the colour of a game board at (u, v) and the space it
// falls in, with whether the space is printed with a mark.
func boardAt(c Cover, u, v, sc float64) (rgb, space) {
	sp := spaceAt(c, u, v, sc)
	if sp.edge < 0.05 {
		return rgbOf(c.Second), sp
	}
	h := hash3(c.Seed, sp.i, sp.j)
	col := rgbOf(c.Colour)
	if h%5 > 1 {
		col = hsv(unitOf(h>>8), 0.45+0.4*unitOf(h>>20), 0.65+0.3*unitOf(h>>32))
	}
	ink := rgb{30, 30, 34}
	if h>>40&1 == 1 {
		ink = rgb{240, 240, 236}
	}
	x, y := sp.fx, sp.fy
	switch sp.mark() {
	case markPips:
		for _, s := range pipSpots[1+int(h>>44)%6] {
			if math.Hypot(x-(0.15+0.7*s[0]), y-(0.15+0.7*s[1])) < 0.075 {
				return ink, sp
			}
		}
	case markRing:
		if r := math.Hypot(x-0.5, y-0.5); math.Abs(r-0.3) < 0.05 {
			return ink, sp
		}
	case markDisc:
		if math.Hypot(x-0.5, y-0.5) < 0.2 {
			return ink, sp
		}
	}
	return col, sp
}

// space is one printed space of a board: its place in the grid, where a
// point falls within it (fx, fy from 0 to 1 across it) and how far the point
// is from its border (0 on it, about 0.5 at the middle).
type space struct {
	i, j       int
	fx, fy     float64
	edge       float64
	seed       uint64
	cu, cv, sc float64 // centre along and across, and size
	hex        bool
}

type mark int

const (
	markNone mark = iota
	markPips      // dots laid out as a die's pips: the hardest negative
	markRing
	markDisc
)

func (sp space) mark() mark {
	switch hash3(sp.seed, sp.i, sp.j) % 10 {
	case 0, 1, 2:
		return markPips
	case 3:
		return markRing
	case 4:
		return markDisc
	}
	return markNone
}

// spaceAt finds the space of a square grid (even Motif) or of a hex grid
// (odd Motif) that (u, v) falls in.
func spaceAt(c Cover, u, v, sc float64) space {
	if c.Motif%2 == 0 {
		i, j := math.Floor(u/sc), math.Floor(v/sc)
		fx, fy := u/sc-i, v/sc-j
		return space{i: int(i), j: int(j), fx: fx, fy: fy, edge: math.Min(math.Min(fx, 1-fx), math.Min(fy, 1-fy)),
			seed: c.Seed, cu: (i + 0.5) * sc, cv: (j + 0.5) * sc, sc: sc}
	}
	// Pointy-topped hexagons of width sc: axial coordinates, rounded as cubes.
	r := sc / math.Sqrt(3)
	q, s := (math.Sqrt(3)/3*u-v/3)/r, 2.0/3*v/r
	x, z := q, s
	y := -x - z
	rx, ry, rz := math.Round(x), math.Round(y), math.Round(z)
	dx, dy, dz := math.Abs(rx-x), math.Abs(ry-y), math.Abs(rz-z)
	if dx > dy && dx > dz {
		rx = -ry - rz
	} else if dy <= dz {
		rz = -rx - ry
	}
	cu := r * math.Sqrt(3) * (rx + rz/2)
	cv := r * 1.5 * rz
	lx, ly := u-cu, v-cv
	in := sc / 2 // the hexagon's inner radius
	m := 0.0
	for _, a := range [3]float64{0, math.Pi / 3, 2 * math.Pi / 3} {
		m = math.Max(m, math.Abs(lx*math.Cos(a)+ly*math.Sin(a)))
	}
	return space{i: int(rx), j: int(rz), fx: lx/sc + 0.5, fy: ly/sc + 0.5, edge: (in - m) / sc,
		seed: c.Seed, cu: cu, cv: cv, sc: sc, hex: true}
}

// pattern draws printed cloth.
func pattern(c Cover, u, v, sc float64, base, second rgb, n *noise) rgb {
	bu, bv := int(math.Floor(u/sc))&1, int(math.Floor(v/sc))&1
	switch c.Motif % 5 {
	case 0: // gingham: where bands cross, the colour doubles
		return mix(second, base, float64(bu+bv)/2)
	case 1: // stripes
		if bu == 1 {
			return second
		}
		return base
	case 2: // dots on a staggered grid
		j := math.Floor(v / sc)
		x := u/sc + 0.5*float64(int(j)&1)
		if math.Hypot(x-math.Floor(x)-0.5, v/sc-j-0.5) < 0.22 {
			return second
		}
		return base
	case 3: // tartan: bands of both colours, thin dark lines
		t := 0.5*(0.5+0.5*math.Sin(u/sc*math.Pi)) + 0.5*(0.5+0.5*math.Sin(v/sc*math.Pi))
		col := mix(base, second, t)
		if math.Mod(math.Abs(u), sc*2) < 1.2 || math.Mod(math.Abs(v), sc*2) < 1.2 {
			col = scale3(col, 0.5)
		}
		return col
	}
	// flowers: blobs of the second colour with a light heart
	f := n.fbm(u/sc+31, v/sc, 3)
	switch {
	case f > 0.35:
		return rgb{240, 230, 150}
	case f > 0.15:
		return second
	}
	return base
}

// abstract paints colours no table has, for domain randomisation.
func abstract(c Cover, u, v, sc float64, base, second rgb, n *noise) rgb {
	third := hsv(unit(c.Seed, 3, 3), 0.7, 0.9)
	switch c.Motif % 3 {
	case 0:
		f := n.fbm(u/(sc*3), v/(sc*3), 4)
		return mix(mix(base, second, smooth(-0.3, 0.3, f)), third, smooth(0.25, 0.5, f))
	case 1:
		k := math.Floor(u / sc * (1 + 0.5*n.at(v/(sc*8), 1)))
		return mix(base, third, unit(c.Seed, int(k), 1))
	}
	// cells about scattered points, each its own colour
	best, col := math.Inf(1), base
	i0, j0 := int(math.Floor(u/sc)), int(math.Floor(v/sc))
	for i := i0 - 1; i <= i0+1; i++ {
		for j := j0 - 1; j <= j0+1; j++ {
			px, py := (float64(i)+unit(c.Seed, i, j))*sc, (float64(j)+unit(c.Seed+1, i, j))*sc
			if d := math.Hypot(u-px, v-py); d < best {
				best, col = d, mix(base, second, unit(c.Seed+2, i, j))
			}
		}
	}
	return col
}

// rgba returns c as a colour for gocv's drawing, which takes RGB.
func rgba(c rgb) color.RGBA { return color.RGBA{clamp255(c[0]), clamp255(c[1]), clamp255(c[2]), 255} }

func scale3(c rgb, k float64) rgb { return rgb{c[0] * k, c[1] * k, c[2] * k} }

// hsv returns the colour of hue h (0 to 1), saturation s and value v, 0 to 255.
func hsv(h, s, v float64) rgb {
	h = (h - math.Floor(h)) * 6
	f := h - math.Floor(h)
	p, q, t := v*(1-s), v*(1-s*f), v*(1-s*(1-f))
	var c [3]float64
	switch int(h) {
	case 0:
		c = [3]float64{v, t, p}
	case 1:
		c = [3]float64{q, v, p}
	case 2:
		c = [3]float64{p, v, t}
	case 3:
		c = [3]float64{p, q, v}
	case 4:
		c = [3]float64{t, p, v}
	default:
		c = [3]float64{v, p, q}
	}
	return rgb{c[0] * 255, c[1] * 255, c[2] * 255}
}

// hash3 mixes a seed and two integers (splitmix64), so a grid's cells get
// colours that are random yet the same however the picture is drawn.
func hash3(seed uint64, i, j int) uint64 {
	z := seed ^ uint64(int64(i))*0x9e3779b97f4a7c15 ^ uint64(int64(j))*0xc2b2ae3d27d4eb4f
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// unit returns a number in [0, 1) fixed by seed, i and j.
func unit(seed uint64, i, j int) float64 { return unitOf(hash3(seed, i, j)) }

func unitOf(h uint64) float64 { return float64(h&(1<<24-1)) / (1 << 24) }
