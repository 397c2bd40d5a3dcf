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
// The value is a label above the die, legible as Label draws it.
func Annotate(frame *gocv.Mat, dice []Die) {
	thick := max(1, frame.Rows()/240)
	for _, d := range dice {
		c, label := sureColour, d.Face
		if d.Uncertain {
			c, label = unsureColour, d.Face+"?"
		}
		box := gocv.NewPointsVectorFromPoints([][]image.Point{d.Box[:]})
		gocv.Polylines(frame, box, true, c, thick)
		box.Close()
		gocv.Circle(frame, d.Center, thick+1, c, -1)
		top, bottom := d.Box[0].Y, d.Box[0].Y
		for _, q := range d.Box[1:] {
			top, bottom = min(top, q.Y), max(bottom, q.Y)
		}
		Label(frame, label, image.Pt(d.Center.X, top), image.Pt(d.Center.X, bottom), c)
	}
}

// labelShare is a label's height as a share of the frame's: 24 pixels in
// a 480-line frame, which still reads at 13 on a phone that shows the
// picture at 360 pixels across. TestAnnotatedLabelsAreLegible measures it.
const labelShare = 1.0 / 20

// Label writes text in colour c on a dark patch, centred above the point
// over (or, where the frame's top edge leaves no room, below under), a
// twentieth of the frame high, so it reads on a busy table at any size.
func Label(frame *gocv.Mat, text string, over, under image.Point, c color.RGBA) {
	const font = gocv.FontHersheySimplex
	thick := max(1, frame.Rows()/240)
	unit := gocv.GetTextSize(text, font, 1, thick)
	scale := labelShare * float64(frame.Rows()) / float64(unit.Y)
	size := gocv.GetTextSize(text, font, scale, thick)
	pad := max(2, size.Y/5)
	at := image.Pt(over.X-size.X/2, over.Y-2*pad) // the text's baseline, left end
	if at.Y-size.Y-pad < 0 {
		at.Y = under.Y + 2*pad + size.Y
	}
	at.X = min(max(at.X, pad), frame.Cols()-size.X-pad)
	patch := image.Rect(at.X-pad, at.Y-size.Y-pad, at.X+size.X+pad, at.Y+pad)
	gocv.Rectangle(frame, patch, color.RGBA{20, 20, 20, 0}, -1)
	gocv.PutText(frame, text, at, font, scale, c, thick)
}
