package synth

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// Cutout is a real die cut out of a labelled photograph, to paste into
// scenes (cut, paste and learn): its pixels with a margin, a mask that is
// the die, and its top face. Close frees its Mats.
type Cutout struct {
	Source string // the labelled folder the photograph is in, e.g. "tray-topdown"
	Photo  string // the photograph's file name
	Value  int    // the labelled value, 1 to 6

	Pix     gocv.Mat     // BGR
	Mask    gocv.Mat     // 8-bit: 255 on the die, feathered at its edge
	Top     Quad         // the top face in Pix
	Outline [][2]float64 // the die's outline in Pix, convex
}

// Close frees the cutout's Mats.
func (c *Cutout) Close() {
	c.Pix.Close()
	c.Mask.Close()
}

// Blend is how a pasted die is laid over the scene: the learner must not
// be able to spot a paste by its edge, so the corpus varies it.
type Blend int

const (
	Feathered Blend = iota // the mask's soft edge
	Hard                   // the mask cut at half: a crisp edge
	Poisson                // seamless cloning: the die's gradients over the scene's colours
)

// Paste is how a die of a scene shows a Cutout.
type Paste struct {
	Cut   *Cutout
	Blend Blend
	Gain  [3]float64 // blue, green and red gains, for the light of another room; zero means 1
}

// CutOut cuts the die in box out of photo (BGR), which photo keeps: the
// die is what differs from the colour around it, inside the box. A die the
// cut cannot tell from its ground gets the box itself, corners rounded.
func CutOut(photo gocv.Mat, box image.Rectangle, value int) (*Cutout, error) {
	if value < 1 || value > 6 {
		return nil, fmt.Errorf("cut out a die of value %d: values are 1 to 6", value)
	}
	frame := image.Rect(0, 0, photo.Cols(), photo.Rows())
	box = box.Intersect(frame)
	if box.Dx() < 6 || box.Dy() < 6 {
		return nil, fmt.Errorf("cut out the die at %v: the box is under 6 px inside the %dx%d photograph", box, photo.Cols(), photo.Rows())
	}
	m := max(box.Dx(), box.Dy()) / 4
	outer := image.Rect(box.Min.X-m, box.Min.Y-m, box.Max.X+m, box.Max.Y+m).Intersect(frame)
	region := photo.Region(outer)
	pix := region.Clone()
	region.Close()
	inner := box.Sub(outer.Min)
	hull := dieOutline(pix, inner)
	if hull == nil {
		hull = roundedBox(inner)
	}
	mask := gocv.NewMatWithSize(pix.Rows(), pix.Cols(), gocv.MatTypeCV8UC1)
	mask.SetTo(gocv.Scalar{})
	poly := make([]image.Point, len(hull))
	for i, p := range hull {
		poly[i] = image.Pt(int(math.Round(p[0]*16)), int(math.Round(p[1]*16)))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
	defer pv.Close()
	gocv.FillPolyWithParams(&mask, pv, color.RGBA{255, 255, 255, 255}, gocv.LineAA, 4, image.Point{})
	// The outline's own pixels are part ground: keep inside them, or a
	// pasted die wears a halo of the tray it came from.
	e := max(1, int(math.Round(0.03*float64(max(box.Dx(), box.Dy())))))
	disc := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(2*e+1, 2*e+1))
	defer disc.Close()
	gocv.Erode(mask, &mask, disc)
	sigma := math.Max(0.7, 0.025*float64(max(box.Dx(), box.Dy())))
	gocv.GaussianBlur(mask, &mask, image.Point{}, sigma, sigma, gocv.BorderConstant)
	return &Cutout{Value: value, Pix: pix, Mask: mask, Top: outlineSquare(hull), Outline: hull}, nil
}

