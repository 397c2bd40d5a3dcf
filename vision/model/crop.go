package model

import (
	"image"
	"image/color"
	"math"

	"gocv.io/x/gocv"
)

// CropAt cuts what the model reads for a die of side s centred on (cx, cy):
// the square of side Context·s, the frame's border replicated where the
// square leaves it, shrunk to Crop×Crop. The rounding is README.md's, so Go
// and the Python training code cut alike. The caller owns the returned Mat.
func CropAt(frame gocv.Mat, cx, cy, s float64) gocv.Mat {
	side := max(2, int(math.Floor(Context*s+0.5)))
	x0 := int(math.Floor(cx - float64(side)/2 + 0.5))
	y0 := int(math.Floor(cy - float64(side)/2 + 0.5))
	left, top := max(0, -x0), max(0, -y0)
	right, bottom := max(0, x0+side-frame.Cols()), max(0, y0+side-frame.Rows())
	src := frame
	if left+top+right+bottom > 0 {
		src = gocv.NewMat()
		defer src.Close()
		gocv.CopyMakeBorder(frame, &src, top, bottom, left, right, gocv.BorderReplicate, color.RGBA{})
	}
	square := src.Region(image.Rect(x0+left, y0+top, x0+left+side, y0+top+side))
	defer square.Close()
	crop := gocv.NewMat()
	gocv.Resize(square, &crop, image.Pt(Crop, Crop), 0, 0, gocv.InterpolationArea)
	return crop
}
