package vision

import (
	"cmp"
	"fmt"
	"image"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/detect"
	"github.com/dicecam/dicecam/vision/synth"
)

// table returns a grey-green table of the given size; the caller closes it.
func table(w, h int) gocv.Mat {
	return gocv.NewMatWithSizeFromScalar(gocv.NewScalar(95, 120, 100, 0), h, w, gocv.MatTypeCV8UC3)
}

func TestReaderReadsEachFaceOfRenderedDice(t *testing.T) {
	matcheck.Check(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	// Six white dice in a row on felt, lit from one side, as a webcam over
	// a tray sees them; each turned a little, as dice come to rest.
	sc := synth.Scene{Width: 800, Height: 400, Surface: synth.Felt, Noise: 2,
		Light: synth.Light{Azimuth: 30, Shadow: 0.3, Length: 0.3}}
	for v := 1; v <= 6; v++ {
		d := synth.Die{Value: v, Faces: synth.Pips, X: float64(70 + (v-1)*130), Y: 200, Size: 60, Angle: float64(7 * v)}
		sc.Dice = append(sc.Dice, synth.StyleNamed("white").Dress(d))
	}
	frame, truth, err := synth.Render(sc, 1)
	require.NoError(t, err)
	defer frame.Close()
	slices.SortFunc(truth.Dice, func(a, b synth.DieTruth) int { return cmp.Compare(a.X, b.X) })

	dice, err := r.Read(frame)
	require.NoError(t, err)
	require.Len(t, dice, 6)
	for i, d := range dice {
		want := truth.Dice[i] // dice come back in reading order, left to right on one row
		assert.Equal(t, want.Value, d.Value, "die %d", i)
		assert.False(t, d.Uncertain, "die %d", i)
		assert.InDelta(t, want.X, d.Center.X, 8, "die %d", i)
		assert.InDelta(t, want.Y, d.Center.Y, 8, "die %d", i)
	}
}

// defaultReader is a Reader with the built-in defaults, closed when the
// test ends.
func defaultReader(t *testing.T) *Reader {
	t.Helper()
	r, err := NewReader(nil)
	require.NoError(t, err)
	t.Cleanup(func() { r.Close() })
	return r
}

func TestReaderFindsNothingOnAnEmptyTable(t *testing.T) {
	matcheck.Check(t)
	r := defaultReader(t)
	frame := table(640, 480)
	defer frame.Close()
	dice, err := r.Read(frame)
	require.NoError(t, err)
	assert.Empty(t, dice)
}

func TestReaderRefusesFramesItCannotRead(t *testing.T) {
	matcheck.Check(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	empty := gocv.NewMat()
	defer empty.Close()
	_, err = r.Read(empty)
	assert.ErrorContains(t, err, "empty")
	grey := gocv.NewMatWithSize(10, 10, gocv.MatTypeCV8U)
	defer grey.Close()
	_, err = r.Read(grey)
	assert.ErrorContains(t, err, "BGR")
}

func TestReaderRefusesATrayOutsideTheFrame(t *testing.T) {
	matcheck.Check(t)
	p := DefaultProfile()
	p.Tray = image.Rect(2000, 2000, 2100, 2100)
	r, err := NewReader(p)
	require.NoError(t, err)
	defer r.Close()
	frame := table(320, 240)
	defer frame.Close()
	_, err = r.Read(frame)
	assert.ErrorContains(t, err, "calibrate")
}

func TestAnnotateDrawsOnTheFrame(t *testing.T) {
	matcheck.Check(t)
	frame := table(200, 200)
	defer frame.Close()
	before := frame.Clone()
	defer before.Close()
	box := [4]image.Point{{50, 50}, {100, 50}, {100, 100}, {50, 100}}
	Annotate(&frame, []Die{{Value: 3, Face: "3", Center: image.Pt(75, 75), Box: box}, {Value: 5, Face: "5", Center: image.Pt(150, 150), Box: box, Uncertain: true}})
	diff := gocv.NewMat()
	defer diff.Close()
	gocv.AbsDiff(frame, before, &diff)
	gray := gocv.NewMat()
	defer gray.Close()
	gocv.CvtColor(diff, &gray, gocv.ColorBGRToGray)
	assert.Greater(t, gocv.CountNonZero(gray), 100)
}

func TestReaderKnowsOnlyTheCalibratedBodies(t *testing.T) {
	p := DefaultProfile()
	p.Bodies = []Colour{{240, 240, 240}}
	r, err := NewReader(p)
	require.NoError(t, err)
	defer r.Close()
	assert.True(t, r.knownBody([3]float64(Colour{235, 238, 236}.Lab())))
	assert.False(t, r.knownBody([3]float64(Colour{30, 30, 200}.Lab())))

	any, err := NewReader(nil)
	require.NoError(t, err)
	defer any.Close()
	assert.True(t, any.knownBody([3]float64(Colour{30, 30, 200}.Lab())), "no bodies listed: any will do")
}

func TestPokerFacesWithoutTemplatesAreReadByTheBuiltInModel(t *testing.T) {
	r, err := NewReader(&Profile{Format: ProfileFormat, Version: 1, Faces: rules.PokerFaces, DieSize: [2]float64{10, 100}, Detector: true})
	require.NoError(t, err)
	defer r.Close()
	frame := table(320, 240)
	defer frame.Close()
	dice, err := r.Read(frame)
	require.NoError(t, err)
	assert.Empty(t, dice, "an empty table shows no poker dice")
}

// TestPokerDiceReadWithoutCalibration reads the poker fixtures with the
// built-in poker model and no templates, as a poker set reads before it
// is calibrated: every die found, none read wrong with confidence, and the
// model sure enough of some to read them without asking.
func TestPokerDiceReadWithoutCalibration(t *testing.T) {
	matcheck.Check(t)
	photos, err := LoadFolder(filepath.Join("..", "testdata", "fixtures", "poker"))
	require.NoError(t, err)
	p := DefaultProfile()
	p.Faces = rules.PokerFaces
	r, err := NewReader(p)
	require.NoError(t, err)
	defer r.Close()
	got := readFolder(t, r, photos)
	// measured: 15 of 15 found, 9 read right and not asked, 0 wrong.
	t.Logf("%d dice: %d found, %d right first time, %d asked, %d wrong", got.Labelled, got.Matched, got.Right, got.Asked, got.Wrong)
	assert.Equal(t, got.Labelled, got.Matched, "every poker die is found")
	assert.Zero(t, got.Wrong, "no poker die is read wrong with confidence")
	assert.Zero(t, got.False, "nothing else is taken for a poker die")
	assert.GreaterOrEqual(t, got.Right, 8, "poker dice read right without asking")
}

func TestAnnotatedLabelsAreLegible(t *testing.T) {
	for _, size := range []image.Point{{640, 480}, {1280, 720}} {
		frame := gocv.NewMatWithSize(size.Y, size.X, gocv.MatTypeCV8UC3)
		c := image.Pt(size.X/2, size.Y/2)
		box := [4]image.Point{c.Add(image.Pt(-30, -30)), c.Add(image.Pt(30, -30)), c.Add(image.Pt(30, 30)), c.Add(image.Pt(-30, 30))}
		Annotate(&frame, []Die{{Value: 4, Face: "4", Center: c, Box: box}})
		rows := 0 // rows above the die that hold the label's green
		for y := 0; y < c.Y-31; y++ {
			for x := c.X - 60; x < c.X+60; x++ {
				if v := frame.GetVecbAt(y, x); v[1] == sureColour.G && v[0] == 0 {
					rows++
					break
				}
			}
		}
		assert.GreaterOrEqual(t, rows, size.Y/20-2, "%v: the label is %d pixels high", size, rows)
		frame.Close()
	}
}

// croppedDie renders a white die of value v, 70 px across, on felt and
// returns the part of the frame its box covers; both close when t ends.
func croppedDie(t *testing.T, v int) gocv.Mat {
	t.Helper()
	sc := synth.Scene{Width: 320, Height: 240, Surface: synth.Felt, Noise: 2,
		Light: synth.Light{Azimuth: 30, Shadow: 0.3, Length: 0.3}}
	sc.Dice = []synth.Die{synth.StyleNamed("white").Dress(synth.Die{Value: v, Faces: synth.Pips, X: 160, Y: 120, Size: 70, Angle: 20})}
	frame, truth, err := synth.Render(sc, 1)
	require.NoError(t, err)
	crop := frame.Region(truth.Dice[0].Box)
	t.Cleanup(func() { crop.Close(); frame.Close() })
	return crop
}

func TestReaderReadsADieFillingTheFrame(t *testing.T) {
	matcheck.Check(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	for v := 1; v <= 6; v++ {
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			crop := croppedDie(t, v) // a close-up: the die and nothing round it

			dice, err := r.Read(crop)
			require.NoError(t, err)
			require.Len(t, dice, 1)
			assert.Equal(t, v, dice[0].Value)
			if v < 6 { // a 6 shrunk to the working side shows pips too close to count: asked
				assert.False(t, dice[0].Uncertain)
			}
			assert.True(t, dice[0].Center.In(image.Rect(0, 0, crop.Cols(), crop.Rows())), "the die lies in the frame it was read from")
		})
	}
}

func TestReaderTellsAHuddleOfSmallDiceFromOneLargeDie(t *testing.T) {
	matcheck.Check(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	require.NotNil(t, r.finder, "the built-in profile reads with the detector")
	scene := func(dice ...synth.Die) synth.Scene {
		sc := synth.Scene{Width: 640, Height: 480, Surface: synth.Felt, Noise: 2,
			Light: synth.Light{Azimuth: 30, Shadow: 0.3, Length: 0.3}}
		for _, d := range dice {
			sc.Dice = append(sc.Dice, synth.StyleNamed("white").Dress(d))
		}
		return sc
	}
	var huddle []synth.Die
	for i, v := range []int{2, 5, 3, 6, 4, 2, 3, 6, 5} {
		huddle = append(huddle, synth.Die{Value: v, Faces: synth.Pips, Size: 44,
			X: 320 + float64(i%3-1)*46, Y: 240 + float64(i/3-1)*46, Angle: float64(3 * i)})
	}
	pair := []synth.Die{
		{Value: 5, Faces: synth.Pips, Size: 22, X: 308, Y: 240},
		{Value: 3, Faces: synth.Pips, Size: 22, X: 333, Y: 246, Angle: 10},
	}
	for _, tc := range []struct {
		name    string
		scene   synth.Scene
		side    float64 // of the one die the detector would see
		crowded bool    // the detector is sure of a crowd of dice in the frame
		want    bool
	}{
		{"nine dice touching", scene(huddle...), 3 * 46, true, true},
		{"two small dice seen as one, under a quarter of the frame", scene(pair...), 70, false, true},
		{"the same in a crowd of dice", scene(pair...), 70, true, false},
		{"one die under a quarter of the frame", scene(synth.Die{Value: 5, Faces: synth.Pips, X: 320, Y: 240, Size: 90, Angle: 10}), 96, false, false},
		{"a close-up of a 5", scene(synth.Die{Value: 5, Faces: synth.Pips, X: 320, Y: 240, Size: 270, Angle: 10}), 270, false, false},
		{"a close-up of a 6", scene(synth.Die{Value: 6, Faces: synth.Pips, X: 320, Y: 240, Size: 270, Angle: 10}), 270, false, false},
		{"a close-up of a 4 filling the frame", scene(synth.Die{Value: 4, Faces: synth.Pips, X: 320, Y: 240, Size: 400, Angle: 5}), 400, false, false},
		{"a die too small to be a huddle", scene(huddle...), 40, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			frame, truth, err := synth.Render(tc.scene, 1)
			require.NoError(t, err)
			defer frame.Close()
			big := detect.Candidate{X: 320, Y: 240, Side: tc.side, Score: 0.8}
			under, got := r.huddle(frame, big, tc.crowded)
			require.Equal(t, tc.want, got)
			if !got {
				return
			}
			for _, d := range truth.Dice {
				size := tc.scene.Dice[d.Index].Size
				assert.True(t, slices.ContainsFunc(under, func(c detect.Candidate) bool {
					return math.Hypot(c.X-d.X, c.Y-d.Y) < 0.3*size && c.Side < 2*size
				}), "the %d at (%.0f, %.0f) is found under the huddle", d.Value, d.X, d.Y)
			}
		})
	}
}

func TestReaderReadsACropTheDetectorFindsNothingOnAsOneDie(t *testing.T) {
	matcheck.Check(t)
	p := DefaultProfile()
	p.Detector = false // a detector that finds nothing on the crop
	r, err := NewReader(p)
	require.NoError(t, err)
	defer r.Close()
	for _, v := range []int{2, 3, 5} {
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			crop := croppedDie(t, v)

			dice, err := r.Read(crop)
			require.NoError(t, err)
			require.Len(t, dice, 1)
			assert.Equal(t, v, dice[0].Value)
		})
	}
	t.Run("a crop of bare felt", func(t *testing.T) {
		sc := synth.Scene{Width: 320, Height: 240, Surface: synth.Felt, Noise: 2}
		frame, _, err := synth.Render(sc, 1)
		require.NoError(t, err)
		defer frame.Close()
		crop := frame.Region(image.Rect(120, 80, 190, 150))
		defer crop.Close()

		dice, err := r.Read(crop)
		require.NoError(t, err)
		assert.Empty(t, dice, "the model finds no die on it")
	})
}

func TestInReadingOrderReadsRowByRowLeftToRight(t *testing.T) {
	die := func(v, x, y int) Die {
		c := newCandidate(float64(x), float64(y), 40, 40, 1, 0)
		return Die{Value: v, Center: c.center, Box: c.box}
	}
	values := func(dice []Die) []int {
		var vs []int
		for _, d := range dice {
			vs = append(vs, d.Value)
		}
		return vs
	}
	cases := []struct {
		name string
		dice []Die
		want []int
	}{
		{"a row whose centres differ by a pixel or two", []Die{die(1, 100, 202), die(2, 150, 200), die(3, 200, 201)}, []int{1, 2, 3}},
		{"two rows", []Die{die(4, 200, 300), die(1, 100, 100), die(3, 100, 300), die(2, 200, 98)}, []int{1, 2, 3, 4}},
		{"a die half its side lower begins a row", []Die{die(2, 100, 120), die(1, 200, 100)}, []int{1, 2}},
		{"a die under half its side lower is of the row", []Die{die(2, 200, 100), die(1, 100, 119)}, []int{1, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, values(inReadingOrder(slices.Clone(c.dice))))
		})
	}
}
