package detect

import (
	"image"
	"image/color"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/cvthreads"
)

// benchFrame is a 1280×720 frame with five dice, about 90 px across: a
// fixture scaled up and widened with its own border, as vision's reader
// benchmark builds it.
func benchFrame(b *testing.B) gocv.Mat {
	src := readFrame(b, filepath.Join(repo, "testdata", "fixtures", "colours", "images", "colours-0.jpg"))
	defer src.Close()
	tall := gocv.NewMat()
	defer tall.Close()
	gocv.Resize(src, &tall, image.Pt(960, 720), 0, 0, gocv.InterpolationLinear)
	wide := gocv.NewMat()
	gocv.CopyMakeBorder(tall, &wide, 0, 0, 160, 160, gocv.BorderReplicate, color.RGBA{})
	return wide
}

// BenchmarkDetect1280x720 is the detector's share of the reader's 20 ms,
// on one OpenCV thread: run it with GOMAXPROCS=1 for one core.
func BenchmarkDetect1280x720(b *testing.B) {
	defer cvthreads.Set(cvthreads.Set(1))
	for _, c := range []struct {
		name string
		side float64
	}{{"die-side-known", 95}, {"die-side-guessed", 0}} {
		b.Run(c.name, func(b *testing.B) {
			frame := benchFrame(b)
			defer frame.Close()
			d := newDetector(b)
			got, err := d.Detect(frame, c.side)
			require.NoError(b, err)
			require.Len(b, got, 5, "the benchmark frame must show five dice")
			b.ResetTimer()
			for range b.N {
				if _, err := d.Detect(frame, c.side); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
