package synth

import (
	"image/color"
	"math"
	"math/rand/v2"
)

// A family is a named kind of look the corpus draws from, on one of three
// axes: the table (surface, and tray shape if any), the dice's look (body
// and pips), and the faces' design. A training run can hold families out
// and measure on them.

// look is a family of dice looks: it dresses a die in one of its colourings.
type look struct {
	name  string
	dress func(rng *rand.Rand) Die
}

// looks are the corpus's families of dice looks.
var looks = []look{
	{"classic", func(rng *rand.Rand) Die {
		v := 0.86 + 0.12*rng.Float64()
		body := hsv(0.08+0.06*rng.Float64(), 0.15*rng.Float64(), v)
		pip := []rgb{{20, 20, 22}, {50, 50, 55}, {25, 35, 90}, {130, 20, 25}}[rng.IntN(4)]
		return Die{Colour: rgba(body), Pip: rgba(pip)}
	}},
	{"coloured", func(rng *rand.Rand) Die {
		body := hsv(rng.Float64(), 0.6+0.4*rng.Float64(), 0.4+0.55*rng.Float64())
		return Die{Colour: rgba(body), Pip: rgba(contrasting(body, rng))}
	}},
	{"colour-pips", func(rng *rand.Rand) Die {
		h := rng.Float64()
		body := hsv(h, rng.Float64(), 0.15+0.8*rng.Float64())
		pip := hsv(h+0.25+0.5*rng.Float64(), 0.5+0.5*rng.Float64(), 0.5+0.5*rng.Float64())
		return Die{Colour: rgba(body), Pip: rgba(pip)}
	}},
	{"low-contrast", func(rng *rand.Rand) Die {
		h, s, v := rng.Float64(), rng.Float64(), 0.25+0.6*rng.Float64()
		dv := (0.1 + 0.15*rng.Float64()) * float64(1-2*rng.IntN(2))
		return Die{Colour: rgba(hsv(h, s, v)), Pip: rgba(hsv(h+0.1*rng.NormFloat64(), s, math.Max(0.05, math.Min(1, v+dv))))}
	}},
	{"gold-on-black", func(rng *rand.Rand) Die {
		body := hsv(rng.Float64(), 0.3*rng.Float64(), 0.04+0.14*rng.Float64())
		metal := []rgb{hsv(0.12+0.02*rng.Float64(), 0.55+0.3*rng.Float64(), 0.75+0.2*rng.Float64()), {200, 200, 205}, {190, 120, 60}}[rng.IntN(3)]
		return Die{Colour: rgba(body), Pip: rgba(metal)}
	}},
	{"marbled", func(rng *rand.Rand) Die {
		body := hsv(rng.Float64(), 0.3+0.7*rng.Float64(), 0.2+0.7*rng.Float64())
		vein := hsv(rng.Float64(), rng.Float64(), rng.Float64())
		return Die{Colour: rgba(body), Vein: rgba(vein), Pip: rgba(contrasting(mix(body, vein, 0.4), rng)), Body: Marbled}
	}},
	{"translucent", func(rng *rand.Rand) Die {
		body := hsv(rng.Float64(), 0.55+0.45*rng.Float64(), 0.55+0.4*rng.Float64())
		pip := rgb{245, 245, 240}
		if rng.IntN(4) == 0 {
			pip = rgb{25, 25, 25}
		}
		// Casino dice are translucent, sharp-cornered, and show every
		// hidden pip; toys are rounder.
		round := 0.03 + 0.05*rng.Float64()
		if rng.IntN(2) == 0 {
			round = 0.12 + 0.15*rng.Float64()
		}
		return Die{Colour: rgba(body), Pip: rgba(pip), Body: Translucent, Ghost: 0.25 + 0.45*rng.Float64(), Round: round}
	}},
	{"smoky", func(rng *rand.Rand) Die {
		body := hsv(rng.Float64(), 0.4*rng.Float64(), 0.2+0.4*rng.Float64())
		pip := []rgb{{205, 35, 45}, {240, 240, 235}, {230, 190, 60}}[rng.IntN(3)]
		return Die{Colour: rgba(body), Pip: rgba(pip), Body: Smoky}
	}},
}

