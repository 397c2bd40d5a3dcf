package calibrate

import (
	"encoding/json"
	"image"
	"image/color"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
)

var (
	table = color.RGBA{30, 50, 80, 0} // BGR: brown wood
	felt  = color.RGBA{40, 120, 40, 0}
	feltR = image.Rect(80, 60, 560, 420)
)

// tray draws a 640×480 frame of a felt tray on a table, scaled by light, with
// a white die of side at each of centres.
func tray(light float64, side int, centres ...image.Point) gocv.Mat {
	dim := func(c color.RGBA) color.RGBA {
		return color.RGBA{uint8(float64(c.R) * light), uint8(float64(c.G) * light), uint8(float64(c.B) * light), 0}
	}
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(table.R)*light, float64(table.G)*light, float64(table.B)*light, 0), 480, 640, gocv.MatTypeCV8UC3)
	gocv.Rectangle(&m, feltR, dim(felt), -1)
	for _, c := range centres {
		h := side / 2
		gocv.Rectangle(&m, image.Rect(c.X-h, c.Y-h, c.X+h, c.Y+h), dim(color.RGBA{230, 230, 230, 0}), -1)
		gocv.Circle(&m, c, max(2, side/8), dim(color.RGBA{20, 20, 20, 0}), -1)
		gocv.Circle(&m, c.Add(image.Pt(h/2, h/2)), max(2, side/8), dim(color.RGBA{20, 20, 20, 0}), -1)
	}
	return m
}

var fiveApart = []image.Point{{150, 120}, {300, 120}, {450, 120}, {200, 300}, {400, 300}}

// capture feeds the guide one drawn frame and closes it.
func capture(t *testing.T, g *Guide, m gocv.Mat) Step {
	t.Helper()
	defer m.Close()
	s, err := g.Capture(m)
	require.NoError(t, err)
	return s
}

func TestGuideLearnsTrayDiceAndSavesAProfile(t *testing.T) {
	matcheck.Check(t)
	g := NewGuide(GuideOptions{})
	defer g.Close()
	require.Equal(t, StepEmptyTray, g.Step().Kind)

	s := capture(t, g, tray(1, 0))
	require.Empty(t, s.Warnings)
	require.Equal(t, StepDice, s.Kind)
	assert.InDelta(t, feltR.Min.X, s.Tray.Min.X, 6)
	assert.InDelta(t, feltR.Max.Y, s.Tray.Max.Y, 6)

	s = capture(t, g, tray(1, 40, fiveApart...))
	require.Empty(t, s.Warnings)
	require.Equal(t, StepCheck, s.Kind, "pip dice without a logo have no special faces")
	p := g.Profile()
	assert.LessOrEqual(t, p.DieSize[0], 40.0)
	assert.GreaterOrEqual(t, p.DieSize[1], 40.0)
	assert.Equal(t, vision.Colour{40, 120, 40}, p.Background)
	require.NotEmpty(t, p.Bodies)
	assert.Greater(t, int(p.Bodies[0][0]), 200, "white dice")
	require.NotEmpty(t, p.Pips)
	assert.Less(t, int(p.Pips[0][0]), 60, "black pips")

	for range 3 {
		s, _ = g.Check(true)
	}
	assert.Equal(t, StepDone, s.Kind)
	path := filepath.Join(t.TempDir(), "profile.json")
	require.NoError(t, g.Profile().Save(path))
	back, err := vision.LoadProfile(path)
	require.NoError(t, err)
	assert.Equal(t, p.Tray, back.Tray)
}

func TestGuideWarnsAndWaitsUntilFixedOrAccepted(t *testing.T) {
	cases := []struct {
		name  string
		frame func() gocv.Mat
		want  string
	}{
		{"dice too small", func() gocv.Mat { return tray(1, 12, fiveApart...) }, "pixels across"},
		{"too dark", func() gocv.Mat { return tray(0.3, 40, fiveApart...) }, "too little light"},
		{"a die missing", func() gocv.Mat { return tray(1, 40, fiveApart[:4]...) }, "4 dice found, expected 5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			matcheck.Check(t)
			g := NewGuide(GuideOptions{})
			defer g.Close()
			capture(t, g, tray(1, 0))
			s := capture(t, g, c.frame())
			require.Equal(t, StepDice, s.Kind, "the step stays until fixed")
			assert.True(t, warned(s.Warnings, c.want), "warnings: %q", s.Warnings)
			s, err := g.Accept()
			require.NoError(t, err)
			assert.Equal(t, StepCheck, s.Kind)
		})
	}
}

// warned says whether one of ws mentions part.
func warned(ws []string, part string) bool {
	return slices.ContainsFunc(ws, func(w string) bool { return strings.Contains(w, part) })
}

func TestGuideAsksForEachPokerFaceAndKeepsATemplate(t *testing.T) {
	matcheck.Check(t)
	g := NewGuide(GuideOptions{Faces: rules.PokerFaces})
	defer g.Close()
	capture(t, g, tray(1, 0))
	s := capture(t, g, tray(1, 40, fiveApart...))
	var asked []string
	for s.Kind == StepFaces {
		asked = append(asked, s.Face)
		s = capture(t, g, tray(1, 44, image.Pt(320, 240)))
	}
	assert.Equal(t, []string{"9", "10", "J", "Q", "K", "A"}, asked)
	p := g.Profile()
	require.Len(t, p.Templates, 6)
	assert.Equal(t, 6, p.Templates[5].Value)
	assert.NoError(t, p.Validate())
}

func TestGuideRefusesWhatItCannotUse(t *testing.T) {
	matcheck.Check(t)
	g := NewGuide(GuideOptions{})
	defer g.Close()
	_, err := g.SetTray(image.Rect(0, 0, 100, 100))
	assert.ErrorContains(t, err, "capture the empty tray")
	capture(t, g, tray(1, 0))
	_, err = g.SetTray(image.Rect(-5, 0, 100, 100))
	assert.ErrorContains(t, err, "inside the 640x480 frame")
	s, err := g.SetTray(image.Rect(100, 80, 500, 400))
	require.NoError(t, err)
	assert.Equal(t, image.Rect(100, 80, 500, 400), s.Tray)

	s = capture(t, g, tray(1, 0))
	assert.True(t, warned(s.Warnings, "no dice found"), "warnings: %q", s.Warnings)
	_, err = g.Accept()
	assert.Error(t, err, "nothing to accept without dice")

	small := gocv.NewMatWithSize(240, 320, gocv.MatTypeCV8UC3)
	defer small.Close()
	_, err = g.Capture(small)
	assert.ErrorContains(t, err, "keep the camera as it was")
	_, err = g.Check(true)
	assert.ErrorContains(t, err, "no roll to check")
}

func TestStepMarshalsForAPage(t *testing.T) {
	s := Step{Kind: StepFaces, Prompt: "Show J.", Face: "J", Value: 3, Done: 2, Total: 6}
	s.Tray = image.Rect(10, 20, 300, 200)
	b, err := json.Marshal(s)
	require.NoError(t, err)
	assert.JSONEq(t, `{"kind":"faces","prompt":"Show J.","tray":{"Min":{"X":10,"Y":20},"Max":{"X":300,"Y":200}},"face":"J","value":3,"done":2,"total":6}`, string(b))
}
