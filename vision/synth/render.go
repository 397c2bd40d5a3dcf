package synth

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"sort"

	"gocv.io/x/gocv"
)

// Render draws s and returns the picture (8-bit BGR) with what is in it. The
// same scene and seed give the same picture. The caller owns the returned
// Mat and must Close it, also when err is nil only.
func Render(s Scene, seed uint64) (gocv.Mat, Truth, error) {
	if err := s.validate(); err != nil {
		return gocv.Mat{}, Truth{}, err
	}
	bg := background(s, seed)
	defer bg.Close()
	img, truth := renderOver(bg, s, seed)
	if k := s.Optics.Stretch; k != 0 && k != 1 {
		stretch(&img, &truth, k)
	}
	return img, truth, nil
}

// stretch widens the picture k times, as a webcam delivering another
// aspect ratio does, and the truth with it.
func stretch(img *gocv.Mat, t *Truth, k float64) {
	w := int(math.Round(float64(img.Cols()) * k))
	interp := gocv.InterpolationLinear
	if k < 1 {
		interp = gocv.InterpolationArea
	}
	out := gocv.NewMat()
	gocv.Resize(*img, &out, image.Pt(w, img.Rows()), 0, 0, interp)
	img.Close()
	*img = out
	wide := func(r image.Rectangle) image.Rectangle {
		return image.Rect(int(math.Floor(float64(r.Min.X)*k)), r.Min.Y, min(w, int(math.Ceil(float64(r.Max.X)*k))), r.Max.Y)
	}
	for i := range t.Dice {
		d := &t.Dice[i]
		d.X *= k
		d.Box = wide(d.Box)
		for c := range d.Top {
			d.Top[c][0] *= k
		}
	}
	for i := range t.Props {
		t.Props[i].Box = wide(t.Props[i].Box)
	}
}

// background paints the parts of s that do not change from frame to frame
// of a sequence: the table and the tray.
func background(s Scene, seed uint64) gocv.Mat {
	rng := rand.New(rand.NewPCG(seed, 0x7ab1e))
	cam := newCamera(s)
	img := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8UC3)
	pix, _ := img.DataPtrUint8()
	paintTable(pix, s, cam, rng)
	// Cards and paper lie under a tray's walls, not over them.
	drawFlatProps(&img, s, cam, seed)
	if s.Tray {
		drawTrayWalls(&img, s, cam)
	}
	if s.Walls.Sides > 0 {
		drawWalls(&img, s, cam, lightDir(s.Light))
	}
	return img
}

// renderOver draws the dice, hands and light of s over a copy of bg.
func renderOver(bg gocv.Mat, s Scene, seed uint64) (gocv.Mat, Truth) {
	rng := rand.New(rand.NewPCG(seed, 0xd1ce))
	cam := newCamera(s)
	img := bg.Clone()
	cv := canvas{img: &img, owner: make([]int32, s.Width*s.Height)}
	light := lightDir(s.Light)

	castShadows(&img, s, cam, light)
	castPropShadows(&img, s, cam, light)
	glare := make([]bool, len(s.Dice))
	for _, i := range rng.Perm(len(s.Dice))[:min(s.Light.Glare, len(s.Dice))] {
		glare[i] = true
	}
	var truth Truth
	for _, it := range paintOrder(s, cam) {
		if it.prop >= 0 {
			p := s.Props[it.prop]
			prng := rand.New(rand.NewPCG(seed, 1<<32+uint64(it.prop)))
			if p.Kind == NumeralD6 {
				drawDie(cv, p.die(), cam, light, false, prng, -1)
			} else if sol, ok := p.shape(cam); ok {
				drawSolid(cv, p, sol, cam, light, prng)
			}
			continue
		}
		i := it.die
		d := s.Dice[i]
		if dt, ok := drawDie(cv, d, cam, light, glare[i], rand.New(rand.NewPCG(seed, uint64(i)+1)), int32(i+1)); ok {
			dt.Index = i
			truth.Dice = append(truth.Dice, dt)
			truth.Moving = truth.Moving || d.Moving
		}
	}
	for j, p := range s.Props {
		if pt, ok := propTruth(p, j, cam, s.Width, s.Height); ok {
			truth.Props = append(truth.Props, pt)
		}
	}
	truth.Props = append(truth.Props, boardSpaces(s, cam)...)
	for _, h := range s.Hands {
		drawHand(cv, h, light)
		if handInView(h, s.Width, s.Height) {
			truth.Hands++
			truth.Moving = true
		}
	}
	for k := range truth.Dice {
		truth.Dice[k].Shown = cv.shown(truth.Dice[k].Top, int32(truth.Dice[k].Index+1))
	}
	finish(&img, s, rng)
	return img, truth
}

