package vision

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/internal/streamtest"
	"github.com/dicecam/dicecam/internal/testimages"
)

// greyFrame is a small frame of one grey level, so a test can tell frames
// apart after a trip through a codec.
func greyFrame(level int) gocv.Mat {
	return gocv.NewMatWithSizeFromScalar(gocv.NewScalar(float64(level), float64(level), float64(level), 0), 48, 64, gocv.MatTypeCV8UC3)
}

func greyLevel(m gocv.Mat) int { return int(m.Mean().Val1 + 0.5) }

// drain reads src to its end and returns the frames' grey levels, indexes
// and the error that ended it.
func drainSource(t *testing.T, src Source) (levels, indexes []int, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for {
		fr, err := src.Next(ctx)
		if err != nil {
			return levels, indexes, err
		}
		levels = append(levels, greyLevel(fr.Mat))
		indexes = append(indexes, fr.Index)
		fr.Close()
	}
}

func writeImages(t *testing.T, dir string, names []string, levels []int) {
	t.Helper()
	for i, name := range names {
		m := greyFrame(levels[i])
		ok := gocv.IMWrite(filepath.Join(dir, name), m)
		m.Close()
		require.True(t, ok, "write %s", name)
	}
}

func TestVideoFileYieldsEveryFrameInOrderThenEOF(t *testing.T) {
	matcheck.Check(t)
	path := filepath.Join(t.TempDir(), "roll.avi")
	w, err := gocv.VideoWriterFile(path, "MJPG", 30, 64, 48, true)
	require.NoError(t, err)
	want := []int{20, 60, 100, 140, 180, 220}
	for _, l := range want {
		m := greyFrame(l)
		require.NoError(t, w.Write(m))
		m.Close()
	}
	require.NoError(t, w.Close())

	src, err := Open(context.Background(), path, SourceOptions{})
	require.NoError(t, err)
	defer src.Close()
	levels, indexes, err := drainSource(t, src)
	assert.ErrorIs(t, err, io.EOF)
	assert.Equal(t, []int{0, 1, 2, 3, 4, 5}, indexes)
	require.Len(t, levels, len(want))
	for i := range want {
		assert.InDelta(t, want[i], levels[i], 4, "frame %d", i)
	}
}

