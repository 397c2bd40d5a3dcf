package vision

import (
	"image"
	"math"
	"sort"

	"gocv.io/x/gocv"
)

// pip is one blob that differs from its die's body.
type pip struct {
	x, y float64 // centroid in tray coordinates
	area float64
}

// readFace counts the pips inside candidate c. Pips are the round blobs
// whose colour is far from the die body's (the body being the median colour
// inside the die); the threshold between them is Otsu's, since a face is two
// colours.
func (r *Reader) readFace(p labPlane, c candidate) (Die, bool) {
	inner := shrink(c.box, c.center, 0.86)
	rect := image.Rectangle{}
	for i, q := range inner {
		if i == 0 {
			rect = image.Rectangle{q, q.Add(image.Pt(1, 1))}
		}
		rect = rect.Union(image.Rectangle{q, q.Add(image.Pt(1, 1))})
	}
	rect = rect.Intersect(image.Rect(0, 0, p.w, p.h))
	if rect.Dx() < 4 || rect.Dy() < 4 {
		return Die{}, false
	}
	inside := func(x, y int) bool { return insideBox(inner, image.Pt(x, y)) }
	bl, ba, bb := p.median(1, func(x, y int) bool {
		return image.Pt(x, y).In(rect) && inside(x, y)
	})

	dist := make([]uint8, rect.Dx()*rect.Dy())
	var hist [256]int
	for y := rect.Min.Y; y < rect.Max.Y; y++ {
		for x := rect.Min.X; x < rect.Max.X; x++ {
			if !inside(x, y) {
				continue
			}
			l, a, b := p.at(x, y)
			d := min(255, 2*labDistance(l, a, b, bl, ba, bb))
			dist[(y-rect.Min.Y)*rect.Dx()+(x-rect.Min.X)] = uint8(d)
			hist[uint8(d)]++
		}
	}
	thr := max(otsu(hist[:]), 40)
	for i, d := range dist {
		if int(d) > thr {
			dist[i] = 255
		} else {
			dist[i] = 0
		}
	}
	mask, err := gocv.NewMatFromBytes(rect.Dy(), rect.Dx(), gocv.MatTypeCV8U, dist)
	if err != nil {
		return Die{}, false
	}
	defer mask.Close()
	pips := findPips(mask, rect.Min, c.side)

	d := Die{Box: c.box, Center: c.center}
	n := len(pips)
	d.Value = min(max(n, 1), 6)
	d.Face = r.faces.FaceLabel(d.Value)
	d.Confidence = pipConfidence(pips)
	d.Uncertain = n < 1 || n > 6 || d.Confidence < 0.6
	if n > 0 {
		var sx, sy float64
		for _, q := range pips {
			sx, sy = sx+q.x, sy+q.y
		}
		d.Center = image.Pt(int(math.Round(sx/float64(n))), int(math.Round(sy/float64(n))))
	}
	return d, true
}

// findPips keeps the connected blobs of mask whose size and shape fit a pip
// on a die of the given side.
func findPips(mask gocv.Mat, origin image.Point, side float64) []pip {
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	n := gocv.ConnectedComponentsWithStats(mask, &labels, &stats, &cents)
	face := side * side
	var out []pip
	for i := 1; i < n; i++ {
		w := float64(stats.GetIntAt(i, int(gocv.CC_STAT_WIDTH)))
		h := float64(stats.GetIntAt(i, int(gocv.CC_STAT_HEIGHT)))
		area := float64(stats.GetIntAt(i, int(gocv.CC_STAT_AREA)))
		if area < 0.004*face || area > 0.12*face {
			continue
		}
		if max(w, h) > 2.2*min(w, h) || area < 0.4*w*h {
			continue
		}
		out = append(out, pip{
			x:    cents.GetDoubleAt(i, 0) + float64(origin.X),
			y:    cents.GetDoubleAt(i, 1) + float64(origin.Y),
			area: area,
		})
	}
	return out
}

// pipConfidence is high when the pips agree in size, as the pips of one
// face do, and low when blobs of mixed sizes (glare, dirt, a side face's
// pips) were counted.
func pipConfidence(pips []pip) float64 {
	if len(pips) == 0 || len(pips) > 6 {
		return 0.2
	}
	areas := make([]float64, len(pips))
	for i, q := range pips {
		areas[i] = q.area
	}
	sort.Float64s(areas)
	spread := areas[len(areas)-1] / areas[0]
	return math.Max(0.3, math.Min(0.95, 1.15-spread/6))
}

// shrink moves the corners of box toward centre, keeping share of its size.
func shrink(box [4]image.Point, centre image.Point, share float64) [4]image.Point {
	var out [4]image.Point
	for i, q := range box {
		out[i] = image.Pt(
			centre.X+int(math.Round(float64(q.X-centre.X)*share)),
			centre.Y+int(math.Round(float64(q.Y-centre.Y)*share)))
	}
	return out
}

// otsu is the threshold that best splits a histogram in two.
func otsu(hist []int) int {
	total, sum := 0, 0.0
	for v, k := range hist {
		total += k
		sum += float64(v * k)
	}
	var wB, sumB, best float64
	thr := 0
	for v, k := range hist {
		wB += float64(k)
		if wB == 0 {
			continue
		}
		wF := float64(total) - wB
		if wF == 0 {
			break
		}
		sumB += float64(v * k)
		mB, mF := sumB/wB, (sum-sumB)/wF
		if between := wB * wF * (mB - mF) * (mB - mF); between > best {
			best, thr = between, v
		}
	}
	return thr
}
