package vision

import (
	"image"
	"image/color"

	"gocv.io/x/gocv"
)

var (
	sureColour   = color.RGBA{0, 200, 0, 0}
	unsureColour = color.RGBA{0, 140, 255, 0}
)

// Annotate draws each die's box and value onto frame: green for a sure
// reading, orange with a question mark for one a person should confirm.
func Annotate(frame *gocv.Mat, dice []Die) {
	scale := max(0.5, float64(frame.Cols())/1280)
	thick := max(1, int(2*scale))
	for _, d := range dice {
		c, label := sureColour, d.Face
		if d.Uncertain {
			c, label = unsureColour, d.Face+"?"
		}
		box := gocv.NewPointsVectorFromPoints([][]image.Point{d.Box[:]})
		gocv.Polylines(frame, box, true, c, thick)
		box.Close()
		gocv.Circle(frame, d.Center, thick+1, c, -1)
		top := d.Box[0]
		for _, q := range d.Box[1:] {
			if q.Y < top.Y {
				top = q
			}
		}
		gocv.PutText(frame, label, top.Add(image.Pt(0, -4)), gocv.FontHersheySimplex, 0.6*scale, c, thick)
	}
}
