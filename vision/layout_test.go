package vision

import (
	"fmt"
	"image"
	"image/color"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/cvthreads"
	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/vision/synth"
)

// renderedDice renders dice on felt in a w×h frame, which closes when t
// ends, and returns it with the dice's truth.
func renderedDice(t *testing.T, w, h int, dice ...synth.Die) (gocv.Mat, []synth.DieTruth) {
	t.Helper()
	sc := synth.Scene{Width: w, Height: h, Surface: synth.Felt, Noise: 2,
		Light: synth.Light{Azimuth: 30, Shadow: 0.3, Length: 0.3}, Dice: dice}
	frame, truth, err := synth.Render(sc, 1)
	require.NoError(t, err)
	t.Cleanup(func() { frame.Close() })
	return frame, truth.Dice
}

// renderedFace renders one die of the named style showing v, turned by
// angle, and returns the frame, the top face's centre and the side of
// the die's box; the frame closes when t ends.
func renderedFace(t *testing.T, style string, v int, angle float64) (gocv.Mat, image.Point, float64) {
	t.Helper()
	frame, dice := renderedDice(t, 240, 200, synth.StyleNamed(style).Dress(synth.Die{Value: v, Faces: synth.Pips, X: 120, Y: 100, Size: 70, Angle: angle}))
	return frame, centreOf(dice[0]), sideOf(dice[0])
}

func centreOf(d synth.DieTruth) image.Point { return image.Pt(int(d.X+0.5), int(d.Y+0.5)) }
func sideOf(d synth.DieTruth) float64       { return float64(max(d.Box.Dx(), d.Box.Dy())) }

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
	five, c, s := renderedFace(t, "white", 5, 20)
	white := synth.StyleNamed("white")
	pair, dice := renderedDice(t, 260, 200,
		white.Dress(synth.Die{Value: 4, Faces: synth.Pips, X: 80, Y: 100, Size: 70}),
		white.Dress(synth.Die{Value: 2, Faces: synth.Pips, X: 165, Y: 100, Size: 70}))
	between := centreOf(dice[0]).Add(centreOf(dice[1])).Div(2)
	// The frame from a quarter of the way into the die: its left edge cuts it.
	from := c.X - int(s/4)
	cut := five.Region(image.Rect(from, 0, five.Cols(), five.Rows()))
	defer cut.Close()
	streaked, scratched := five.Clone(), five.Clone()
	defer streaked.Close()
	defer scratched.Close()
	gocv.Line(&streaked, c.Add(image.Pt(-20, 8)), c.Add(image.Pt(20, 14)), color.RGBA{20, 20, 20, 0}, 3)
	gocv.Circle(&scratched, c, 9, color.RGBA{255, 255, 255, 0}, -1)
	gocv.Line(&scratched, c.Add(image.Pt(-8, 0)), c.Add(image.Pt(8, 0)), color.RGBA{20, 20, 20, 0}, 5)
	cases := []struct {
		name  string
		frame gocv.Mat
		c     image.Point
		s     float64
	}{
		{"the die cut off by the frame's edge", cut, c.Sub(image.Pt(from, 0)), s},
		{"two dice in one box", pair, between, float64(dice[1].Box.Max.X - dice[0].Box.Min.X)},
		{"a box off the face's centre", five, c.Add(image.Pt(int(s/4), 0)), s},
		{"a streak across the face", streaked, c, s},
		{"a scratch as large as a pip where a 5 shows its centre pip", scratched, c, s},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Zero(t, pipsLaidOut(tc.frame, tc.c, tc.s))
		})
	}
}

func TestPipsLaidOutCountsAFaceThroughSpecksAndStreaksOffItsPips(t *testing.T) {
	matcheck.Check(t)
	four, c, s := renderedFace(t, "white", 4, 0)
	specked, streaked := four.Clone(), four.Clone()
	defer specked.Close()
	defer streaked.Close()
	ink := color.RGBA{20, 20, 20, 0}
	// A round speck under a third of a pip's area, where a 5's centre pip
	// would lie.
	gocv.Circle(&specked, c, 3, ink, -1)
	// A streak near the face's edge, more than half a pip's area: a
	// marbled body's, or the bevel catching the light.
	gocv.Line(&streaked, c.Add(image.Pt(-12, 28)), c.Add(image.Pt(12, 28)), ink, 3)
	for _, tc := range []struct {
		name  string
		frame gocv.Mat
	}{
		{"a speck far smaller than the pips", specked},
		{"a streak away from the centre, smaller than a pip", streaked},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, 4, pipsLaidOut(tc.frame, c, s))
		})
	}
}

