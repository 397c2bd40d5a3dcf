package vision

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// candidate is a region that may be one die, in tray coordinates.
type candidate struct {
	box    [4]image.Point // clockwise corners
	center image.Point
	side   float64
	grid   bool // placed on a grid over a cluster, not found as a blob
}

// fgThreshold is the Lab distance from the tray colour above which a pixel
// belongs to a die; lower picks up shadows, higher loses white dice on a
// light table.
const fgThreshold = 20

// candidates separates the dice from the tray: pixels far from the tray
// colour, cleaned by morphology, with touching dice split where the distance
// to the background has more than one peak.
func (r *Reader) candidates(p labPlane, bg [3]float64, smin, smax float64) ([]candidate, error) {
	bl, ba, bb := bg[0], bg[1], bg[2]
	if r.fg.Rows() != p.h || r.fg.Cols() != p.w || r.fg.Type() != gocv.MatTypeCV8U {
		r.fg.Close()
		r.fg = gocv.NewMatWithSize(p.h, p.w, gocv.MatTypeCV8U)
	}
	fg, err := r.fg.DataPtrUint8()
	if err != nil {
		return nil, err
	}
	// The squared distance, in integers, is the same test as labDistance
	// without a square root per pixel.
	il, ia, ib := int(2*bl), int(ba), int(bb)
	const limit = fgThreshold * fgThreshold * 4
	for i := range fg {
		dl, da, db := 2*int(p.pix[3*i])-il, int(p.pix[3*i+1])-ia, int(p.pix[3*i+2])-ib
		fg[i] = 0
		if dl*dl/4+4*(da*da+db*db) > limit {
			fg[i] = 255
		}
	}

	morph(&r.fg, gocv.MorphClose, int(smin/3))
	morph(&r.fg, gocv.MorphOpen, int(smin/2))

	// Two-level retrieval: a die lying inside a ring of foreground, such as
	// a tray's rim, is an outer contour of its own, not lost in the ring.
	hierarchy := gocv.NewMat()
	defer hierarchy.Close()
	contours := gocv.FindContoursWithParams(r.fg, &hierarchy, gocv.RetrievalCComp, gocv.ChainApproxSimple)
	defer contours.Close()
	labels := gocv.NewMat()
	defer labels.Close()
	var out []candidate
	for i := 0; i < contours.Size(); i++ {
		if hierarchy.GetVeciAt(0, i)[3] >= 0 {
			continue // a hole
		}
		c := contours.At(i)
		area := gocv.ContourArea(c)
		if area < 0.5*smin*smin || area > 30*smax*smax {
			continue
		}
		rr := gocv.MinAreaRect(c)
		long, short := float64(max(rr.Width, rr.Height)), float64(min(rr.Width, rr.Height))
		if long > 5*smax || long > 0.8*float64(max(p.w, p.h)) {
			continue // a tray's rim or a table's edge, not dice
		}
		if long < 1.3*short && area > 0.8*long*short {
			out = appendRect(out, rr, 0, smin, smax) // plainly one die
			continue
		}
		// The distance transform of the blob's own box is enough, and far
		// cheaper than one of the whole frame.
		rect := gocv.BoundingRect(c).Inset(-1).Intersect(image.Rect(0, 0, p.w, p.h))
		blob := r.fg.Region(rect)
		gocv.DistanceTransform(blob, &r.dt, &labels, gocv.DistL2, gocv.DistanceMask5, gocv.DistanceLabelCComp)
		blob.Close()
		_, maxd, _, _ := gocv.MinMaxLoc(r.dt)
		if area <= 1.5*4*float64(maxd*maxd) || area > 0.85*long*short {
			// one die, or a row of dice side by side, which appendRect cuts
			out = appendRect(out, rr, 0, smin, smax)
			continue
		}
		out = r.splitTouching(out, r.dt, c, rect, smin, smax)
		out = r.gridOver(out, c, rect)
	}
	return out, nil
}

// gridOver adds die-sized candidates on a grid over a cluster of touching
// dice, for the model to pick the dice from: where dice touch with no gap
// and no edge, neither the distance transform nor the pips separate them,
// but the model, trained to call half a die or the gap between two dice "not
// a die", can. Only a calibrated profile knows the die size to use.
func (r *Reader) gridOver(out []candidate, c gocv.PointVector, rect image.Rectangle) []candidate {
	side := r.typicalSide()
	if side == 0 {
		return out
	}
	step := side / 2
	for y := float64(rect.Min.Y) + step/2; y < float64(rect.Max.Y); y += step {
		for x := float64(rect.Min.X) + step/2; x < float64(rect.Max.X); x += step {
			if gocv.PointPolygonTest(c, image.Pt(int(x), int(y)), true) < 0.25*side {
				continue // too near the blob's edge to be a die's centre
			}
			g := newCandidate(x, y, side, side, 1, 0)
			g.grid = true
			out = append(out, g)
		}
	}
	return out
}

// typicalSide is the die size a calibrated profile implies, 0 without one.
func (r *Reader) typicalSide() float64 { return r.profile.measuredSide() }

