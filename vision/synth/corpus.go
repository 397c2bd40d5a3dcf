package synth

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
)

// CorpusOptions say what a training corpus holds.
type CorpusOptions struct {
	Sizes []image.Point // delivered picture sizes, drawn from evenly; none means 640x480
	// Hold names families no scene may show; Only names the families a
	// scene must draw from on each axis it names (table, look, design),
	// the other axes left free. Hold trains, Only measures.
	Hold, Only []string
	Cutouts    []*Cutout // real dice to paste into scenes; none for none
	// Tilts, when set, is the range of camera tilts, in degrees from
	// straight down, every scene is seen at, in place of the corpus's own
	// mix up to MaxTilt: a camera low beside the dice sees them from up to
	// MaxLowTilt, their fronts larger than their tops.
	Tilts [2]float64
}

// Corpus draws domain-randomised training scenes: any table and tray,
// camera, light and optics, 1 to 50 dice of any look touching and stacked,
// other dice and clutter, hands, and pasted real dice.
type Corpus struct {
	sizes   []image.Point
	tables  []tableChoice
	open    []table // surfaces a tray may stand on
	looks   []look
	designs []design
	cutouts []*Cutout
	tilts   [2]float64
}

type tableChoice struct {
	table
	sides int
	name  string
}

// The ranges the corpus keeps to: what a die finder must handle.
const (
	MinDieSide = 15  // px: the smallest top face
	MaxDieSide = 250 // px: the largest
	MaxTilt    = 55  // degrees from straight down
	MaxLowTilt = 80  // the most CorpusOptions.Tilts may ask for
	MaxDice    = 50
	maxPasteK  = 2.5 // a pasted die grows at most this much: more is mush
)

// NewCorpus checks o and returns a corpus that draws from what it allows.
func NewCorpus(o CorpusOptions) (*Corpus, error) {
	known := map[string]string{}
	for _, f := range TableFamilies() {
		known[f] = "table"
	}
	for _, f := range LookFamilies() {
		known[f] = "look"
	}
	for _, f := range DesignFamilies() {
		known[f] = "design"
	}
	only := map[string]map[string]bool{}
	for _, f := range append(slices.Clone(o.Hold), o.Only...) {
		if known[f] == "" {
			return nil, fmt.Errorf("unknown family %q: tables are %s; looks are %s; designs are %s", f,
				strings.Join(TableFamilies(), ", "), strings.Join(LookFamilies(), ", "), strings.Join(DesignFamilies(), ", "))
		}
	}
	for _, f := range o.Only {
		if only[known[f]] == nil {
			only[known[f]] = map[string]bool{}
		}
		only[known[f]][f] = true
	}
	allowed := func(axis, name string) bool {
		return !slices.Contains(o.Hold, name) && (only[axis] == nil || only[axis][name])
	}
	if lo, hi := o.Tilts[0], o.Tilts[1]; lo != 0 || hi != 0 {
		if lo < 0 || hi < lo || hi > MaxLowTilt {
			return nil, fmt.Errorf("camera tilts %g-%g: want 0 <= low <= high <= %d degrees", lo, hi, MaxLowTilt)
		}
	}
	c := &Corpus{sizes: o.Sizes, cutouts: o.Cutouts, tilts: o.Tilts}
	if len(c.sizes) == 0 {
		c.sizes = []image.Point{{640, 480}}
	}
	for _, t := range tables {
		for _, tr := range trays {
			name := tableName(t.name, tr.name)
			if allowed("table", name) {
				c.tables = append(c.tables, tableChoice{t, tr.sides, name})
			}
			if tr.sides == 0 && !slices.Contains(o.Hold, name) {
				c.open = append(c.open, t)
			}
		}
	}
	for _, l := range looks {
		if allowed("look", l.name) {
			c.looks = append(c.looks, l)
		}
	}
	for _, d := range designs {
		if allowed("design", d.name) {
			c.designs = append(c.designs, d)
		}
	}
	if len(c.tables) == 0 || len(c.looks) == 0 || len(c.designs) == 0 {
		return nil, fmt.Errorf("families held %v and only %v leave no table, look or design to draw: hold fewer", o.Hold, o.Only)
	}
	return c, nil
}

