package calibrate

import (
	"errors"
	"fmt"
	"image"
	"strings"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
)

// StepKind names a step of the guided calibration.
type StepKind string

const (
	StepEmptyTray StepKind = "empty-tray" // the tray with nothing in it
	StepDice      StepKind = "dice"       // the dice laid out apart
	StepFaces     StepKind = "faces"      // one special face at a time
	StepCheck     StepKind = "check"      // rolls read back and confirmed
	StepDone      StepKind = "done"
)

// Step is what the guide asks of the person now, and what it made of the
// last picture. A page or a terminal shows Prompt and Warnings, draws Tray,
// and answers with Capture, SetTray, Accept or Check.
type Step struct {
	Kind   StepKind `json:"kind"`
	Prompt string   `json:"prompt"`
	// Warnings are about the last capture; while there are any the step
	// stays, for the person to fix and capture again, or to Accept.
	Warnings []string `json:"warnings,omitempty"`
	// Tray is the part of the frame the reader will look at, found from the
	// empty tray; the person may correct it with SetTray.
	Tray image.Rectangle `json:"tray"`
	// Face and Value are the special face to show in StepFaces.
	Face  string `json:"face,omitempty"`
	Value int    `json:"value,omitempty"`
	// Done of Total is the progress through a step of several captures
	// (faces) or rolls (check).
	Done  int `json:"done"`
	Total int `json:"total"`
}

// GuideOptions say what dice set is being calibrated.
type GuideOptions struct {
	Faces rules.Faces
	Dice  int // dice laid out in the dice step; zero means five
	// Logo is the value of a face that shows a logo instead of pips (often
	// 1); zero when the dice have none.
	Logo   int
	Checks int // rolls to confirm in the check step; zero means three
}

// Guide walks a person through calibrating one table, camera and dice set.
// It is UI-agnostic: it takes frames and answers and says what to ask next.
// It owns a copy of the empty tray and, in the check step, a reader, so it
// must be Closed.
type Guide struct {
	opts    GuideOptions
	profile vision.Profile
	step    Step
	empty   gocv.Mat       // the empty tray, for telling dice from table
	reader  *vision.Reader // reads the check step's rolls with profile
	faces   []faceWanted
	pending func() // what Accept keeps despite the warnings
	wrong   int    // reads the person rejected in the check step
}

type faceWanted struct {
	label string
	value int
}

// NewGuide starts a calibration at the empty-tray step.
func NewGuide(opts GuideOptions) *Guide {
	if opts.Dice <= 0 {
		opts.Dice = 5
	}
	if opts.Checks <= 0 {
		opts.Checks = 3
	}
	g := &Guide{opts: opts, profile: *vision.DefaultProfile(), empty: gocv.NewMat()}
	g.profile.Faces = opts.Faces
	if opts.Faces == rules.PokerFaces {
		for f := rules.Face(1); f <= 6; f++ {
			g.faces = append(g.faces, faceWanted{opts.Faces.Label(f), int(f)})
		}
	} else if opts.Logo >= 1 && opts.Logo <= 6 {
		g.faces = append(g.faces, faceWanted{"logo", opts.Logo})
	}
	g.step = Step{Kind: StepEmptyTray, Prompt: "Clear the tray of dice and hands, then capture."}
	return g
}

// Close frees the guide's copy of the empty tray and its reader.
func (g *Guide) Close() error {
	err := g.empty.Close()
	if g.reader != nil {
		err = errors.Join(err, g.reader.Close())
		g.reader = nil
	}
	return err
}

// Step is what the guide asks for now.
func (g *Guide) Step() Step { return g.step }

// Profile is a copy of what the guide has learned so far; in the check step
// it is the profile to read the rolls with.
func (g *Guide) Profile() *vision.Profile {
	p := g.profile
	p.Templates = append([]vision.FaceTemplate(nil), g.profile.Templates...)
	return &p
}

// Capture uses frame, a BGR picture from the camera, for the current step.
// It neither keeps nor closes frame.
func (g *Guide) Capture(frame gocv.Mat) (Step, error) {
	if frame.Empty() || frame.Type() != gocv.MatTypeCV8UC3 {
		return g.step, errors.New("calibrate: the frame is empty or not an 8-bit colour picture")
	}
	var warnings []string
	var keep func()
	var err error
	switch g.step.Kind {
	case StepEmptyTray:
		warnings, keep, err = g.captureEmpty(frame)
	case StepDice:
		warnings, keep, err = g.captureDice(frame)
	case StepFaces:
		warnings, keep, err = g.captureFace(frame)
	default:
		return g.step, fmt.Errorf("calibrate: the %s step takes no picture", g.step.Kind)
	}
	if err != nil {
		return g.step, err
	}
	g.step.Warnings, g.pending = warnings, nil
	if len(warnings) == 0 {
		keep()
		g.advance()
	} else if keep != nil {
		g.pending = keep
	}
	return g.step, nil
}

