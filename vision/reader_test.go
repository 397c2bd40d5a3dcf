package vision

import (
	"image"
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/rules"
)

// pipSpots are where the pips of each face lie on a die of side 1, from its
// centre.
var pipSpots = map[int][][2]float64{
	1: {{0, 0}},
	2: {{-0.25, -0.25}, {0.25, 0.25}},
	3: {{-0.25, -0.25}, {0, 0}, {0.25, 0.25}},
	4: {{-0.25, -0.25}, {0.25, -0.25}, {-0.25, 0.25}, {0.25, 0.25}},
	5: {{-0.25, -0.25}, {0.25, -0.25}, {0, 0}, {-0.25, 0.25}, {0.25, 0.25}},
	6: {{-0.25, -0.27}, {0.25, -0.27}, {-0.25, 0}, {0.25, 0}, {-0.25, 0.27}, {0.25, 0.27}},
}

// drawDie paints a white die with black pips, seen from straight above.
func drawDie(m *gocv.Mat, centre image.Point, side, value int) {
	h := side / 2
	gocv.Rectangle(m, image.Rect(centre.X-h, centre.Y-h, centre.X+h, centre.Y+h), color.RGBA{240, 240, 236, 0}, -1)
	r := max(2, side/10)
	if value == 1 {
		r = max(3, side/7)
	}
	for _, s := range pipSpots[value] {
		p := image.Pt(centre.X+int(s[0]*float64(side)), centre.Y+int(s[1]*float64(side)))
		gocv.Circle(m, p, r, color.RGBA{25, 25, 25, 0}, -1)
	}
}

// table returns a grey-green table of the given size; the caller closes it.
func table(w, h int) gocv.Mat {
	return gocv.NewMatWithSizeFromScalar(gocv.NewScalar(95, 120, 100, 0), h, w, gocv.MatTypeCV8UC3)
}

func TestReaderReadsEachFaceOfDrawnDice(t *testing.T) {
	matcheck.Check(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	frame := table(800, 400)
	defer frame.Close()
	for v := 1; v <= 6; v++ {
		drawDie(&frame, image.Pt(70+(v-1)*130, 200), 70, v)
	}
	dice, err := r.Read(frame)
	require.NoError(t, err)
	require.Len(t, dice, 6)
	for i, d := range dice {
		want := i + 1 // dice come back in reading order, left to right on one row
		assert.Equal(t, want, d.Value, "die %d", i)
		assert.False(t, d.Uncertain, "die %d", i)
		assert.InDelta(t, 70+i*130, d.Center.X, 6, "die %d", i)
		assert.InDelta(t, 200, d.Center.Y, 6, "die %d", i)
	}
}

func TestReaderFindsNothingOnAnEmptyTable(t *testing.T) {
	matcheck.Check(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
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

func TestPokerFacesWithoutTemplatesAreRefused(t *testing.T) {
	_, err := NewReader(&Profile{Format: ProfileFormat, Version: 1, Faces: rules.PokerFaces, DieSize: [2]float64{10, 100}})
	assert.ErrorContains(t, err, "calibrate --faces poker")
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
