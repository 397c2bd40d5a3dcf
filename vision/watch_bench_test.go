package vision

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

// BenchmarkSettleLatency replays the recorded sequences through the real
// reader as a 30 fps camera would deliver them: a frame is processed when it
// has arrived and the previous one is done. It reports the time from the
// frame the dice came to rest on (rolls.csv) to the end of the frame that
// reported the roll, and how many rolls the reader missed or misread.
func BenchmarkSettleLatency(b *testing.B) {
	seqs := loadSequences(b)
	frames := make([][]gocv.Mat, len(seqs))
	for i, s := range seqs {
		paths, err := ImagesIn(filepath.Join(s.dir, "frames"))
		require.NoError(b, err)
		for _, p := range paths {
			frames[i] = append(frames[i], gocv.IMRead(p, gocv.IMReadColor))
		}
	}
	defer func() {
		for _, fs := range frames {
			for _, m := range fs {
				m.Close()
			}
		}
	}()
	r, err := NewReader(nil)
	require.NoError(b, err)
	defer r.Close()
	const interval = time.Second / 30

	var worst, total time.Duration
	var found, missed int
	b.ResetTimer()
	for b.Loop() {
		worst, total, found, missed = 0, 0, 0, 0
		for i, s := range seqs {
			w := NewWatcher(r, WatchOptions{})
			var clock time.Duration // when the previous frame was done
			next := 0               // the next expected roll
			for k, m := range frames[i] {
				arrive := time.Duration(k) * interval
				start := time.Now()
				ev, err := w.Feed(Frame{Mat: m, Index: k, Time: arrive})
				clock = max(clock, arrive) + time.Since(start)
				if err != nil {
					b.Fatal(err)
				}
				if ev.Reading == nil {
					continue
				}
				for next < len(s.rolls) && s.rolls[next].frame <= k {
					if want := s.rolls[next]; slices.Equal(want.values, ev.Reading.Values()) {
						lat := clock - time.Duration(want.frame)*interval
						worst, total, found = max(worst, lat), total+lat, found+1
						next++
						break
					}
					next++
					missed++
				}
			}
			missed += len(s.rolls) - next
			w.Close()
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	if found > 0 {
		b.ReportMetric(float64(total.Microseconds())/1000/float64(found), "mean-ms")
	}
	b.ReportMetric(float64(found), "rolls-read")
	b.ReportMetric(float64(missed), "rolls-missed")
}

// BenchmarkFeedWhileMoving is the watcher's own cost on a frame it does not
// read: motion, and the hand against the tray's background.
func BenchmarkFeedWhileMoving(b *testing.B) {
	paths, err := ImagesIn(filepath.Join(sequencesDir, "reroll", "frames"))
	require.NoError(b, err)
	var frames []gocv.Mat
	for _, p := range paths[10:40] { // a hand reaches in and takes a die
		frames = append(frames, gocv.IMRead(p, gocv.IMReadColor))
	}
	defer func() {
		for _, m := range frames {
			m.Close()
		}
	}()
	w := NewWatcher(&scriptReader{}, WatchOptions{})
	defer w.Close()
	i := 0
	for b.Loop() {
		// Every other frame, so the watcher sees movement throughout.
		if _, err := w.Feed(Frame{Mat: frames[i%len(frames)], Index: i}); err != nil {
			b.Fatal(err)
		}
		i += 2
	}
}
