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
	return img, truth, nil
}

// background paints the parts of s that do not change from frame to frame
// of a sequence: the table and the tray.
func background(s Scene, seed uint64) gocv.Mat {
	rng := rand.New(rand.NewPCG(seed, 0x7ab1e))
	cam := newCamera(s)
	img := gocv.NewMatWithSize(s.Height, s.Width, gocv.MatTypeCV8UC3)
	pix, _ := img.DataPtrUint8()
	paintTable(pix, s, cam, rng)
	if s.Tray {
		drawTrayWalls(&img, s, cam)
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

	order := depthOrder(s, cam)
	castShadows(&img, s, cam, light)
	glare := make([]bool, len(s.Dice))
	for _, i := range rng.Perm(len(s.Dice))[:min(s.Light.Glare, len(s.Dice))] {
		glare[i] = true
	}
	var truth Truth
	for _, i := range order {
		d := s.Dice[i]
		if dt, ok := drawDie(cv, d, cam, light, glare[i], rand.New(rand.NewPCG(seed, uint64(i)+1)), int32(i+1)); ok {
			dt.Index = i
			truth.Dice = append(truth.Dice, dt)
			truth.Moving = truth.Moving || d.Moving
		}
	}
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
	order := make([]int, len(s.Dice))
	dist := make([]float64, len(s.Dice))
	for i, d := range s.Dice {
		order[i] = i
		at := cam.onTable(d.X, d.Y)
		if d.Stacked {
			// A die resting on another stands above it: nearer the camera.
			at.Z = d.Lift
		}
		dist[i] = at.sub(cam.pos).dot(cam.ahead)
	}
	sort.SliceStable(order, func(a, b int) bool { return dist[order[a]] > dist[order[b]] })
	return order
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
		base := cam.onTable(d.X, d.Y)
		cs = append(cs, caster{
			contact: footprint(d, base, 1.08),
			moved:   func(off vec3) []vec3 { return footprint(d, base.add(off), 1) },
			height:  d.Size, lift: d.Lift,
		})
	}
	shade(img, s, cam, light, cs, math.Max(1, smallest*0.12))
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
	if s.Defocus > 0 {
		gocv.GaussianBlur(*img, img, image.Point{}, s.Defocus, s.Defocus, gocv.BorderReplicate)
	} else {
		// Every lens softens a little; razor edges would make a reader's job too easy.
		gocv.GaussianBlur(*img, img, image.Point{}, 0.6, 0.6, gocv.BorderReplicate)
	}
	sigma := s.Noise
	if sigma == 0 {
		sigma = 2
	}
	pix, _ = img.DataPtrUint8()
	for i := range pix {
		pix[i] = clamp255(float64(pix[i]) + rng.NormFloat64()*sigma)
	}
}
