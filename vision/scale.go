package vision

import (
	"errors"
	"image"
	"math"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision/detect"
)

// workSide is the die side, in pixels, the reader works at: the pip finder
// and the blob search see every pixel of the frame, and dice much larger
// than this show them nothing a smaller copy of the frame does not, while
// the model reads a 48-pixel crop whatever the die's size.
const workSide = 48

// workScale is the factor to shrink a frame by so that its dice are about
// workSide across, or 1 to read it as it is. The die size is the profile's,
// or else the median of the dice the detector is sure of.
func (r *Reader) workScale(found []detect.Candidate) float64 {
	side := r.typicalSide()
	if side == 0 {
		sides := detect.SureSides(found)
		if len(sides) == 0 {
			return 1
		}
		side = sides[len(sides)/2]
	}
	// Shrinking by less than a third saves little and blurs small pips:
	// a turned 6 loses pips to it.
	if f := workSide / side; f < 0.7 {
		return f
	}
	return 1
}

// shrink resizes frame by f into r.small, which it returns. OpenCV's area
// resize is fast only for whole halvings, so each halving is one, and the
// rest, less than half, is bilinear: pips span several pixels even then.
func (r *Reader) shrink(frame gocv.Mat, f float64) (gocv.Mat, error) {
	if frame.Empty() {
		return gocv.Mat{}, errors.New("the frame is empty")
	}
	size := image.Pt(int(math.Round(f*float64(frame.Cols()))), int(math.Round(f*float64(frame.Rows()))))
	src := frame
	for 2*size.X <= src.Cols() && 2*size.Y <= src.Rows() {
		gocv.Resize(src, &r.half, image.Pt(src.Cols()/2, src.Rows()/2), 0, 0, gocv.InterpolationArea)
		r.half, r.small = r.small, r.half
		src = r.small
	}
	if src.Cols() != size.X || src.Rows() != size.Y {
		gocv.Resize(src, &r.half, size, 0, 0, gocv.InterpolationLinear)
		r.half, r.small = r.small, r.half
	}
	return r.small, nil
}

// scaleProfile is p for a frame scaled by f: its tray and die sizes scale,
// colours and face templates do not. The built-in defaults' die sizes are
// left as they are: without a calibration they follow the frame's size.
func scaleProfile(p Profile, f float64) Profile {
	if !p.Tray.Empty() {
		p.Tray = scaleRect(p.Tray, f)
	}
	if p.sizedByCalibration() {
		p.DieSize = [2]float64{f * p.DieSize[0], f * p.DieSize[1]}
	}
	return p
}

func scaleRect(r image.Rectangle, f float64) image.Rectangle {
	return image.Rect(int(math.Floor(f*float64(r.Min.X))), int(math.Floor(f*float64(r.Min.Y))),
		int(math.Ceil(f*float64(r.Max.X))), int(math.Ceil(f*float64(r.Max.Y))))
}

func scaleFound(found []detect.Candidate, f float64) []detect.Candidate {
	out := make([]detect.Candidate, len(found))
	for i, c := range found {
		out[i] = detect.Candidate{X: f * c.X, Y: f * c.Y, Side: f * c.Side, Score: c.Score}
	}
	return out
}

func shiftFound(found []detect.Candidate, off image.Point) []detect.Candidate {
	out := make([]detect.Candidate, len(found))
	for i, c := range found {
		c.X, c.Y = c.X+float64(off.X), c.Y+float64(off.Y)
		out[i] = c
	}
	return out
}

func scaleDice(dice []Die, f float64) []Die {
	at := func(p image.Point) image.Point {
		return image.Pt(int(math.Round(f*float64(p.X))), int(math.Round(f*float64(p.Y))))
	}
	for i := range dice {
		dice[i].Center = at(dice[i].Center)
		for k := range dice[i].Box {
			dice[i].Box[k] = at(dice[i].Box[k])
		}
	}
	return dice
}
