package vision

import (
	"iter"
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
	lonePipOff   = 0.25 // a 1's pip lies within this share of the side from the centre: a 1 at an angle lies off it
	lonePipWide  = 0.22 // and is no wider than this share of the side
	lonePipHoles = 0.05 // and encloses other colours over no more than this share of its area
)

// pipsOfAColour counts the pips of the face split, as pipsLaidOut does,
// where the body is of several colours: the swirls of a marbled die lie
// as far from the body's median as its pips, and the count by distance
// from it finds no face. Of the split's colours, one the body does not
// cover, clearly apart from every other, whose spots lie as a face's pips
// do, with no stray of it in the way and no spot of another colour the
// pips' size near the centre (a pip the split gave the other colour),
// gives the count, 2 to 6: a lone spot of one colour is as often a swirl.
func pipsOfAColour(split *faceSplit) int {
	for c, sp := range split.pipColours() {
		if count := laidOut(sp, wholeSquare()); count >= 2 && !split.rivalled(c, meanArea(sp)) {
			return count
		}
	}
	return 0
}

// lonePip reports whether the face split shows a 1: as pipsOfAColour
// finds pips, but one spot alone of its colour, no further than lonePipOff
// from the centre, no wider than lonePipWide, enclosing no other colour
// and with no spot of another colour its size near the centre. A 1 seen at an angle lies off the box's centre, its
// side faces' pips beside it in another shade. A box round one pip of a
// larger die shows a spot wider than a 1's pip; a small die in a box drawn
// far too large, a spot holding its own pips.
func lonePip(split *faceSplit) bool {
	const n = layoutSide
	centre := wholeSquare()
	for c, sp := range split.pipColours() {
		if len(sp) != 1 {
			continue
		}
		p := sp[0]
		if math.Hypot(p.x-centre.x, p.y-centre.y) <= lonePipOff*n && 2*math.Sqrt(p.area/math.Pi) <= lonePipWide*n &&
			!split.rivalled(c, p.area) && !holed(&split.label, c, p) {
			return true
		}
	}
	return false
}

// wholeSquare is the layoutSide square taken whole as the face.
func wholeSquare() face { return face{(layoutSide - 1) / 2.0, (layoutSide - 1) / 2.0, layoutSide} }

// faceSplit is a face's pixels split into splitColours colours.
type faceSplit struct {
	label   [layoutSide * layoutSide]uint8
	centres [splitColours][3]float64
	near    [splitColours]int // pixels of each colour near the centre, where the body's colour is taken
	inDisc  int
}

// splitFace splits px, a layoutSide square of Lab pixels, by colourSplit.
func splitFace(px []uint8) *faceSplit {
	k := &faceSplit{}
	k.label, k.centres = colourSplit(px)
	for i := range layoutSide * layoutSide {
		if nearCentre(i, bodyReach) {
			k.near[k.label[i]]++
			k.inDisc++
		}
	}
	return k
}

// body reports whether colour c is the body's: it covers more than
// bodyColour of the disc the body's colour is taken from.
func (k *faceSplit) body(c int) bool { return float64(k.near[c]) > bodyColour*float64(k.inDisc) }

// pipColours yields each colour that may be the pips', with its round
// pip-sized spots: not the body's, pipColour from every other, and with
// no stray of it in the way.
func (k *faceSplit) pipColours() iter.Seq2[int, []spot] {
	return func(yield func(int, []spot) bool) {
		for c := range splitColours {
			if k.body(c) || !colourApart(k.centres, c) {
				continue
			}
			sp, stray := blobs(func(i int) bool { return int(k.label[i]) == c }, edgeOnly, wholeSquare())
			if !stray && !yield(c, sp) {
				return
			}
		}
	}
}

// rivalled reports whether a round spot of another colour than c, not the
// body's, of rivalArea to its inverse times mean, lies within rivalReach
// of the square's centre: a pip the split gave another colour.
func (k *faceSplit) rivalled(c int, mean float64) bool {
	centre := wholeSquare()
	for o := range splitColours {
		if o == c || k.body(o) {
			continue
		}
		others, _ := blobs(func(i int) bool { return int(k.label[i]) == o }, edgeOnly, centre)
		if slices.ContainsFunc(others, func(s spot) bool {
			return s.area >= rivalArea*mean && s.area <= mean/rivalArea && math.Hypot(s.x-centre.x, s.y-centre.y) <= rivalReach*layoutSide
		}) {
			return true
		}
	}
	return false
}

// holed reports whether spot p of colour c encloses pixels of other
// colours, more than lonePipHoles of its area: a small die's body round
// its own pips, not a pip.
func holed(label *[layoutSide * layoutSide]uint8, c int, p spot) bool {
	const n = layoutSide
	var outside [n * n]bool
	flood(&outside, func(i int) bool { return int(label[i]) != c }, func(int, int) {}, squareBorder()...)
	reach := 2 * math.Sqrt(p.area/math.Pi) // the spot's diameter
	var enclosed float64
	for i, out := range outside {
		if !out && int(label[i]) != c && math.Hypot(float64(i%n)-p.x, float64(i/n)-p.y) <= reach {
			enclosed++
		}
	}
	return enclosed > lonePipHoles*p.area
}

// edgeOnly leaves out only the blobs touching the square's edge.
func edgeOnly(int, int) bool { return false }

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
	var pix [n * n][3]float64
	for i := range pix {
		pix[i] = [3]float64{float64(px[3*i]), float64(px[3*i+1]), float64(px[3*i+2])}
	}
	centres[0] = pix[(n/2)*n+n/2]
	var nearest [n * n]float64
	for i := range nearest {
		nearest[i] = squared(pix[i], centres[0])
	}
	for k := 1; k < splitColours; k++ {
		far := 0
		for i, d := range nearest {
			if d > nearest[far] {
				far = i
			}
		}
		centres[k] = pix[far]
		for i := range nearest {
			nearest[i] = min(nearest[i], squared(pix[i], centres[k]))
		}
	}
	for range colourSteps {
		var sum [splitColours][3]float64
		var count [splitColours]float64
		for i := range pix {
			p := &pix[i]
			best, bestD := 0, squared(*p, centres[0])
			for k := 1; k < splitColours; k++ {
				if d := squared(*p, centres[k]); d < bestD {
					best, bestD = k, d
				}
			}
			label[i] = uint8(best)
			count[best]++
			sum[best][0] += p[0]
			sum[best][1] += p[1]
			sum[best][2] += p[2]
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
