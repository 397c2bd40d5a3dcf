package vision

import (
	"context"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gocv.io/x/gocv"
)

// Frame is one picture from a Source. It owns its Mat: whoever receives a
// Frame closes it.
type Frame struct {
	Mat   gocv.Mat
	Index int           // 0-based, in the source's own order
	Time  time.Duration // since the source's first frame
}

// Close releases the frame's Mat.
func (f *Frame) Close() error { return f.Mat.Close() }

// Source hands out frames one at a time. Next returns io.EOF after the last
// frame of a recording; a camera never ends by itself.
type Source interface {
	Next(ctx context.Context) (Frame, error)
	Close() error
}

// SourceOptions are what may be asked of a source. The zero value is usable.
type SourceOptions struct {
	// FPS is the rate at which a folder of images or a still image is
	// replayed, and the rate asked of a camera. Zero means 30.
	FPS float64
	// Size is the frame size asked of a camera; zero leaves the camera's own.
	Size image.Point
	// Live makes a recording behave like a camera: frames come at FPS and a
	// slow reader skips to the newest one. Cameras and URLs are always live.
	Live bool
	// Notify, when set, hears of a camera lost and found again.
	Notify func(Status)
	// Hold is how long a single image is shown, as a camera would see a
	// still tray. Zero means one second.
	Hold time.Duration
	// Ready, when set, says whether the table is ready for the next roll:
	// the demo waits for it, as DemoOptions.Ready says.
	Ready func() bool
}

func (o SourceOptions) fps() float64 {
	if o.FPS <= 0 {
		return 30
	}
	return o.FPS
}

// Status is a change in a live source's connection.
type Status struct {
	Lost  bool          // false when frames come again
	Err   error         // why the source was lost
	Retry time.Duration // how long until the next attempt
}

func (s Status) String() string {
	if !s.Lost {
		return "camera is back"
	}
	return fmt.Sprintf("camera lost (%v); retrying in %v", s.Err, s.Retry)
}

var (
	cameraIndex = regexp.MustCompile(`^[0-9]+$`)
	cameraPath  = regexp.MustCompile(`^/dev/video([0-9]+)$`)
	imageExts   = map[string]bool{".jpg": true, ".jpeg": true, ".png": true, ".bmp": true, ".webp": true, ".tif": true, ".tiff": true}
)

// Open opens the source a person names on the command line: "demo", a camera
// index ("0") or device ("/dev/video2"), a network URL (a live rtsp:// or
// MJPEG stream, retried when it drops, or a video file served over http://,
// which ends), a folder of images, a single image, or a video file.
func Open(ctx context.Context, spec string, opts SourceOptions) (Source, error) {
	switch {
	case spec == "":
		return nil, errors.New("no source given: name a camera (--source 0), a video file or a folder of images")
	case spec == "demo":
		return NewDemo(DemoOptions{FPS: opts.fps(), Live: true, Ready: opts.Ready}), nil
	case cameraIndex.MatchString(spec):
		n, err := strconv.Atoi(spec)
		if err != nil {
			return nil, fmt.Errorf("camera %q: %w", spec, err)
		}
		return openCamera(ctx, n, opts)
	case cameraPath.MatchString(spec):
		n, _ := strconv.Atoi(cameraPath.FindStringSubmatch(spec)[1])
		return openCamera(ctx, n, opts)
	case strings.Contains(spec, "://"):
		return openURL(ctx, spec, opts)
	}
	info, err := os.Stat(spec)
	if err != nil {
		return nil, fmt.Errorf("open source %s: %w (give a camera index such as 0, a video file, a folder of images or an image)", spec, err)
	}
	if info.IsDir() {
		return openFolder(ctx, spec, opts)
	}
	if imageExts[strings.ToLower(filepath.Ext(spec))] {
		return openImage(ctx, spec, opts)
	}
	return openVideo(ctx, spec, opts)
}
