package vision

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/matcheck"
)

// TestRecordedSequencesThroughTheReader replays every recorded sequence
// through the real reader and watcher: each reported roll is the next roll
// the dice really show, with its values, so a player is never handed a roll
// that did not happen; and every roll is reported. fast-throw ends with two
// dice at rest touching, which the built-in reader tells apart only with the
// learned detector, now on without a profile too.
func TestRecordedSequencesThroughTheReader(t *testing.T) {
	if testing.Short() {
		t.Skip("reads every recorded frame; skipped under -short")
	}
	for _, s := range loadSequences(t) {
		t.Run(s.name, func(t *testing.T) {
			matcheck.Check(t)
			r, err := NewReader(nil)
			require.NoError(t, err)
			defer r.Close()
			rolls := watchSequence(t, s, r)
			next := 0
			for _, got := range rolls {
				for next < len(s.rolls) && !equalInts(s.rolls[next].values, got.Values()) {
					next++
				}
				require.Less(t, next, len(s.rolls), "roll %d %v is none of the rolls still to come", got.Number, got.Values())
				assert.GreaterOrEqual(t, got.Frame, s.rolls[next].frame, "roll %d reported before the dice came to rest", got.Number)
				// Frames replay one by one here, so this counts the reads the
				// watcher needs, not the machine's speed: 300 ms at 30 fps.
				assert.LessOrEqual(t, got.Frame-s.rolls[next].frame, 9, "roll %d reported late", got.Number)
				next++
			}
			assert.Len(t, rolls, len(s.rolls), "every roll reported once")
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
