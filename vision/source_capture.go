package vision

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	neturl "net/url"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"

	"gocv.io/x/gocv"
)

// capture reads a camera, a network stream or a video file through OpenCV.
type capture struct {
	vc *gocv.VideoCapture
	// ended is what a failed read means: io.EOF for a file, a lost
	// connection for a camera.
	ended error
}

func (c *capture) grab(dst *gocv.Mat) error {
	if !c.vc.Read(dst) || dst.Empty() {
		return c.ended
	}
	return nil
}

func (c *capture) close() error { return c.vc.Close() }

var errCameraStopped = errors.New("no frame came from the camera")

func openCamera(ctx context.Context, n int, opts SourceOptions) (Source, error) {
	open := func() (grabber, error) {
		// OpenCV prints warnings of its own when asked for a camera that is
		// not there; on Linux the device file tells first, quietly.
		if runtime.GOOS == "linux" {
			if _, err := os.Stat(fmt.Sprintf("/dev/video%d", n)); err != nil {
				return nil, missingCamera(n)
			}
		}
		vc, err := gocv.VideoCaptureDevice(n)
		if err != nil || !vc.IsOpened() {
			vc.Close()
			return nil, missingCamera(n)
		}
		if opts.Size.X > 0 && opts.Size.Y > 0 {
			vc.Set(gocv.VideoCaptureFrameWidth, float64(opts.Size.X))
			vc.Set(gocv.VideoCaptureFrameHeight, float64(opts.Size.Y))
		}
		if opts.FPS > 0 {
			vc.Set(gocv.VideoCaptureFPS, opts.FPS)
		}
		return &capture{vc: vc, ended: errCameraStopped}, nil
	}
	g, err := open()
	if err != nil {
		return nil, err
	}
	return startFeed(ctx, g, feedConfig{fps: opts.fps(), live: true, camera: true, reopen: open, notify: opts.Notify}), nil
}

// missingCamera says which cameras the machine has, and how to do without.
func missingCamera(n int) error {
	devs, _ := filepath.Glob("/dev/video*")
	have := "this machine has no /dev/video* devices"
	if len(devs) > 0 {
		have = "devices present: " + strings.Join(devs, ", ")
	}
	return fmt.Errorf("open camera %d: no camera answers at that index (%s); "+
		"to read a recording instead use --source path/to/video.mp4 or --source path/to/folder, or --source demo", n, have)
}

// openURL opens a network source. A live stream (RTSP, an MJPEG camera) is
// watched like a camera and retried when it drops; a recording served over
// HTTP is played to its end like a video file.
func openURL(ctx context.Context, url string, opts SourceOptions) (Source, error) {
	open := func() (*capture, error) {
		vc, err := gocv.VideoCaptureFileWithAPI(url, gocv.VideoCaptureFFmpeg)
		if err != nil || !vc.IsOpened() {
			vc.Close()
			return nil, fmt.Errorf("open stream %s: OpenCV's FFmpeg backend could not connect; check the address in a browser or with ffplay", url)
		}
		return &capture{vc: vc, ended: errCameraStopped}, nil
	}
	c, err := open()
	if err != nil {
		return nil, err
	}
	if recorded(c.vc, url) {
		c.ended = io.EOF
		return startFeed(ctx, c, feedConfig{fps: videoFPS(c.vc, opts), live: opts.Live}), nil
	}
	reopen := func() (grabber, error) {
		c, err := open()
		if err != nil {
			return nil, err
		}
		return c, nil
	}
	return startFeed(ctx, c, feedConfig{fps: opts.fps(), live: true, camera: true, reopen: reopen, notify: opts.Notify}), nil
}

// videoExts are the names of files a server may hand out whole.
var videoExts = map[string]bool{".mp4": true, ".m4v": true, ".mov": true, ".avi": true, ".mkv": true, ".webm": true, ".mpg": true, ".mpeg": true, ".wmv": true, ".flv": true}

// recorded says whether an opened URL is a recording with an end rather than
// a live stream: FFmpeg counts the frames of a file, never of a live MJPEG
// or RTSP stream; failing a count, the file's name tells.
func recorded(vc *gocv.VideoCapture, url string) bool {
	u, err := neturl.Parse(url)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" {
		return false
	}
	if n := vc.Get(gocv.VideoCaptureFrameCount); n > 0 && n < math.MaxInt32 {
		return true
	}
	return videoExts[strings.ToLower(path.Ext(u.Path))]
}

// videoFPS is a video's own frame rate, or the one asked for when the file
// does not say.
func videoFPS(vc *gocv.VideoCapture, opts SourceOptions) float64 {
	if fps := vc.Get(gocv.VideoCaptureFPS); fps > 0 && fps <= 1000 {
		return fps
	}
	return opts.fps()
}

func openVideo(ctx context.Context, path string, opts SourceOptions) (Source, error) {
	vc, err := gocv.VideoCaptureFile(path)
	if err != nil || !vc.IsOpened() {
		vc.Close()
		if problem := videoProblem(path); problem != "" {
			return nil, fmt.Errorf("open video %s: %s; copy or record it again", path, problem)
		}
		return nil, fmt.Errorf("open video %s: OpenCV cannot decode it; convert it to MP4 (H.264) or MJPEG AVI, or give a folder of images", path)
	}
	return startFeed(ctx, &capture{vc: vc, ended: io.EOF}, feedConfig{fps: videoFPS(vc, opts), live: opts.Live}), nil
}
