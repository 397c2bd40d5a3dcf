package live

import (
	"image"
	"image/color"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision"
)

// holdColour sets the advised keep apart from the reader's green and orange.
var holdColour = color.RGBA{R: 40, G: 200, B: 255, A: 255}

// markHeld rings the dice the advice says to keep, a little outside the
// reader's own box so both stay visible, and writes "keep" under them.
func markHeld(frame *gocv.Mat, dice []vision.Die, held [5]bool) {
	thick := max(2, frame.Cols()/320)
	for i, d := range dice {
		if i >= len(held) || !held[i] {
			continue
		}
		var ring [4]image.Point
		bottom := d.Box[0]
		for j, p := range d.Box {
			// 30% further from the centre than the die's own corners.
			ring[j] = d.Center.Add(p.Sub(d.Center).Mul(13).Div(10))
			if ring[j].Y > bottom.Y {
				bottom = ring[j]
			}
		}
		pts := gocv.NewPointsVectorFromPoints([][]image.Point{ring[:]})
		gocv.Polylines(frame, pts, true, holdColour, thick)
		pts.Close()
		// Below the ring, where the die's own value above it leaves room.
		vision.Label(frame, "keep", image.Pt(d.Center.X, bottom.Y+frame.Rows()/12), image.Pt(d.Center.X, bottom.Y), holdColour)
	}
}
