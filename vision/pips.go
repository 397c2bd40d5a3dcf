package vision

import (
	"encoding/binary"
	"image"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// pip is one small round blob darker or lighter than what surrounds it.
type pip struct {
	x, y  float64    // centroid in tray coordinates
	area  float64    // pixels
	d     float64    // diameter of the disc of that area
	elong float64    // major over minor axis: 1 for a disc, more for a pip seen slanted
	dark  bool       // darker than its surround (black pips on a light die)
	ring  [3]float64 // median Lab colour just around it: the die body

	// onTable is set when the surround has the tray's colour: a speck on
	// the tray, or a die as pale as the table, which only the model can tell.
	onTable bool
}

// pipContrast is the least lightness step, on OpenCV's 0..255 L scale,
// between a pip and its die body.
const pipContrast = 35

// Dark pips sit on bodies at least this light, light pips on bodies at most
// this light; the light gaps between a white die's black pips are not pips.
const (
	darkBodyMin  = 70
	lightBodyMax = 170
)

// findPips finds the pips of the whole tray at once: black-hat and top-hat
// filters keep what is darker or lighter than its surroundings and smaller
// than the kernel, and the blobs that are round and of a pip's size stay.
// Blobs whose surround has the tray's colour are specks on the tray.
func (r *Reader) findPips(p labPlane, light gocv.Mat, kernel int, bg [3]float64, smin, smax float64) []pip {
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(kernel|1, kernel|1))
	defer k.Close()
	var out []pip
	for _, dark := range []bool{true, false} {
		op := gocv.MorphTophat
		if dark {
			op = gocv.MorphBlackhat
		}
		gocv.MorphologyEx(light, &r.tmp, op, k)
		gocv.Threshold(r.tmp, &r.tmp, pipContrast, 255, gocv.ThresholdBinary)
		out = append(out, r.blobs(p, dark, bg, smin, smax)...)
	}
	return out
}

// blobs turns the binary image in r.tmp into pips. The labelling runs on
// each band of rows that has a set pixel, not on the whole mask: its cost
// goes with the pixels it visits, and most of a tray is empty of pips.
func (r *Reader) blobs(p labPlane, dark bool, bg [3]float64, smin, smax float64) []pip {
	mask, err := r.tmp.DataPtrUint8()
	if err != nil {
		return nil
	}
	var out []pip
	for _, band := range rowBands(mask, p.w, p.h) {
		view := r.tmp.Region(band)
		out = r.bandBlobs(out, p, mask, view, band.Min, dark, bg, smin, smax)
		view.Close()
	}
	return out
}

// rowBands are the boxes round each run of rows of a w×h mask with a set
// pixel. No 8-connected blob crosses an empty row, so each band is
// labelled alone; bands parted by only a few empty rows are joined to save
// calls.
func rowBands(mask []uint8, w, h int) []image.Rectangle {
	const join = 8
	var out []image.Rectangle
	for y := range h {
		x0, x1, ok := setSpan(mask[y*w : (y+1)*w])
		if !ok {
			continue
		}
		row := image.Rect(x0, y, x1, y+1)
		if n := len(out); n > 0 && y-out[n-1].Max.Y < join {
			out[n-1] = out[n-1].Union(row)
			continue
		}
		out = append(out, row)
	}
	return out
}

// setSpan is the span [x0, x1) from the first to the last non-zero byte of
// row, found eight bytes at a time; ok is false for a row of zeros.
func setSpan(row []uint8) (x0, x1 int, ok bool) {
	for x0 < len(row) {
		if x0+8 <= len(row) && binary.NativeEndian.Uint64(row[x0:]) == 0 {
			x0 += 8
			continue
		}
		if row[x0] != 0 {
			break
		}
		x0++
	}
	if x0 == len(row) {
		return 0, 0, false
	}
	x1 = len(row)
	for {
		if x1-8 >= x0 && binary.NativeEndian.Uint64(row[x1-8:]) == 0 {
			x1 -= 8
			continue
		}
		if row[x1-1] != 0 {
			return x0, x1, true
		}
		x1--
	}
}

