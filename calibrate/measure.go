package calibrate

import (
	"image"
	"slices"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision"
)

// dieColours gathers the body and pip colours of the dice a calibration
// measures, whichever way it finds them.
type dieColours struct{ bodies, pips palette }

// add takes the colours of one die, and says whether it had any: the
// reader saw no pips on a die showing a logo or a blank face.
func (dc *dieColours) add(s vision.DieSample) bool {
	if !s.Pips {
		return false
	}
	dc.bodies.add(s.Body)
	dc.pips.add(s.Ink)
	return true
}

// palette gathers Lab colours into clusters of alike colours.
type palette []shade

type shade struct {
	lab vision.Lab
	n   int
}

// paletteReach is the Lab distance within which two colours are one.
const paletteReach = 12

func (pl *palette) add(c vision.Lab) {
	for i := range *pl {
		e := &(*pl)[i]
		if c.Distance(e.lab) <= paletteReach {
			for k := range 3 {
				e.lab[k] = (e.lab[k]*float64(e.n) + c[k]) / float64(e.n+1)
			}
			e.n++
			return
		}
	}
	*pl = append(*pl, shade{c, 1})
}

// common is the palette's colours seen at least twice, commonest first, at
// most a dozen, as BGR: a colour seen once is as likely a reflection.
func (pl palette) common() []vision.Colour {
	sorted := slices.Clone(pl)
	slices.SortFunc(sorted, func(a, b shade) int { return b.n - a.n })
	var out []vision.Colour
	for _, e := range sorted {
		if e.n < 2 || len(out) == 12 {
			break
		}
		out = append(out, e.lab.BGR())
	}
	return out
}

// template cuts the face of a die out of frame for the reader to match later.
func template(frame gocv.Mat, face [4]image.Point, label string, value int) vision.FaceTemplate {
	return vision.FaceTemplate{Label: label, Value: value, Size: vision.TemplateSize, Pixels: vision.CutFace(frame, face)}
}
