package vision

import "math"

// withoutFronts drops the near side face of a die seen from a low camera,
// which the detector can take for a die of its own: an unsure die lying
// just below another, in line with it and larger than it, as a die's front
// is larger than its foreshortened top. Dice lying one above the other on a
// table seen from above are of one size, give or take their boxes, so
// neither is dropped.
func withoutFronts(dice []Die) []Die {
	kept := make([]Die, 0, len(dice))
	for i, front := range dice {
		if !front.Uncertain || !belowATop(dice, i, frontGrowth) {
			kept = append(kept, front)
		}
	}
	return kept
}

// belowATop reports whether dice[i] lies as the front face of another die
// in dice would, and is at least growth times that die's side.
func belowATop(dice []Die, i int, growth float64) bool {
	front := dice[i]
	side := boxSide(front)
	for j, top := range dice {
		if j == i || side < growth*boxSide(top) {
			continue
		}
		dx := math.Abs(float64(front.Center.X - top.Center.X))
		dy := float64(front.Center.Y - top.Center.Y)
		if dx < frontInLine*side && dy > frontBelowMin*side && dy < frontBelowMax*side {
			return true
		}
	}
	return false
}

// The shape of a die's front below its top, in sides of the front: the two
// centres lie about a side apart, one above the other. The front's box must
// be larger by more than the boxes of one set's dice read from above differ:
// on the development photos and fixtures an asked die lying so below another
// was at most 1.31 times its side.
const (
	frontGrowth   = 1.35
	frontInLine   = 0.25
	frontBelowMin = 0.4
	frontBelowMax = 1.2
)
