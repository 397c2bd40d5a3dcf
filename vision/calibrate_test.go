package vision

import (
	"testing"

	"github.com/dicecam/dicecam/calibrate"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPaletteKeepsColoursSeenOftenCommonestFirst(t *testing.T) {
	var pl palette
	white, red := [3]float64{250, 128, 128}, [3]float64{130, 200, 180}
	for _, c := range [][3]float64{white, red, {248, 129, 127}, red, white, {40, 128, 128}} {
		pl.add(c)
	}
	got := pl.common()
	require.Len(t, got, 2, "near-whites merge, the lone black is dropped")
	assert.Greater(t, int(got[0][0]), 200, "white first: seen three times")
	assert.Greater(t, int(got[1][2]), int(got[1][0]), "then red, in BGR")
}

func TestReaderKnowsOnlyTheCalibratedBodies(t *testing.T) {
	p := calibrate.New()
	p.Bodies = []calibrate.Colour{{240, 240, 240}}
	r, err := NewReader(p)
	require.NoError(t, err)
	defer r.Close()
	assert.True(t, r.knownBody(bgrToLab(calibrate.Colour{235, 238, 236})))
	assert.False(t, r.knownBody(bgrToLab(calibrate.Colour{30, 30, 200})))

	any, err := NewReader(nil)
	require.NoError(t, err)
	defer any.Close()
	assert.True(t, any.knownBody(bgrToLab(calibrate.Colour{30, 30, 200})), "no bodies listed: any will do")
}

func TestDetectorIsKeptUnlessItDoesHarm(t *testing.T) {
	// 60 photos, 400 dice, as on calibration's sample.
	base := Tally{Photos: 60, Labelled: 400, Matched: 396, False: 2, Right: 330, Wrong: 2, Asked: 64}
	tests := []struct {
		name string
		with Tally
		keep bool
	}{
		{"it finds the same dice", base, true},
		{"it finds more dice, a few of them read wrong",
			Tally{Photos: 60, Labelled: 400, Matched: 400, False: 2, Right: 380, Wrong: 5, Asked: 15}, true},
		{"it loses dice", Tally{Photos: 60, Labelled: 400, Matched: 390, False: 2, Right: 326, Wrong: 2, Asked: 62}, false},
		{"it adds false dice", Tally{Photos: 60, Labelled: 400, Matched: 396, False: 12, Right: 330, Wrong: 2, Asked: 64}, false},
		{"it reads many dice wrong", Tally{Photos: 60, Labelled: 400, Matched: 396, False: 2, Right: 320, Wrong: 12, Asked: 64}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.keep, detectorWorthIt(base, tt.with))
		})
	}
}