// contrasting returns white, black or a bright yellow for pips on body.
func contrasting(body rgb, rng *rand.Rand) rgb {
	if rng.IntN(6) == 0 {
		return rgb{250, 212, 40}
	}
	if 0.3*body[0]+0.59*body[1]+0.11*body[2] > 140 {
		return rgb{20, 20, 22}
	}
	return rgb{246, 246, 242}
}

// design is a family of face designs: it gives a die its faces. Weight
// is how often a scene's dice take it, as games use them.
type design struct {
	name   string
	weight float64
	apply  func(d *Die, rng *rand.Rand)
}

var designs = []design{
	{"pips", 10, func(d *Die, _ *rand.Rand) { d.Faces = Pips }},
	// Asian dice: the 1 large and red, the 4 red too.
	{"pips-accent", 1.5, func(d *Die, _ *rand.Rand) { d.Faces, d.Accent = Pips, color.RGBA{215, 30, 40, 255} }},
	{"logo", 2, func(d *Die, rng *rand.Rand) { d.Faces, d.Design = Logo, Design(rng.IntN(3)) }},
	{"blank", 0.5, func(d *Die, _ *rand.Rand) { d.Faces = Blank }},
	{"poker-letters", 1.5, func(d *Die, _ *rand.Rand) { d.Faces, d.Design = Poker, Letters }},
	{"poker-cards", 1.5, func(d *Die, _ *rand.Rand) { d.Faces, d.Design = Poker, Cards }},
	{"poker-corner", 1.5, func(d *Die, _ *rand.Rand) { d.Faces, d.Design = Poker, Corner }},
}

// pickDesign draws one of ds by weight.
func pickDesign(ds []design, rng *rand.Rand) design {
	total := 0.0
	for _, d := range ds {
		total += d.weight
	}
	r := rng.Float64() * total
	for _, d := range ds {
		if r -= d.weight; r < 0 {
			return d
		}
	}
	return ds[len(ds)-1]
}

// table is a family of tables: a surface in its own colours, maybe in a tray.
type table struct {
	name  string
	kind  Surface
	cover func(rng *rand.Rand, die float64) Cover
}

