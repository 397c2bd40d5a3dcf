package calibrate

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"image"
	"io"
	"strings"

	"gocv.io/x/gocv"
)

// Terminal is what the terminal flow needs from its caller: the person at a
// terminal, and the camera.
type Terminal struct {
	In  io.Reader
	Out io.Writer
	// Frame returns the camera's newest frame; the flow closes it.
	Frame func(ctx context.Context) (gocv.Mat, error)
}

var errStopped = errors.New("calibration stopped before the end: nothing saved")

// RunTerminal walks the person through every step by prompts and Enter.
func (g *Guide) RunTerminal(ctx context.Context, t Terminal) error {
	lines := bufio.NewScanner(t.In)
	ask := func(format string, a ...any) (string, error) {
		fmt.Fprintf(t.Out, format, a...)
		if !lines.Scan() {
			return "", errors.Join(errStopped, lines.Err())
		}
		return strings.TrimSpace(lines.Text()), nil
	}
	for g.step.Kind != StepDone {
		if err := ctx.Err(); err != nil {
			return err
		}
		s := g.step
		prompt := s.Prompt + " Press Enter."
		switch {
		case len(s.Warnings) > 0 && g.pending != nil:
			prompt = "Fix it and press Enter to capture again, or type a and Enter to accept it as it is."
		case s.Kind == StepFaces:
			prompt = fmt.Sprintf("Face %d of %d: %s", s.Done+1, s.Total, prompt)
		case s.Kind == StepCheck:
			prompt = fmt.Sprintf("Check %d of %d: %s", s.Done+1, s.Total, prompt)
		}
		answer, err := ask("%s ", prompt)
		if err != nil {
			return err
		}
		if answer == "a" && g.pending != nil {
			_, err = g.Accept()
		} else {
			err = g.takeTerminal(ctx, t, ask)
		}
		if err != nil {
			return err
		}
		for _, w := range g.step.Warnings {
			fmt.Fprintf(t.Out, "  ! %s\n", w)
		}
		if s.Kind == StepEmptyTray && g.step.Kind == StepDice {
			if err := g.correctTray(t.Out, ask); err != nil {
				return err
			}
		}
	}
	fmt.Fprintln(t.Out, g.step.Prompt)
	return nil
}

// takeTerminal captures a frame for the step, or reads it for the check.
func (g *Guide) takeTerminal(ctx context.Context, t Terminal, ask func(string, ...any) (string, error)) error {
	frame, err := t.Frame(ctx)
	if err != nil {
		return fmt.Errorf("calibrate: take a frame: %w", err)
	}
	defer frame.Close()
	if g.step.Kind == StepCheck {
		return g.checkTerminal(frame, ask)
	}
	_, err = g.Capture(frame)
	return err
}

func (g *Guide) checkTerminal(frame gocv.Mat, ask func(string, ...any) (string, error)) error {
	faces, err := g.Read(frame)
	if err != nil {
		return err
	}
	answer, err := ask("  read: %s. Right? [y/n] ", faces)
	if err != nil {
		return err
	}
	_, err = g.Check(strings.HasPrefix(strings.ToLower(answer), "y"))
	return err
}

// correctTray shows the tray found in the empty frame and takes a correction.
func (g *Guide) correctTray(out io.Writer, ask func(string, ...any) (string, error)) error {
	for {
		r := g.step.Tray
		answer, err := ask("  tray found at %d,%d to %d,%d. Enter keeps it; or type x0,y0,x1,y1 to correct it: ", r.Min.X, r.Min.Y, r.Max.X, r.Max.Y)
		if err != nil || answer == "" {
			return err
		}
		var t image.Rectangle
		if _, err := fmt.Sscanf(answer, "%d,%d,%d,%d", &t.Min.X, &t.Min.Y, &t.Max.X, &t.Max.Y); err != nil {
			fmt.Fprintln(out, "  ! want four numbers, e.g. 80,60,560,420")
			continue
		}
		if _, err := g.SetTray(t); err != nil {
			fmt.Fprintf(out, "  ! %v\n", err)
		}
	}
}
