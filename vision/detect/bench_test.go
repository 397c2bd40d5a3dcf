package detect

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/benchframe"
	"github.com/dicecam/dicecam/internal/cvthreads"
)

// BenchmarkDetect1280x720 is the detector's share of the reader's 20 ms,
// on one OpenCV thread: run it with GOMAXPROCS=1 for one core.
func BenchmarkDetect1280x720(b *testing.B) {
	defer cvthreads.Set(cvthreads.Set(1))
	for _, c := range []struct {
		name string
		side float64
	}{{"die-side-known", 95}, {"die-side-guessed", 0}} {
		b.Run(c.name, func(b *testing.B) {
			frame := benchframe.FiveDice(b, 1280, 720)
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
