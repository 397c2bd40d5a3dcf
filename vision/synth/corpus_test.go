package synth

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

func smallCorpus(t *testing.T, o CorpusOptions) *Corpus {
	t.Helper()
	if o.Sizes == nil {
		o.Sizes = []image.Point{{320, 240}}
	}
	c, err := NewCorpus(o)
	require.NoError(t, err)
	return c
}

func TestCorpusTopFacesLieInsideTheirBoxesAndQuads(t *testing.T) {
	c := smallCorpus(t, CorpusOptions{})
	dice := 0
	for i := range 10 {
		sm := c.Sample(7, i)
		img, truth, err := Render(sm.Scene, sm.Seed)
		require.NoError(t, err)
		bounds := image.Rect(0, 0, img.Cols(), img.Rows())
		img.Close()
		for _, d := range truth.Dice {
			dice++
			if d.Shown < 0.5 || !image.Pt(int(d.X), int(d.Y)).In(bounds) {
				continue // a face mostly hidden or off the picture is no reader's to find
			}
			assert.True(t, image.Pt(int(d.X), int(d.Y)).In(d.Box), "scene %d: centre (%.0f,%.0f) outside box %v", i, d.X, d.Y, d.Box)
			assert.True(t, d.Top.Contains(d.X, d.Y), "scene %d: centre (%.0f,%.0f) outside its quad %v", i, d.X, d.Y, d.Top)
		}
	}
	assert.Greater(t, dice, 20, "ten scenes should hold more dice")
}

// corpusSides returns the apparent side of every die of n samples, and
// the largest tilt, without drawing.
func corpusSides(c *Corpus, seed uint64, n int) (sides []float64, tilt float64) {
	for i := range n {
		sm := c.Sample(seed, i)
		tilt = math.Max(tilt, sm.Scene.Tilt)
		cam := newCamera(sm.Scene)
		for _, d := range sm.Scene.Dice {
			if dt, ok := dieTruth(d, cam, sm.Scene.Width, sm.Scene.Height); ok {
				sides = append(sides, dt.Top.Side())
			}
		}
	}
	return sides, tilt
}

func TestCorpusDiceSpan15To250PxAndTheCameraTiltsAtMost55Degrees(t *testing.T) {
	c := smallCorpus(t, CorpusOptions{Sizes: []image.Point{{640, 480}, {1280, 720}}})
	sides, tilt := corpusSides(c, 1, 400)
	require.NotEmpty(t, sides)
	assert.GreaterOrEqual(t, slices.Min(sides), float64(MinDieSide), "no top face under 15 px")
	assert.LessOrEqual(t, slices.Max(sides), float64(MaxDieSide), "no top face over 250 px")
	assert.Less(t, slices.Min(sides), 18.0, "some dice should be nearly the smallest")
	assert.Greater(t, slices.Max(sides), 180.0, "some dice should be nearly the largest")
	assert.LessOrEqual(t, tilt, float64(MaxTilt))
	assert.Greater(t, tilt, 50.0, "some scenes should be seen steeply")
}

func TestALowCameraSeesDiceFromTheSideAndNoSkyAboveTheTable(t *testing.T) {
	c := smallCorpus(t, CorpusOptions{Sizes: []image.Point{{640, 480}, {480, 640}}, Tilts: [2]float64{58, 78}})
	lo, hi, listed := 90.0, 0.0, 0
	for i := range 300 {
		sm := c.Sample(3, i)
		s := sm.Scene
		require.NoError(t, s.validate(), "scene %d", i)
		lo, hi = math.Min(lo, s.Tilt), math.Max(hi, s.Tilt)
		cam := newCamera(s)
		// The rays through the picture's top corners, the nearest to the
		// horizon, must still come down onto the table.
		for _, x := range []float64{0, float64(s.Width)} {
			ray := cam.ahead.add(cam.right.scale((x - cam.cx) / cam.f)).add(cam.down.scale(-cam.cy / cam.f))
			assert.Less(t, ray.Z, 0.0, "scene %d (tilt %.1f°, lens %.2f): the top corner at x=%.0f sees the sky", i, s.Tilt, s.Focal, x)
		}
		assert.LessOrEqual(t, s.topEdgeTilt(), float64(steepestRay)+1e-9, "scene %d", i)
		for _, d := range s.Dice {
			if dt, ok := dieTruth(d, cam, s.Width, s.Height); ok && dt.Top.Side() >= MinDieSide {
				listed++
			}
		}
	}
	assert.GreaterOrEqual(t, lo, 58.0)
	assert.LessOrEqual(t, hi, 78.0)
	assert.Less(t, lo, 60.0, "the low end of the range should be drawn")
	assert.Greater(t, hi, 76.0, "the high end of the range should be drawn")
	assert.Greater(t, listed, 300, "dice seen so low should still show their tops")
}

