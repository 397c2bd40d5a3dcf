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
