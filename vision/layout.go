package vision

import (
	"image"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// layoutSide is the side, in pixels, of the square a die's top face is
// looked at in to count its pips: enough for a pip of a 6 to span several
// pixels, small enough to count them in a fraction of a millisecond.
const layoutSide = 64

// layoutLeast is the least side, in the frame's pixels, of a die whose
// pips are counted. Under it a pip spans a pixel or two, and one pixel of
// noise, magnified to the layoutSide square, is as large as a pip: the
// box round a die's pip, which the pip search may propose, could count as
// a die of specks.
const layoutLeast = 20

// pipsLaidOut counts the pips on the top face of a die centred at c with
// side s in frame, a BGR image, and returns 0 unless they lie as a die's
// pips do: round spots of one size, any colour against the body, laid out
// symmetrically about the face's centre in the pattern of their number.
// The count is a reading of the face that shares nothing with the model,
// so where the two agree the die is read with confidence neither has
// alone. A die cut off by the frame's edge, or under layoutLeast across,
// is not counted.
func pipsLaidOut(frame gocv.Mat, c image.Point, s float64) int {
	return onSquare(frame, c, s, counted)
}

// counted is pipsLaidOut's count on px, a layoutSide square of Lab pixels.
// A body of several colours leaves the count by distance from its median
// in doubt, and the pips' own colour may count it. Failing both, pips that
// differ from the body more in colour than in light are counted by their
// distance from it in chroma alone, and taken where the distance with
// lightness at half its weight counts as many: the swirls and shading of a
// marbled body differ from its median mostly in light, and so does a
// die's side face, while the red pips of a black die or the black ones of
// a yellow die, small enough that a camera's chroma, kept at half the
// resolution, blurs them, stand out by their colour. Either distance
// alone counts more such dice, and some wrong: the front of a white die
// seen low at half the lightness, two of a 4's red pips in chroma alone.
// Last, pips run together are parted (inked.parted).
func counted(px []uint8) int {
	full := inkOf(px, 1)
	if n := full.count(); n > 0 {
		return n
	}
	if n := pipsOfAColour(splitFace(px)); n > 0 {
		return n
	}
	if n := countedByDistance(px, 0); n > 0 && n == countedByDistance(px, 0.5) {
		return n
	}
	return full.parted()
}

// How parted raises the pips' level: by partStep at a time, up to
// partSteps times.
const (
	partStep  = 8
	partSteps = 6
)

// parted counts pips that lie close and run together at the level that
// tells them from the body: the photograph's compression and the shrink to
// the layoutSide square blur the gap between two pips, so a 6's column or
// a 3's diagonal becomes one blob, which leaves the count in doubt. The gap
// lies nearer the body's colour than the pips' cores do, so a level a
// little above theirs parts them. parted raises the pips' level on the
// face told from the table and takes the first count laid out with no
// stray blob beside it, provided every pip the pips' own level found still
// holds one: a level that loses a fainter pip, the top face's 1 of a die
// seen low, counts the two on its front.
func (k *inked) parted() int {
	own, _, _, _ := k.spots(true, 0)
	for j := 1; j <= partSteps; j++ {
		sp, f, stray, tabled := k.spots(true, j*partStep)
		if !tabled {
			return 0
		}
		if n := laidOut(sp, f); n > 0 && !stray && holdsEvery(sp, own) {
			return n
		}
	}
	return 0
}

// holdsEvery reports whether a pip of sp lies on each spot of own.
func holdsEvery(sp, own []spot) bool {
	for _, o := range own {
		if !slices.ContainsFunc(sp, func(s spot) bool { return math.Hypot(s.x-o.x, s.y-o.y) <= math.Sqrt(o.area) }) {
			return false
		}
	}
	return true
}

// countedByDistance counts the spots far from the body's colour, with
// lightness at weight wL, on the face told from the table, and failing that
// on the whole square: the face told from the table takes in the side
// faces of a die seen at an angle, whose body they share, and its centroid
// falls off the top face's; the box's centre, the detector's guess at the
// top face, may still count it. Where no table is told the square is the
// face already.
func countedByDistance(px []uint8, wL float64) int {
	return inkOf(px, wL).count()
}

// count is countedByDistance's count of the square k was measured on.
func (k *inked) count() int {
	for _, told := range [2]bool{true, false} {
		sp, f, stray, tabled := k.spots(told, 0)
		if n := laidOut(sp, f); !stray && n > 0 {
			return n
		}
		if !tabled {
			break
		}
	}
	return 0
}

// pipsAgree reports whether the pips on d's top face in frame number its
// value: counted and laid out as a face's (pipsLaidOut), or for a 1, one
// small pip of its own colour near the centre (lonePip) where the count
// finds no more: a swirl of a marbled body may pass for a lone pip.
func pipsAgree(frame gocv.Mat, d Die) bool {
	if d.Value == 1 {
		return onSquare(frame, d.Center, boxSide(d), func(px []uint8) int {
			split := splitFace(px)
			if !lonePip(split) {
				return 0
			}
			n := countedByDistance(px, 1)
			if n == 0 {
				n = pipsOfAColour(split)
			}
			if n > 1 {
				return 0
			}
			return 1
		}) == 1
	}
	return pipsLaidOut(frame, d.Center, boxSide(d)) == d.Value
}

// onSquare calls count on the layoutSide square of Lab pixels cut from
// frame round a die centred at c with side s, and returns what it says; 0
// where the die is cut off by the frame's edge or under layoutLeast across.
func onSquare(frame gocv.Mat, c image.Point, s float64, count func(px []uint8) int) int {
	half := int(math.Round(s / 2))
	box := image.Rect(c.X-half, c.Y-half, c.X+half, c.Y+half)
	if 2*half < layoutLeast || !box.In(image.Rect(0, 0, frame.Cols(), frame.Rows())) {
		return 0
	}
	roi := frame.Region(box)
	defer roi.Close()
	lab := gocv.NewMat()
	defer lab.Close()
	gocv.Resize(roi, &lab, image.Pt(layoutSide, layoutSide), 0, 0, gocv.InterpolationArea)
	gocv.CvtColor(lab, &lab, gocv.ColorBGRToLab)
	px, err := lab.DataPtrUint8()
	if err != nil || len(px) != 3*layoutSide*layoutSide {
		return 0
	}
	return count(px)
}

// spot is one blob of a face's pixels that differ from its body.
type spot struct {
	x, y float64 // centroid, in pixels of the layoutSide square
	area float64
}

// face is where a die lies in the layoutSide square: its centroid and the
// side of a square of its area, in pixels. A die the table stands out
// from is found wherever its box lies on it; one that does not stand out
// is taken to fill the square.
type face struct {
	x, y, side float64
}

// Limits on a pip's spot in the layoutSide square, whose side lies
// between the face's (a die seen square) and √2 times it (turned 45°).
const (
	bodyReach    = 0.35 // the body's colour is the median within this share of the side from the centre
	inkReach     = 0.45 // the ink threshold is set on the pixels within this share of the side
	pipInk       = 30   // least Lab distance of a pip's pixels from the body
	pipAreaMin   = 16   // pixels: a pip of a face at least 0.1 of the side across
	pipAreaMax   = 520  // pixels: the 1 of a die may be a third of the face across
	pipFill      = 0.5  // least share of its bounding box a round spot fills
	pipAspect    = 1.9  // longest over shortest side of its bounding box: a pip seen at up to 55°
	pipOfLargest = 0.4  // least share of the largest pip's area a pip of the face covers
	strayShare   = 0.5  // a blob that is no pip, this share of a pip's mean area, leaves the count in doubt near the centre
	strayArea    = 6    // pixels: as does one this large, whatever the pips
	strayReach   = 0.2  // near: within this share of the side from the centre, where a pip's place decides the count
	tableShare   = 0.1  // least share of the square the table beside a die covers for the die to be told from it
	faceLeast    = 0.5  // least side of the face told from the table, as a share of the square's: a box round one pip holds no die
	faceCovers   = 0.6  // least share of the pixels the body's colour is taken from that the face told from the table covers
)

// spots finds the blobs of the square k was measured on that differ from
// the body's colour and are round and pip-sized, and the face they lie
// on. The body's colour is the median near the centre, which pips
// never fill; the least distance from it that counts as ink is set by
// Otsu's method, so that faint pips on a dark body and bold ones on a
// white body both stand out, and never under pipInk. If told, and that
// level splits the die from the table round it, the face is the part of
// the square the table does not reach that holds the centre, and the pips'
// level is set again on the face alone: a black die's red pips lie nearer
// its body than the pale table does. A box the detector drew off the die,
// or round a die and its shadow, is thus counted from the die. Such a face
// must cover most of the disc the body's colour came from, else a swirl of
// a marbled body may pass for it. Otherwise the face is the square. Blobs
// touching the table or the square's edge are left out: a side face, the
// die beside. A round speck far smaller than the largest pip is no pip: a
// face's pips come in one size. stray says another blob lies on the face,
// as large as a pip's half near its centre or as large as a pip anywhere:
// a pip half seen, a marbled streak, a glare, a logo, which leave the
// count in doubt. Smaller blobs off the centre are let be: the bevel round
// a face catches the light, and a marbled body shows streaks, where no
// pip's place is in question. tabled says the table was told. above
// raises the pips' level by that much over the one so set.
func (k *inked) spots(told bool, above int) (out []spot, f face, stray, tabled bool) {
	const n = layoutSide
	dist, ink := &k.dist, k.ink
	var table, onFace [n * n]bool
	var tableArea float64
	if told {
		flood(&table, func(i int) bool { return dist[i] >= ink }, func(int, int) { tableArea++ }, squareBorder()...)
	}
	f = wholeSquare()
	if tabled = tableArea >= tableShare*n*n; tabled {
		var sx, sy, area float64
		flood(&onFace, func(i int) bool { return !table[i] }, func(x, y int) {
			sx, sy, area = sx+float64(x), sy+float64(y), area+1
		}, (n/2)*n+n/2)
		var disc, covered float64
		for i, in := range onFace {
			if nearCentre(i, bodyReach) {
				disc++
				if in {
					covered++
				}
			}
		}
		if area < faceLeast*faceLeast*n*n || covered < faceCovers*disc {
			return nil, f, false, true
		}
		f = face{sx / area, sy / area, math.Sqrt(area)}
		var faceHist [256]int
		for i, in := range onFace {
			if in {
				faceHist[dist[i]]++
			}
		}
		ink = min(ink, uint8(max(pipInk, otsu(faceHist))))
	} else {
		// Too little to tell the die from: the square is the face.
		table = [n * n]bool{}
		for i := range onFace {
			onFace[i] = true
		}
	}
	level := int(ink) + above
	out, stray = blobs(func(i int) bool { return int(dist[i]) >= level && onFace[i] }, func(x, y int) bool { return besideTable(&table, x, y) }, f)
	return out, f, stray, tabled
}

// inked is a layoutSide square's distance, pixel by pixel, from its
// body's colour, and the least distance that counts as ink.
type inked struct {
	dist [layoutSide * layoutSide]uint8
	ink  uint8
}

// inkOf measures px, a layoutSide square of Lab pixels, as spots spells
// out, with lightness at weight wL in the distance.
func inkOf(px []uint8, wL float64) *inked {
	const n = layoutSide
	var bodyHist [3][256]int
	for i := range n * n {
		if nearCentre(i, bodyReach) {
			for c := range 3 {
				bodyHist[c][px[3*i+c]]++
			}
		}
	}
	var body [3]int
	for c := range 3 {
		body[c] = medianLevel(bodyHist[c])
	}
	k := &inked{}
	var hist [256]int
	for i := range k.dist {
		dl, da, db := wL*float64(int(px[3*i])-body[0]), float64(int(px[3*i+1])-body[1]), float64(int(px[3*i+2])-body[2])
		k.dist[i] = uint8(min(255, math.Round(math.Sqrt(dl*dl+da*da+db*db))))
		if nearCentre(i, inkReach) {
			hist[k.dist[i]]++
		}
	}
	k.ink = uint8(max(pipInk, otsu(hist)))
	return k
}

// blobs finds the blobs of the layoutSide square's pixels in and sorts
// them as spots spells out: out are the round, pip-sized ones, none far
// smaller than the largest; stray says another lies on face f where it
// leaves the count in doubt. Blobs touching the square's edge, or a pixel
// for which beside holds, are left out.
func blobs(in func(i int) bool, beside func(x, y int) bool, f face) (out []spot, stray bool) {
	const n = layoutSide
	var strays []spot
	var seen [n * n]bool
	for start := range n * n {
		if seen[start] || !in(start) {
			continue
		}
		var sx, sy, area float64
		minX, minY, maxX, maxY := n, n, -1, -1
		edge := false
		flood(&seen, in, func(x, y int) {
			sx, sy, area = sx+float64(x), sy+float64(y), area+1
			minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			edge = edge || x == 0 || y == 0 || x == n-1 || y == n-1 || beside(x, y)
		}, start)
		w, h := float64(maxX-minX+1), float64(maxY-minY+1)
		blob := spot{sx / area, sy / area, area}
		switch {
		case edge:
		case area < pipAreaMin || area > pipAreaMax || area < pipFill*w*h || max(w, h) > pipAspect*min(w, h):
			strays = append(strays, blob)
		default:
			out = append(out, blob)
		}
	}
	largest := 0.0
	for _, s := range out {
		largest = max(largest, s.area)
	}
	out = slices.DeleteFunc(out, func(s spot) bool {
		if s.area < pipOfLargest*largest {
			strays = append(strays, s)
			return true
		}
		return false
	})
	near, anywhere := float64(strayArea), math.Inf(1)
	if len(out) > 0 {
		mean := meanArea(out)
		near, anywhere = max(near, strayShare*mean), max(near, mean)
	}
	return out, slices.ContainsFunc(strays, func(s spot) bool {
		return s.area >= anywhere || s.area >= near && math.Hypot(s.x-f.x, s.y-f.y) <= strayReach*f.side
	})
}

// meanArea is the mean area of sp, which is not empty.
func meanArea(sp []spot) float64 {
	var sum float64
	for _, s := range sp {
		sum += s.area
	}
	return sum / float64(len(sp))
}

// flood marks in mark every pixel of the layoutSide square reached from
// the seeds through pixels in, four ways, and calls visit on each.
func flood(mark *[layoutSide * layoutSide]bool, in func(i int) bool, visit func(x, y int), seeds ...int) {
	const n = layoutSide
	var stack []int
	for _, i := range seeds {
		if in(i) && !mark[i] {
			mark[i] = true
			stack = append(stack, i)
		}
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := i%n, i/n
		visit(x, y)
		for _, j := range [4]int{i - 1, i + 1, i - n, i + n} {
			if j < 0 || j >= n*n || (j == i-1 && x == 0) || (j == i+1 && x == n-1) || mark[j] || !in(j) {
				continue
			}
			mark[j] = true
			stack = append(stack, j)
		}
	}
}

// squareBorder is the pixels along the layoutSide square's edge.
func squareBorder() []int {
	const n = layoutSide
	border := make([]int, 0, 4*n)
	for k := range n {
		border = append(border, k, (n-1)*n+k, k*n, k*n+n-1)
	}
	return border
}

// besideTable reports whether pixel (x, y) of the layoutSide square
// touches the table, its corners included.
func besideTable(table *[layoutSide * layoutSide]bool, x, y int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if u, v := x+dx, y+dy; u >= 0 && v >= 0 && u < layoutSide && v < layoutSide && table[v*layoutSide+u] {
				return true
			}
		}
	}
	return false
}