func TestCorpusRefusesCameraTiltsItCannotDraw(t *testing.T) {
	for _, tilts := range [][2]float64{{-5, 30}, {40, 30}, {60, MaxLowTilt + 1}} {
		_, err := NewCorpus(CorpusOptions{Tilts: tilts})
		assert.ErrorContains(t, err, "camera tilts", "tilts %v", tilts)
	}
	_, err := NewCorpus(CorpusOptions{Tilts: [2]float64{0, MaxLowTilt}})
	assert.NoError(t, err)
}

func TestHeldFamiliesNeverAppearAndOnlyFamiliesAlwaysDo(t *testing.T) {
	tests := []struct {
		name       string
		hold, only []string
		check      func(t *testing.T, sm Sample)
	}{
		{"held families of every axis are left out", []string{"felt-hex", "gold-on-black", "poker-cards"}, nil, func(t *testing.T, sm Sample) {
			assert.NotEqual(t, "felt-hex", sm.Table)
			assert.NotContains(t, sm.Looks, "gold-on-black")
			assert.NotContains(t, sm.Designs, "poker-cards")
		}},
		{"only a table family gives every scene that table", nil, []string{"board-hex"}, func(t *testing.T, sm Sample) {
			assert.Equal(t, "board-hex", sm.Table)
			assert.Equal(t, 6, sm.Scene.Walls.Sides)
			assert.Equal(t, Board, sm.Scene.Walls.Floor)
		}},
		{"only a look gives every die that look", nil, []string{"translucent"}, func(t *testing.T, sm Sample) {
			for i, l := range sm.Looks {
				assert.Equal(t, "translucent", l)
				assert.Equal(t, Translucent, sm.Scene.Dice[i].Body)
			}
		}},
		{"held and only together", []string{"pips"}, []string{"gold-on-black", "wood"}, func(t *testing.T, sm Sample) {
			assert.Equal(t, "wood", sm.Table)
			assert.NotContains(t, sm.Designs, "pips")
			for _, l := range sm.Looks {
				assert.Equal(t, "gold-on-black", l)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := smallCorpus(t, CorpusOptions{Hold: tt.hold, Only: tt.only})
			for i := range 150 {
				tt.check(t, c.Sample(3, i))
			}
		})
	}
}

func TestUnknownOrExhaustingFamiliesAreRefused(t *testing.T) {
	_, err := NewCorpus(CorpusOptions{Hold: []string{"velvet"}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), `unknown family "velvet"`)
	assert.Contains(t, err.Error(), "felt-hex", "the message lists the families there are")
	_, err = NewCorpus(CorpusOptions{Hold: LookFamilies()})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "hold fewer")
}

func TestTheSameSeedAndIndexDrawAndRenderTheSameScene(t *testing.T) {
	c := smallCorpus(t, CorpusOptions{})
	a, b := c.Sample(11, 5), c.Sample(11, 5)
	require.Equal(t, a, b)
	assert.NotEqual(t, a.Scene, c.Sample(11, 6).Scene)
	ia, ta, err := Render(a.Scene, a.Seed)
	require.NoError(t, err)
	defer ia.Close()
	ib, tb, err := Render(b.Scene, b.Seed)
	require.NoError(t, err)
	defer ib.Close()
	assert.Equal(t, ia.ToBytes(), ib.ToBytes())
	assert.Equal(t, ta, tb)
}

func TestOtherDiceAndThingsAreNeverTheGamesDice(t *testing.T) {
	s := Scene{Width: 320, Height: 240, Surface: Baize, Cover: Cover{Colour: color.RGBA{30, 110, 60, 255}}, Light: Light{Shadow: 0.5, Length: 0.4}}
	kinds := []PropKind{D4, D8, D10, D12, D20, NumeralD6, Token, Coin, Chip, Meeple, Pencil, Card, Sheet}
	for i, k := range kinds {
		x, y := 30+float64(i%5)*65, 40+float64(i/5)*80
		size := 40.0
		if k == Pencil || k == Card || k == Sheet {
			size = 60
		}
		s.Props = append(s.Props, Prop{Kind: k, X: x, Y: y, Size: size, Angle: 20, Face: i, Colour: white, Ink: black})
	}
	img, truth, err := Render(s, 1)
	require.NoError(t, err)
	img.Close()
	assert.Empty(t, truth.Dice, "no prop is a die to read")
	var got []PropKind
	for _, p := range truth.Props {
		got = append(got, p.Kind)
		assert.False(t, p.Box.Empty(), "%s has a box", p.Kind)
	}
	assert.ElementsMatch(t, kinds, got, "every thing in view is reported by its kind")
}

