package vision

import (
	"fmt"
	"image"
	"image/color"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
)

func TestSequencesReportEachRollOnceWithItsValues(t *testing.T) {
	for _, s := range loadSequences(t) {
		t.Run(s.name, func(t *testing.T) {
			matcheck.Check(t)
			rolls := watchSequence(t, s, &truthReader{seq: s})
			require.Len(t, rolls, len(s.rolls), "rolls reported")
			for i, want := range s.rolls {
				got := rolls[i]
				assert.Equal(t, i+1, got.Number)
				assert.Equal(t, want.values, got.Values(), "roll %d", i+1)
				assert.GreaterOrEqual(t, got.Frame, want.frame, "roll %d reported before the dice came to rest", i+1)
				// 300 ms at 30 fps is nine frames.
				assert.LessOrEqual(t, got.Frame-want.frame, 9, "roll %d reported late", i+1)
			}
		})
	}
}

// watchScene is one made-up frame: a white square standing for the dice at x,
// and what the reader makes of it.
type watchScene struct {
	x    int
	dice []Die
}

// scriptReader hands out the dice of the scene being fed.
type scriptReader struct{ dice []Die }

func (r *scriptReader) Read(gocv.Mat) ([]Die, error) { return r.dice, nil }

func diceRow(values ...int) []Die {
	out := make([]Die, len(values))
	for i, v := range values {
		c := image.Pt(40+50*i, 60)
		out[i] = Die{Value: v, Face: fmt.Sprint(v), Center: c, Confidence: 0.9,
			Box: [4]image.Point{c.Add(image.Pt(-15, -15)), c.Add(image.Pt(15, -15)), c.Add(image.Pt(15, 15)), c.Add(image.Pt(-15, 15))}}
	}
	return out
}

func movedBy(ds []Die, by image.Point) []Die {
	out := append([]Die(nil), ds...)
	for i := range out {
		out[i].Center = out[i].Center.Add(by)
	}
	return out
}

// hold repeats a watchScene n times, as a camera over a still tray.
func hold(n int, s watchScene) []watchScene {
	out := make([]watchScene, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// tumble is n frames of the square jumping about, reads all different.
func tumble(n int) []watchScene {
	out := make([]watchScene, n)
	for i := range out {
		out[i] = watchScene{x: 20 + 37*i%200, dice: diceRow(1 + i%6)}
	}
	return out
}

func playScenes(t *testing.T, scenes ...[]watchScene) []Event {
	t.Helper()
	return playScenesEvery(t, 1, scenes...)
}

// playScenesEvery feeds the scenes as a live source that hands on only one
// frame in step, the reader being slow: frame indexes go up by step.
func playScenesEvery(t *testing.T, step int, scenes ...[]watchScene) []Event {
	t.Helper()
	r := &scriptReader{}
	w := NewWatcher(r, WatchOptions{})
	defer w.Close()
	var events []Event
	i := 0
	for _, part := range scenes {
		for _, s := range part {
			m := gocv.NewMatWithSize(120, 320, gocv.MatTypeCV8UC3)
			gocv.Rectangle(&m, image.Rect(s.x, 30, s.x+60, 90), color.RGBA{255, 255, 255, 0}, -1)
			r.dice = s.dice
			ev, err := w.Feed(Frame{Mat: m, Index: step * i, Time: time.Duration(step*i) * time.Second / 30})
			m.Close()
			require.NoError(t, err)
			events = append(events, ev)
			i++
		}
	}
	return events
}

func rollsOf(events []Event) []Reading {
	var rolls []Reading
	for _, ev := range events {
		if ev.Reading != nil {
			rolls = append(rolls, *ev.Reading)
		}
	}
	return rolls
}

func TestRollIsReportedOnceUntilTheDiceMove(t *testing.T) {
	matcheck.Check(t)
	first, second := diceRow(1, 2, 3, 4, 5), diceRow(6, 6, 2, 2, 1)
	events := playScenes(t, tumble(10), hold(40, watchScene{x: 100, dice: first}), tumble(10), hold(40, watchScene{x: 200, dice: second}))
	rolls := rollsOf(events)
	require.Len(t, rolls, 2)
	assert.Equal(t, []int{1, 2, 3, 4, 5}, rolls[0].Values())
	assert.Equal(t, []int{1, 2, 2, 6, 6}, rolls[1].Values())
	assert.Equal(t, 2, rolls[1].Number)
	assert.Positive(t, rolls[0].Latency)
	assert.False(t, rolls[0].Uncertain)
}

func TestDiePutBackAsItWasIsTheSameRoll(t *testing.T) {
	matcheck.Check(t)
	roll := diceRow(3, 3, 4, 5, 6)
	nudged := movedBy(roll, image.Pt(8, 5))
	events := playScenes(t, hold(20, watchScene{x: 100, dice: roll}), tumble(6),
		hold(20, watchScene{x: 100, dice: roll[:4]}), tumble(6), hold(20, watchScene{x: 100, dice: nudged}))
	rolls := rollsOf(events)
	require.Len(t, rolls, 1)
	assert.Equal(t, 0, rolls[0].Frame-6, "the first roll lies still from frame 0 and is reported on the seventh")
}

func TestWrongDiceCountIsAMessageNotARoll(t *testing.T) {
	matcheck.Check(t)
	cases := []struct {
		name   string
		dice   []Die
		notice string
	}{
		{"four dice", diceRow(1, 2, 3, 4), "4 dice seen, expected 5"},
		{"six dice", diceRow(1, 2, 3, 4, 5, 6), "6 dice seen, expected 5"},
	}
	// The page shows the count from Seen, never by parsing the message.
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			events := playScenes(t, tumble(5), hold(30, watchScene{x: 90, dice: c.dice}))
			assert.Empty(t, rollsOf(events))
			var notices []string
			for _, ev := range events {
				if ev.Message != "" {
					notices = append(notices, ev.Message)
					assert.Equal(t, len(c.dice), ev.Seen)
				}
			}
			assert.Equal(t, []string{c.notice}, notices)
		})
	}
}