// Sample is one scene of a corpus and what it was drawn from.
type Sample struct {
	Scene   Scene
	Seed    uint64   // to render Scene with
	Table   string   // the table family
	Looks   []string // each die's look family, as Scene.Dice; "real" for a pasted die
	Designs []string // each die's face design family; "real" for a pasted die
	Touch   []bool   // each die lies against another
	Under   []bool   // another die rests on it
	Quality int      // the JPEG quality the camera stores the picture at
}

// Sample draws scene i of the corpus seeded seed: the same numbers always
// draw the same scene, whatever else is drawn.
func (c *Corpus) Sample(seed uint64, i int) Sample {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	sm := Sample{Seed: hash3(seed, i, 0x5eed)}
	size := c.sizes[rng.IntN(len(c.sizes))]
	s := &sm.Scene
	c.camera(s, size, rng)

	// Dice first in number and size: the table's patterns scale with them.
	n := 1 + rng.IntN(5)
	switch r := rng.Float64(); {
	case r < 0.25:
		n = 16 + rng.IntN(MaxDice-15)
	case r < 0.55:
		n = 6 + rng.IntN(10)
	}
	area := float64(s.Width * s.Height)
	most := math.Min(MaxDieSide, math.Sqrt(area/(float64(n)*4.5)))
	for most < MinDieSide*1.2 && n > 1 {
		n = n * 2 / 3
		most = math.Min(MaxDieSide, math.Sqrt(area/(float64(n)*4.5)))
	}
	side := MinDieSide * math.Exp(rng.Float64()*math.Log(most/MinDieSide))

	t := c.tables[rng.IntN(len(c.tables))]
	sm.Table = t.name
	c.table(s, t, side, rng)
	c.light(s, rng)
	cam := newCamera(*s)
	p := placer{s: s, cam: cam, rng: rng}
	c.flatProps(&p, side)
	c.dice(&sm, &p, n, side)
	c.solidProps(&p, side)
	if rng.IntN(7) == 0 {
		c.hand(s, side, rng)
	}
	c.optics(&sm, rng)
	return sm
}

// camera picks a phone's or webcam's lens, tilt and picture size.
func (c *Corpus) camera(s *Scene, size image.Point, rng *rand.Rand) {
	switch r := rng.Float64(); {
	case r < 0.3:
		s.Tilt = 3 * rng.Float64()
	case r < 0.7:
		s.Tilt = 3 + 32*rng.Float64()
	default:
		s.Tilt = 35 + (MaxTilt-35)*rng.Float64()
	}
	if lo, hi := c.tilts[0], c.tilts[1]; hi > 0 {
		s.Tilt = lo + (hi-lo)*rng.Float64()
	}
	switch rng.IntN(3) {
	case 0: // a phone's main camera
		s.Focal = 0.65 + 0.3*rng.Float64()
	case 1: // a webcam
		s.Focal = 0.7 + 0.5*rng.Float64()
	default: // zoomed in, or far off
		s.Focal = 1.2 + 1.4*rng.Float64()
	}
	s.Width, s.Height = size.X, size.Y
	if rng.IntN(8) == 0 {
		// The sensor saw another shape than the picture delivered.
		k := []float64{4.0 / 3, 3.0 / 4, 0.85 + 0.35*rng.Float64()}[rng.IntN(3)]
		s.Width = int(math.Round(float64(size.X) / k))
		s.Optics.Stretch = float64(size.X) / float64(s.Width) // exactly size.X wide again
	}
	if s.Tilt > MaxTilt {
		// So steep a camera would see the horizon with a wide lens: the
		// picture's top edge is kept a few degrees down onto the table.
		room := math.Tan((steepestRay - s.Tilt) * math.Pi / 180)
		s.Focal = math.Max(s.Focal, float64(s.Height)/2/room/float64(max(s.Width, s.Height)))
	}
}

// steepestRay is the most, in degrees from straight down, that a steep
// camera of the corpus looks through its picture's top edge.
const steepestRay = 86

