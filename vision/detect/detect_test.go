package detect

import (
	"cmp"
	"encoding/csv"
	"encoding/json"
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/vision/synth"
)

// repo is the repository root seen from this package's folder.
var repo = filepath.Join("..", "..")

func newDetector(t testing.TB) *Detector {
	t.Helper()
	d, err := New()
	require.NoError(t, err, "the embedded detector.onnx must load in OpenCV's dnn")
	t.Cleanup(func() { d.Close() })
	return d
}

func readFrame(t testing.TB, path string) gocv.Mat {
	t.Helper()
	m := gocv.IMRead(path, gocv.IMReadColor)
	if m.Empty() {
		m.Close()
		t.Skipf("%s is absent: generate testdata with go run ./cmd/dicegen fixtures", path)
	}
	return m
}

// golden is PyTorch's output on one fixture, written by tools/detect/train.py.
type golden struct {
	Image   string    `json:"image"`
	DieSide float64   `json:"die_side"`
	Shape   []int     `json:"shape"`
	Output  []float32 `json:"output"`
}

func TestOpenCVReadsTheDetectorAsPyTorchDid(t *testing.T) {
	matcheck.Check(t)
	raw, err := os.ReadFile(filepath.Join("testdata", "golden.json"))
	require.NoError(t, err, "run tools/detect/train.py to write testdata/golden.json")
	var g golden
	require.NoError(t, json.Unmarshal(raw, &g))
	frame := readFrame(t, filepath.Join(repo, g.Image))
	defer frame.Close()
	d := newDetector(t)

	// The input as tools/detect made it: one area resize, not shrink's
	// halving first, which TestShrinkAveragesAsOneResizeDoes holds close to it.
	w, h, err := inputSize(frame, g.DieSide)
	require.NoError(t, err)
	gocv.Resize(frame, &d.small, image.Pt(w, h), 0, 0, gocv.InterpolationArea)
	out, err := d.run()
	require.NoError(t, err)
	defer out.Close()
	require.Equal(t, g.Shape, out.Size(), "output shape")
	got, err := out.DataPtrFloat32()
	require.NoError(t, err)
	assert.InDeltaSlice(t, g.Output, got, 1e-3)
}

func TestShrinkAveragesAsOneResizeDoes(t *testing.T) {
	matcheck.Check(t)
	frame := readFrame(t, filepath.Join(repo, "testdata", "fixtures", "colours", "images", "colours-0.jpg"))
	defer frame.Close()
	large := gocv.NewMat()
	defer large.Close()
	gocv.Resize(frame, &large, image.Pt(1280, 720), 0, 0, gocv.InterpolationLinear)
	d := newDetector(t)
	// Targets from 4.5 down to 3 times smaller: each goes through the half.
	for _, size := range []image.Point{{284, 160}, {320, 180}, {400, 225}, {426, 240}} {
		d.half.Close()
		d.half = gocv.NewMat()
		d.shrink(large, size.X, size.Y)
		require.Equal(t, []int{360, 640}, d.half.Size(), "the frame halved on the way to %v", size)
		want := gocv.NewMat()
		gocv.Resize(large, &want, size, 0, 0, gocv.InterpolationArea)
		diff := gocv.NewMat()
		gocv.AbsDiff(d.small, want, &diff)
		flat := diff.Reshape(1, 0)
		_, most, _, _ := gocv.MinMaxLoc(flat)
		flat.Close()
		mean := diff.Mean()
		assert.LessOrEqual(t, most, float32(12), "largest step at %v", size)
		assert.Less(t, (mean.Val1+mean.Val2+mean.Val3)/3, 0.5, "mean step at %v", size)
		want.Close()
		diff.Close()
	}
}

func TestDetectorStaysSmall(t *testing.T) {
	assert.Less(t, len(onnx), 1<<20, "the detector should stay under 1 MB")
}

func TestDetectRefusesWhatIsNotAColourFrame(t *testing.T) {
	matcheck.Check(t)
	d := newDetector(t)
	empty := gocv.NewMat()
	defer empty.Close()
	grey := gocv.NewMatWithSize(100, 100, gocv.MatTypeCV8U)
	defer grey.Close()
	for name, m := range map[string]gocv.Mat{"empty": empty, "grey": grey} {
		t.Run(name, func(t *testing.T) {
			_, err := d.Detect(m, 30)
			assert.ErrorContains(t, err, "8-bit BGR frame")
		})
	}
}