func TestUncertainDieMarksTheRoll(t *testing.T) {
	roll := diceRow(2, 2, 4, 5, 6)
	roll[3].Uncertain = true
	rolls := rollsOf(playScenes(t, tumble(5), hold(20, watchScene{x: 70, dice: roll})))
	require.Len(t, rolls, 1)
	assert.True(t, rolls[0].Uncertain)
}

func TestStatesFollowTheTray(t *testing.T) {
	events := playScenes(t, hold(10, watchScene{x: 250}), tumble(5), hold(12, watchScene{x: 100, dice: diceRow(1, 1, 1, 1, 1)}))
	var states []State
	for _, ev := range events {
		if ev.Changed {
			states = append(states, ev.State)
		}
	}
	assert.Equal(t, []State{Empty, Moving, Settled}, states)
}

func TestReadsThatDisagreeAreNotReported(t *testing.T) {
	flicker := make([]watchScene, 30)
	for i := range flicker {
		flicker[i] = watchScene{x: 100, dice: diceRow(1, 2, 3, 4, 1+i%6)}
	}
	assert.Empty(t, rollsOf(playScenes(t, tumble(5), flicker)))
}

func TestOneMisreadFrameDoesNotHoldTheRollBack(t *testing.T) {
	good, bad := diceRow(1, 2, 3, 4, 5), diceRow(1, 2, 3, 4, 6)
	still := hold(12, watchScene{x: 100, dice: good})
	for i := 1; i < len(still); i += 3 {
		still[i].dice = bad
	}
	rolls := rollsOf(playScenes(t, tumble(5), still))
	require.Len(t, rolls, 1)
	assert.Equal(t, []int{1, 2, 3, 4, 5}, rolls[0].Values())
}

func TestOneMisreadAmongTheSettlingFramesDoesNotDelayTheRoll(t *testing.T) {
	good, bad := diceRow(1, 2, 3, 4, 5), diceRow(1, 2, 3, 4, 6)
	still := hold(12, watchScene{x: 100, dice: good})
	still[6].dice = bad // the frame before the dice have been still for Settle frames
	rolls := rollsOf(playScenes(t, tumble(5), still))
	require.Len(t, rolls, 1)
	// The dice come to rest on frame 5, the first of the still scene.
	assert.Equal(t, 5+7, rolls[0].Frame, "reported once the dice have been still for Settle frames")
}

func TestDiceMissedOnTheFirstReadsAreReportedOnceFound(t *testing.T) {
	four, five := diceRow(1, 2, 3, 4), diceRow(1, 2, 3, 4, 5)
	events := playScenes(t, tumble(5), hold(12, watchScene{x: 100, dice: four}), hold(12, watchScene{x: 100, dice: five}))
	var notices []string
	for _, ev := range events {
		if ev.Message != "" {
			notices = append(notices, ev.Message)
		}
	}
	assert.Equal(t, []string{"4 dice seen, expected 5"}, notices)
	rolls := rollsOf(events)
	require.Len(t, rolls, 1, "touching dice read as one at first are read apart later")
	assert.Equal(t, []int{1, 2, 3, 4, 5}, rolls[0].Values())
}

func TestFramesDroppedWhileReadingCountTowardSettling(t *testing.T) {
	events := playScenesEvery(t, 2, tumble(5), hold(12, watchScene{x: 100, dice: diceRow(1, 2, 3, 4, 5)}))
	rolls := rollsOf(events)
	require.Len(t, rolls, 1)
	// The dice land on frame 10, the first of the still scene; seven
	// frames on, dropped ones included, they have settled, and frame 18 is
	// the first handed on after.
	assert.Equal(t, 18, rolls[0].Frame, "reported on the first frame handed on after settling")
	assert.Equal(t, []int{1, 2, 3, 4, 5}, rolls[0].Values())
}