var tables = []table{
	{"felt", Baize, func(rng *rand.Rand, _ float64) Cover {
		c := []rgb{{30, 110, 60}, {25, 60, 130}, {140, 30, 35}, {150, 150, 145}, {35, 35, 38}, {80, 40, 110}}[rng.IntN(6)]
		if rng.IntN(3) == 0 {
			c = hsv(rng.Float64(), rng.Float64(), 0.15+0.7*rng.Float64())
		}
		return Cover{Colour: rgba(c)}
	}},
	{"leather", Leather, func(rng *rand.Rand, die float64) Cover {
		c := hsv(0.03+0.08*rng.Float64(), 0.4+0.5*rng.Float64(), 0.1+0.5*rng.Float64())
		if rng.IntN(3) == 0 {
			c = hsv(rng.Float64(), rng.Float64(), 0.1+0.6*rng.Float64())
		}
		return Cover{Colour: rgba(c), Scale: die * (0.1 + 0.3*rng.Float64()), Angle: rng.Float64() * 180}
	}},
	{"wood", Grain, func(rng *rand.Rand, die float64) Cover {
		c := hsv(0.05+0.06*rng.Float64(), 0.35+0.45*rng.Float64(), 0.25+0.65*rng.Float64())
		return Cover{Colour: rgba(c), Second: rgba(scale3(c, 0.6)), Scale: die * (0.4 + 1.2*rng.Float64()), Angle: rng.Float64() * 180, Seed: rng.Uint64()}
	}},
	{"cloth", Weave, func(rng *rand.Rand, _ float64) Cover {
		h := rng.Float64()
		a := hsv(h, rng.Float64(), 0.15+0.8*rng.Float64())
		b := hsv(h+0.3*rng.NormFloat64(), rng.Float64(), 0.15+0.8*rng.Float64())
		return Cover{Colour: rgba(a), Second: rgba(b), Scale: 1.5 + 4*rng.Float64(), Angle: rng.Float64() * 90}
	}},
	{"paper", Paper, func(rng *rand.Rand, die float64) Cover {
		c := []rgb{{245, 245, 240}, {240, 232, 205}, {190, 160, 120}, {250, 250, 250}}[rng.IntN(4)]
		return Cover{Colour: rgba(c), Second: rgba(rgb{110, 140, 200}), Scale: die * (0.3 + 0.5*rng.Float64()), Angle: rng.Float64() * 180, Motif: rng.IntN(3)}
	}},
	{"painted", Painted, func(rng *rand.Rand, die float64) Cover {
		c := hsv(rng.Float64(), rng.Float64(), 0.2+0.75*rng.Float64())
		return Cover{Colour: rgba(c), Second: rgba(hsv(rng.Float64(), 0.3*rng.Float64(), 0.5+0.5*rng.Float64())), Scale: die * (0.5 + rng.Float64()), Angle: rng.Float64() * 180}
	}},
	{"board", Board, func(rng *rand.Rand, die float64) Cover {
		base := []rgb{{240, 235, 215}, {250, 250, 250}, {60, 140, 80}, {200, 60, 50}}[rng.IntN(4)]
		gutter := []rgb{{20, 20, 20}, {250, 250, 250}, {90, 60, 40}}[rng.IntN(3)]
		return Cover{Colour: rgba(base), Second: rgba(gutter), Scale: die * (0.9 + 1.6*rng.Float64()), Angle: rng.Float64() * 90, Motif: rng.IntN(2), Seed: rng.Uint64()}
	}},
	{"pattern", Pattern, func(rng *rand.Rand, die float64) Cover {
		a := hsv(rng.Float64(), rng.Float64(), 0.2+0.8*rng.Float64())
		b := hsv(rng.Float64(), rng.Float64(), 0.2+0.8*rng.Float64())
		return Cover{Colour: rgba(a), Second: rgba(b), Scale: die * (0.1 + 1.2*rng.Float64()), Angle: rng.Float64() * 90, Motif: rng.IntN(5)}
	}},
	{"abstract", Abstract, func(rng *rand.Rand, die float64) Cover {
		a := hsv(rng.Float64(), rng.Float64(), rng.Float64())
		b := hsv(rng.Float64(), rng.Float64(), rng.Float64())
		return Cover{Colour: rgba(a), Second: rgba(b), Scale: die * (0.1 + 2*rng.Float64()), Angle: rng.Float64() * 180, Motif: rng.IntN(3), Seed: rng.Uint64()}
	}},
}

// trays are the tray shapes a table family may add: none, square, hexagonal.
var trays = []struct {
	name  string
	sides int
}{{"", 0}, {"square", 4}, {"hex", 6}}

// TableFamilies returns the names of the table families: a surface, and
// with a dash the shape of a tray on it, as "felt-hex".
func TableFamilies() []string {
	var out []string
	for _, t := range tables {
		for _, tr := range trays {
			out = append(out, tableName(t.name, tr.name))
		}
	}
	return out
}

func tableName(surface, tray string) string {
	if tray == "" {
		return surface
	}
	return surface + "-" + tray
}

// LookFamilies returns the names of the dice look families.
func LookFamilies() []string {
	var out []string
	for _, l := range looks {
		out = append(out, l.name)
	}
	return out
}

// DesignFamilies returns the names of the face design families.
func DesignFamilies() []string {
	var out []string
	for _, d := range designs {
		out = append(out, d.name)
	}
	return out
}