func TestDetectRefusesADieSideThatBlowsTheInputUp(t *testing.T) {
	matcheck.Check(t)
	d := newDetector(t)
	frame := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(90, 90, 90, 0), 480, 640, gocv.MatTypeCV8UC3)
	defer frame.Close()
	_, err := d.Detect(frame, 0.01)
	assert.ErrorContains(t, err, "die side")
}

func TestDetectFindsNoDiceOnAnEmptyTray(t *testing.T) {
	matcheck.Check(t)
	d := newDetector(t)
	for _, p := range fixtureImages(t, "empty") {
		frame := readFrame(t, p)
		got, err := d.Detect(frame, 0)
		frame.Close()
		require.NoError(t, err)
		assert.Empty(t, got, p)
	}
}

// TestDetectFindsTheFixtureDice replays the generated fixtures with the die
// side their truth gives, scoring as ../shared/datasets/README.md does.
func TestDetectFindsTheFixtureDice(t *testing.T) {
	matcheck.Check(t)
	d := newDetector(t)
	cases := []struct {
		folder     string
		minRecall  float64
		maxFalse   int
		scaleGuess bool // pass no die side: the detector guesses from the frame
	}{
		{folder: "touching", minRecall: 1, maxFalse: 0},
		{folder: "colours", minRecall: 1, maxFalse: 0},
		{folder: "rotations", minRecall: 1, maxFalse: 0},
		{folder: "six-dice", minRecall: 1, maxFalse: 0},
		{folder: "crowd", minRecall: 0.95, maxFalse: 1},
		{folder: "tiny", minRecall: 0.95, maxFalse: 1},
		{folder: "colours", minRecall: 1, maxFalse: 0, scaleGuess: true},
		{folder: "large", minRecall: 1, maxFalse: 0},
		{folder: "touching", minRecall: 1, maxFalse: 0, scaleGuess: true},
		{folder: "crowd", minRecall: 1, maxFalse: 0, scaleGuess: true},
		{folder: "tiny", minRecall: 0.95, maxFalse: 1, scaleGuess: true},
	}
	for _, c := range cases {
		t.Run(c.folder, func(t *testing.T) {
			truth := readTruth(t, c.folder)
			var dice, found, extra int
			for img, boxes := range truth {
				frame := readFrame(t, filepath.Join(repo, "testdata", "fixtures", c.folder, img))
				side := medianSide(boxes)
				if c.scaleGuess {
					side = 0
				}
				got, err := d.Detect(frame, side)
				frame.Close()
				require.NoError(t, err)
				m := match(got, boxes)
				dice += len(boxes)
				found += m
				extra += len(got) - m
			}
			require.NotZero(t, dice)
			assert.GreaterOrEqual(t, float64(found)/float64(dice), c.minRecall, "recall: %d of %d", found, dice)
			assert.LessOrEqual(t, extra, c.maxFalse, "false dice")
		})
	}
}

func TestDetectGivesSidesNearTheTruth(t *testing.T) {
	matcheck.Check(t)
	d := newDetector(t)
	for _, folder := range []string{"colours", "tiny", "large"} {
		t.Run(folder, func(t *testing.T) {
			var want, got []float64
			for img, boxes := range readTruth(t, folder) {
				frame := readFrame(t, filepath.Join(repo, "testdata", "fixtures", folder, img))
				found, err := d.Detect(frame, medianSide(boxes))
				frame.Close()
				require.NoError(t, err)
				for _, b := range boxes {
					want = append(want, float64(max(b.Dx(), b.Dy())))
				}
				for _, c := range found {
					got = append(got, c.Side)
				}
			}
			require.NotEmpty(t, got)
			assert.InEpsilon(t, median(want), median(got), 0.2, "median die side")
		})
	}
}

func median(v []float64) float64 {
	v = slices.Clone(v)
	slices.Sort(v)
	return v[len(v)/2]
}

func fixtureImages(t *testing.T, folder string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(repo, "testdata", "fixtures", folder, "images", "*.jpg"))
	require.NoError(t, err)
	if len(paths) == 0 {
		t.Skipf("testdata/fixtures/%s is absent: generate it with go run ./cmd/dicegen fixtures", folder)
	}
	return paths
}

