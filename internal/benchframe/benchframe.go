// Package benchframe builds the camera frames the reader's and the
// detector's speed benchmarks read, from a committed fixture, so both time
// the same picture.
package benchframe

import (
	"image"
	"image/color"
	"path/filepath"
	"runtime"
	"testing"

	"gocv.io/x/gocv"
)

// FiveDice is a width×height frame with five dice: the fixture photo
// colours-0 (640×480) scaled to the frame's height and widened with its own
// border, as a 16:9 camera sees a 4:3 tray. The caller closes it.
func FiveDice(tb testing.TB, width, height int) gocv.Mat {
	tb.Helper()
	_, here, _, _ := runtime.Caller(0)
	path := filepath.Join(filepath.Dir(here), "..", "..", "testdata", "fixtures", "colours", "images", "colours-0.jpg")
	src := gocv.IMRead(path, gocv.IMReadColor)
	defer src.Close()
	if src.Empty() {
		tb.Skipf("%s is absent: generate it with go run ./cmd/dicegen fixtures", path)
	}
	tall := gocv.NewMat()
	defer tall.Close()
	w := height * src.Cols() / src.Rows()
	gocv.Resize(src, &tall, image.Pt(w, height), 0, 0, gocv.InterpolationLinear)
	wide := gocv.NewMat()
	left := (width - w) / 2
	gocv.CopyMakeBorder(tall, &wide, 0, 0, left, width-w-left, gocv.BorderReplicate, color.RGBA{})
	return wide
}