// bandBlobs appends the pips of view, the part of the mask at off.
func (r *Reader) bandBlobs(out []pip, p labPlane, mask []uint8, view gocv.Mat, off image.Point, dark bool, bg [3]float64, smin, smax float64) []pip {
	n := gocv.ConnectedComponentsWithStats(view, &r.labels, &r.stats, &r.cents)
	// The tables are read as Go slices: a noisy mask has thousands of
	// components, and a cgo call per number costs more than the labelling.
	stats, err := r.stats.DataPtrUint8() // CV_32S, in the machine's order
	if err != nil {
		return out
	}
	cents, err := r.cents.DataPtrFloat64()
	if err != nil {
		return out
	}
	amin := max(4, 0.25*math.Pi*(smin/8)*(smin/8))
	amax := 0.25 * math.Pi * (smax / 3) * (smax / 3)
	for i := 1; i < n; i++ {
		stat := func(k gocv.ConnectedComponentsTypes) int {
			return int(int32(binary.NativeEndian.Uint32(stats[4*(i*int(gocv.CC_STAT_MAX)+int(k)):])))
		}
		area := float64(stat(gocv.CC_STAT_AREA))
		if area < amin || area > amax {
			continue
		}
		x0, y0 := stat(gocv.CC_STAT_LEFT)+off.X, stat(gocv.CC_STAT_TOP)+off.Y
		w, h := stat(gocv.CC_STAT_WIDTH), stat(gocv.CC_STAT_HEIGHT)
		if max(w, h) > 4*min(w, h) {
			continue
		}
		q := pip{x: cents[2*i] + float64(off.X), y: cents[2*i+1] + float64(off.Y), area: area, dark: dark}
		q.d = 2 * math.Sqrt(area/math.Pi)
		var fill float64
		q.elong, fill = shape(mask, p.w, image.Rect(x0, y0, x0+w, y0+h), q.x, q.y)
		if q.elong > 3 || fill < 0.6 {
			continue
		}
		q.ring = p.ringColour(q.x, q.y, 0.5*q.d+max(2, 0.4*q.d))
		q.onTable = labDistance(q.ring[0], q.ring[1], q.ring[2], bg[0], bg[1], bg[2]) < 8
		if dark != (q.ring[0] > meanL(p, q)) || dark && q.ring[0] < darkBodyMin || !dark && q.ring[0] > lightBodyMax {
			continue
		}
		out = append(out, q)
	}
	return out
}

// shape is a blob's elongation (major over minor axis of the ellipse with
// the same second moments) and how much of that ellipse the blob fills. It
// reads the binary mask inside the blob's box, where another blob seldom
// reaches, rather than copy out a whole frame of labels.
func shape(mask []uint8, stride int, box image.Rectangle, cx, cy float64) (elong, fill float64) {
	var sxx, syy, sxy, area float64
	for y := box.Min.Y; y < box.Max.Y; y++ {
		row := mask[y*stride : (y+1)*stride]
		for x := box.Min.X; x < box.Max.X; x++ {
			if row[x] == 0 {
				continue
			}
			area++
			dx, dy := float64(x)-cx, float64(y)-cy
			sxx += dx * dx
			syy += dy * dy
			sxy += dx * dy
		}
	}
	sxx, syy, sxy = sxx/area+1.0/12, syy/area+1.0/12, sxy/area
	tr, det := sxx+syy, sxx*syy-sxy*sxy
	disc := math.Sqrt(math.Max(0, tr*tr/4-det))
	l1, l2 := tr/2+disc, math.Max(tr/2-disc, 1e-6)
	elong = math.Sqrt(l1 / l2)
	fill = area / (4 * math.Pi * math.Sqrt(l1*l2))
	return elong, fill
}

// ringColour is the median Lab colour on a circle of radius rad around (x, y).
func (p labPlane) ringColour(x, y, rad float64) [3]float64 {
	const n = 16
	var ch [3][]float64
	for i := range n {
		a := 2 * math.Pi * float64(i) / n
		px, py := int(math.Round(x+rad*math.Cos(a))), int(math.Round(y+rad*math.Sin(a)))
		if px < 0 || py < 0 || px >= p.w || py >= p.h {
			continue
		}
		l, aa, b := p.at(px, py)
		ch[0], ch[1], ch[2] = append(ch[0], l), append(ch[1], aa), append(ch[2], b)
	}
	var out [3]float64
	if len(ch[0]) == 0 {
		return out
	}
	for c := range 3 {
		slices.Sort(ch[c])
		out[c] = ch[c][len(ch[c])/2]
	}
	return out
}

// meanL is the lightness at the pip's centre.
func meanL(p labPlane, q pip) float64 {
	x, y := int(math.Round(q.x)), int(math.Round(q.y))
	if x < 0 || y < 0 || x >= p.w || y >= p.h {
		return 0
	}
	l, _, _ := p.at(x, y)
	return l
}