// readTruth reads a fixture folder's dice.csv: boxes by image.
func readTruth(t *testing.T, folder string) map[string][]image.Rectangle {
	t.Helper()
	f, err := os.Open(filepath.Join(repo, "testdata", "fixtures", folder, "dice.csv"))
	if os.IsNotExist(err) {
		t.Skipf("testdata/fixtures/%s is absent: generate it with go run ./cmd/dicegen fixtures", folder)
	}
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	truth := map[string][]image.Rectangle{}
	for _, r := range rows[1:] {
		var v [4]int
		for i := range v {
			x, err := strconv.ParseFloat(r[2+i], 64)
			require.NoError(t, err)
			v[i] = int(math.Round(x))
		}
		truth[r[0]] = append(truth[r[0]], image.Rect(v[0], v[1], v[2], v[3]))
	}
	return truth
}

func medianSide(boxes []image.Rectangle) float64 {
	sides := make([]int, len(boxes))
	for i, b := range boxes {
		sides[i] = max(b.Dx(), b.Dy())
	}
	slices.Sort(sides)
	return float64(sides[len(sides)/2])
}

// match counts candidates matched one to one, greedily by distance, to boxes
// that hold their centre once grown by half their width and height.
func match(found []Candidate, boxes []image.Rectangle) int {
	type pair struct {
		d    float64
		i, j int
	}
	var pairs []pair
	for i, c := range found {
		for j, b := range boxes {
			g := image.Pt(b.Dx()/2, b.Dy()/2)
			grown := image.Rectangle{Min: b.Min.Sub(g), Max: b.Max.Add(g)}
			if c.X >= float64(grown.Min.X) && c.X <= float64(grown.Max.X) && c.Y >= float64(grown.Min.Y) && c.Y <= float64(grown.Max.Y) {
				mx, my := float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2
				pairs = append(pairs, pair{math.Hypot(c.X-mx, c.Y-my), i, j})
			}
		}
	}
	slices.SortFunc(pairs, func(a, b pair) int { return cmp.Compare(a.d, b.d) })
	usedI, usedJ := map[int]bool{}, map[int]bool{}
	for _, p := range pairs {
		if !usedI[p.i] && !usedJ[p.j] {
			usedI[p.i], usedJ[p.j] = true, true
		}
	}
	return len(usedJ)
}

// The reader looks only inside its tray rectangle: a region of a frame,
// which is not continuous in memory, must read as a copy of it does.
func TestDetectReadsARegionAsACopy(t *testing.T) {
	matcheck.Check(t)
	d := newDetector(t)
	frame := readFrame(t, filepath.Join(repo, "testdata", "fixtures", "touching", "images", "touching-1.jpg"))
	defer frame.Close()
	region := frame.Region(image.Rect(100, 40, 600, 440))
	defer region.Close()
	cp := region.Clone()
	defer cp.Close()

	fromRegion, err := d.Detect(region, 70)
	require.NoError(t, err)
	fromCopy, err := d.Detect(cp, 70)
	require.NoError(t, err)
	require.NotEmpty(t, fromCopy)
	assert.Equal(t, fromCopy, fromRegion)
}

// TestDetectFindsADieFillingTheFrame crops rendered dice to their own
// outline, as a close-up or a crop of a photo shows them: no table edges
// them, and the die side is not known.
func TestDetectFindsADieFillingTheFrame(t *testing.T) {
	matcheck.Check(t)
	d := newDetector(t)
	for _, st := range []string{"white", "red", "black"} {
		t.Run(st, func(t *testing.T) {
			sc := synth.Scene{Width: 320, Height: 240, Surface: synth.Felt, Noise: 2,
				Light: synth.Light{Azimuth: 30, Shadow: 0.3, Length: 0.3}}
			sc.Dice = []synth.Die{synth.StyleNamed(st).Dress(synth.Die{Value: 5, Faces: synth.Pips, X: 160, Y: 120, Size: 70, Angle: 20})}
			frame, truth, err := synth.Render(sc, 1)
			require.NoError(t, err)
			defer frame.Close()
			require.Len(t, truth.Dice, 1)
			box := truth.Dice[0].Box
			crop := frame.Region(box)
			defer crop.Close()

			got, err := d.Detect(crop, 0)
			require.NoError(t, err)
			require.NotEmpty(t, got, "a die filling the frame is found")
			best := got[0]
			assert.GreaterOrEqual(t, float64(best.Score), float64(Threshold))
			assert.InDelta(t, truth.Dice[0].X-float64(box.Min.X), best.X, 0.2*float64(box.Dx()), "across")
			assert.InDelta(t, truth.Dice[0].Y-float64(box.Min.Y), best.Y, 0.2*float64(box.Dy()), "down")
			assert.InDelta(t, float64(box.Dx()), best.Side, 0.35*float64(box.Dx()), "side")
		})
	}
}

