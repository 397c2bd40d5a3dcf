package live

import (
	"context"
	"errors"
	"fmt"
	"image"
	"sync"

	"github.com/dicecam/dicecam/calibrate"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/scoreboard"
)

// Calibrator is the scoreboard.Calibrator of a real camera: it runs
// calibrate.Guide on the camera of a Feed for the page, saves the profile at
// the end and has the feed read with it.
type Calibrator struct {
	feed  *Feed
	path  string // where the profile is saved
	faces rules.Faces

	mu    sync.Mutex // one step at a time
	guide *calibrate.Guide
	read  string // the check step's last read
}

// NewCalibrator calibrates the camera of feed for dice with faces, and
// saves the profile at path.
func NewCalibrator(feed *Feed, path string, faces rules.Faces) *Calibrator {
	return &Calibrator{feed: feed, path: path, faces: faces}
}

// Close ends a calibration left running.
func (c *Calibrator) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stop()
	return nil
}

func (c *Calibrator) stop() {
	if c.guide != nil {
		c.guide.Close()
		c.guide = nil
	}
	c.read = ""
	c.feed.keepFrames(false)
}

// Calibrate implements scoreboard.Calibrator.
func (c *Calibrator) Calibrate(ctx context.Context, a scoreboard.CalibrationAction) (scoreboard.Calibration, error) {
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
		return scoreboard.Calibration{}, nil
	}
	if c.guide == nil {
		return scoreboard.Calibration{}, errors.New(`no calibration is running: start one with {"do": "start"}`)
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
		_, err = c.guide.SetTray(image.Rect(a.Tray[0], a.Tray[1], a.Tray[2], a.Tray[3]))
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
		return scoreboard.Calibration{Step: string(calibrate.StepDone), Prompt: "Calibration saved; the camera reads with it now.", Saved: c.path}, nil
	}
	return c.view(), nil
}

// capture takes the camera's picture for the step, or in the check step
// reads a roll with what the guide has learned, for the person to judge.
func (c *Calibrator) capture(ctx context.Context) error {
	frame, err := c.feed.Snapshot(ctx)
	defer frame.Close()
	if err != nil {
		return err
	}
	if c.guide.Step().Kind != calibrate.StepCheck {
		_, err = c.guide.Capture(frame)
		return err
	}
	c.read, err = c.guide.Read(frame)
	return err
}

func (c *Calibrator) view() scoreboard.Calibration {
	s := c.guide.Step()
	return scoreboard.Calibration{
		Active: true, Step: string(s.Kind), Prompt: s.Prompt, Warnings: s.Warnings,
		Tray: [4]int{s.Tray.Min.X, s.Tray.Min.Y, s.Tray.Max.X, s.Tray.Max.Y},
		Done: s.Done, Total: s.Total, Read: c.read,
	}
}
