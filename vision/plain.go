package vision

import (
	"image"
	"math"
)

// plainReach is the Lab distance under which the body round a lone pip is
// the tray itself: the median colour of a die's face, its pip left out,
// differs from the tray round it by 4 or more even for a white die on a
// light tray, while a speck on the tray differs by under 1.5.
const plainReach = 2.5

// plain reports whether the square of side s centred on (x, y), tray
// coordinates, looks like the tray round it once its centre, where a lone
// pip would be, is left out: a speck or a screw head, not a die showing 1.
func (p labPlane) plain(x, y, s float64) bool {
	reach := int(math.Ceil(s)) + 1
	area := image.Rect(int(x)-reach, int(y)-reach, int(x)+reach+1, int(y)+reach+1)
	step := max(1, int(s/24)) // some 400 samples of the face, whatever its size
	ring := func(lo, hi float64) func(px, py int) bool {
		return func(px, py int) bool {
			d := math.Max(math.Abs(float64(px)-x), math.Abs(float64(py)-y)) / s
			return d >= lo && d <= hi
		}
	}
	face := p.median(area, step, ring(0.15, 0.38))
	round := p.median(area, step, ring(0.7, 1))
	// Lightness counts in full here: a white die on a light tray differs
	// from it in little else.
	return math.Hypot(math.Hypot(face[0]-round[0], face[1]-round[1]), face[2]-round[2]) < plainReach
}