// otsu is the level that best splits the values counted in hist in two.
func otsu(hist [256]int) int {
	var total, sum float64
	for v, c := range hist {
		total += float64(c)
		sum += float64(v * c)
	}
	var below, sumBelow, best float64
	level := 0
	for v, c := range hist {
		below += float64(c)
		sumBelow += float64(v * c)
		above := total - below
		if below == 0 || above == 0 {
			continue
		}
		d := sumBelow/below - (sum-sumBelow)/above
		if between := below * above * d * d; between > best {
			best, level = between, v+1
		}
	}
	return level
}

// nearCentre reports whether pixel i of the layoutSide square lies within
// share of its side from its centre.
func nearCentre(i int, share float64) bool {
	const n = layoutSide
	x, y := 2*(i%n)-(n-1), 2*(i/n)-(n-1) // twice the offsets, to stay whole
	r := 2 * share * n
	return float64(x*x+y*y) <= r*r
}

// medianLevel is the median of the values counted in hist.
func medianLevel(hist [256]int) int {
	var total int
	for _, c := range hist {
		total += c
	}
	var below int
	for v, c := range hist {
		if below += c; 2*below > total {
			return v
		}
	}
	return 0
}

// Limits on the layout of a face's pips, in shares of the face's side.
const (
	layoutOffCentre = 0.15 // the pips' centroid from the square's centre, at most
	layoutMirror    = 0.07 // a pip's mirror image through the centroid from the nearest pip, at most
	layoutSpread    = 0.5  // a pip's area over the mean, at least, and its inverse
	layoutNear      = 0.12 // a corner pip from the centroid, at least
	layoutFar       = 0.5  // and at most
	layoutRing      = 1.35 // the farthest corner pip over the nearest, at most
)

