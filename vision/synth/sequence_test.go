package synth

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

func sequenceNamed(t *testing.T, name string) Sequence {
	t.Helper()
	for _, q := range Sequences() {
		if q.Name == name {
			return q
		}
	}
	require.Failf(t, "no sequence", "%q", name)
	return Sequence{}
}

func TestOnlyThrowsMakeRolls(t *testing.T) {
	cases := []struct {
		name      string
		rolls     int
		lastCount int
	}{
		{"roll-in", 1, 5},
		{"reroll", 2, 5},
		{"nudge", 1, 5},
		{"put-back", 1, 5},
		{"remove", 1, 3},
		{"fast-throw", 1, 5},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			q := sequenceNamed(t, c.name)
			assert.GreaterOrEqual(t, len(q.Frames), 60)
			assert.LessOrEqual(t, len(q.Frames), 150)
			assert.Len(t, q.Rolls(), c.rolls)
			truths := q.Truths()
			last := truths[len(truths)-1]
			assert.Len(t, last.Dice, c.lastCount)
			assert.Equal(t, Still, last.State(), "a sequence ends at rest so the last roll can be read")
		})
	}
}

func TestRollsComeOnTheFirstStillFrame(t *testing.T) {
	for _, q := range Sequences() {
		truths := q.Truths()
		for _, r := range q.Rolls() {
			require.Less(t, r.Frame, len(truths), q.Name)
			assert.Equal(t, Still, truths[r.Frame].State(), "%s roll %d", q.Name, r.Number)
			if r.Frame > 0 {
				assert.Equal(t, Moving, truths[r.Frame-1].State(), "%s roll %d: the frame before rest should move", q.Name, r.Number)
			}
			assert.Len(t, r.Values, len(truths[r.Frame].Dice), "%s roll %d", q.Name, r.Number)
		}
	}
}

func TestNudgedOrReturnedDieKeepsItsFace(t *testing.T) {
	for _, name := range []string{"nudge", "put-back"} {
		q := sequenceNamed(t, name)
		truths := q.Truths()
		first, last := truths[0].Values(), truths[len(truths)-1].Values()
		assert.ElementsMatch(t, first, last, name)
		moved := false
		for _, tr := range truths {
			moved = moved || tr.State() == Moving
		}
		assert.True(t, moved, "%s: something must happen in between", name)
	}
}

func TestRenderedFramesAgreeWithTheScript(t *testing.T) {
	for _, q := range Sequences() {
		want := q.Truths()
		// Check a few frames: the start, a busy middle and the end.
		picks := []int{0, len(q.Frames) / 4, len(q.Frames) / 3, len(q.Frames) - 1}
		sub := q
		sub.Frames = nil
		for _, i := range picks {
			sub.Frames = append(sub.Frames, q.Frames[i])
		}
		var got []Truth
		err := sub.Render(context.Background(), func(i int, img gocv.Mat, tr Truth) error {
			assert.Equal(t, seqWidth, img.Cols())
			got = append(got, tr)
			return nil
		})
		require.NoError(t, err)
		for k, i := range picks {
			assert.Equal(t, want[i].State(), got[k].State(), "%s frame %d", q.Name, i)
			assert.Equal(t, want[i].Dice, unshown(got[k].Dice), "%s frame %d", q.Name, i)
		}
	}
}

func TestRenderStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := sequenceNamed(t, "nudge").Render(ctx, func(int, gocv.Mat, Truth) error {
		t.Error("no frame should be drawn")
		return nil
	})
	assert.ErrorIs(t, err, context.Canceled)
}

// unshown returns dice with Shown cleared: only drawing measures it.
func unshown(dice []DieTruth) []DieTruth {
	out := slices.Clone(dice)
	for i := range out {
		out[i].Shown = 0
	}
	return out
}