// table lays the surface and, for a tray family, a tray on another surface.
func (c *Corpus) table(s *Scene, t tableChoice, side float64, rng *rand.Rand) {
	if t.sides == 0 {
		s.Surface, s.Cover = t.kind, t.cover(rng, side)
		return
	}
	out := t.table
	if len(c.open) > 0 {
		out = c.open[rng.IntN(len(c.open))]
	}
	s.Surface, s.Cover = out.kind, out.cover(rng, side)
	w, h := float64(s.Width), float64(s.Height)
	r := math.Hypot(w, h) / 2 * (0.45 + 0.5*rng.Float64())
	wall := rgba(hsv(rng.Float64(), rng.Float64(), 0.1+0.7*rng.Float64()))
	s.Walls = Walls{
		Sides: t.sides, Radius: r, Angle: rng.Float64() * 360,
		X: (rng.Float64() - 0.5) * 0.2 * w, Y: (rng.Float64() - 0.5) * 0.2 * h,
		Height: r * (0.06 + 0.1*rng.Float64()), Thick: r * (0.02 + 0.05*rng.Float64()),
		Colour: wall, Rim: rgba(scale3(rgbOf(wall), 0.6+0.6*rng.Float64())),
		Floor: t.kind, Cover: t.cover(rng, side),
	}
	if t.sides == 4 {
		s.Walls.Aspect = 0.7 + 0.6*rng.Float64()
		s.Walls.Angle = (rng.Float64() - 0.5) * 30
		if rng.IntN(2) == 0 {
			s.Walls.Angle += 45 // the corners' angles start at 45°: square to the picture
		}
	}
}

func (c *Corpus) light(s *Scene, rng *rand.Rand) {
	s.Light = Light{Azimuth: rng.Float64() * 360, Shadow: 0.9 * rng.Float64(), Length: 0.2 + rng.Float64(),
		Level: 0.6 + 0.7*rng.Float64()}
	if rng.IntN(2) == 0 {
		s.Light.Gradient = 0.6 * rng.Float64()
	}
}

