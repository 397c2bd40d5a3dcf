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