// laidOut returns how many pips spots shows, 1 to 6, if they lie as a
// die's pips do, and 0 if they do not. Every face of a die is symmetric
// about its centre; besides, 3 and 5 have a pip at the centre, 2, 4 and 6
// none; 4 and 5 four corner pips at one distance from it, 6 four corner
// pips and two nearer ones between them.
func laidOut(sp []spot, f face) int {
	n := len(sp)
	if n < 1 || n > 6 {
		return 0
	}
	var cx, cy, mean float64
	for _, s := range sp {
		cx, cy, mean = cx+s.x, cy+s.y, mean+s.area
	}
	cx, cy, mean = cx/float64(n), cy/float64(n), mean/float64(n)
	if math.Hypot(cx-f.x, cy-f.y) > layoutOffCentre*f.side {
		return 0
	}
	var centre int
	var ring []float64
	for _, s := range sp {
		if n > 1 && (s.area < mean*layoutSpread || s.area > mean/layoutSpread) {
			return 0
		}
		mx, my := 2*cx-s.x, 2*cy-s.y
		if !slices.ContainsFunc(sp, func(o spot) bool { return math.Hypot(o.x-mx, o.y-my) <= layoutMirror*f.side }) {
			return 0
		}
		d := math.Hypot(s.x-cx, s.y-cy) / f.side
		if d <= layoutMirror {
			centre++
			continue
		}
		if d < layoutNear || d > layoutFar {
			return 0
		}
		ring = append(ring, d)
	}
	if centre != n%2 {
		return 0
	}
	slices.Sort(ring)
	if n == 6 {
		// The two pips between the corners lie about 0.7 as far out.
		if r := ring[1] / ring[2]; ring[1] > ring[0]*layoutRing || r < 0.45 || r > 0.9 {
			return 0
		}
		ring = ring[2:]
	}
	if len(ring) > 0 && ring[len(ring)-1] > ring[0]*layoutRing {
		return 0
	}
	return n
}