func TestPipsLaidOutCountsADieWhereverItsBoxLies(t *testing.T) {
	matcheck.Check(t)
	black := color.RGBA{22, 22, 24, 255}
	blackDie := func(pip color.RGBA, angle float64) (gocv.Mat, image.Point, float64) {
		frame, dice := renderedDice(t, 240, 200, synth.Die{Value: 5, Faces: synth.Pips, X: 120, Y: 100, Size: 70, Angle: angle, Colour: black, Pip: pip})
		return frame, centreOf(dice[0]), sideOf(dice[0])
	}
	// Dark red pips lie nearer a black body than the grey felt does: a
	// level that splits the die from the felt round it leaves them out.
	dim, dimC, dimS := blackDie(color.RGBA{120, 24, 28, 255}, 45)
	red, c, s := blackDie(color.RGBA{200, 30, 36, 255}, 20)
	for _, tc := range []struct {
		name  string
		frame gocv.Mat
		c     image.Point
		s     float64
	}{
		{"dark pips on a dark die, the felt round it", dim, dimC, dimS},
		// The detector's box round a die and its shadow: the whole die
		// within it, its centre off the box's.
		{"a box a fifth larger, off the die's centre", red, c.Add(image.Pt(int(0.2*s), 0)), 1.2 * s},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, 5, pipsLaidOut(tc.frame, tc.c, tc.s))
		})
	}
}

func TestPipsLaidOutCountsMarbledFaces(t *testing.T) {
	matcheck.Check(t)
	for _, style := range []string{"marbled-blue", "marbled-amber"} {
		for v := 1; v <= 6; v++ {
			for _, angle := range []float64{0, 20, 45} {
				t.Run(fmt.Sprintf("%s/%d/%g", style, v, angle), func(t *testing.T) {
					frame, c, s := renderedFace(t, style, v, angle)
					got := pipsLaidOut(frame, c, s)
					// Swirls as far from the body as the pips: a count
					// may fail, never give another face.
					assert.Contains(t, []int{0, v}, got)
					// The blue die's yellow pips stand apart from its
					// blue and white swirls. Its 6 turned 45° is not
					// counted, nor a 1: a lone spot of one colour is
					// as often a swirl.
					if style == "marbled-blue" && v > 1 && !(v == 6 && angle == 45) {
						assert.Equal(t, v, got)
					}
				})
			}
		}
	}
}

func TestPipsAgreeWithAOneOnlyOnAOnesFace(t *testing.T) {
	matcheck.Check(t)
	// one is a die read as a 1, unsure, in an upright box of side s at c.
	one := func(c image.Point, s float64) Die {
		d := dieAt(c.X, c.Y, int(s), true)
		d.Value = 1
		return d
	}
	for _, style := range []string{"white", "black-yellow", "red", "blue", "white-red", "yellow", "marbled-blue"} {
		for v := 1; v <= 6; v++ {
			for _, angle := range []float64{0, 20, 45} {
				t.Run(fmt.Sprintf("%s/%d/%g", style, v, angle), func(t *testing.T) {
					frame, c, s := renderedFace(t, style, v, angle)
					assert.Equal(t, v == 1, pipsAgree(frame, one(c, s)))
				})
			}
		}
	}
	// A small die in a box drawn four times too large is one spot on
	// the table, as a 1's pip is on its body; its own pips, holes in the
	// spot, give it away. (A small white 6 so boxed still passes.)
	for _, style := range []string{"black-yellow", "red", "blue"} {
		for v := 2; v <= 6; v++ {
			t.Run(fmt.Sprintf("%s/%d in a box too large", style, v), func(t *testing.T) {
				frame, dice := renderedDice(t, 240, 200, synth.StyleNamed(style).Dress(synth.Die{Value: v, Faces: synth.Pips, X: 120, Y: 100, Size: 24, Angle: 10}))
				assert.False(t, pipsAgree(frame, one(centreOf(dice[0]), 4*sideOf(dice[0]))))
			})
		}
	}
}

// BenchmarkPipsLaidOut is the cost of counting one unsure die's pips, on
// the one thread the reader's benchmarks hold OpenCV to: a red die, which
// the count by distance from its body counts, and a marbled one, which
// only the count by its pips' colour does.
func BenchmarkPipsLaidOut(b *testing.B) {
	defer cvthreads.Set(cvthreads.Set(1))
	for _, style := range []string{"red", "marbled-blue"} {
		b.Run(style, func(b *testing.B) {
			sc := synth.Scene{Width: 240, Height: 200, Surface: synth.Felt, Noise: 2}
			sc.Dice = []synth.Die{synth.StyleNamed(style).Dress(synth.Die{Value: 5, Faces: synth.Pips, X: 120, Y: 100, Size: 70, Angle: 20})}
			frame, truth, err := synth.Render(sc, 1)
			require.NoError(b, err)
			defer frame.Close()
			c, s := centreOf(truth.Dice[0]), sideOf(truth.Dice[0])
			for b.Loop() {
				if pipsLaidOut(frame, c, s) != 5 {
					b.Fatal("the 5 was not counted")
				}
			}
		})
	}
}

