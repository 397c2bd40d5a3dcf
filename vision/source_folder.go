package vision

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"gocv.io/x/gocv"
)

// folder replays a folder of images in name order, as a recorded camera.
type folder struct {
	paths []string
	next  int
}

func (f *folder) grab(dst *gocv.Mat) error {
	if f.next >= len(f.paths) {
		return io.EOF
	}
	p := f.paths[f.next]
	f.next++
	m, err := ReadImage(p)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("frame %d of the folder: %w: the folder was moved or emptied while it was replayed", f.next, err)
	}
	if err != nil {
		return fmt.Errorf("frame %d of the folder: %w; or remove it from the folder", f.next, err)
	}
	defer m.Close()
	m.CopyTo(dst)
	return nil
}

func (f *folder) close() error { return nil }

func openFolder(ctx context.Context, dir string, opts SourceOptions) (Source, error) {
	paths, err := ImagesIn(dir)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("open folder %s: it holds no images (.jpg, .png, ...)", dir)
	}
	return startFeed(ctx, &folder{paths: paths}, feedConfig{fps: opts.fps(), live: opts.Live}), nil
}

// ImagesIn lists the images in dir in name order, the order a folder source
// replays them in.
func ImagesIn(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("open folder %s: %w", dir, err)
	}
	var paths []string
	for _, e := range entries {
		if !e.IsDir() && imageExts[strings.ToLower(filepath.Ext(e.Name()))] {
			paths = append(paths, filepath.Join(dir, e.Name()))
		}
	}
	sort.Strings(paths)
	return paths, nil
}

// still shows one image over and over, as a camera sees a tray nobody
// touches, so a watcher can see the dice settle.
type still struct {
	img  gocv.Mat
	left int
}

func (s *still) grab(dst *gocv.Mat) error {
	if s.left <= 0 {
		return io.EOF
	}
	s.left--
	s.img.CopyTo(dst)
	return nil
}

func (s *still) close() error { return s.img.Close() }

func openImage(ctx context.Context, path string, opts SourceOptions) (Source, error) {
	img, err := ReadImage(path)
	if err != nil {
		return nil, err
	}
	hold := opts.Hold
	if hold <= 0 {
		hold = time.Second
	}
	n := max(1, int(hold.Seconds()*opts.fps()))
	return startFeed(ctx, &still{img: img, left: n}, feedConfig{fps: opts.fps(), live: opts.Live}), nil
}