// dice places n dice of about side px in chosen looks and designs:
// scattered, in touching groups, a few stacked, some pasted from photos.
func (c *Corpus) dice(sm *Sample, p *placer, n int, side float64) {
	rng := p.rng
	var sets []Die // the colourings in this scene: dice come in sets
	var setLooks []string
	for range 1 + rng.IntN(3) {
		l := c.looks[rng.IntN(len(c.looks))]
		for range 1 + rng.IntN(2) {
			d := l.dress(rng)
			if d.Round == 0 {
				d.Round = 0.04 + 0.26*rng.Float64()
			}
			d.PipSize = 0.075 + 0.045*rng.Float64()
			sets, setLooks = append(sets, d), append(setLooks, l.name)
		}
	}
	main, other := pickDesign(c.designs, rng), pickDesign(c.designs, rng)
	mixed := rng.IntN(4) == 0
	touchy := rng.Float64() * 0.7
	paste := len(c.cutouts) > 0 && p.s.Tilt <= 30 && rng.IntN(2) == 0
	for range n {
		k := rng.IntN(len(sets))
		d := sets[k]
		des := main
		if mixed && rng.IntN(3) == 0 {
			des = other
		}
		des.apply(&d, rng)
		d.Value = 1 + rng.IntN(6)
		lk, dn := setLooks[k], des.name
		want := side * (0.85 + 0.33*rng.Float64())
		if paste && rng.IntN(2) == 0 {
			cut := c.cutouts[rng.IntN(len(c.cutouts))]
			want = math.Max(MinDieSide, math.Min(want, cut.Top.Side()*maxPasteK))
			d = Die{Value: cut.Value, Faces: Pips, Paste: &Paste{Cut: cut, Blend: []Blend{Feathered, Feathered, Feathered, Hard, Poisson}[rng.IntN(5)],
				Gain: [3]float64{0.85 + 0.3*rng.Float64(), 0.85 + 0.3*rng.Float64(), 0.85 + 0.3*rng.Float64()}}}
			lk, dn = "real", "real"
		}
		touch := len(p.s.Dice) > 0 && rng.Float64() < touchy
		if at, ok := p.place(d, want, touch); ok {
			sm.Looks, sm.Designs = append(sm.Looks, lk), append(sm.Designs, dn)
			sm.Touch = append(sm.Touch, at >= 0)
			sm.Under = append(sm.Under, false)
			if at >= 0 {
				sm.Touch[at] = true
			}
		}
	}
	// A die come to rest on another, now and then.
	if len(p.s.Dice) >= 2 && rng.IntN(8) == 0 {
		for range 1 + rng.IntN(2) {
			b := rng.IntN(len(p.s.Dice))
			base := p.s.Dice[b]
			if base.Stacked || sm.Under[b] || base.Paste != nil {
				continue
			}
			k := rng.IntN(len(sets))
			d := sets[k]
			main.apply(&d, rng)
			d.Value = 1 + rng.IntN(6)
			at := p.cam.onTable(base.X, base.Y)
			d.Size = base.Size * (0.9 + 0.1*rng.Float64())
			off := 0.18 * d.Size
			x, y := p.cam.project(vec3{at.X + off*(2*rng.Float64()-1), at.Y + off*(2*rng.Float64()-1), 0})
			d.X, d.Y, d.Angle, d.Lift, d.Stacked = x, y, rng.Float64()*90, base.Size, true
			if side := p.side(d); side < MinDieSide || side > MaxDieSide {
				continue
			}
			p.s.Dice = append(p.s.Dice, d)
			sm.Looks, sm.Designs = append(sm.Looks, setLooks[k]), append(sm.Designs, main.name)
			sm.Touch, sm.Under = append(sm.Touch, true), append(sm.Under, false)
			sm.Under[b] = true
		}
	}
	for range p.s.Dice {
		if rng.IntN(3) == 0 {
			p.s.Light.Glare++ // glossy dice catch the lamp
		}
	}
	if rng.IntN(12) == 0 { // dice still sliding as the shutter closes
		for i := range p.s.Dice {
			p.s.Dice[i].Motion = image.Pt(rng.IntN(13)-6, rng.IntN(13)-6)
		}
	}
}

// flatProps lays cards and paper, which dice may lie on.
func (c *Corpus) flatProps(p *placer, side float64) {
	rng := p.rng
	if rng.IntN(4) != 0 {
		return
	}
	for range 1 + rng.IntN(3) {
		pr := Prop{Kind: Card, Size: side * (2.5 + 2.5*rng.Float64()), Angle: rng.Float64() * 360, Design: rng.IntN(3),
			Colour: rgba(rgb{250, 250, 248}), Ink: rgba(hsv(rng.Float64(), 0.7, 0.3+0.5*rng.Float64()))}
		if rng.IntN(4) == 0 {
			pr.Kind, pr.Size = Sheet, side*(6+6*rng.Float64())
			pr.Colour = rgba([]rgb{{248, 248, 245}, {250, 240, 190}, {235, 235, 235}}[rng.IntN(3)])
			pr.Ink = rgba([]rgb{{30, 40, 120}, {20, 20, 20}, {60, 60, 60}}[rng.IntN(3)])
			pr.Design = rng.IntN(2)
		}
		pr.X, pr.Y = float64(p.s.Width)*rng.Float64(), float64(p.s.Height)*rng.Float64()
		p.s.Props = append(p.s.Props, pr)
	}
}

