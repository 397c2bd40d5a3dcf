package vision

import (
	"math"

	"gocv.io/x/gocv"
)

// Lab is a colour on OpenCV's 8-bit Lab scale: lightness, then the green to
// red and blue to yellow axes, each 0 to 255.
type Lab [3]float64

// Lab is the colour c on the Lab scale.
func (c Colour) Lab() Lab {
	px := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(c[0]), float64(c[1]), float64(c[2]), 0), 1, 1, gocv.MatTypeCV8UC3)
	defer px.Close()
	gocv.CvtColor(px, &px, gocv.ColorBGRToLab)
	v := px.GetVecbAt(0, 0)
	return Lab{float64(v[0]), float64(v[1]), float64(v[2])}
}

// BGR is the colour l as OpenCV keeps pixels.
func (l Lab) BGR() Colour {
	px := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(l[0], l[1], l[2], 0), 1, 1, gocv.MatTypeCV8UC3)
	defer px.Close()
	gocv.CvtColor(px, &px, gocv.ColorLabToBGR)
	v := px.GetVecbAt(0, 0)
	return Colour{v[0], v[1], v[2]}
}

// Distance is how far apart two colours look to the reader.
func (l Lab) Distance(m Lab) float64 { return labDistance(l[0], l[1], l[2], m[0], m[1], m[2]) }

// labDistance weighs lightness at half, so that a shadow on the tray differs
// less from the tray than a die of another colour does.
func labDistance(l1, a1, b1, l2, a2, b2 float64) float64 {
	dl := (l1 - l2) / 2
	return math.Sqrt(dl*dl + (a1-a2)*(a1-a2) + (b1-b2)*(b1-b2))
}
