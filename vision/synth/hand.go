package synth

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// drawHand paints a hand and forearm reaching in from h.From, with the soft
// shadow it casts.
func drawHand(cv canvas, h Hand, light vec3) {
	img := cv.img
	w, ht := img.Cols(), img.Rows()
	mask := gocv.NewMatWithSize(ht, w, gocv.MatTypeCV8UC1)
	defer mask.Close()
	mask.SetTo(gocv.Scalar{})
	white := color.RGBA{255, 255, 255, 255}
	a := h.From * math.Pi / 180
	ax, ay := math.Sin(a), -math.Cos(a) // toward the arm's end, off the picture
	px, py := -ay, ax                   // across the hand
	s := h.Size
	pt := func(along, across float64) image.Point {
		return image.Pt(int(h.X+ax*along+px*across), int(h.Y+ay*along+py*across))
	}
	far := 2 * float64(w+ht)
	arm := []image.Point{pt(0.3*s, -0.42*s), pt(far, -0.5*s), pt(far, 0.5*s), pt(0.3*s, 0.42*s)}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{arm})
	defer pv.Close()
	gocv.FillPolyWithParams(&mask, pv, white, gocv.LineAA, 0, image.Point{})
	angle := math.Atan2(ay, ax) * 180 / math.Pi
	gocv.EllipseWithParams(&mask, pt(0, 0), image.Pt(int(0.62*s), int(0.5*s)), angle, 0, 360, white, -1, gocv.LineAA, 0)
	reach := 0.75
	if h.Grasp {
		reach = 0.4
	}
	thick := max(2, int(0.17*s))
	for i, off := range []float64{-0.3, -0.1, 0.1, 0.3} {
		l := reach * s * (1 - 0.12*math.Abs(float64(i)-1.5))
		gocv.Line(&mask, pt(-0.4*s, off*s), pt(-0.4*s-l, off*s*1.15), white, thick)
	}
	gocv.Line(&mask, pt(0, 0.45*s), pt(-0.35*s, 0.75*s), white, thick+1)

	soft := gocv.NewMat()
	defer soft.Close()
	blur := math.Max(1, math.Min(h.Blur/4, 0.06*s))
	gocv.GaussianBlur(mask, &soft, image.Point{}, blur, blur, gocv.BorderReplicate)
	body := gocv.NewMat()
	defer body.Close()
	gocv.GaussianBlur(mask, &body, image.Point{}, s*0.15, s*0.15, gocv.BorderReplicate)

	shadow := gocv.NewMat()
	defer shadow.Close()
	shift := gocv.NewMat()
	defer shift.Close()
	off := s * 0.35
	m := gocv.NewMatWithSize(2, 3, gocv.MatTypeCV64F)
	defer m.Close()
	m.SetDoubleAt(0, 0, 1)
	m.SetDoubleAt(1, 1, 1)
	m.SetDoubleAt(0, 2, -light.X/light.Z*off)
	m.SetDoubleAt(1, 2, -light.Y/light.Z*off)
	gocv.WarpAffine(mask, &shift, m, image.Pt(w, ht))
	gocv.GaussianBlur(shift, &shadow, image.Point{}, s*0.25, s*0.25, gocv.BorderReplicate)

	skin := h.Skin
	if skin == (color.RGBA{}) {
		skin = color.RGBA{222, 170, 140, 255}
	}
	c := rgbOf(skin)
	pix, _ := img.DataPtrUint8()
	sp, _ := soft.DataPtrUint8()
	bp, _ := body.DataPtrUint8()
	hp, _ := shadow.DataPtrUint8()
	for i := range sp {
		k := 1 - 0.45*float64(hp[i])/255
		al := float64(sp[i]) / 255
		lit := 0.7 + 0.35*float64(bp[i])/255
		for ch := range 3 {
			under := float64(pix[3*i+ch]) * k
			pix[3*i+ch] = clamp255(under*(1-al) + c[2-ch]*lit*al)
		}
		if sp[i] >= 128 {
			cv.owner[i] = -1
		}
	}
}
