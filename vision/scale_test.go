package vision

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision/detect"
)

func TestWorkScaleShrinksOnlyLargeDice(t *testing.T) {
	sure := func(side float64) []detect.Candidate {
		return []detect.Candidate{{X: 100, Y: 100, Side: side, Score: 0.9}, {X: 300, Y: 100, Side: side, Score: 0.9}}
	}
	tests := []struct {
		name  string
		found []detect.Candidate
		want  float64
	}{
		{"dice twice the working side", sure(2 * workSide), 0.5},
		{"dice a little larger than it", sure(1.1 * workSide), 1},
		{"small dice", sure(30), 1},
		{"no die the detector is sure of", []detect.Candidate{{Side: 200, Score: 0.3}}, 1},
	}
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.InDelta(t, tt.want, r.workScale(tt.found), 1e-9)
		})
	}
}

func TestShrinkGivesTheScaledSize(t *testing.T) {
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	frame := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(90, 120, 150, 0), 720, 1280, gocv.MatTypeCV8UC3)
	defer frame.Close()
	for _, f := range []float64{0.7, 0.5, 0.3} {
		small, err := r.shrink(frame, f)
		require.NoError(t, err)
		assert.Equal(t, image.Pt(int(1280*f+0.5), int(720*f+0.5)), image.Pt(small.Cols(), small.Rows()), "f = %v", f)
		assert.Equal(t, 120.0, small.Mean().Val2, "a flat frame stays flat, f = %v", f)
	}
}

func TestScaleProfileScalesSizesNotColours(t *testing.T) {
	p := DefaultProfile()
	p.Tray = image.Rect(100, 50, 1100, 650)
	p.DieSize = [2]float64{60, 140}
	p.Background = Colour{10, 20, 30}
	got := scaleProfile(*p, 0.5)
	assert.Equal(t, image.Rect(50, 25, 550, 325), got.Tray)
	assert.Equal(t, [2]float64{30, 70}, got.DieSize)
	assert.Equal(t, p.Background, got.Background)
	assert.Equal(t, DefaultProfile().DieSize, scaleProfile(*DefaultProfile(), 0.5).DieSize, "the defaults follow the frame's size")
}
