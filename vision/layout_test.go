package vision

import (
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/cvthreads"
	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/vision/synth"
)

// renderedFace renders one die of the named style showing v, turned by
// angle, and returns the frame, the top face's centre and the side of
// the die's box; the frame closes when t ends.
func renderedFace(t *testing.T, style string, v int, angle float64) (gocv.Mat, image.Point, float64) {
	t.Helper()
	sc := synth.Scene{Width: 240, Height: 200, Surface: synth.Felt, Noise: 2,
		Light: synth.Light{Azimuth: 30, Shadow: 0.3, Length: 0.3}}
	sc.Dice = []synth.Die{synth.StyleNamed(style).Dress(synth.Die{Value: v, Faces: synth.Pips, X: 120, Y: 100, Size: 70, Angle: angle})}
	frame, truth, err := synth.Render(sc, 1)
	require.NoError(t, err)
	t.Cleanup(func() { frame.Close() })
	d := truth.Dice[0]
	return frame, image.Pt(int(d.X+0.5), int(d.Y+0.5)), float64(max(d.Box.Dx(), d.Box.Dy()))
}

func TestPipsLaidOutCountsTheFacesOfDiceOfAnyColour(t *testing.T) {
	matcheck.Check(t)
	for _, style := range []string{"white", "black-yellow", "red", "blue", "white-red", "yellow"} {
		for v := 1; v <= 6; v++ {
			for _, angle := range []float64{0, 20, 45} {
				t.Run(fmt.Sprintf("%s/%d/%g", style, v, angle), func(t *testing.T) {
					frame, c, s := renderedFace(t, style, v, angle)
					assert.Equal(t, v, pipsLaidOut(frame, c, s))
				})
			}
		}
	}
}

func TestPipsLaidOutCountsNothingItCannotTrust(t *testing.T) {
	matcheck.Check(t)
	frame, c, s := renderedFace(t, "white", 5, 20)
	cases := []struct {
		name string
		draw func(m *gocv.Mat)
		c    image.Point
		s    float64
	}{
		{"the die cut off by the frame's edge", nil, image.Pt(20, c.Y), s},
		{"a box far larger than the die", nil, c, 3 * s},
		{"a box off the face's centre", nil, c.Add(image.Pt(int(s/4), 0)), s},
		{"a streak across the face", func(m *gocv.Mat) {
			gocv.Line(m, c.Add(image.Pt(-20, 8)), c.Add(image.Pt(20, 14)), color.RGBA{20, 20, 20, 0}, 3)
		}, c, s},
		{"a scratch as large as a pip where a 5 shows its centre pip", func(m *gocv.Mat) {
			gocv.Circle(m, c, 9, color.RGBA{255, 255, 255, 0}, -1)
			gocv.Line(m, c.Add(image.Pt(-8, 0)), c.Add(image.Pt(8, 0)), color.RGBA{20, 20, 20, 0}, 5)
		}, c, s},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m := frame.Clone()
			defer m.Close()
			if tc.draw != nil {
				tc.draw(&m)
			}
			assert.Zero(t, pipsLaidOut(m, tc.c, tc.s))
		})
	}
}

// BenchmarkPipsLaidOut is the cost of counting one unsure die's pips, on
// the one thread the reader's benchmarks hold OpenCV to.
func BenchmarkPipsLaidOut(b *testing.B) {
	defer cvthreads.Set(cvthreads.Set(1))
	sc := synth.Scene{Width: 240, Height: 200, Surface: synth.Felt, Noise: 2}
	sc.Dice = []synth.Die{synth.StyleNamed("red").Dress(synth.Die{Value: 5, Faces: synth.Pips, X: 120, Y: 100, Size: 70, Angle: 20})}
	frame, truth, err := synth.Render(sc, 1)
	require.NoError(b, err)
	defer frame.Close()
	d := truth.Dice[0]
	c, s := image.Pt(int(d.X+0.5), int(d.Y+0.5)), float64(max(d.Box.Dx(), d.Box.Dy()))
	for b.Loop() {
		if pipsLaidOut(frame, c, s) != 5 {
			b.Fatal("the 5 was not counted")
		}
	}
}
