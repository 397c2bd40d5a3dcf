package vision

import (
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"io"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/dicecam/dicecam/vision/synth"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
)

func TestHandIsSeenOnlyWhileInView(t *testing.T) {
	for _, s := range loadSequences(t) {
		t.Run(s.name, func(t *testing.T) {
			matcheck.Check(t)
			src, err := Open(context.Background(), filepath.Join(s.dir, "frames"), SourceOptions{})
			require.NoError(t, err)
			defer src.Close()
			r := &truthReader{seq: s}
			w := NewWatcher(r, WatchOptions{})
			defer w.Close()
			seen, inView := 0, 0
			for {
				fr, err := src.Next(context.Background())
				if errors.Is(err, io.EOF) {
					break
				}
				require.NoError(t, err)
				r.frame = fr.Index
				ev, err := w.Feed(fr)
				fr.Close()
				require.NoError(t, err)
				if s.hands[ev.Frame] == 0 {
					assert.False(t, ev.Hand, "frame %d has no hand in view", ev.Frame)
				} else {
					inView++
					assert.Equal(t, Moving, ev.State, "frame %d has a hand in view", ev.Frame)
				}
				if ev.Hand {
					seen++
				}
			}
			t.Logf("hand seen on %d of %d frames with a hand in view", seen, inView)
		})
	}
}

// handClip is a tray seen by a camera: five dice at rest, a hand reaching
// in from the right and holding still over them, then leaving.
type handClip struct {
	frames []gocv.Mat
	hand   []bool // a hand is in view
	after  int    // the first frame after the hand has gone
}

func (c handClip) close() {
	for _, m := range c.frames {
		m.Close()
	}
}

// renderHandClip renders the clip on surface; changed turns two dice over
// while the hand is in the tray. Still frames cycle through three noise
// seeds, as a webcam's noise flickers; each picture is rendered once.
func renderHandClip(t *testing.T, surface synth.Surface, tray, changed bool) handClip {
	t.Helper()
	const width, height = 320, 240
	sc := synth.Scene{Width: width, Height: height, Surface: surface, Tray: tray, Noise: 2,
		Light: synth.Light{Azimuth: 30, Shadow: 0.3, Length: 0.3}}
	p := synth.Placer{Scene: &sc, Rng: rand.New(rand.NewPCG(4, 2))}
	for _, v := range []int{1, 3, 4, 5, 6} {
		require.True(t, p.Add(synth.StyleNamed("white"), synth.Pips, v, 26))
	}
	before := sc
	after := sc
	after.Dice = slices.Clone(sc.Dice)
	if changed {
		after.Dice[0].Value, after.Dice[1].Value = 2, 2
	}
	target := sc.Dice[2]
	arm := func(s synth.Scene, reach float64, grasp bool) synth.Scene {
		s.Hands = []synth.Hand{{X: width + 40 - reach*(width+40-target.X), Y: target.Y, Size: 0.3 * height, From: 90, Grasp: grasp}}
		return s
	}
	var c handClip
	rendered := map[string]gocv.Mat{}
	add := func(s synth.Scene, seed uint64, hand bool) {
		key := fmt.Sprint(s, seed)
		img, ok := rendered[key]
		if !ok {
			var err error
			img, _, err = synth.Render(s, seed)
			require.NoError(t, err)
			rendered[key] = img
		}
		c.frames, c.hand = append(c.frames, img.Clone()), append(c.hand, hand)
	}
	defer func() {
		for _, m := range rendered {
			m.Close()
		}
	}()
	for i := range 20 {
		add(before, uint64(i%3), false)
	}
	for i := 1; i <= 6; i++ {
		add(arm(before, float64(i)/6, false), 10, true)
	}
	for i := range 30 {
		add(arm(before, 1, true), uint64(i%3), true)
	}
	for i := 5; i >= 0; i-- {
		add(arm(after, float64(i)/6, true), 20, true)
	}
	c.after = len(c.frames)
	for i := range 20 {
		add(after, uint64(i%3), false)
	}
	return c
}