// solidProps stands other dice, tokens, meeples and pencils among the dice.
func (c *Corpus) solidProps(p *placer, side float64) {
	rng := p.rng
	n := 0
	switch r := rng.Float64(); {
	case r < 0.4:
		n = 1 + rng.IntN(3)
	case r < 0.7:
		n = 4 + rng.IntN(7)
	}
	for range n {
		var pr Prop
		// Other dice come in the scene's allowed looks too: a held look
		// must not show up on a d20 either.
		l := c.looks[rng.IntN(len(c.looks))].dress(rng)
		pr.Colour, pr.Ink = l.Colour, l.Pip
		size := side * (0.9 + 0.5*rng.Float64())
		switch r := rng.Float64(); {
		case r < 0.45:
			pr.Kind = []PropKind{D4, D8, D10, D12, D20}[rng.IntN(5)]
			pr.Design = rng.IntN(2)
			size *= 1.2
		case r < 0.62:
			pr.Kind = NumeralD6
			pr.Design = rng.IntN(3)
		case r < 0.82:
			pr.Kind = []PropKind{Token, Coin, Chip}[rng.IntN(3)]
			pr.Design = rng.IntN(3)
			if pr.Kind == Coin {
				pr.Colour, pr.Ink = rgba(rgb{200, 170, 90}), rgba(rgb{150, 120, 60})
			}
		case r < 0.92:
			pr.Kind = Meeple
			size *= 1.3
		default:
			pr.Kind = Pencil
			size *= 4 + 4*rng.Float64()
			pr.Colour, pr.Ink = rgba(hsv(rng.Float64(), 0.8, 0.9)), rgba(rgb{220, 180, 130})
		}
		pr.Face, pr.Angle, pr.Size = rng.IntN(20), rng.Float64()*360, size
		p.prop(pr)
	}
}

func (c *Corpus) hand(s *Scene, side float64, rng *rand.Rand) {
	skin := hsv(0.04+0.04*rng.Float64(), 0.3+0.35*rng.Float64(), 0.25+0.65*rng.Float64())
	s.Hands = append(s.Hands, Hand{
		X: float64(s.Width) * rng.Float64(), Y: float64(s.Height) * rng.Float64(),
		Size: math.Min(side*(2.5+3*rng.Float64()), float64(min(s.Width, s.Height))*0.7),
		From: rng.Float64() * 360, Skin: rgba(skin), Blur: 10 * rng.Float64() * float64(rng.IntN(2)), Grasp: rng.IntN(2) == 0,
	})
}

// optics picks focus, shake, noise and the camera's processing.
func (c *Corpus) optics(sm *Sample, rng *rand.Rand) {
	s := &sm.Scene
	if rng.IntN(3) == 0 {
		s.Defocus = 0.3 + 1.9*rng.Float64()
	}
	s.Noise = 1 + 8*rng.Float64()*rng.Float64()
	if rng.IntN(8) == 0 {
		s.Optics.Shake = image.Pt(rng.IntN(17)-8, rng.IntN(17)-8)
	}
	if rng.IntN(2) == 0 {
		s.Optics.Vignette = 0.6 * rng.Float64()
	}
	if rng.IntN(5) < 3 {
		for k := range s.Optics.Balance {
			s.Optics.Balance[k] = 0.8 + 0.4*rng.Float64()
		}
	}
	if rng.IntN(5) < 2 {
		s.Optics.Saturation = 0.6 + 0.7*rng.Float64()
	}
	if rng.IntN(10) < 3 {
		s.Optics.Sharpen = 0.3 + rng.Float64()
	}
	sm.Quality = 35 + rng.IntN(61)
}

// placer puts dice and things on the table of a scene, in table space
// (where a tilted camera's picture distances lie), clear of each other.
type placer struct {
	s   *Scene
	cam camera
	rng *rand.Rand
}

// side returns how large d's top face looks.
func (p *placer) side(d Die) float64 {
	t, ok := dieTruth(d, p.cam, p.s.Width, p.s.Height)
	if !ok {
		return 0
	}
	return t.Top.Side()
}

