package vision

import (
	"fmt"
	"image"
	"path/filepath"
	"testing"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/vision/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

// cropFor hands CropAt only the part of the frame round a die near the
// edge; the model must still read the very pixels CropAt cuts from the
// whole frame.
func TestCropForCutsWhatCropAtCutsFromTheWholeFrame(t *testing.T) {
	matcheck.Check(t)
	frame := coloursFrame(t)
	w, h := frame.Cols(), frame.Rows()
	for _, c := range []image.Point{{0, 0}, {3, 5}, {w - 1, h - 1}, {w - 7, 20}, {40, h - 3}, {w / 2, h / 2}} {
		for _, s := range []float64{1, 5.3, 40.7, 80} {
			t.Run(fmt.Sprintf("%v side %v", c, s), func(t *testing.T) {
				got := cropFor(frame, c, s)
				defer got.Close()
				want := model.CropAt(frame, float64(c.X), float64(c.Y), s)
				defer want.Close()
				a, err := got.DataPtrUint8()
				require.NoError(t, err)
				b, err := want.DataPtrUint8()
				require.NoError(t, err)
				assert.Equal(t, b, a)
			})
		}
	}
}

// coloursFrame is a fixture frame of five coloured dice, closed when the
// test ends.
func coloursFrame(t *testing.T) gocv.Mat {
	t.Helper()
	frame := gocv.IMRead(filepath.Join("..", "testdata", "fixtures", "colours", "images", "colours-0.jpg"), gocv.IMReadColor)
	t.Cleanup(func() { frame.Close() })
	if frame.Empty() {
		t.Skip("testdata/fixtures is absent: generate it with go run ./cmd/dicegen fixtures")
	}
	return frame
}

func TestSettleMakesSureADieEveryViewReadsAlike(t *testing.T) {
	fair := probs(map[int]float64{4: 0.8, 5: 0.15, model.NotADie: 0.05})
	sure := probs(map[int]float64{4: 0.97, 5: 0.02, model.NotADie: 0.01})
	faint := probs(map[int]float64{4: 0.8, model.NotADie: 0.2})
	tests := []struct {
		name  string
		views [][model.Classes]float64
		sure  bool // settled as a sure 4
	}{
		{"four views alike, each fairly sure", [][model.Classes]float64{fair, fair, sure, fair}, true},
		{"one view only half sure", [][model.Classes]float64{fair, fair, fair, probs(map[int]float64{4: 0.6, 5: 0.4})}, false},
		{"one view reads another face", [][model.Classes]float64{fair, fair, sure, probs(map[int]float64{5: 0.8, 4: 0.2})}, false},
		{"alike, but more like no die than a sure read may be", [][model.Classes]float64{
			faint, faint, faint, faint}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := settle(tt.views)
			var mean [model.Classes]float64
			for _, v := range tt.views {
				for k := range v {
					mean[k] += v[k] / float64(len(tt.views))
				}
			}
			sum := 0.0
			for _, x := range got {
				sum += x
			}
			assert.InDelta(t, 1, sum, 1e-9, "probabilities sum to 1")
			assert.InDelta(t, mean[model.NotADie], got[model.NotADie], 1e-9, "whether it is a die stays as the views say")
			assert.Equal(t, 4, likeliest(got))
			if tt.sure {
				assert.True(t, modelSure(got), "settled %v", got)
				return
			}
			assert.InDeltaSlice(t, mean[:], got[:], 1e-9, "left at the views' mean")
			assert.False(t, modelSure(got))
		})
	}
}