func TestHandHeldStillInTheTrayIsNeverARoll(t *testing.T) {
	first, misread, second := diceRow(1, 3, 4, 5, 6), diceRow(1, 3, 4, 5, 5), diceRow(2, 2, 4, 5, 6)
	cases := []struct {
		name    string
		surface synth.Surface
		tray    bool
		changed bool
		want    [][]int
	}{
		{"felt tray, dice unchanged", synth.Felt, true, false, [][]int{{1, 3, 4, 5, 6}}},
		{"felt tray, dice turned over", synth.Felt, true, true, [][]int{{1, 3, 4, 5, 6}, {2, 2, 4, 5, 6}}},
		{"wooden table, dice unchanged", synth.Wood, false, false, [][]int{{1, 3, 4, 5, 6}}},
		{"wooden table, dice turned over", synth.Wood, false, true, [][]int{{1, 3, 4, 5, 6}, {2, 2, 4, 5, 6}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			matcheck.Check(t)
			clip := renderHandClip(t, c.surface, c.tray, c.changed)
			defer clip.close()
			// The reader reads five dice throughout, misreading one under
			// the hand, as knuckles look like pips.
			r := &scriptReader{}
			w := NewWatcher(r, WatchOptions{})
			defer w.Close()
			var rolls []Reading
			for i, m := range clip.frames {
				switch {
				case clip.hand[i]:
					r.dice = misread
				case i >= clip.after && c.changed:
					r.dice = second
				default:
					r.dice = first
				}
				ev, err := w.Feed(Frame{Mat: m, Index: i, Time: time.Duration(i) * time.Second / 30})
				require.NoError(t, err)
				if !clip.hand[i] {
					assert.False(t, ev.Hand, "frame %d: no hand in view", i)
				}
				if clip.hand[i] {
					assert.Equal(t, Moving, ev.State, "frame %d: a hand is in the tray", i)
				}
				if ev.Reading != nil {
					assert.False(t, clip.hand[i], "roll reported on frame %d with a hand in view", i)
					rolls = append(rolls, *ev.Reading)
				}
			}
			var got [][]int
			for _, r := range rolls {
				got = append(got, r.Values())
			}
			assert.Equal(t, c.want, got)
		})
	}
}

func TestSomethingLeftAtTheEdgeBecomesTrayAfterRelearn(t *testing.T) {
	matcheck.Check(t)
	const relearn = 10
	r := &scriptReader{dice: diceRow(1, 2, 3, 4, 5)}
	w := NewWatcher(r, WatchOptions{Relearn: relearn})
	defer w.Close()
	var hand []bool
	var rolls []int
	for i := range 40 {
		m := gocv.NewMatWithSize(120, 320, gocv.MatTypeCV8UC3)
		gocv.Rectangle(&m, image.Rect(150, 40, 180, 70), color.RGBA{255, 255, 255, 0}, -1)
		if i >= 15 {
			// A box pushed in from the left edge and left there.
			gocv.Rectangle(&m, image.Rect(0, 20, 90, 100), color.RGBA{200, 120, 60, 0}, -1)
		}
		ev, err := w.Feed(Frame{Mat: m, Index: i, Time: time.Duration(i) * time.Second / 30})
		m.Close()
		require.NoError(t, err)
		hand = append(hand, ev.Hand)
		if ev.Reading != nil {
			rolls = append(rolls, i)
		}
	}
	assert.False(t, hand[14], "nothing at the edge yet")
	assert.True(t, hand[15] && hand[16+relearn-1], "the box looks like an arm while it is new")
	assert.False(t, hand[16+relearn+1], "after Relearn still frames it is part of the tray")
	require.Len(t, rolls, 1, "the same dice are one roll")
	assert.Less(t, rolls[0], 15)
}

func TestHandInViewOnTheFirstFrameIsForgottenSoonAfterItLeaves(t *testing.T) {
	cases := []struct {
		name    string
		surface synth.Surface
		tray    bool
	}{
		{"felt tray", synth.Felt, true},
		{"desk", synth.Desk, false},
		{"cloth", synth.Cloth, false},
		{"wooden table", synth.Wood, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			matcheck.Check(t)
			clip := renderHandClip(t, c.surface, c.tray, false)
			defer clip.close()
			// Start with the hand holding still over the dice, the reader
			// seeing nothing readable under it.
			start := slices.Index(clip.hand, true) + 6
			r := &scriptReader{}
			w := NewWatcher(r, WatchOptions{})
			defer w.Close()
			rolled := -1
			for i := start; i < len(clip.frames); i++ {
				r.dice = nil
				if !clip.hand[i] {
					r.dice = diceRow(1, 3, 4, 5, 6)
				}
				ev, err := w.Feed(Frame{Mat: clip.frames[i], Index: i - start, Time: time.Duration(i-start) * time.Second / 30})
				require.NoError(t, err)
				if ev.Reading != nil && rolled < 0 {
					rolled = i
				}
			}
			require.GreaterOrEqual(t, rolled, clip.after, "the dice are rolled once the hand has gone")
			// Far sooner than Relearn's five seconds: settling plus a few
			// frames for the bare tray to lie still.
			assert.LessOrEqual(t, rolled-clip.after, 7+bareStill+3)
		})
	}
}