// canvas is a picture being painted and, for every pixel, what covers it:
// 1 + the index of the die painted there last, -1 something else (a hand,
// a thing), 0 nothing but the table. It lets the truth say how much of each
// top face shows.
type canvas struct {
	img   *gocv.Mat
	owner []int32
}

// shown returns the share of the pixels of top that id covers.
func (cv canvas) shown(top Quad, id int32) float64 {
	x0, y0, x1, y1 := top.bounds()
	w, h := cv.img.Cols(), cv.img.Rows()
	all, mine := 0, 0
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			if !top.Contains(float64(x)+0.5, float64(y)+0.5) {
				continue
			}
			all++
			if x >= 0 && y >= 0 && x < w && y < h && cv.owner[y*w+x] == id {
				mine++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(mine) / float64(all)
}

// depthOrder returns the indexes of the dice far to near, the order to
// paint them so near ones cover far ones.
func depthOrder(s Scene, cam camera) []int {
	var order []int
	for _, it := range paintOrder(Scene{Dice: s.Dice}, cam) {
		order = append(order, it.die)
	}
	return order
}

// item is a die or a solid prop to paint.
type item struct{ die, prop int }

// paintOrder returns the dice and solid props far to near, so near ones
// cover far ones.
func paintOrder(s Scene, cam camera) []item {
	var items []item
	var dist []float64
	away := func(x, y, lift float64) float64 {
		at := cam.onTable(x, y)
		if lift != 0 {
			at.Z = lift
		}
		return at.sub(cam.pos).dot(cam.ahead)
	}
	for i, d := range s.Dice {
		items = append(items, item{i, -1})
		lift := 0.0
		if d.Stacked {
			// A die resting on another stands above it: nearer the camera.
			lift = d.Lift
		}
		dist = append(dist, away(d.X, d.Y, lift))
	}
	for j, p := range s.Props {
		if !p.Kind.flat() {
			items = append(items, item{-1, j})
			dist = append(dist, away(p.X, p.Y, 0))
		}
	}
	order := make([]int, len(items))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return dist[order[a]] > dist[order[b]] })
	out := make([]item, len(items))
	for i, k := range order {
		out[i] = items[k]
	}
	return out
}

// lightDir points toward the light, from its azimuth, fairly high up.
func lightDir(l Light) vec3 {
	a := l.Azimuth * math.Pi / 180
	e := 55 * math.Pi / 180
	return vec3{math.Sin(a) * math.Cos(e), -math.Cos(a) * math.Cos(e), math.Sin(e)}
}

// castShadows darkens the table under and beside each die: a soft contact
// shadow always, and a cast shadow away from the light when asked.
func castShadows(img *gocv.Mat, s Scene, cam camera, light vec3) {
	if len(s.Dice) == 0 {
		return
	}
	var cs []caster
	smallest := math.Inf(1)
	for _, d := range s.Dice {
		smallest = math.Min(smallest, d.Size)
		cs = append(cs, dieCaster(d, cam))
	}
	shade(img, s, cam, light, cs, math.Max(1, smallest*0.12))
}

func dieCaster(d Die, cam camera) caster {
	base := cam.onTable(d.X, d.Y)
	return caster{
		contact: footprint(d, base, 1.08),
		moved:   func(off vec3) []vec3 { return footprint(d, base.add(off), 1) },
		height:  d.Size, lift: d.Lift,
	}
}

// caster is something that casts a shadow on the table: the outline of its
// contact shadow, of its body on the table moved by an offset, and how
// high it stands.
type caster struct {
	contact      []vec3
	moved        func(off vec3) []vec3
	height, lift float64
}