func TestOtherDiceHaveTheirFaces(t *testing.T) {
	for k, n := range map[PropKind]int{D4: 4, D8: 8, D10: 10, D12: 12, D20: 20} {
		assert.Len(t, polyhedron(k).faces, n, "%s", k)
	}
}

func TestADieRestingOnAnotherHidesItsTopFace(t *testing.T) {
	cam := Scene{Width: 320, Height: 240, Tilt: 30}
	base := Styles()[0].Dress(Die{Value: 3, X: 160, Y: 130, Size: 50})
	top := Styles()[4].Dress(Die{Value: 5, X: 163, Y: 128, Size: 48, Angle: 30, Lift: 50, Stacked: true})
	for _, order := range [][]Die{{base, top}, {top, base}} {
		s := cam
		s.Dice = order
		img, truth, err := Render(s, 1)
		require.NoError(t, err)
		img.Close()
		require.Len(t, truth.Dice, 2)
		for _, d := range truth.Dice {
			if s.Dice[d.Index].Stacked {
				assert.Greater(t, d.Shown, 0.9, "the die on top shows its face")
			} else {
				assert.Less(t, d.Shown, 0.5, "the die beneath is covered")
			}
		}
	}
}

func TestStretchWidensThePictureAndItsTruth(t *testing.T) {
	s := fiveDice()
	_, plain := render(t, s, 1)
	s.Optics.Stretch = 4.0 / 3
	img, wide, err := Render(s, 1)
	require.NoError(t, err)
	defer img.Close()
	assert.Equal(t, image.Pt(427, 240), image.Pt(img.Cols(), img.Rows()))
	require.Len(t, wide.Dice, len(plain.Dice))
	for i := range plain.Dice {
		assert.InDelta(t, plain.Dice[i].X*4/3, wide.Dice[i].X, 0.01)
		assert.InDelta(t, plain.Dice[i].Y, wide.Dice[i].Y, 0.01)
		assert.InDelta(t, float64(plain.Dice[i].Box.Dx())*4/3, float64(wide.Dice[i].Box.Dx()), 2)
	}
}

func TestCorpusDiceStandOnTheirTraysFloor(t *testing.T) {
	c := smallCorpus(t, CorpusOptions{Only: []string{"felt-hex", "wood-square"}})
	for i := range 60 {
		s := c.Sample(5, i).Scene
		cam := newCamera(s)
		for _, d := range s.Dice {
			assert.True(t, s.Walls.holds(cam.onTable(d.X, d.Y), 0), "scene %d: a die at (%.0f,%.0f) outside the tray", i, d.X, d.Y)
		}
	}
}

func TestABoardReportsItsMarkedSpacesWhollyInViewWhereTheyArePrinted(t *testing.T) {
	// Straight down, the table's units are the picture's pixels from its
	// middle, so 40 px spaces start every 40 px from (160, 120).
	s := Scene{Width: 320, Height: 240, Surface: Board,
		Cover: Cover{Colour: color.RGBA{240, 235, 215, 255}, Second: black, Scale: 40, Seed: 3}}
	img, truth, err := Render(s, 1)
	require.NoError(t, err)
	img.Close()
	require.NotEmpty(t, truth.Props)
	for _, p := range truth.Props {
		assert.Equal(t, BoardSpace, p.Kind)
		assert.True(t, p.Box.In(image.Rect(0, 0, 320, 240)), "space %v", p.Box)
		assert.Zero(t, (p.Box.Min.X-160+400)%40, "space %v starts on the grid", p.Box)
		assert.Zero(t, (p.Box.Min.Y-120+400)%40, "space %v starts on the grid", p.Box)
		assert.InDelta(t, 41, p.Box.Dx(), 1, "space %v", p.Box)
	}
	s.Cover.Motif, s.Tilt = 1, 30 // hexagons, seen at a slant
	hex, htruth, err := Render(s, 1)
	require.NoError(t, err)
	hex.Close()
	assert.NotEmpty(t, htruth.Props)
}

