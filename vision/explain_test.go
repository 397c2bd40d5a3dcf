package vision

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/benchframe"
	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/vision/model"
)

// The benchmark's five rendered dice are read surely, and every check
// agrees: the model is sure each is a die of its value, its pips are laid
// out as that face, and none lies as another's front. The frames are of
// two sizes, so that one is read shrunk to the working scale and the
// checks must be measured on what the reader saw.
func TestExplainSaysWhatTheChecksMakeOfEachDie(t *testing.T) {
	matcheck.Check(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	for _, size := range [][2]int{{1280, 720}, {1920, 1080}} {
		frame := benchframe.FiveDice(t, size[0], size[1])
		defer frame.Close()
		dice, err := r.Read(frame)
		require.NoError(t, err)
		require.Len(t, dice, 5)
		whys, err := r.Explain(frame, dice)
		require.NoError(t, err)
		require.Len(t, whys, len(dice))
		for i, d := range dice {
			w := whys[i]
			assert.Less(t, w.Probs[model.NotADie], 0.02, "die %d: the model takes it for a die", i)
			assert.Equal(t, d.Value, likeliest(w.Probs), "die %d: the model's likeliest face", i)
			assert.Equal(t, d.Value, w.Count, "die %d: its pips counted", i)
			assert.True(t, w.Agree, "die %d: its pips agree", i)
			assert.False(t, w.Front, "die %d: no die's front", i)
		}
	}
}

// A die moved off the frame's dice says so: the model takes an empty
// patch of table for no die and counts no pips there.
func TestExplainOfNoDieFindsNone(t *testing.T) {
	matcheck.Check(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	frame := benchframe.FiveDice(t, 1280, 720)
	defer frame.Close()
	dice, err := r.Read(frame)
	require.NoError(t, err)
	require.NotEmpty(t, dice)
	away := shift(dice[0], dice[0].Center.Mul(-1).Add(dice[0].Center.Div(8)))
	whys, err := r.Explain(frame, []Die{away})
	require.NoError(t, err)
	require.Len(t, whys, 1)
	assert.Zero(t, whys[0].Count)
	assert.False(t, whys[0].Agree)
	assert.Greater(t, whys[0].Probs[model.NotADie], 0.5)
}