// dieOutline returns the convex outline of the die in box of pix, or nil
// when the die cannot be told from its ground: the ground's colour is the
// median of the border, and the die the pixels far from it by Otsu's cut.
func dieOutline(pix gocv.Mat, box image.Rectangle) [][2]float64 {
	w, h := pix.Cols(), pix.Rows()
	lab := gocv.NewMat()
	defer lab.Close()
	// Lab tells a blue die from green felt better than BGR does.
	gocv.CvtColor(pix, &lab, gocv.ColorBGRToLab)
	p, _ := lab.DataPtrUint8()
	// The ground is the margin about the box; a crop without one (a
	// turned die fills its box to the edges) leaves only the box's corners.
	margin := box != image.Rect(0, 0, w, h)
	c := max(2, min(box.Dx(), box.Dy())/8)
	corner := func(x, y int) bool {
		return (x-box.Min.X < c || box.Max.X-1-x < c) && (y-box.Min.Y < c || box.Max.Y-1-y < c)
	}
	var ring [3][]uint8
	for y := range h {
		for x := range w {
			if in := image.Pt(x, y).In(box); margin && !in || !margin && corner(x, y) {
				for c := range 3 {
					ring[c] = append(ring[c], p[3*(y*w+x)+c])
				}
			}
		}
	}
	var ground [3]float64
	for c := range 3 {
		slices.Sort(ring[c])
		ground[c] = float64(ring[c][len(ring[c])/2])
	}
	dist := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8UC1)
	defer dist.Close()
	dp, _ := dist.DataPtrUint8()
	// Lightness counts less than hue: shadows differ from the ground
	// mostly in lightness, dice in colour too.
	weight := [3]float64{0.6, 1, 1}
	for i := range dp {
		d := 0.0
		for c := range 3 {
			e := (float64(p[3*i+c]) - ground[c]) * weight[c]
			d += e * e
		}
		dp[i] = clamp255(2 * math.Sqrt(d))
	}
	fg := gocv.NewMat()
	defer fg.Close()
	gocv.Threshold(dist, &fg, 0, 255, gocv.ThresholdBinary|gocv.ThresholdOtsu)
	fp, _ := fg.DataPtrUint8()
	for y := range h {
		for x := range w {
			if !image.Pt(x, y).In(box) {
				fp[y*w+x] = 0
			}
		}
	}
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	gocv.MorphologyEx(fg, &fg, gocv.MorphClose, k)
	gocv.MorphologyEx(fg, &fg, gocv.MorphOpen, k)
	contours := gocv.FindContours(fg, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer contours.Close()
	var pts []vec3
	for i := range contours.Size() {
		c := contours.At(i)
		// Specks are shadows and dust; a die is one large blob, maybe
		// broken by its pips or a glare into a few.
		if gocv.ContourArea(c) < 0.03*float64(box.Dx()*box.Dy()) {
			continue
		}
		for _, q := range c.ToPoints() {
			pts = append(pts, vec3{float64(q.X) + 0.5, float64(q.Y) + 0.5, 0})
		}
	}
	if len(pts) < 3 {
		return nil
	}
	hull := convexHull(pts)
	out := make([][2]float64, len(hull))
	var cx, cy float64
	for i, q := range hull {
		out[i] = [2]float64{q.X, q.Y}
		cx, cy = cx+q.X/float64(len(hull)), cy+q.Y/float64(len(hull))
	}
	area := polygonArea(out)
	mid := image.Rect(box.Min.X+box.Dx()/4, box.Min.Y+box.Dy()/4, box.Max.X-box.Dx()/4+1, box.Max.Y-box.Dy()/4+1)
	if share := area / float64(box.Dx()*box.Dy()); share < 0.4 || !image.Pt(int(cx), int(cy)).In(mid) {
		return nil
	}
	return out
}

// roundedBox returns the outline of box with rounded corners, as a die
// square to the photograph fills its box.
func roundedBox(box image.Rectangle) [][2]float64 {
	r := 0.18 * float64(min(box.Dx(), box.Dy()))
	x0, y0, x1, y1 := float64(box.Min.X)+r, float64(box.Min.Y)+r, float64(box.Max.X)-r, float64(box.Max.Y)-r
	var out [][2]float64
	for k, c := range [4][2]float64{{x1, y1}, {x0, y1}, {x0, y0}, {x1, y0}} {
		for i := range 5 {
			a := (float64(k) + float64(i)/4) * math.Pi / 2
			out = append(out, [2]float64{c[0] + r*math.Cos(a), c[1] + r*math.Sin(a)})
		}
	}
	return out
}

// outlineSquare returns the smallest turned rectangle around a convex
// outline: from above, a die's top face is about its outline.
func outlineSquare(hull [][2]float64) Quad {
	best, q := math.Inf(1), Quad{}
	for i := range hull {
		j := (i + 1) % len(hull)
		ex, ey := hull[j][0]-hull[i][0], hull[j][1]-hull[i][1]
		n := math.Hypot(ex, ey)
		if n == 0 {
			continue
		}
		ux, uy := ex/n, ey/n
		lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
		for _, p := range hull {
			a, b := p[0]*ux+p[1]*uy, -p[0]*uy+p[1]*ux
			lo = [2]float64{math.Min(lo[0], a), math.Min(lo[1], b)}
			hi = [2]float64{math.Max(hi[0], a), math.Max(hi[1], b)}
		}
		if area := (hi[0] - lo[0]) * (hi[1] - lo[1]); area < best {
			best = area
			at := func(a, b float64) [2]float64 { return [2]float64{a*ux - b*uy, a*uy + b*ux} }
			q = Quad{at(lo[0], lo[1]), at(hi[0], lo[1]), at(hi[0], hi[1]), at(lo[0], hi[1])}
		}
	}
	return q
}

func polygonArea(p [][2]float64) float64 {
	a := 0.0
	for i := range p {
		j := (i + 1) % len(p)
		a += p[i][0]*p[j][1] - p[j][0]*p[i][1]
	}
	return math.Abs(a) / 2
}

