package scoreboard

import (
	"context"
	"errors"
	"fmt"
	"image"
	"strings"
	"sync"

	"github.com/dicecam/dicecam/calibrate"
	"github.com/dicecam/dicecam/vision"
)

// GuideCalibrator runs calibrate.Guide on the camera of a VisionFeed for
// the page, saves the profile at the end and has the feed read with it.
type GuideCalibrator struct {
	feed  *VisionFeed
	path  string // where the profile is saved
	faces string // calibrate.PipFaces or PokerFaces

	mu    sync.Mutex // one step at a time
	guide *calibrate.Guide
	read  string // the check step's last read
}

// NewGuideCalibrator calibrates feed's camera and saves the profile at path.
func NewGuideCalibrator(feed *VisionFeed, path, faces string) *GuideCalibrator {
	return &GuideCalibrator{feed: feed, path: path, faces: faces}
}

// Close ends a calibration left running.
func (c *GuideCalibrator) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stop()
	return nil
}

func (c *GuideCalibrator) stop() {
	if c.guide != nil {
		c.guide.Close()
		c.guide = nil
	}
	c.read = ""
	c.feed.keepFrames(false)
}

// Calibrate implements Calibrator.
func (c *GuideCalibrator) Calibrate(ctx context.Context, a CalibrationAction) (Calibration, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if a.Do == "start" {
		c.stop()
		c.guide = calibrate.NewGuide(calibrate.GuideOptions{Faces: c.faces})
		c.feed.keepFrames(true)
		return c.view(), nil
	}
	if a.Do == "cancel" {
		c.stop()
		return Calibration{}, nil
	}
	if c.guide == nil {
		return Calibration{}, errors.New(`no calibration is running: start one with {"do": "start"}`)
	}
	var err error
	switch a.Do {
	case "capture":
		err = c.capture(ctx)
	case "accept":
		_, err = c.guide.Accept()
	case "right", "wrong":
		_, err = c.guide.Check(a.Do == "right")
		c.read = ""
	case "tray":
		_, err = c.guide.SetTray(a.Tray.Rectangle)
	default:
		err = fmt.Errorf("unknown calibration step %q: use start, capture, accept, right, wrong, tray or cancel", a.Do)
	}
	if err != nil {
		return c.view(), err
	}
	if c.guide.Step().Kind == calibrate.StepDone {
		p := c.guide.Profile()
		if err := p.Save(c.path); err != nil {
			return c.view(), err
		}
		c.feed.UseProfile(p)
		c.stop()
		return Calibration{Step: string(calibrate.StepDone), Prompt: "Calibration saved; the camera reads with it now.", Saved: c.path}, nil
	}
	return c.view(), nil
}

// capture takes the camera's picture for the step, or in the check step
// reads a roll with what the guide has learned, for the person to judge.
func (c *GuideCalibrator) capture(ctx context.Context) error {
	frame, err := c.feed.Snapshot(ctx)
	defer frame.Close()
	if err != nil {
		return err
	}
	if c.guide.Step().Kind != calibrate.StepCheck {
		_, err = c.guide.Capture(frame)
		return err
	}
	r, err := vision.NewReader(c.guide.Profile())
	if err != nil {
		return err
	}
	defer r.Close()
	dice, err := r.Read(frame)
	if err != nil {
		return err
	}
	faces := make([]string, len(dice))
	for i, d := range dice {
		faces[i] = d.Face
	}
	c.read = strings.Join(faces, " ")
	if c.read == "" {
		c.read = "no dice"
	}
	return nil
}

func (c *GuideCalibrator) view() Calibration {
	s := c.guide.Step()
	return Calibration{
		Active: true, Step: string(s.Kind), Prompt: s.Prompt, Warnings: s.Warnings, Tray: calibrate.Rect{Rectangle: rectOf(s.Tray)},
		Done: s.Done, Total: s.Total, Read: c.read,
	}
}

// rectOf takes the guide's tray as either type it has had: a plain
// image.Rectangle, or the profile's Rect that writes itself as four numbers.
func rectOf(v any) image.Rectangle {
	switch r := v.(type) {
	case image.Rectangle:
		return r
	case calibrate.Rect:
		return r.Rectangle
	}
	return image.Rectangle{}
}