func TestFolderReplaysImagesInNameOrderAtFPS(t *testing.T) {
	matcheck.Check(t)
	dir := t.TempDir()
	writeImages(t, dir, []string{"b.png", "a.png", "c.png"}, []int{50, 10, 90})
	require.NoError(t, os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a frame"), 0o644))

	src, err := Open(context.Background(), dir, SourceOptions{FPS: 10})
	require.NoError(t, err)
	defer src.Close()
	var times []time.Duration
	var levels []int
	for {
		fr, err := src.Next(context.Background())
		if errors.Is(err, io.EOF) {
			break
		}
		require.NoError(t, err)
		times = append(times, fr.Time)
		levels = append(levels, greyLevel(fr.Mat))
		fr.Close()
	}
	assert.Equal(t, []int{10, 50, 90}, levels)
	assert.Equal(t, []time.Duration{0, 100 * time.Millisecond, 200 * time.Millisecond}, times)
}

func TestImageIsHeldAsAStillCamera(t *testing.T) {
	matcheck.Check(t)
	dir := t.TempDir()
	writeImages(t, dir, []string{"tray.jpg"}, []int{128})
	src, err := Open(context.Background(), filepath.Join(dir, "tray.jpg"), SourceOptions{FPS: 10, Hold: 500 * time.Millisecond})
	require.NoError(t, err)
	defer src.Close()
	levels, indexes, err := drainSource(t, src)
	assert.ErrorIs(t, err, io.EOF)
	assert.Equal(t, []int{0, 1, 2, 3, 4}, indexes)
	assert.InDelta(t, 128, levels[4], 2)
}

func TestOpenFailsWithAHintWhatToDo(t *testing.T) {
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty")
	require.NoError(t, os.Mkdir(empty, 0o755))
	bad := filepath.Join(dir, "bad.png")
	require.NoError(t, os.WriteFile(bad, []byte("no picture here"), 0o644))
	ftyp := []byte("\x00\x00\x00\x14ftypisom\x00\x00\x02\x00isom")
	video := func(name string, data ...[]byte) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, bytes.Join(data, nil), 0o644))
		return path
	}
	cases := []struct {
		spec string
		want []string
	}{
		{video("cut.mp4", ftyp, []byte("\x00\x0f\x42\x40mdat"), make([]byte, 100)), []string{"cut.mp4", "the MP4 is cut short", "copy or record it again"}},
		{video("unfinished.mp4", ftyp, []byte("\x00\x00\x00\x10mdat"), make([]byte, 8)), []string{"no index (moov box)"}},
		{video("cut.avi", []byte("RIFF\x40\x42\x0f\x00AVI LIST"), make([]byte, 100)), []string{"the AVI is cut short"}},
		{video("empty.mp4"), []string{"the file is empty"}},
		{"7", []string{"open camera 7", "/dev/video", "--source path/to/video.mp4"}},
		{"/dev/video9", []string{"open camera 9", "--source"}},
		{filepath.Join(dir, "nothing.mp4"), []string{"nothing.mp4", "camera index"}},
		{empty, []string{"holds no images"}},
		{bad, []string{"bad.png", "JPEG or PNG"}},
		{"", []string{"no source given"}},
	}
	for _, c := range cases {
		t.Run(c.spec, func(t *testing.T) {
			matcheck.Check(t)
			src, err := Open(context.Background(), c.spec, SourceOptions{})
			if src != nil {
				src.Close()
			}
			require.Error(t, err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func TestFolderWithABrokenImageFailsAtThatFrame(t *testing.T) {
	for _, tc := range []struct {
		name  string
		frame []byte
		says  string
	}{
		{"text in place of a picture", []byte("truncated"), "not a JPEG, PNG"},
		{"a header claiming 100000×100000 pixels", testimages.PNGHeaderBomb(100000, 100000), "megapixels"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			matcheck.Check(t)
			dir := t.TempDir()
			writeImages(t, dir, []string{"01.png", "02.png", "04.png"}, []int{10, 20, 40})
			require.NoError(t, os.WriteFile(filepath.Join(dir, "03.png"), tc.frame, 0o644))
			src, err := Open(context.Background(), dir, SourceOptions{})
			require.NoError(t, err)
			defer src.Close()
			levels, _, err := drainSource(t, src)
			assert.Equal(t, []int{10, 20}, levels)
			require.Error(t, err)
			assert.NotErrorIs(t, err, io.EOF)
			assert.Contains(t, err.Error(), "03.png")
			assert.Contains(t, err.Error(), tc.says)
		})
	}
}

// flaky is a camera that stops after a few frames; reopening fails a set
// number of times before it answers again.
type flaky struct {
	frames, sent int
}

func (f *flaky) grab(dst *gocv.Mat) error {
	if f.sent >= f.frames {
		return errCameraStopped
	}
	f.sent++
	m := greyFrame(f.sent * 10)
	defer m.Close()
	m.CopyTo(dst)
	time.Sleep(time.Millisecond) // a camera waits for its next exposure
	return nil
}

func (f *flaky) close() error { return nil }

func TestLostCameraIsRetriedAndReadingResumes(t *testing.T) {
	matcheck.Check(t)
	refusals := 1
	statuses := make(chan Status, 10)
	cfg := feedConfig{fps: 30, camera: true,
		reopen: func() (grabber, error) {
			if refusals > 0 {
				refusals--
				return nil, fmt.Errorf("camera unplugged")
			}
			return &flaky{frames: 100}, nil
		},
		notify: func(s Status) { statuses <- s },
	}
	src := startFeed(context.Background(), &flaky{frames: 2}, cfg)
	defer src.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var indexes []int
	for len(indexes) < 4 {
		fr, err := src.Next(ctx)
		require.NoError(t, err)
		indexes = append(indexes, fr.Index)
		fr.Close()
	}
	assert.Equal(t, []int{0, 1, 2, 3}, indexes, "indexes run on across the outage")
	require.Len(t, statuses, 3)
	lost, stillLost, back := <-statuses, <-statuses, <-statuses
	assert.True(t, lost.Lost)
	assert.Less(t, lost.Retry, stillLost.Retry, "waits grow")
	assert.False(t, back.Lost)
}

func TestSlowReaderGetsTheNewestFrameAndDropsAreCounted(t *testing.T) {
	matcheck.Check(t)
	src := startFeed(context.Background(), &flaky{frames: 1 << 30}, feedConfig{fps: 30, live: true, camera: true})
	defer src.Close()
	first, err := src.Next(context.Background())
	require.NoError(t, err)
	first.Close()
	time.Sleep(50 * time.Millisecond)
	next, err := src.Next(context.Background())
	require.NoError(t, err)
	next.Close()
	assert.Greater(t, next.Index, first.Index+1, "frames that came while the reader was busy were skipped")
	assert.Positive(t, src.Dropped())
}

func TestVideoServedOverHTTPPlaysToItsEnd(t *testing.T) {
	matcheck.Check(t)
	dir := t.TempDir()
	w, err := gocv.VideoWriterFile(filepath.Join(dir, "roll.avi"), "MJPG", 30, 64, 48, true)
	require.NoError(t, err)
	for i := range 30 {
		m := greyFrame(40 + 5*i)
		require.NoError(t, w.Write(m))
		m.Close()
	}
	require.NoError(t, w.Close())
	srv := httptest.NewServer(http.FileServer(http.Dir(dir)))
	defer srv.Close()

	var statuses []Status
	src, err := Open(context.Background(), srv.URL+"/roll.avi", SourceOptions{Notify: func(s Status) { statuses = append(statuses, s) }})
	require.NoError(t, err)
	defer src.Close()
	levels, indexes, err := drainSource(t, src)
	assert.ErrorIs(t, err, io.EOF, "a file ends; it is not a camera to wait for")
	require.Len(t, indexes, 30)
	assert.Equal(t, 29, indexes[29])
	assert.InDelta(t, 40+5*29, levels[29], 6)
	assert.Empty(t, statuses, "nothing was lost")
}

func TestLiveStreamIsRetriedWhenItDropsAndResumes(t *testing.T) {
	matcheck.Check(t)
	greyJPEG := func(i int) []byte {
		m := greyFrame((4 * (i + 1)) % 250)
		defer m.Close()
		buf, err := gocv.IMEncode(gocv.JPEGFileExt, m)
		if err != nil {
			return nil // a frame the reader refuses, on the server's goroutine where a test may not stop
		}
		defer buf.Close()
		return append([]byte(nil), buf.GetBytes()...)
	}
	// The first connection sends 20 frames and drops, the camera refuses
	// once, and comes back.
	cam := streamtest.NewCamera(greyJPEG, 20, -1, 500)
	srv := httptest.NewServer(cam)
	defer srv.Close()

	statuses := make(chan Status, 10)
	src, err := Open(context.Background(), srv.URL+"/video.mjpg", SourceOptions{Notify: func(s Status) { statuses <- s }})
	require.NoError(t, err)
	defer src.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var last int
	for range 40 {
		fr, err := src.Next(ctx)
		require.NoError(t, err, "a live stream does not end when it drops")
		last = fr.Index
		fr.Close()
	}
	assert.GreaterOrEqual(t, last, 39, "frames run on across the outage")
	require.GreaterOrEqual(t, len(statuses), 2)
	lost := <-statuses
	assert.True(t, lost.Lost)
	assert.Positive(t, lost.Retry)
	var back bool
	for len(statuses) > 0 {
		back = !(<-statuses).Lost
	}
	assert.True(t, back, "the stream was reported back")
}