// place puts d at a free spot where its top looks want px across, against
// another die when touch; it returns the index of the die it touches (or
// -1) and whether it found a spot.
func (p *placer) place(d Die, want float64, touch bool) (int, bool) {
	w, h := float64(p.s.Width), float64(p.s.Height)
	for range 60 {
		against := -1
		var at vec3
		d.Angle = p.rng.Float64() * 90
		if touch {
			against = p.rng.IntN(len(p.s.Dice))
			o := p.s.Dice[against]
			if o.Stacked {
				continue
			}
			c := p.cam.onTable(o.X, o.Y)
			d.Angle = o.Angle + (p.rng.Float64()-0.5)*10
			sin, cos := math.Sincos((o.Angle + 90*float64(p.rng.IntN(4))) * math.Pi / 180)
			reach := (o.Size + p.sizeFor(c, want)) / 2 * (1.01 + 0.03*p.rng.Float64())
			slip := (p.rng.Float64() - 0.5) * 0.9 * reach
			at = vec3{c.X + cos*reach - sin*slip, c.Y + sin*reach + cos*slip, 0}
		} else {
			m := want * 0.6
			if p.rng.IntN(20) == 0 {
				m = -want * 0.3 // now and then a die at the picture's edge, partly out
			}
			at = p.cam.onTable(m+p.rng.Float64()*(w-2*m), m+p.rng.Float64()*(h-2*m))
		}
		d.Size = p.sizeFor(at, want)
		d.X, d.Y = p.cam.project(at)
		if !p.free(at, d.Size, d.Angle) {
			continue
		}
		side := p.side(d)
		if side < MinDieSide || side > MaxDieSide {
			continue
		}
		p.s.Dice = append(p.s.Dice, d)
		return against, true
	}
	return -1, false
}

// sizeFor returns the edge a die at table point at needs for its top face
// to look want px across.
func (p *placer) sizeFor(at vec3, want float64) float64 {
	d0 := at.sub(p.cam.pos).dot(p.cam.ahead)
	lift := -p.cam.ahead.Z // how much nearer the camera a step up brings a point
	return want * d0 / (p.cam.f + want*lift)
}

// free reports whether a die of this edge and turn at table point at lies
// on the floor, clear of the dice and things placed.
func (p *placer) free(at vec3, size, angle float64) bool {
	if w := p.s.Walls; w.Sides > 0 {
		// Near walls hide the floor behind them from a tilted camera.
		hide := w.Height * math.Tan(p.s.Tilt*math.Pi/180)
		if !w.holds(at, size*0.75+hide+w.Thick) {
			return false
		}
	}
	mine := footprint(Die{Size: size * 1.005, Angle: angle}, at, 1)
	for _, o := range p.s.Dice {
		if o.Stacked {
			continue
		}
		c := p.cam.onTable(o.X, o.Y)
		if math.Hypot(c.X-at.X, c.Y-at.Y) > (o.Size+size)*0.75 {
			continue
		}
		if overlaps(mine, footprint(o, c, 1)) {
			return false
		}
	}
	for _, o := range p.s.Props {
		if o.Kind.flat() {
			continue
		}
		c := p.cam.onTable(o.X, o.Y)
		if math.Hypot(c.X-at.X, c.Y-at.Y) < (o.Size+size)*0.6 {
			return false
		}
	}
	return true
}

// prop stands pr at a free spot, if one is found.
func (p *placer) prop(pr Prop) {
	w, h := float64(p.s.Width), float64(p.s.Height)
	for range 30 {
		at := p.cam.onTable(p.rng.Float64()*w, p.rng.Float64()*h)
		// A prop's Size is across; as a die it needs Size/√2 of edge.
		if p.free(at, pr.Size/math.Sqrt2, 45) {
			pr.X, pr.Y = p.cam.project(at)
			p.s.Props = append(p.s.Props, pr)
			return
		}
	}
}

// overlaps reports whether two convex outlines on the table overlap, by
// the separating axis test.
func overlaps(a, b []vec3) bool {
	for _, poly := range [2][]vec3{a, b} {
		for i := range poly {
			j := (i + 1) % len(poly)
			nx, ny := poly[j].Y-poly[i].Y, poly[i].X-poly[j].X
			lo := func(q []vec3) (float64, float64) {
				mn, mx := math.Inf(1), math.Inf(-1)
				for _, v := range q {
					d := v.X*nx + v.Y*ny
					mn, mx = math.Min(mn, d), math.Max(mx, d)
				}
				return mn, mx
			}
			a0, a1 := lo(a)
			b0, b1 := lo(b)
			if a1 <= b0 || b1 <= a0 {
				return false
			}
		}
	}
	return true
}