func TestDetectWithinLooksForNoDieBeyondItsLimits(t *testing.T) {
	matcheck.Check(t)
	d := newDetector(t)
	inf := math.Inf(1)
	for _, c := range []struct {
		name              string
		folder            string
		smallest, largest float64 // times the dice's median side
		all               bool    // every die lies within the limits, so all are found
	}{
		{"under: every die over the limit", "large", 0, 0.8, false},
		{"under: every die under it", "colours", 0, 2.5, true},
		{"under: a crowd under it", "crowd", 0, 2.5, true},
		{"over: every die under the limit", "colours", 2.5, inf, false},
		{"over: every die over it", "colours", 0.4, inf, true},
		{"over: large dice over it", "large", 0.4, inf, true},
		{"between: every die within", "colours", 0.4, 2.5, true},
		{"between: every die above", "colours", 0.2, 0.5, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			for img, boxes := range readTruth(t, c.folder) {
				frame := readFrame(t, filepath.Join(repo, "testdata", "fixtures", c.folder, img))
				side := medianSide(boxes)
				all, err := d.Detect(frame, 0)
				require.NoError(t, err)
				got, err := d.DetectWithin(frame, c.smallest*side, c.largest*side)
				frame.Close()
				require.NoError(t, err)
				require.Equal(t, len(boxes), match(all, boxes), "%s: Detect finds every die", img)
				for _, f := range got {
					assert.True(t, f.Side > c.smallest*side && f.Side < c.largest*side,
						"%s: a die of side %.0f reported beyond %.0f-%.0f", img, f.Side, c.smallest*side, c.largest*side)
				}
				if c.all {
					assert.Equal(t, len(boxes), match(got, boxes), "%s: every die within the limits is found", img)
				}
			}
		})
	}
}

func TestTheNextLookIsSizedByTheDiceInsideTheRange(t *testing.T) {
	// Dice lying apart, seen from a look twice their size: its sure dice
	// are one die and a huddle of the others seen as one.
	huddled := []Candidate{{Side: 46, Score: 0.64}, {Side: 116, Score: 0.64}, {Side: 81, Score: 0.48}}
	// Dice seen from a look for pips: its sure dice are pips and one die.
	pips := []Candidate{{Side: 12, Score: 0.81}, {Side: 14, Score: 0.77}, {Side: 80, Score: 0.6}}
	for _, c := range []struct {
		name              string
		look              []Candidate
		smallest, largest float64
		want              float64
		ok                bool
	}{
		{"no range: the median of the sure dice", huddled, 0, math.Inf(1), 116, true},
		{"the huddle over the range is no die", huddled, 0, 115, 46, true},
		{"pips, with no range", pips, 0, math.Inf(1), 14, true},
		{"pips under the range are no dice", pips, 28, math.Inf(1), 80, true},
		{"every sure die outside it", huddled, 50, 100, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			side, ok := typicalSide(outside(c.look, c.smallest, c.largest))
			assert.Equal(t, c.ok, ok)
			assert.Equal(t, c.want, side)
		})
	}
}

func TestSureSidesAreTheSortedSidesOfTheSureDice(t *testing.T) {
	die := func(side, score float64) Candidate { return Candidate{Side: side, Score: score} }
	found := []Candidate{die(34, 0.9), die(30, 0.5), die(80, 0.45), die(28, 0.6)}
	assert.Equal(t, []float64{28, 30, 34}, SureSides(found), "a die scored under 0.5 is not sure")
	assert.Empty(t, SureSides(nil))
}

func TestEachInputSizeKeepsItsOwnCopyOfTheNetwork(t *testing.T) {
	matcheck.Check(t)
	d := newDetector(t)
	a, b, c, e, f := image.Pt(288, 160), image.Pt(224, 128), image.Pt(144, 88), image.Pt(96, 56), image.Pt(64, 40)
	netA, err := d.netFor(a)
	require.NoError(t, err)
	for _, size := range []image.Point{b, c, e} {
		_, err := d.netFor(size)
		require.NoError(t, err)
	}
	again, err := d.netFor(a)
	require.NoError(t, err)
	assert.Equal(t, netA, again, "the copy that read a size reads it again")
	require.Len(t, d.nets, poolSize)

	// A fifth size takes over the copy least recently used: b's.
	_, err = d.netFor(f)
	require.NoError(t, err)
	require.Len(t, d.nets, poolSize, "the pool does not grow past its size")
	var sizes []image.Point
	for _, n := range d.nets {
		sizes = append(sizes, n.size)
	}
	assert.ElementsMatch(t, []image.Point{a, f, c, e}, sizes)
}

