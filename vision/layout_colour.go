package vision

import (
	"math"
	"slices"
)

// Limits on the count of a face by its pips' colour.
const (
	splitColours = 4    // the colours a face is split into: a body of two or three (a marbled die's swirls, its shading) and the pips'
	bodyColour   = 0.4  // a colour covering more than this share near the centre is the body's: pips never fill it
	pipColour    = 45   // least Lab distance of the pips' colour from the face's every other colour
	rivalArea    = 0.5  // a round spot of another colour within this share of the pips' mean area, and its inverse, is a pip left out
	rivalReach   = 0.3  // if it lies within this share of the side from the centre
	colourSteps  = 10   // rounds of k-means
	colourMoved  = 0.25 // k-means stops when no centre moves further than this, in Lab units
)

// pipsOfAColour counts the pips of a face, as pipsLaidOut does, where the
// body is of several colours: the swirls of a marbled die lie as far from
// the body's median as its pips, and the count by distance from it finds
// no face. The face's pixels are split into splitColours colours by
// k-means; a colour the body does not cover, clearly apart from every
// other, whose spots lie as a face's pips do, with no stray of it in the
// way and no spot of another colour the pips' size near the centre (a pip
// the split gave the other colour), gives the count, 2 to 6: a lone spot
// of one colour is as often a swirl.
func pipsOfAColour(px []uint8) int {
	const n = layoutSide
	label, centres := colourSplit(px)
	var near [splitColours]int
	var inDisc int
	for i := range n * n {
		if nearCentre(i, bodyReach) {
			near[label[i]]++
			inDisc++
		}
	}
	body := func(c int) bool { return float64(near[c]) > bodyColour*float64(inDisc) }
	square := face{(n - 1) / 2.0, (n - 1) / 2.0, n}
	edgeOnly := func(int, int) bool { return false }
	for c := range splitColours {
		if body(c) || !colourApart(centres, c) {
			continue
		}
		sp, stray := blobs(func(i int) bool { return int(label[i]) == c }, edgeOnly, square)
		count := laidOut(sp, square)
		if stray || count < 2 {
			continue
		}
		mean := meanArea(sp)
		rival := func(o int) bool {
			if o == c || body(o) {
				return false
			}
			others, _ := blobs(func(i int) bool { return int(label[i]) == o }, edgeOnly, square)
			return slices.ContainsFunc(others, func(s spot) bool {
				return s.area >= rivalArea*mean && s.area <= mean/rivalArea && math.Hypot(s.x-square.x, s.y-square.y) <= rivalReach*n
			})
		}
		rivalled := false
		for o := range splitColours {
			rivalled = rivalled || rival(o)
		}
		if !rivalled {
			return count
		}
	}
	return 0
}

// colourApart reports whether colour c lies at least pipColour from every other.
func colourApart(centres [splitColours][3]float64, c int) bool {
	for o := range splitColours {
		if o != c && euclid(centres[o], centres[c]) < pipColour {
			return false
		}
	}
	return true
}

// colourSplit splits px, a layoutSide square of Lab pixels, into
// splitColours colours by k-means, and returns each pixel's colour and the
// colours' centres. The first centres are the square's centre pixel and
// then, in turn, the pixel farthest from those chosen, so that the split
// is the same every time and a colour as rare as a face's pips gets a
// centre of its own.
func colourSplit(px []uint8) (label [layoutSide * layoutSide]uint8, centres [splitColours][3]float64) {
	const n = layoutSide
	at := func(i int) [3]float64 { return [3]float64{float64(px[3*i]), float64(px[3*i+1]), float64(px[3*i+2])} }
	centres[0] = at((n/2)*n + n/2)
	var nearest [n * n]float64
	for i := range nearest {
		nearest[i] = squared(at(i), centres[0])
	}
	for k := 1; k < splitColours; k++ {
		far := 0
		for i, d := range nearest {
			if d > nearest[far] {
				far = i
			}
		}
		centres[k] = at(far)
		for i := range nearest {
			nearest[i] = min(nearest[i], squared(at(i), centres[k]))
		}
	}
	for range colourSteps {
		var sum [splitColours][3]float64
		var count [splitColours]float64
		for i := range n * n {
			p := at(i)
			best, bestD := 0, squared(p, centres[0])
			for k := 1; k < splitColours; k++ {
				if d := squared(p, centres[k]); d < bestD {
					best, bestD = k, d
				}
			}
			label[i] = uint8(best)
			count[best]++
			for c := range 3 {
				sum[best][c] += p[c]
			}
		}
		moved := 0.0
		for k := range splitColours {
			if count[k] == 0 {
				continue
			}
			next := [3]float64{sum[k][0] / count[k], sum[k][1] / count[k], sum[k][2] / count[k]}
			moved = max(moved, euclid(next, centres[k]))
			centres[k] = next
		}
		if moved < colourMoved {
			break
		}
	}
	return label, centres
}

// euclid is the distance between two Lab colours, L weighed as a and b
// are, as spots weighs it.
func euclid(a, b [3]float64) float64 { return math.Sqrt(squared(a, b)) }

// squared is euclid squared, which orders colours alike at less cost.
func squared(a, b [3]float64) float64 {
	return (a[0]-b[0])*(a[0]-b[0]) + (a[1]-b[1])*(a[1]-b[1]) + (a[2]-b[2])*(a[2]-b[2])
}
