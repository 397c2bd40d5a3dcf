// Package detect finds dice in a frame with a tiny learned centre detector,
// for the dice the classical blob search misses: small, touching, marbled or
// low-contrast ones. It only says where dice are and how large; reading their
// faces is the classifier's job.
//
// The network (detector.onnx, trained by tools/detect) reads the frame shrunk
// so that a typical die is DieSide pixels across, and writes, every Stride
// pixels of that input, a score for "a die's top-face centre is here" and the
// die's side. Detect picks the local maxima of the score.
//
// A reader uses it beside its own search: Detect on the tray part of the
// frame with the profile's die side, then hand each candidate no proposal of
// its own lies within half a side of to the classifier, as a die of side
// Candidate.Side centred on (X, Y).
package detect

import (
	_ "embed" // for the model file
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

//go:embed detector.onnx
var onnx []byte

const (
	// DieSide is the side in pixels the network expects a typical die to have.
	DieSide = 20
	// Stride is how many input pixels one cell of the score map covers.
	Stride = 4
	// Threshold is the score a peak needs to be reported: on fresh synthetic
	// scenes (dicegen scenes --seed 100001) recall falls away above it. It
	// leans to keeping faint dice: the reader's classifier rejects what is not
	// a die, while a missed die is lost for good.
	Threshold = 0.4
	// align is the multiple of pixels the network's input sides must be:
	// it downsamples three times and upsamples once.
	align = 8
	// sure is the score above which a candidate is nearly always a die, so
	// its side can set the scale of a frame without a profile.
	sure = 0.5
	// maxInput caps the input's pixels, against a die side given in the
	// wrong unit blowing the network up to gigabytes.
	maxInput = 4096 * 4096
)

// Candidate is a place where the detector sees a die.
type Candidate struct {
	X, Y  float64 // centre of the top face, in frame pixels
	Side  float64 // the die's side in frame pixels, as the profile measures dice
	Score float64 // 0..1; higher is surer
}

// Detector runs the network. It is not safe for concurrent use: it reuses
// its scratch Mats from one frame to the next.
type Detector struct {
	onnx  []byte
	nets  []sized // at most poolSize, loaded as looks need them
	looks uint64  // the looks run so far, to tell the least recent
	small gocv.Mat
	half  gocv.Mat // the frame halved, on the way to small
	// halved is the size of the frame half holds halved, while the looks
	// of one settle, or of a remembered frame, may share it; zero
	// otherwise.
	halved   image.Point
	settling bool
	// memo holds what each look at one frame found while a caller
	// remembers them (Remember), nil otherwise.
	memo   map[look][]Candidate
	padded gocv.Mat
	blob   gocv.Mat
}

// ONNX is the detector file built into the binary. The slice is shared:
// callers must not change it.
func ONNX() []byte { return onnx }

// New loads the detector built into the binary.
func New() (*Detector, error) { return NewFrom(onnx) }

// NewFrom loads a detector from an ONNX file's bytes that keep the same
// contract, such as one trained without some photographs to measure how the
// reader does on them.
func NewFrom(onnx []byte) (*Detector, error) {
	net, err := load(onnx)
	if err != nil {
		return nil, err
	}
	return &Detector{onnx: onnx, nets: []sized{{net: net}}, small: gocv.NewMat(), half: gocv.NewMat(),
		padded: gocv.NewMat(), blob: gocv.NewMat()}, nil
}

func load(onnx []byte) (gocv.Net, error) {
	net, err := gocv.ReadNetFromONNXBytes(onnx)
	if err != nil {
		return net, fmt.Errorf("load the dice detector: %w", err)
	}
	if net.Empty() {
		net.Close()
		return net, errors.New("load the dice detector: OpenCV read an empty network")
	}
	return net, nil
}

// sized is a copy of the network with the input size it last read.
type sized struct {
	net  gocv.Net
	size image.Point
	used uint64
}

// poolSize is how many copies of the network a Detector keeps. OpenCV sets
// a network up again for every new input size, some 1.5 ms at a 1280x720
// frame's usual sizes, a sixth of the look, and Detect's looks at one frame
// are of up to four sizes that the next frame mostly repeats. A copy for
// each keeps its size; a fifth size takes over the least recent copy.
const poolSize = 4

// netFor is the copy of the network for an input of size: the one that
// last read that size, else one that has read nothing, else a new one
// while the pool has room, else the least recently used.
func (d *Detector) netFor(size image.Point) (gocv.Net, error) {
	d.looks++
	least := 0
	for i, n := range d.nets {
		if n.size == size {
			d.nets[i].used = d.looks
			return n.net, nil
		}
		if n.used < d.nets[least].used {
			least = i
		}
	}
	if d.nets[least].used > 0 && len(d.nets) < poolSize {
		net, err := load(d.onnx)
		if err != nil {
			return net, err
		}
		d.nets, least = append(d.nets, sized{net: net}), len(d.nets)
	}
	d.nets[least].size, d.nets[least].used = size, d.looks
	return d.nets[least].net, nil
}

// Close frees the network and the scratch Mats.
func (d *Detector) Close() error {
	d.small.Close()
	d.half.Close()
	d.padded.Close()
	d.blob.Close()
	var errs []error
	for _, n := range d.nets {
		errs = append(errs, n.net.Close())
	}
	return errors.Join(errs...)
}

// DefaultDieSide is where Detect starts on a frame without a profile: an
// eighth of the frame's short side, a little larger than dice usually are,
// because the first look is cheaper at a large side and the looks after it
// close in from there.
func DefaultDieSide(width, height int) float64 {
	return float64(min(width, height)) / 8
}

// Detect returns the dice it sees in a BGR frame, best score first. dieSide
// is the typical die side in pixels (a profile's: the geometric mean of its
// die_size range). Zero or less means unknown: Detect then starts from
// DefaultDieSide and looks again at the median side of the dice it is sure
// of, until the two agree (three looks at most). Where the first look is
// not clearly sure of a die, it looks too for a die of half the short side,
// one of a 12th (from 15 px), one of a 24th and one filling the frame, and
// goes on from the look whose best die is surest, or which is sure of a
// crowd of dice (outdoes), so dice from a 40th of the short side to all of
// it settle; a small look is passed over where what it finds are the pips
// of dice seen by the first look or the look taken so far.
func (d *Detector) Detect(frame gocv.Mat, dieSide float64) ([]Candidate, error) {
	if dieSide > 0 && !math.IsInf(dieSide, 0) {
		return d.detectAt(frame, dieSide)
	}
	return d.settle(frame, 0, math.Inf(1))
}

// DetectWithin is Detect without a die side for a frame whose dice are all
// over smallest and under largest pixels across: it looks for no die
// beyond those limits and reports none. A reader calls it where the large
// die Detect saw may be a huddle of small dice, seen from too far up as
// one, and where the small dice it saw may be the pips of larger ones, on
// a table where the detector is surer of pips than of the dice they lie
// on. Either limit may be 0 or +Inf, for none.
func (d *Detector) DetectWithin(frame gocv.Mat, smallest, largest float64) ([]Candidate, error) {
	found, err := d.settle(frame, smallest, largest)
	return outside(found, smallest, largest), err
}

// outside is found without the dice of smallest pixels or less or of
// largest or more.
func outside(found []Candidate, smallest, largest float64) []Candidate {
	return slices.DeleteFunc(slices.Clone(found), func(c Candidate) bool { return c.Side <= smallest || c.Side >= largest })
}

// settle is Detect's search for the dice's size, trying no look for dice of
// smallest pixels or less, or of largest or more.
func (d *Detector) settle(frame gocv.Mat, smallest, largest float64) ([]Candidate, error) {
	// Every look of a settle at the frame halves it alike. The only other
	// frame a settle looks at is the frame framed, which is larger. A
	// remembered frame's looks share its half already.
	if d.memo == nil {
		d.settling, d.halved = true, image.Point{}
		defer func() { d.settling, d.halved = false, image.Point{} }()
	}
	short := float64(min(frame.Cols(), frame.Rows()))
	guess := min(max(DefaultDieSide(frame.Cols(), frame.Rows()), 1.5*smallest), largest)
	found, err := d.detectAt(frame, guess)
	if err != nil {
		return nil, err
	}
	if len(found) == 0 || found[0].Score < clearlySure {
		// Nothing clearly a die at the first guess: the dice are far
		// larger or smaller than it, or one die fills the frame and its
		// pips pass for small dice. The looks for other sides take over
		// where they outdo it (outdoes).
		first := found
		looks := []float64{short / 2, short / 24, filling}
		if short/12 >= smallestDie {
			looks = []float64{short / 2, short / 12, short / 24, filling}
		}
		for _, other := range looks {
			if other >= largest || other != filling && other <= smallest || other == filling && !math.IsInf(largest, 1) {
				continue
			}
			var more []Candidate
			if other == filling {
				more, err = d.detectFilling(frame)
			} else {
				more, err = d.detectAt(frame, other)
			}
			if err != nil {
				return nil, err
			}
			// On a table the detector has never seen it can be surer of
			// pips than of the dice they lie on, which the first look or
			// the look taken so far saw.
			if other != short/2 && other != filling && (pipsOf(more, first) || pipsOf(more, found)) {
				continue
			}
			if outdoes(other, short, more, found) {
				found, guess = more, other
			}
		}
		if guess == filling {
			return found, nil
		}
	}
	for range 2 {
		// A die seen outside the range is none here, and sizing the next
		// look by it would look for such dice only.
		seen, ok := typicalSide(outside(found, smallest, largest))
		if !ok {
			return found, nil
		}
		if r := seen / guess; r > 0.85 && r < 1.33 {
			break
		}
		guess = seen
		if found, err = d.detectAt(frame, guess); err != nil {
			return nil, err
		}
	}
	return found, nil
}

// outdoes reports whether what a settle's look for dice of side finds
// (more), in a frame whose short side is short, makes a better start than
// the look it has taken (found). A look sure of a crowd of dice wins over
// one sure of fewer; otherwise the look whose best die is surer wins, but
// a look for one large die never beats a look sure of two dice that are
// not its pips, and the look at a twelfth, which is there for crowds of
// small dice, wins by a crowd only: on a table the detector has never
// seen it is often surer of a die's side face than of its top.
func outdoes(side, short float64, more, found []Candidate) bool {
	n, has := len(SureSides(more)), len(SureSides(found))
	switch {
	case n == 0:
		return false
	case side == short/2 || side == filling:
		return (has < 2 || pipsOf(found, more)) && more[0].Score > bestScore(found)
	case n >= crowd && n > has:
		return true
	case side == short/12 || has >= crowd && has > n:
		return false
	}
	return more[0].Score > bestScore(found)
}

// bestScore is the score of the surest of found, best first, or 0.
func bestScore(found []Candidate) float64 {
	if len(found) == 0 {
		return 0
	}
	return found[0].Score
}

// crowd is how many dice a look must be sure of for their number, not its
// best die's score, to choose it: the grain of a table passes for two sure
// specks now and then, seldom for three.
const crowd = 3

// smallestDie is the side in pixels of the smallest die a settle looks for
// on its own; a look at a 24th of a small frame may still find smaller.
const smallestDie = 15

// pipsOf reports whether the dice found are the pips of larger dice seen
// in above: most of the sure ones lie inside a die of over pipsWithin times
// their side, and each such die holds at least two of them. The die above
// need not be sure: on a table the detector has never seen, a die is often
// seen faintly while its pips stand out.
func pipsOf(found, above []Candidate) bool {
	held := make([]int, len(above)) // the sure dice found inside each die above
	for i, a := range above {
		held[i] = a.holdsSure(found)
	}
	inside, sures := 0, 0
	for _, f := range found {
		if f.Score < sure {
			continue
		}
		sures++
		for i, a := range above {
			if held[i] >= 2 && a.Side > pipsWithin*f.Side && a.Holds(f) {
				inside++
				break
			}
		}
	}
	return sures > 0 && 2*inside > sures
}

// pipsWithin is how many times a pip's side, as the detector sees it, the
// die it lies on is at least: a pip is about a fifth of the face, and two
// touching dice seen as one are only twice the side of each.
const pipsWithin = 3.5

// Holds reports whether f's centre lies in c's square.
func (c Candidate) Holds(f Candidate) bool {
	return math.Abs(f.X-c.X) < c.Side/2 && math.Abs(f.Y-c.Y) < c.Side/2
}

// holdsSure counts the sure candidates whose centres lie in c's square.
func (c Candidate) holdsSure(found []Candidate) int {
	n := 0
	for _, f := range found {
		if f.Score >= sure && c.Holds(f) {
			n++
		}
	}
	return n
}

// detectFilling looks for one die as large as the frame: it frames the
// picture as Framed does and looks for a die of nine tenths of its short
// side.
func (d *Detector) detectFilling(frame gocv.Mat) ([]Candidate, error) {
	framed := gocv.NewMat()
	defer framed.Close()
	pad := Framed(frame, &framed)
	found, err := d.detectAt(framed, 0.9*float64(pad))
	if err != nil {
		return nil, err
	}
	var in []Candidate
	for _, c := range found {
		c.X, c.Y = c.X-float64(pad), c.Y-float64(pad)
		if c.X >= 0 && c.Y >= 0 && c.X < float64(frame.Cols()) && c.Y < float64(frame.Rows()) {
			in = append(in, c)
		}
	}
	return in, nil
}

// Framed writes frame into dst inside a border of a neutral grey, which no
// tray matches closely, as wide as the frame's short side, which it
// returns: a die filling the frame then shows its edges against a table.
func Framed(frame gocv.Mat, dst *gocv.Mat) int {
	pad := min(frame.Cols(), frame.Rows())
	gocv.CopyMakeBorder(frame, dst, pad, pad, pad, pad, gocv.BorderConstant, color.RGBA{110, 110, 110, 0})
	return pad
}

// filling stands for the look for one die filling the frame among the die
// sides Detect tries.
const filling = -1

// clearlySure is the score of the best die of a look below which Detect
// tries the other scales: pips seen as dice score up to about 0.65, the die
// they lie on over 0.8.
const clearlySure = 0.7

// typicalSide is the median side of the candidates sure to be dice.
func typicalSide(found []Candidate) (float64, bool) {
	sides := SureSides(found)
	if len(sides) == 0 {
		return 0, false
	}
	return sides[len(sides)/2], true
}

// SureSides are the sides of the candidates in found sure enough to be
// dice that their sides set the scale of a frame without a profile, in
// ascending order.
func SureSides(found []Candidate) []float64 {
	var sides []float64
	for _, c := range found {
		if c.Score >= sure {
			sides = append(sides, c.Side)
		}
	}
	slices.Sort(sides)
	return sides
}

func (d *Detector) detectAt(frame gocv.Mat, dieSide float64) ([]Candidate, error) {
	w, h, err := inputSize(frame, dieSide)
	if err != nil {
		return nil, err
	}
	key := look{image.Pt(frame.Cols(), frame.Rows()), image.Pt(w, h)}
	if found, ok := d.memo[key]; ok {
		return slices.Clone(found), nil
	}
	d.shrink(frame, w, h)
	out, err := d.run()
	if err != nil {
		return nil, err
	}
	defer out.Close()
	found, err := decode(out, float64(w)/float64(frame.Cols()), float64(h)/float64(frame.Rows()))
	if err == nil && d.memo != nil {
		d.memo[key] = slices.Clone(found)
	}
	return found, err
}

// look names a look at the frame a Detector remembers: the frame's size
// and the input's, which together fix what the network reads.
type look struct{ frame, input image.Point }

// Remember keeps what each look at a frame finds until the returned func
// is called, and until then every frame given must be that frame, or that
// frame as Framed frames it. A reader asks about one frame in several
// ways: Detect, then DetectWithin where a large die may be a huddle, whose
// first look is Detect's, and where dice may be pips. Every
// look at that frame halves it alike, so they share one half.
func (d *Detector) Remember() (forget func()) {
	d.memo, d.halved = make(map[look][]Candidate), image.Point{}
	return func() { d.memo, d.halved = nil, image.Point{} }
}

// inputSize is the size the contract shrinks frame to for a die of dieSide.
func inputSize(frame gocv.Mat, dieSide float64) (w, h int, err error) {
	if frame.Empty() || frame.Type() != gocv.MatTypeCV8UC3 {
		return 0, 0, fmt.Errorf("detect dice: want a non-empty 8-bit BGR frame, got %dx%d of type %v", frame.Cols(), frame.Rows(), frame.Type())
	}
	scale := DieSide / dieSide
	w = max(align, int(math.Round(float64(frame.Cols())*scale)))
	h = max(align, int(math.Round(float64(frame.Rows())*scale)))
	if w*h > maxInput {
		return 0, 0, fmt.Errorf("detect dice: a die side of %.1f px makes a %dx%d input; give the die side in frame pixels", dieSide, w, h)
	}
	return w, h, nil
}

// run reads d.small with the network and returns its output, which the
// caller closes.
func (d *Detector) run() (gocv.Mat, error) {
	w, h := d.small.Cols(), d.small.Rows()
	// The padding goes right and bottom so cell centres keep their place.
	gocv.CopyMakeBorder(d.small, &d.padded, 0, -h&(align-1), 0, -w&(align-1), gocv.BorderReplicate, color.RGBA{})
	size := image.Pt(d.padded.Cols(), d.padded.Rows())
	net, err := d.netFor(size)
	if err != nil {
		return gocv.Mat{}, err
	}
	gocv.BlobFromImages([]gocv.Mat{d.padded}, &d.blob, 1/255.0, size, gocv.NewScalar(0, 0, 0, 0), false, false, gocv.MatTypeCV32F)
	net.SetInput(d.blob, "")
	return net.Forward(""), nil
}

// shrink resizes frame to w×h into d.small by area averaging, as the
// contract says. OpenCV averages areas slowly at a scale that is not a
// whole number and quickly at exactly a half, so a frame at least three
// times the target's size is halved first: on a 1280×720 frame that takes
// the resize from 1.8 to 0.8 ms, and the pixels differ from one resize by
// under half a grey level on average (TestShrinkAveragesAsOneResizeDoes).
// Halving twice would be faster still, but steps up to 24 levels at the
// dice's edges.
func (d *Detector) shrink(frame gocv.Mat, w, h int) {
	src := frame
	if cols, rows := frame.Cols(), frame.Rows(); cols%2 == 0 && rows%2 == 0 && cols >= 3*w && rows >= 3*h {
		shared := d.settling || d.memo != nil
		if size := image.Pt(cols, rows); !shared || d.halved != size {
			gocv.Resize(frame, &d.half, image.Pt(cols/2, rows/2), 0, 0, gocv.InterpolationArea)
			if shared {
				d.halved = size
			}
		}
		src = d.half
	}
	gocv.Resize(src, &d.small, image.Pt(w, h), 0, 0, gocv.InterpolationArea)
}
