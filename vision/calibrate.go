package vision

import (
	"context"
	"errors"
	"fmt"
	"image"
	"math"
	"slices"

	"github.com/dicecam/dicecam/calibrate"
	"gocv.io/x/gocv"
)

// Calibrate builds a profile from labelled photos of one table and one dice
// set: where on the frame dice lie, the tray colour around them and how
// large they appear. Photos that cannot be read are skipped and counted in
// the error only when none can be.
func Calibrate(ctx context.Context, photos []Photo, faces string) (*calibrate.Profile, error) {
	p := calibrate.New()
	if faces != "" {
		p.Faces = faces
	}
	var sides []float64
	var bgs [3][]float64
	var tray image.Rectangle
	var frame image.Point
	read := 0
	for _, ph := range photos {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		img := gocv.IMRead(ph.Path, gocv.IMReadColor)
		if img.Empty() {
			img.Close()
			continue
		}
		read++
		size := image.Pt(img.Cols(), img.Rows())
		if frame == (image.Point{}) {
			frame = size
		} else if frame != size {
			frame = image.Pt(-1, -1) // mixed sizes: no tray rectangle
		}
		var boxes []image.Rectangle
		for _, d := range ph.Dice {
			w, h := d.Box[2]-d.Box[0], d.Box[3]-d.Box[1]
			if d.Value >= 2 {
				sides = append(sides, math.Max(w, h))
			}
			b := image.Rect(int(d.Box[0]), int(d.Box[1]), int(math.Ceil(d.Box[2])), int(math.Ceil(d.Box[3])))
			boxes = append(boxes, b)
			tray = tray.Union(b)
		}
		sampleBackground(img, boxes, &bgs)
		img.Close()
	}
	if read == 0 {
		return nil, errors.New("calibrate: none of the photos could be read")
	}
	if len(sides) == 0 {
		return nil, errors.New("calibrate: no labelled dice showing 2 to 6 to measure the die size from")
	}
	slices.Sort(sides)
	lo, mid, hi := sides[len(sides)/50], sides[len(sides)/2], sides[len(sides)-1-len(sides)/50]
	p.DieSize = [2]float64{math.Floor(0.7 * lo), math.Ceil(1.5 * hi)}
	if frame.X > 0 {
		grow := int(mid)
		p.Tray.Rectangle = image.Rect(tray.Min.X-grow, tray.Min.Y-grow, tray.Max.X+grow, tray.Max.Y+grow).
			Intersect(image.Rectangle{Max: frame})
	}
	for c := range 3 {
		if len(bgs[c]) == 0 {
			return nil, errors.New("calibrate: no background left around the dice to learn the tray colour from")
		}
		slices.Sort(bgs[c])
		p.Background[c] = uint8(bgs[c][len(bgs[c])/2])
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("calibrate: %w", err)
	}
	return p, nil
}

// sampleBackground adds BGR samples of img taken around, never inside, the
// dice boxes: a ring of points near each die, where the tray under the dice
// shows, rather than the frame's edges.
func sampleBackground(img gocv.Mat, boxes []image.Rectangle, bgs *[3][]float64) {
	bounds := image.Rect(0, 0, img.Cols(), img.Rows())
	for _, b := range boxes {
		s := max(b.Dx(), b.Dy())
		c := b.Min.Add(b.Max).Div(2)
		for k := range 12 {
			a := 2 * math.Pi * float64(k) / 12
			pt := c.Add(image.Pt(int(1.5*float64(s)*math.Cos(a)), int(1.5*float64(s)*math.Sin(a))))
			if !pt.In(bounds) || inAny(pt, boxes, s/2) {
				continue
			}
			v := img.GetVecbAt(pt.Y, pt.X)
			for ch := range 3 {
				bgs[ch] = append(bgs[ch], float64(v[ch]))
			}
		}
	}
}

func inAny(pt image.Point, boxes []image.Rectangle, margin int) bool {
	for _, b := range boxes {
		if pt.In(b.Inset(-margin)) {
			return true
		}
	}
	return false
}
