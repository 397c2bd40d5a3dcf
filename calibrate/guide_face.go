package calibrate

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// Limits for telling a die from its shadow against the empty tray.
const (
	faceStep   = 60   // least colour step from the empty tray, summed over channels
	shadowDark = 0.95 // a shadow keeps at most this share of the tray's light
	shadowTint = 0.1  // and dims every channel alike, to within this ratio
)

// faceCorners finds the die d inside its blob: what differs from the empty
// tray but not as a shadow does, darkening each channel alike. The blob
// holds the shadow too, which would turn a template away from the die's
// own angle. It falls back to the blob's box when too little is left, as
// for a black die on a grey tray.
func faceCorners(frame, empty gocv.Mat, d die) [4]image.Point {
	box := image.Rectangle{}
	for _, p := range d.corners {
		box = box.Union(image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))})
	}
	box = box.Intersect(image.Rect(0, 0, frame.Cols(), frame.Rows()))
	if box.Dx() < 8 || box.Dy() < 8 {
		return box4(d.corners)
	}
	now, err1 := frame.DataPtrUint8()
	was, err2 := empty.DataPtrUint8()
	if err1 != nil || err2 != nil {
		return box4(d.corners)
	}
	bits := make([]byte, box.Dx()*box.Dy())
	for y := box.Min.Y; y < box.Max.Y; y++ {
		for x := box.Min.X; x < box.Max.X; x++ {
			i := 3 * (y*frame.Cols() + x)
			if dieNotShadow([3]uint8(now[i:i+3]), [3]uint8(was[i:i+3])) {
				bits[(y-box.Min.Y)*box.Dx()+x-box.Min.X] = 255
			}
		}
	}
	mask, err := gocv.NewMatFromBytes(box.Dy(), box.Dx(), gocv.MatTypeCV8U, bits)
	if err != nil {
		return box4(d.corners)
	}
	defer mask.Close()
	k := max(3, int(d.side/5)|1)
	kernel := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(k, k))
	defer kernel.Close()
	gocv.MorphologyEx(mask, &mask, gocv.MorphClose, kernel)
	contours := gocv.FindContours(mask, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer contours.Close()
	best, area := -1, 0.0
	for i := range contours.Size() {
		if a := gocv.ContourArea(contours.At(i)); a > area {
			best, area = i, a
		}
	}
	if best < 0 || area < 0.3*d.side*d.side {
		return box4(d.corners)
	}
	r := gocv.MinAreaRect(contours.At(best))
	corners := box4(r.Points)
	for i := range corners {
		corners[i] = corners[i].Add(box.Min)
	}
	return corners
}

// box4 is the four corners a rotated rectangle's points list.
func box4(ps []image.Point) [4]image.Point {
	var b [4]image.Point
	copy(b[:], ps)
	return b
}

// dieNotShadow says whether the pixel now, where the empty tray showed was,
// belongs to a die rather than to the tray or a shadow on it.
func dieNotShadow(now, was [3]uint8) bool {
	if distance(now, was) < faceStep {
		return false
	}
	var ratio [3]float64
	mean := 0.0
	for c := range 3 {
		ratio[c] = (float64(now[c]) + 1) / (float64(was[c]) + 1)
		mean += ratio[c] / 3
	}
	if mean > shadowDark {
		return true
	}
	for c := range 3 {
		if math.Abs(ratio[c]-mean) > shadowTint*mean {
			return true
		}
	}
	return false
}