// splitTouching cuts a blob of touching dice at the peaks of its distance
// transform: each peak is the centre of a die whose half side is the
// distance there. Peaks closer than a die's size belong to one die.
func (r *Reader) splitTouching(out []candidate, dtr gocv.Mat, c gocv.PointVector, rect image.Rectangle, smin, smax float64) []candidate {
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(max(3, int(smin/2))|1, max(3, int(smin/2))|1))
	defer k.Close()
	gocv.Dilate(dtr, &r.tmp, k)
	dist, err1 := dtr.DataPtrFloat32()
	peak, err2 := r.tmp.DataPtrFloat32()
	if err1 != nil || err2 != nil {
		return out
	}
	type centre struct{ x, y, d float64 }
	var peaks []centre
	w := dtr.Cols()
	for i, d := range dist {
		if d > 0 && d == peak[i] && float64(d) >= 0.35*smin {
			peaks = append(peaks, centre{float64(i%w + rect.Min.X), float64(i/w + rect.Min.Y), float64(d)})
		}
	}
	sort.Slice(peaks, func(i, j int) bool { return peaks[i].d > peaks[j].d })
	var kept []centre
	for _, q := range peaks {
		near := false
		for _, k := range kept {
			if math.Hypot(q.x-k.x, q.y-k.y) < 1.4*k.d {
				near = true
				break
			}
		}
		if near || gocv.PointPolygonTest(c, image.Pt(int(q.x), int(q.y)), false) < 0 {
			continue
		}
		kept = append(kept, q)
		side := 2.1 * q.d
		if side >= 0.7*smin && side <= 1.3*smax {
			out = append(out, newCandidate(q.x, q.y, side, side, 1, 0))
		}
	}
	return out
}

// appendRect adds rr, grown by grow on each side, as one or more dice: a
// rectangle about twice as long as wide is two dice side by side.
func appendRect(out []candidate, rr gocv.RotatedRect, grow, smin, smax float64) []candidate {
	w, h := float64(rr.Width)+2*grow, float64(rr.Height)+2*grow
	theta := rr.Angle * math.Pi / 180
	ux, uy := math.Cos(theta), math.Sin(theta) // along the width
	if h > w {
		w, h = h, w
		ux, uy = -uy, ux
	}
	n := int(math.Round(w / h))
	if n < 1 {
		n = 1
	}
	if n > 4 || h < 0.7*smin || h > 1.3*smax {
		return out
	}
	step := w / float64(n)
	cx, cy := float64(rr.Center.X), float64(rr.Center.Y)
	for k := range n {
		off := (float64(k) + 0.5 - float64(n)/2) * step
		out = append(out, newCandidate(cx+off*ux, cy+off*uy, step, h, ux, uy))
	}
	return out
}

func newCandidate(cx, cy, w, h, ux, uy float64) candidate {
	vx, vy := -uy, ux
	var c candidate
	for i, s := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x := cx + s[0]*w/2*ux + s[1]*h/2*vx
		y := cy + s[0]*w/2*uy + s[1]*h/2*vy
		c.box[i] = image.Pt(int(math.Round(x)), int(math.Round(y)))
	}
	c.center = image.Pt(int(math.Round(cx)), int(math.Round(cy)))
	c.side = math.Sqrt(w * h)
	return c
}

// background is the tray colour: the profile's, or the frame's commonest
// colour, since the tray covers more of a frame than anything else.
func (r *Reader) background(p labPlane) (float64, float64, float64) {
	if r.bgLab != nil {
		return r.bgLab[0], r.bgLab[1], r.bgLab[2]
	}
	var hist [4096]int
	for y := 0; y < p.h; y += 4 {
		for x := 0; x < p.w; x += 4 {
			i := 3 * (y*p.w + x)
			hist[int(p.pix[i]>>4)<<8|int(p.pix[i+1]>>4)<<4|int(p.pix[i+2]>>4)]++
		}
	}
	best := 0
	for b, n := range hist {
		if n > hist[best] {
			best = b
		}
	}
	m := p.median(image.Rect(0, 0, p.w, p.h), 4, func(x, y int) bool {
		i := 3 * (y*p.w + x)
		return int(p.pix[i]>>4)<<8|int(p.pix[i+1]>>4)<<4|int(p.pix[i+2]>>4) == best
	})
	return m[0], m[1], m[2]
}

func morph(m *gocv.Mat, op gocv.MorphType, size int) {
	if size < 2 {
		return
	}
	if size >= halfMorphFrom {
		// A large round kernel costs in proportion to its height: on a mask
		// of half the size with half the kernel the cost is an eighth, and
		// the dice, many kernel widths across, keep their shape.
		full := image.Pt(m.Cols(), m.Rows())
		half := gocv.NewMat()
		defer half.Close()
		gocv.Resize(*m, &half, image.Pt((full.X+1)/2, (full.Y+1)/2), 0, 0, gocv.InterpolationArea)
		gocv.Threshold(half, &half, 127, 255, gocv.ThresholdBinary)
		morph(&half, op, size/2)
		gocv.Resize(half, m, full, 0, 0, gocv.InterpolationNearestNeighbor)
		return
	}
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(size|1, size|1))
	defer k.Close()
	gocv.MorphologyEx(*m, m, op, k)
}

// halfMorphFrom is the kernel size from which morph works at half size.
const halfMorphFrom = 12
