package synth

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// vignette darkens pix (BGR, w×h) toward the corners, as cheap lenses do.
func (o Optics) vignette(pix []uint8, w, h int) {
	cx, cy := float64(w)/2, float64(h)/2
	r2 := cx*cx + cy*cy
	for y := range h {
		for x := range w {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			q := (dx*dx + dy*dy) / r2
			k := 1 - o.Vignette*q*math.Sqrt(q)
			i := 3 * (y*w + x)
			for c := range 3 {
				pix[i+c] = clamp255(float64(pix[i+c]) * k)
			}
		}
	}
}

// shake smears the whole picture along o.Shake, as a camera moving during
// the exposure does.
func (o Optics) shake(img *gocv.Mat) {
	n := max(abs(o.Shake.X), abs(o.Shake.Y))
	size := 2*n + 1
	kernel := gocv.NewMatWithSize(size, size, gocv.MatTypeCV32F)
	defer kernel.Close()
	kernel.SetTo(gocv.Scalar{})
	for k := range n + 1 {
		t := float64(k)/float64(max(n, 1)) - 0.5
		kernel.SetFloatAt(n+int(math.Round(t*float64(o.Shake.Y))), n+int(math.Round(t*float64(o.Shake.X))), 1)
	}
	sum := kernel.Sum().Val1
	kernel.DivideFloat(float32(sum))
	gocv.Filter2D(*img, img, -1, kernel, image.Pt(-1, -1), 0, gocv.BorderReplicate)
}

// develop does what a camera's processing does after the sensor: white
// balance, saturation and sharpening.
func (o Optics) develop(img *gocv.Mat) {
	gain := o.Balance
	for c := range gain {
		if gain[c] == 0 {
			gain[c] = 1
		}
	}
	sat := o.Saturation
	if sat == 0 {
		sat = 1
	}
	if gain != [3]float64{1, 1, 1} || sat != 1 {
		pix, _ := img.DataPtrUint8()
		for i := 0; i < len(pix); i += 3 {
			r, g, b := float64(pix[i+2])*gain[0], float64(pix[i+1])*gain[1], float64(pix[i])*gain[2]
			grey := 0.3*r + 0.59*g + 0.11*b
			pix[i+2] = clamp255(grey + (r-grey)*sat)
			pix[i+1] = clamp255(grey + (g-grey)*sat)
			pix[i] = clamp255(grey + (b-grey)*sat)
		}
	}
	if o.Sharpen > 0 {
		soft := gocv.NewMat()
		defer soft.Close()
		gocv.GaussianBlur(*img, &soft, image.Point{}, 1.2, 1.2, gocv.BorderReplicate)
		gocv.AddWeighted(*img, 1+o.Sharpen, soft, -o.Sharpen, 0, img)
	}
}