// Accept keeps the last capture despite its warnings and moves on. It fails
// when the last capture could not be used at all.
func (g *Guide) Accept() (Step, error) {
	if g.pending == nil {
		return g.step, fmt.Errorf("calibrate: nothing to accept in the %s step: capture again", g.step.Kind)
	}
	g.pending()
	g.pending = nil
	g.advance()
	return g.step, nil
}

// SetTray corrects the tray region found from the empty tray.
func (g *Guide) SetTray(r image.Rectangle) (Step, error) {
	r = r.Canon()
	if g.empty.Empty() {
		return g.step, errors.New("calibrate: capture the empty tray before correcting its region")
	}
	frame := image.Rect(0, 0, g.empty.Cols(), g.empty.Rows())
	if r.Dx() < 32 || r.Dy() < 32 || !r.In(frame) {
		return g.step, fmt.Errorf("calibrate: tray %v must lie inside the %dx%d frame and be at least 32 pixels each way", r, frame.Dx(), frame.Dy())
	}
	g.profile.Tray = r
	g.step.Tray = r
	return g.step, nil
}

// Read reads the dice in frame, a BGR picture of a roll in the check step,
// with what the guide has learned, and says them as a person would: "1 3 3
// 5 6", or "no dice". It neither keeps nor closes frame.
func (g *Guide) Read(frame gocv.Mat) (string, error) {
	if g.step.Kind != StepCheck {
		return "", fmt.Errorf("calibrate: no roll to read in the %s step: capture instead", g.step.Kind)
	}
	if g.reader == nil {
		r, err := vision.NewReader(g.Profile())
		if err != nil {
			return "", fmt.Errorf("calibrate: %w", err)
		}
		g.reader = r
	}
	dice, err := g.reader.Read(frame)
	if err != nil {
		return "", fmt.Errorf("calibrate: %w", err)
	}
	if len(dice) == 0 {
		return "no dice", nil
	}
	faces := make([]string, len(dice))
	for i, d := range dice {
		faces[i] = d.Face
	}
	return strings.Join(faces, " "), nil
}

// Check answers the check step: whether Read read the last roll right.
func (g *Guide) Check(right bool) (Step, error) {
	if g.step.Kind != StepCheck {
		return g.step, fmt.Errorf("calibrate: no roll to check in the %s step", g.step.Kind)
	}
	g.step.Warnings = nil
	if !right {
		g.wrong++
		g.step.Warnings = []string{fmt.Sprintf("%d reads wrong so far: more even light, or the camera closer, helps; or start again", g.wrong)}
		return g.step, nil
	}
	g.step.Done++
	if g.step.Done >= g.step.Total {
		g.advance()
	}
	return g.step, nil
}

// advance moves to the step after the current one.
func (g *Guide) advance() {
	tray := g.profile.Tray
	switch {
	case g.step.Kind == StepEmptyTray:
		g.step = Step{Kind: StepDice, Tray: tray, Prompt: fmt.Sprintf(
			"Lay %d dice in the tray, apart from each other, the face with the most pips up, then capture.", g.opts.Dice)}
	case g.step.Kind == StepDice || g.step.Kind == StepFaces:
		done := 0
		if g.step.Kind == StepFaces {
			done = g.step.Done + 1
		}
		if done < len(g.faces) {
			f := g.faces[done]
			g.step = Step{Kind: StepFaces, Tray: tray, Face: f.label, Value: f.value, Done: done, Total: len(g.faces),
				Prompt: fmt.Sprintf("Put one die in the middle of the tray showing %s, the rest out of view, then capture.", f.label)}
			return
		}
		g.step = Step{Kind: StepCheck, Tray: tray, Total: g.opts.Checks,
			Prompt: "Roll the dice into the tray and say whether the read is right."}
	default:
		g.step = Step{Kind: StepDone, Tray: tray, Prompt: "Calibration is complete: save the profile."}
	}
}