// BenchmarkPipsLaidOutOfCutDice counts the tray dice of testdata/chroma
// and testdata/parted, whose pips the count's first step misses, so that
// each is counted by the later steps, the colour split among them.
func BenchmarkPipsLaidOutOfCutDice(b *testing.B) {
	defer cvthreads.Set(cvthreads.Set(1))
	for _, dir := range []string{"chroma", "parted"} {
		b.Run(dir, func(b *testing.B) {
			paths, err := filepath.Glob(filepath.Join("testdata", dir, "*.png"))
			require.NoError(b, err)
			var squares [][]uint8
			for _, path := range paths {
				var v, side int
				_, err := fmt.Sscanf(filepath.Base(path), "%d-side%d-", &v, &side)
				require.NoError(b, err)
				frame := gocv.IMRead(path, gocv.IMReadColor)
				onSquare(frame, image.Pt(frame.Cols()/2, frame.Rows()/2), float64(side), func(px []uint8) int {
					squares = append(squares, slices.Clone(px))
					return 0
				})
				frame.Close()
			}
			require.NotEmpty(b, squares)
			for b.Loop() {
				for _, px := range squares {
					counted(px)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(squares)), "µs/die")
		})
	}
}

// TestPipsLaidOutCountsPipsThatDifferInColourMoreThanInLight reads dice of
// tray-topdown's photographs, each cut out around its box (named
// VALUE-sideSIDE-PHOTO.png): red pips on black and marbled bodies, black
// pips on yellow marbled ones, a green die's white pips. The distance from
// the body in full Lab finds their pips no farther off than the body's
// swirls and shading, and their colours do not split; the chroma alone and
// at half the lightness count them alike.
func TestPipsLaidOutCountsPipsThatDifferInColourMoreThanInLight(t *testing.T) {
	countsCutDice(t, "chroma", 8, func(t *testing.T, px []uint8) {
		assert.Zero(t, countedByDistance(px, 1), "counted by the full distance")
		assert.Zero(t, pipsOfAColour(splitFace(px)), "counted by the pips' colour")
	})
}

// TestPipsLaidOutPartsPipsThatRunTogether reads dice of tray-topdown's
// photographs, cut out as above, whose pips run together at the level that
// tells them from the body: no earlier step counts them.
func TestPipsLaidOutPartsPipsThatRunTogether(t *testing.T) {
	countsCutDice(t, "parted", 9, func(t *testing.T, px []uint8) {
		assert.Zero(t, countedByDistance(px, 1), "counted by the full distance")
		assert.Zero(t, pipsOfAColour(splitFace(px)), "counted by the pips' colour")
		if n := countedByDistance(px, 0); n > 0 {
			assert.NotEqual(t, n, countedByDistance(px, 0.5), "counted in chroma and at half the lightness")
		}
	})
}

// countsCutDice checks that pipsLaidOut counts each of the n dice cut out
// in testdata/dir, named VALUE-sideSIDE-PHOTO.png and centred in the image,
// as its value, after before has looked at its layoutSide square.
func countsCutDice(t *testing.T, dir string, n int, before func(t *testing.T, px []uint8)) {
	matcheck.Check(t)
	paths, err := filepath.Glob(filepath.Join("testdata", dir, "*.png"))
	require.NoError(t, err)
	require.Len(t, paths, n)
	for _, path := range paths {
		t.Run(filepath.Base(path), func(t *testing.T) {
			var v, side int
			_, err := fmt.Sscanf(filepath.Base(path), "%d-side%d-", &v, &side)
			require.NoError(t, err)
			frame := gocv.IMRead(path, gocv.IMReadColor)
			defer frame.Close()
			require.False(t, frame.Empty())
			c := image.Pt(frame.Cols()/2, frame.Rows()/2)
			onSquare(frame, c, float64(side), func(px []uint8) int {
				before(t, px)
				return 0
			})
			assert.Equal(t, v, pipsLaidOut(frame, c, float64(side)))
		})
	}
}

// A die seen from a low camera shows its top face's 1 above the two pips
// of its front. A raised level loses the fainter 1 and lays the front's
// pips out as a 2; the count must not take it.
func TestPartingPipsLosesNoPip(t *testing.T) {
	matcheck.Check(t)
	frame := gocv.IMRead(filepath.Join("testdata", "lowfront", "1-side43-dice_43.png"), gocv.IMReadColor)
	defer frame.Close()
	require.False(t, frame.Empty())
	c := image.Pt(frame.Cols()/2, frame.Rows()/2)
	laidAsTwo := false
	onSquare(frame, c, 43, func(px []uint8) int {
		k := inkOf(px, 1)
		own, _, _, _ := k.spots(true, 0)
		for j := 1; j <= partSteps; j++ {
			sp, f, stray, _ := k.spots(true, j*partStep)
			if laidOut(sp, f) == 2 && !stray {
				laidAsTwo = true
				assert.False(t, holdsEvery(sp, own), "the level that lays out a 2 has lost a pip")
			}
		}
		return 0
	})
	require.True(t, laidAsTwo, "some raised level lays the front's pips out as a 2")
	assert.Zero(t, pipsLaidOut(frame, c, 43))
}