func TestLooksOfManySizesFindWhatOneLookFinds(t *testing.T) {
	matcheck.Check(t)
	frame := readFrame(t, filepath.Join(repo, "testdata", "fixtures", "colours", "images", "colours-0.jpg"))
	defer frame.Close()
	sides := []float64{20, 31, 45, 60, 80, 110, 45, 20}
	many := newDetector(t)
	for _, side := range sides {
		got, err := many.Detect(frame, side)
		require.NoError(t, err)
		fresh := newDetector(t)
		want, err := fresh.Detect(frame, side)
		require.NoError(t, err)
		assert.Equal(t, want, got, "a look at side %.0f after looks at other sides", side)
	}
	assert.Len(t, many.nets, poolSize)
}

func TestASettleLooksAtTheFrameItIsGivenNotTheOneBefore(t *testing.T) {
	matcheck.Check(t)
	frames := make([]gocv.Mat, 2)
	for i, name := range []string{"colours-0.jpg", "colours-1.jpg"} {
		small := readFrame(t, filepath.Join(repo, "testdata", "fixtures", "colours", "images", name))
		frames[i] = gocv.NewMat()
		defer frames[i].Close()
		// Large enough that every look halves the frame first.
		gocv.Resize(small, &frames[i], image.Pt(1280, 720), 0, 0, gocv.InterpolationLinear)
		small.Close()
	}
	d := newDetector(t)
	_, err := d.Detect(frames[0], 0)
	require.NoError(t, err)
	got, err := d.Detect(frames[1], 0)
	require.NoError(t, err)
	want, err := newDetector(t).Detect(frames[1], 0)
	require.NoError(t, err)
	require.NotEmpty(t, want)
	assert.Equal(t, want, got)
}

func TestARememberedLookAtAFrameIsNotRunAgain(t *testing.T) {
	matcheck.Check(t)
	frame := readFrame(t, filepath.Join(repo, "testdata", "fixtures", "colours", "images", "colours-0.jpg"))
	defer frame.Close()
	other := readFrame(t, filepath.Join(repo, "testdata", "fixtures", "colours", "images", "colours-1.jpg"))
	defer other.Close()
	largest := float64(min(frame.Cols(), frame.Rows())) / 2

	fresh := newDetector(t)
	want, err := fresh.DetectWithin(frame, 0, largest)
	require.NoError(t, err)
	require.NotEmpty(t, want)
	alone := fresh.looks

	d := newDetector(t)
	forget := d.Remember()
	_, err = d.Detect(frame, 0)
	require.NoError(t, err)
	before := d.looks
	got, err := d.DetectWithin(frame, 0, largest)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.Less(t, d.looks-before, alone, "DetectWithin's first look is Detect's, remembered")
	forget()

	got, err = d.Detect(other, 0)
	require.NoError(t, err)
	want, err = newDetector(t).Detect(other, 0)
	require.NoError(t, err)
	assert.Equal(t, want, got, "a forgotten frame's looks are not another's")
}

func TestARememberedFrameHalvedOnceReadsAsFreshLooksDo(t *testing.T) {
	matcheck.Check(t)
	// Frames three times the input's size and more are halved first.
	large := func(name string) gocv.Mat {
		frame := readFrame(t, filepath.Join(repo, "testdata", "fixtures", "colours", "images", name))
		defer frame.Close()
		out := gocv.NewMat()
		gocv.Resize(frame, &out, image.Pt(1280, 720), 0, 0, gocv.InterpolationLinear)
		return out
	}
	frame, other := large("colours-0.jpg"), large("colours-1.jpg")
	defer frame.Close()
	defer other.Close()

	d := newDetector(t)
	for _, f := range []gocv.Mat{frame, other} {
		forget := d.Remember()
		for _, side := range []float64{0, 80, 120} {
			got, err := d.Detect(f, side)
			require.NoError(t, err)
			want, err := newDetector(t).Detect(f, side)
			require.NoError(t, err)
			require.NotEmpty(t, want, "side %v", side)
			assert.Equal(t, want, got, "side %v: a look at the half kept from the look before", side)
		}
		forget()
	}
}