// shade darkens the table under and beside the casters, the contact
// shadows blurred by sigma and the cast ones a little more.
func shade(img *gocv.Mat, s Scene, cam camera, light vec3, cs []caster, sigma float64) {
	contact := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8UC1)
	defer contact.Close()
	cast := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8UC1)
	defer cast.Close()
	contact.SetTo(gocv.Scalar{})
	cast.SetTo(gocv.Scalar{})
	white := color.RGBA{255, 255, 255, 255}
	for _, c := range cs {
		fillPoly(&contact, cam, c.contact, white)
		if s.Light.Shadow > 0 {
			reach := (c.height*math.Max(s.Light.Length, 0.2) + c.lift) / light.Z
			off := vec3{-light.X * reach, -light.Y * reach, 0}
			pts := append(append([]vec3(nil), c.contact...), c.moved(off)...)
			fillPoly(&cast, cam, convexHull(pts), white)
		}
	}
	gocv.GaussianBlur(contact, &contact, image.Point{}, sigma, sigma, gocv.BorderReplicate)
	gocv.GaussianBlur(cast, &cast, image.Point{}, sigma*1.5, sigma*1.5, gocv.BorderReplicate)
	pix, _ := img.DataPtrUint8()
	cp, _ := contact.DataPtrUint8()
	sp, _ := cast.DataPtrUint8()
	for i := range cp {
		k := 1 - 0.35*float64(cp[i])/255 - 0.6*s.Light.Shadow*float64(sp[i])/255
		k = math.Max(k, 0.2)
		for c := range 3 {
			pix[3*i+c] = clamp255(float64(pix[3*i+c]) * k)
		}
	}
}

func footprint(d Die, base vec3, grow float64) []vec3 {
	h := d.Size / 2 * grow
	sin, cos := math.Sincos(d.Angle * math.Pi / 180)
	var pts []vec3
	for _, c := range [4][2]float64{{-h, -h}, {h, -h}, {h, h}, {-h, h}} {
		pts = append(pts, vec3{base.X + c[0]*cos - c[1]*sin, base.Y + c[0]*sin + c[1]*cos, 0})
	}
	return pts
}

func fillPoly(img *gocv.Mat, cam camera, poly []vec3, c color.RGBA) {
	pts := make([]image.Point, len(poly))
	for i, v := range poly {
		x, y := cam.project(v)
		pts[i] = image.Pt(int(math.Round(x*16)), int(math.Round(y*16)))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
	defer pv.Close()
	gocv.FillPolyWithParams(img, pv, c, gocv.LineAA, 4, image.Point{})
}

// convexHull returns the hull of points on the table, in order.
func convexHull(pts []vec3) []vec3 {
	p := append([]vec3(nil), pts...)
	sort.Slice(p, func(i, j int) bool { return p[i].X < p[j].X || p[i].X == p[j].X && p[i].Y < p[j].Y })
	cross := func(o, a, b vec3) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	var hull []vec3
	for pass := range 2 {
		start := len(hull)
		for _, q := range p {
			for len(hull) >= start+2 && cross(hull[len(hull)-2], hull[len(hull)-1], q) <= 0 {
				hull = hull[:len(hull)-1]
			}
			hull = append(hull, q)
		}
		hull = hull[:len(hull)-1]
		if pass == 0 {
			for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
				p[i], p[j] = p[j], p[i]
			}
		}
	}
	return hull
}

// finish applies what the camera adds: uneven light, defocus and noise.
func finish(img *gocv.Mat, s Scene, rng *rand.Rand) {
	pix, _ := img.DataPtrUint8()
	level := s.Light.Level
	if level == 0 {
		level = 1
	}
	a := s.Light.Azimuth * math.Pi / 180
	gx, gy := math.Sin(a), -math.Cos(a)
	diag := math.Hypot(float64(s.Width), float64(s.Height))
	if s.Light.Gradient > 0 || level != 1 {
		for y := range s.Height {
			for x := range s.Width {
				t := ((float64(x)-float64(s.Width)/2)*gx + (float64(y)-float64(s.Height)/2)*gy) / diag * 2
				k := level * (1 + s.Light.Gradient*t)
				i := 3 * (y*s.Width + x)
				for c := range 3 {
					pix[i+c] = clamp255(float64(pix[i+c]) * k)
				}
			}
		}
	}
	if s.Optics.Vignette > 0 {
		s.Optics.vignette(pix, s.Width, s.Height)
	}
	if s.Defocus > 0 {
		gocv.GaussianBlur(*img, img, image.Point{}, s.Defocus, s.Defocus, gocv.BorderReplicate)
	} else {
		// Every lens softens a little; razor edges would make a reader's job too easy.
		gocv.GaussianBlur(*img, img, image.Point{}, 0.6, 0.6, gocv.BorderReplicate)
	}
	if s.Optics.Shake != (image.Point{}) {
		s.Optics.shake(img)
	}
	sigma := s.Noise
	if sigma == 0 {
		sigma = 2
	}
	pix, _ = img.DataPtrUint8()
	for i := range pix {
		pix[i] = clamp255(float64(pix[i]) + rng.NormFloat64()*sigma)
	}
	s.Optics.develop(img)
}
