package vision

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/matcheck"
)

// missedThroughTheReader names the recorded rolls the built-in reader, with
// no profile, does not yet report, and why. The watcher's own logic reports
// them (TestSequencesReportEachRollOnceWithItsValues); a reader that finds
// them should empty this list.
var missedThroughTheReader = map[string]string{
	"fast-throw": "two dice come to rest touching and read as one without a calibrated die size",
}

// TestRecordedSequencesThroughTheReader replays every recorded sequence
// through the real reader and watcher: each reported roll is the next roll
// the dice really show, with its values, so a player is never handed a roll
// that did not happen; and every roll is reported but the known misses.
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
			if why, ok := missedThroughTheReader[s.name]; ok {
				t.Logf("%d of %d rolls reported; known miss: %s", len(rolls), len(s.rolls), why)
				return
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