// onTop returns where point q of the cutout shows when the cutout's top
// face is laid on die d's: the cut's top face square maps onto the die's.
func (p *Paste) onTop(d Die, cam camera, q [2]float64) (x, y float64) {
	t := p.Cut.Top
	ox, oy := t.Centre()
	e1 := [2]float64{t[1][0] - t[0][0], t[1][1] - t[0][1]}
	e2 := [2]float64{t[3][0] - t[0][0], t[3][1] - t[0][1]}
	a := ((q[0]-ox)*e1[0] + (q[1]-oy)*e1[1]) / (e1[0]*e1[0] + e1[1]*e1[1])
	b := ((q[0]-ox)*e2[0] + (q[1]-oy)*e2[1]) / (e2[0]*e2[0] + e2[1]*e2[1])
	base := cam.onTable(d.X, d.Y)
	sin, cos := math.Sincos(d.Angle * math.Pi / 180)
	u, v := a*d.Size, b*d.Size
	return cam.project(vec3{base.X + u*cos - v*sin, base.Y + u*sin + v*cos, d.Lift + d.Size})
}

// hull returns the pixels the pasted die covers.
func (p *Paste) hull(d Die, cam camera) image.Rectangle {
	var r image.Rectangle
	for _, q := range p.Cut.Outline {
		r = r.Union(pixelBox(p.onTop(d, cam, q)))
	}
	return r
}

// draw pastes the cutout where die d stands, blended as p says.
func (p *Paste) draw(cv canvas, d Die, cam camera, id int32) {
	frame := image.Rect(0, 0, cv.img.Cols(), cv.img.Rows())
	h := p.hull(d, cam)
	patch := image.Rect(h.Min.X-3, h.Min.Y-3, h.Max.X+3, h.Max.Y+3).Intersect(frame)
	if patch.Empty() {
		return
	}
	cut := p.Cut
	w, ht := float32(cut.Pix.Cols()), float32(cut.Pix.Rows())
	corners := [4][2]float64{{0, 0}, {float64(w), 0}, {float64(w), float64(ht)}, {0, float64(ht)}}
	dst := make([]gocv.Point2f, 4)
	for i, c := range corners {
		x, y := p.onTop(d, cam, c)
		dst[i] = gocv.Point2f{X: float32(x) - float32(patch.Min.X), Y: float32(y) - float32(patch.Min.Y)}
	}
	sv := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{{X: 0, Y: 0}, {X: w, Y: 0}, {X: w, Y: ht}, {X: 0, Y: ht}})
	defer sv.Close()
	dv := gocv.NewPoint2fVectorFromPoints(dst)
	defer dv.Close()
	m := gocv.GetPerspectiveTransform2f(sv, dv)
	defer m.Close()
	size := image.Pt(patch.Dx(), patch.Dy())
	pix, mask := gocv.NewMat(), gocv.NewMat()
	defer pix.Close()
	defer mask.Close()
	gocv.WarpPerspectiveWithParams(cut.Pix, &pix, m, size, gocv.InterpolationLinear, gocv.BorderReplicate, color.RGBA{})
	gocv.WarpPerspectiveWithParams(cut.Mask, &mask, m, size, gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
	if p.Blend == Poisson {
		p.clone(cv, patch, &pix, mask)
	}
	pp, _ := pix.DataPtrUint8()
	mp, _ := mask.DataPtrUint8()
	col, alpha := make([]float32, len(pp)), make([]float32, len(mp))
	gain := p.Gain
	for c := range gain {
		if gain[c] == 0 {
			gain[c] = 1
		}
	}
	for i, m8 := range mp {
		a := float32(m8) / 255
		if p.Blend == Hard {
			a = float32(boolInt(m8 >= 128))
		}
		for c := range 3 {
			col[3*i+c] = float32(math.Min(255, float64(pp[3*i+c])*gain[c])) * a
		}
		alpha[i] = a
	}
	cv.composite(patch, col, alpha, id)
}

// clone replaces pix by the seamless clone of it over the picture in
// patch, where the mask is solid, when the mask keeps clear of the patch's
// edge as cloning needs.
func (p *Paste) clone(cv canvas, patch image.Rectangle, pix *gocv.Mat, mask gocv.Mat) {
	solid := gocv.NewMat()
	defer solid.Close()
	gocv.Threshold(mask, &solid, 127, 255, gocv.ThresholdBinary)
	r := maskBounds(solid)
	if r.Empty() || r.Min.X < 2 || r.Min.Y < 2 || r.Max.X > patch.Dx()-2 || r.Max.Y > patch.Dy()-2 {
		return
	}
	region := cv.img.Region(patch)
	under := region.Clone()
	region.Close()
	defer under.Close()
	out := gocv.NewMat()
	defer out.Close()
	gocv.SeamlessClone(*pix, under, solid, image.Pt(r.Min.X+r.Dx()/2, r.Min.Y+r.Dy()/2), &out, gocv.NormalClone)
	out.CopyTo(pix)
}

// maskBounds returns the bounds of a mask's non-zero pixels.
func maskBounds(mask gocv.Mat) image.Rectangle {
	var r image.Rectangle
	mp, _ := mask.DataPtrUint8()
	for i, m := range mp {
		if m > 0 {
			x, y := i%mask.Cols(), i/mask.Cols()
			r = r.Union(image.Rect(x, y, x+1, y+1))
		}
	}
	return r
}
