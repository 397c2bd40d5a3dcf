package vision

import (
	"image"
	"testing"

	"gocv.io/x/gocv"

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
	r, frame, dice := readFiveDice(t)
	away := shift(dice[0], dice[0].Center.Mul(-1).Add(dice[0].Center.Div(8)))
	whys, err := r.Explain(frame, []Die{away})
	require.NoError(t, err)
	require.Len(t, whys, 1)
	assert.Zero(t, whys[0].Count)
	assert.False(t, whys[0].Agree)
	assert.Greater(t, whys[0].Probs[model.NotADie], 0.5)
}

// A die that fills its frame is read from a copy framed in grey, and a
// crop too small to show a table is taken for the die it is cut to: the
// checks are measured on the framed copy as the reader read it, so they
// agree with its reading as they do with a die on the whole table.
func TestExplainOfADieThatFillsTheFrame(t *testing.T) {
	r, frame, dice := readFiveDice(t)
	d := dice[0]
	half := int(boxSide(d) * 3 / 4)
	around := image.Rectangle{Min: d.Center.Sub(image.Pt(half, half)), Max: d.Center.Add(image.Pt(half, half))}
	for _, tc := range []struct {
		name string
		side int // of the frame cut around the die
	}{
		{"a close-up", 4 * cropSide},
		{"a crop cut to the die", cropSide - 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cut := frame.Region(around)
			defer cut.Close()
			closeUp := gocv.NewMat()
			defer closeUp.Close()
			gocv.Resize(cut, &closeUp, image.Pt(tc.side, tc.side), 0, 0, gocv.InterpolationLinear)
			read, err := r.Read(closeUp)
			require.NoError(t, err)
			require.Len(t, read, 1)
			require.Equal(t, d.Value, read[0].Value)
			whys, err := r.Explain(closeUp, read)
			require.NoError(t, err)
			require.Len(t, whys, 1)
			w := whys[0]
			assert.Less(t, w.Probs[model.NotADie], 0.02, "the model takes it for a die")
			assert.Equal(t, d.Value, likeliest(w.Probs), "the model's likeliest face")
			assert.Equal(t, d.Value, w.Count, "its pips counted")
			assert.True(t, w.Agree, "its pips agree")
		})
	}
}

// readFiveDice is a reader with the built-in defaults, the benchmark's
// 720p frame and the dice it read there, all closed when t ends and
// checked for Mats left open.
func readFiveDice(t *testing.T) (*Reader, gocv.Mat, []Die) {
	t.Helper()
	matcheck.Check(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	t.Cleanup(func() { r.Close() })
	frame := benchframe.FiveDice(t, 1280, 720)
	t.Cleanup(func() { frame.Close() })
	dice, err := r.Read(frame)
	require.NoError(t, err)
	require.NotEmpty(t, dice)
	return r, frame, dice
}