// photo returns a grey photograph with a die of colour c, side px, turned
// by angle degrees, at its middle.
func photo(c color.RGBA, side, angle float64) gocv.Mat {
	img := gocv.NewMatWithSize(120, 120, gocv.MatTypeCV8UC3)
	img.SetTo(gocv.NewScalar(170, 170, 170, 0))
	var pts []image.Point
	sin, cos := math.Sincos(angle * math.Pi / 180)
	for _, k := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		x, y := k[0]*side/2, k[1]*side/2
		pts = append(pts, image.Pt(int(60+x*cos-y*sin), int(60+x*sin+y*cos)))
	}
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
	defer pv.Close()
	gocv.FillPoly(&img, pv, c)
	gocv.Circle(&img, image.Pt(60, 60), int(side/10), color.RGBA{255, 255, 255, 255}, -1)
	return img
}

func TestCutOutFindsTheDieOnItsGround(t *testing.T) {
	tests := []struct {
		name   string
		colour color.RGBA
		angle  float64
		side   float64 // of the cut's top face
	}{
		{"a red die square to the photograph", red, 0, 40},
		{"a blue die turned 30°", color.RGBA{30, 60, 200, 255}, 30, 40},
		{"a die the colour of its ground gets its box", color.RGBA{170, 170, 170, 255}, 30, 56},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := photo(tt.colour, 40, tt.angle)
			defer img.Close()
			half := 20 * (math.Abs(math.Cos(tt.angle*math.Pi/180)) + math.Abs(math.Sin(tt.angle*math.Pi/180)))
			box := image.Rect(int(60-half), int(60-half), int(60+half+1), int(60+half+1))
			c, err := CutOut(img, box, 4)
			require.NoError(t, err)
			defer c.Close()
			assert.Equal(t, 4, c.Value)
			assert.InDelta(t, tt.side, c.Top.Side(), 4, "the top face found is the die's")
			x, y := c.Top.Centre()
			m := c.Mask.GetUCharAt(int(y), int(x))
			assert.Greater(t, int(m), 200, "the mask holds the die's middle")
			assert.Less(t, int(c.Mask.GetUCharAt(0, 0)), 10, "the mask leaves the ground out")
		})
	}
	img := photo(red, 40, 0)
	defer img.Close()
	_, err := CutOut(img, image.Rect(10, 10, 40, 40), 7)
	assert.ErrorContains(t, err, "values are 1 to 6")
}

func TestAPastedDieShowsThePhotographWithItsValue(t *testing.T) {
	img := photo(red, 40, 20)
	defer img.Close()
	cut, err := CutOut(img, image.Rect(30, 30, 91, 91), 5)
	require.NoError(t, err)
	defer cut.Close()
	for _, blend := range []Blend{Feathered, Hard, Poisson} {
		s := Scene{Width: 200, Height: 160, Surface: Baize, Cover: Cover{Colour: color.RGBA{30, 110, 60, 255}},
			Dice: []Die{{Value: cut.Value, X: 100, Y: 80, Size: 50, Angle: 10, Paste: &Paste{Cut: cut, Blend: blend}}}}
		out, truth, err := Render(s, 1)
		require.NoError(t, err)
		require.Len(t, truth.Dice, 1)
		d := truth.Dice[0]
		assert.Equal(t, 5, d.Value)
		drawn, _ := dieTruth(Die{Value: 5, X: 100, Y: 80, Size: 50, Angle: 10}, newCamera(s), s.Width, s.Height)
		assert.InDelta(t, drawn.Top.Side(), d.Top.Side(), 0.01, "the cut's top face lies on the die's")
		px := out.GetVecbAt(int(d.Y)+12, int(d.X)) // beside the white pip, BGR
		out.Close()
		assert.Greater(t, int(px[2])-int(px[1]), 60, "blend %d: the die's red shows, not the felt's green", blend)
	}
}

// BenchmarkCorpusScene measures drawing and rendering one corpus scene on
// one core, at the two sizes the corpus is mostly made at.
func BenchmarkCorpusScene(b *testing.B) {
	for _, size := range []image.Point{{640, 480}, {1280, 720}} {
		b.Run(fmt.Sprintf("%dx%d", size.X, size.Y), func(b *testing.B) {
			c, err := NewCorpus(CorpusOptions{Sizes: []image.Point{size}})
			require.NoError(b, err)
			i := 0
			for b.Loop() {
				sm := c.Sample(1, i)
				img, _, err := Render(sm.Scene, sm.Seed)
				require.NoError(b, err)
				img.Close()
				i++
			}
		})
	}
}
