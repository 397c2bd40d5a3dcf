package calibrate

import (
	"testing"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
	"github.com/dicecam/dicecam/vision/synth"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
)

// synthTray renders a 640×480 felt tray with the given dice.
func synthTray(t *testing.T, seed uint64, dice ...synth.Die) gocv.Mat {
	t.Helper()
	sc := synth.Scene{Width: 640, Height: 480, Surface: synth.Felt, Tray: true, Noise: 2,
		Light: synth.Light{Azimuth: 40, Shadow: 0.35, Length: 0.3}}
	for _, d := range dice {
		sc.Dice = append(sc.Dice, synth.StyleNamed("white").Dress(d))
	}
	m, _, err := synth.Render(sc, seed)
	require.NoError(t, err)
	return m
}

// laidOut is five dice of faces apart, as the dice step wants them.
func laidOut(faces synth.Faces) []synth.Die {
	var dice []synth.Die
	for i, at := range [][2]float64{{200, 170}, {320, 170}, {440, 170}, {260, 310}, {380, 310}} {
		dice = append(dice, synth.Die{Value: 6 - i%2, Faces: faces, X: at[0], Y: at[1], Size: 56, Angle: float64(17 * i)})
	}
	return dice
}

// calibrateFaces walks a guide for faces to the faces step and shows it
// each face asked for, one die at angle in the middle of the tray; it
// returns the faces asked for and the profile.
func calibrateFaces(t *testing.T, opts GuideOptions, faces synth.Faces, angle float64) ([]string, *vision.Profile) {
	t.Helper()
	g := NewGuide(opts)
	defer g.Close()
	capture(t, g, synthTray(t, 1))
	s := capture(t, g, synthTray(t, 2, laidOut(faces)...))
	require.Empty(t, s.Warnings)
	var asked []string
	for s.Kind == StepFaces {
		asked = append(asked, s.Face)
		s = capture(t, g, synthTray(t, uint64(3+len(asked)), synth.Die{Value: s.Value, Faces: faces, X: 330, Y: 250, Size: 56, Angle: angle}))
		require.Empty(t, s.Warnings)
	}
	require.Equal(t, StepCheck, s.Kind)
	return asked, g.Profile()
}

func TestGuideTemplatesAreUpright(t *testing.T) {
	matcheck.Check(t)
	_, straight := calibrateFaces(t, GuideOptions{Faces: rules.PokerFaces}, synth.Poker, 0)
	for _, angle := range []float64{25, 60, 110} {
		_, turned := calibrateFaces(t, GuideOptions{Faces: rules.PokerFaces}, synth.Poker, angle)
		for i, a := range straight.Templates {
			best, bestOther := 0.0, 0.0
			for j, b := range turned.Templates {
				c := likeness(a, b)
				if i == j {
					best = c
				} else {
					bestOther = max(bestOther, c)
				}
			}
			assert.Greater(t, best, bestOther, "face %s at %v°", a.Label, angle)
		}
	}
}

// likeness is the normalised correlation of two templates at the best of
// the four quarter turns, since a square face's box says nothing of which
// side is up.
func likeness(a, b vision.FaceTemplate) float64 {
	ma, err := gocv.NewMatFromBytes(a.Size, a.Size, gocv.MatTypeCV8U, a.Pixels)
	if err != nil {
		panic(err)
	}
	defer ma.Close()
	best := -1.0
	turned := gocv.NewMat()
	defer turned.Close()
	res := gocv.NewMat()
	defer res.Close()
	mb, err := gocv.NewMatFromBytes(b.Size, b.Size, gocv.MatTypeCV8U, b.Pixels)
	if err != nil {
		panic(err)
	}
	defer mb.Close()
	mb.CopyTo(&turned)
	mask := gocv.NewMat()
	defer mask.Close()
	for range 4 {
		gocv.MatchTemplate(ma, turned, &res, gocv.TmCcoeffNormed, mask)
		_, v, _, _ := gocv.MinMaxLoc(res)
		best = max(best, float64(v))
		gocv.Rotate(turned, &turned, gocv.Rotate90Clockwise)
	}
	return best
}

func TestGuideAsksForTheLogoFaceOnce(t *testing.T) {
	matcheck.Check(t)
	asked, p := calibrateFaces(t, GuideOptions{Logo: 1}, synth.Logo, 35)
	assert.Equal(t, []string{"logo"}, asked)
	require.Len(t, p.Templates, 1)
	tpl := p.Templates[0]
	assert.Equal(t, "logo", tpl.Label)
	assert.Equal(t, 1, tpl.Value)
	assert.Equal(t, tpl.Size*tpl.Size, len(tpl.Pixels))
	assert.NoError(t, p.Validate())
}
