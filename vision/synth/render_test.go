package synth

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

func fiveDice() Scene {
	s := Scene{Width: 320, Height: 240, Surface: Felt, Tray: true, Light: Light{Azimuth: 30, Shadow: 0.4, Length: 0.4}}
	for i, st := range Styles()[:5] {
		s.Dice = append(s.Dice, st.Dress(Die{Value: i + 1, X: 70 + float64(i)*45, Y: 120, Size: 30, Angle: float64(i) * 17}))
	}
	return s
}

func render(t *testing.T, s Scene, seed uint64) ([]byte, Truth) {
	t.Helper()
	img, truth, err := Render(s, seed)
	require.NoError(t, err)
	defer img.Close()
	require.Equal(t, gocv.MatTypeCV8UC3, img.Type())
	require.Equal(t, image.Pt(s.Width, s.Height), image.Pt(img.Cols(), img.Rows()))
	return img.ToBytes(), truth
}

func TestRenderRepeatsForTheSameSeed(t *testing.T) {
	a, ta := render(t, fiveDice(), 7)
	b, tb := render(t, fiveDice(), 7)
	c, _ := render(t, fiveDice(), 8)
	assert.Equal(t, a, b)
	assert.Equal(t, ta, tb)
	assert.NotEqual(t, a, c, "another seed must give other noise")
}

func TestRenderReportsEveryDieWithItsValue(t *testing.T) {
	s := fiveDice()
	_, truth := render(t, s, 1)
	require.Len(t, truth.Dice, 5)
	assert.ElementsMatch(t, []int{1, 2, 3, 4, 5}, truth.Values())
	bounds := image.Rect(0, 0, s.Width, s.Height)
	for _, d := range truth.Dice {
		assert.True(t, d.Box.In(bounds), "box %v outside the picture", d.Box)
		assert.True(t, image.Pt(int(d.X), int(d.Y)).In(d.Box), "centre (%.0f,%.0f) outside box %v", d.X, d.Y, d.Box)
		assert.InDelta(t, 31, d.Box.Dx(), 16, "a 30 px die turned up to 45° spans 30 to 43 px")
		assert.Equal(t, d.Face, Pips.Label(d.Value))
	}
}

func TestRenderDrawsDiceWhereTheTruthSaysTheyAre(t *testing.T) {
	s := fiveDice()
	with, truth := render(t, s, 3)
	s.Dice = nil
	without, _ := render(t, s, 3)
	for _, d := range truth.Dice {
		diff, n := 0.0, 0
		for y := d.Box.Min.Y; y < d.Box.Max.Y; y++ {
			for x := d.Box.Min.X; x < d.Box.Max.X; x++ {
				for c := range 3 {
					i := 3*(y*s.Width+x) + c
					diff += absf(float64(with[i]) - float64(without[i]))
					n++
				}
			}
		}
		assert.Greater(t, diff/float64(n), 20.0, "die %d at %v barely differs from the empty tray", d.Value, d.Box)
	}
}

func TestTiltedCameraShowsSideFacesBelowTheTop(t *testing.T) {
	s := Scene{Width: 320, Height: 240, Surface: Desk, Tilt: 40,
		Dice: []Die{Styles()[0].Dress(Die{Value: 6, X: 160, Y: 140, Size: 50})}}
	_, truth := render(t, s, 1)
	require.Len(t, truth.Dice, 1)
	d := truth.Dice[0]
	assert.Less(t, d.Y, float64(d.Box.Min.Y+d.Box.Max.Y)/2-5, "the top face's centre should sit above the box's middle")
}

func TestHandCountsAsMovement(t *testing.T) {
	s := fiveDice()
	s.Hands = []Hand{{X: 160, Y: 200, Size: 60, From: 180}}
	_, truth := render(t, s, 1)
	assert.Equal(t, 1, truth.Hands)
	assert.True(t, truth.Moving)
	s.Hands[0].X, s.Hands[0].Y = -2000, -2000
	_, truth = render(t, s, 1)
	assert.Zero(t, truth.Hands)
}

func TestRenderRejectsImpossibleScenes(t *testing.T) {
	die := Die{Value: 3, X: 50, Y: 50, Size: 20}
	cases := []struct {
		name string
		edit func(*Scene)
		want string
	}{
		{"tiny picture", func(s *Scene) { s.Width = 8 }, "width and height"},
		{"camera lying down", func(s *Scene) { s.Tilt = 85 }, "tilt"},
		{"a low camera's wide lens sees the horizon", func(s *Scene) { s.Tilt, s.Focal = 70, 0.6 }, "horizon"},
		{"fisheye", func(s *Scene) { s.Focal = 0.2 }, "focal length"},
		{"value 7", func(s *Scene) { s.Dice = []Die{{Value: 7, Size: 20}} }, "value 7"},
		{"die of no size", func(s *Scene) { d := die; d.Size = 1; s.Dice = []Die{d} }, "size"},
		{"stretched past the limit", func(s *Scene) { s.Optics.Stretch = 50 }, "delivered width"},
		{"a two-sided tray", func(s *Scene) { s.Walls = Walls{Sides: 2, Radius: 40} }, "3 sides"},
		{"a prop of no size", func(s *Scene) { s.Props = []Prop{{Kind: D20}} }, "prop 0"},
		{"a board space placed as a prop", func(s *Scene) { s.Props = []Prop{{Kind: BoardSpace, Size: 10}} }, "kind placed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := Scene{Width: 100, Height: 100, Dice: []Die{die}}
			c.edit(&s)
			_, _, err := Render(s, 1)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

func TestFaceLabels(t *testing.T) {
	cases := []struct {
		faces Faces
		value int
		want  string
	}{
		{Pips, 1, "1"}, {Pips, 6, "6"},
		{Poker, 1, "9"}, {Poker, 2, "10"}, {Poker, 3, "J"}, {Poker, 4, "Q"}, {Poker, 5, "K"}, {Poker, 6, "A"},
		{Logo, 1, "logo"}, {Logo, 2, "2"},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.faces.Label(c.value), "faces %d value %d", c.faces, c.value)
	}
}

func TestFixturesCoverEveryCaseTheReaderMustHandle(t *testing.T) {
	want := []string{"colours", "rotations", "touching", "angled", "shadow", "uneven-light", "glare", "blur",
		"tiny", "large", "four-dice", "six-dice", "crowd", "empty", "poker", "logo"}
	byName := map[string]Case{}
	for _, c := range Fixtures() {
		byName[c.Name] = c
		for i, shot := range c.Shots {
			assert.NoError(t, shot.Scene.validate(), "%s picture %d", c.Name, i)
		}
	}
	for _, name := range want {
		c, ok := byName[name]
		if assert.True(t, ok, "no %q case", name) {
			assert.NotEmpty(t, c.Shots, name)
		}
	}
	for _, shot := range byName["four-dice"].Shots {
		assert.Len(t, shot.Scene.Dice, 4)
	}
	for _, shot := range byName["six-dice"].Shots {
		assert.Len(t, shot.Scene.Dice, 6)
	}
	for _, shot := range byName["empty"].Shots {
		assert.Empty(t, shot.Scene.Dice)
	}
}

func BenchmarkRender640x480FiveDice(b *testing.B) {
	s := fiveDice()
	s.Width, s.Height = 640, 480
	for b.Loop() {
		img, _, err := Render(s, 1)
		if err != nil {
			b.Fatal(err)
		}
		img.Close()
	}
}

func absf(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
