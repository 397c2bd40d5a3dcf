package scoreboard

import "context"

// Calibrator drives the guided calibration from the page: dicecam play
// backs it with the camera (package live); tests use a fake.
type Calibrator interface {
	Calibrate(ctx context.Context, a CalibrationAction) (Calibration, error)
}

// CalibrationAction is what the person did on the calibration panel.
type CalibrationAction struct {
	// Do is "start", "capture" (take the camera's picture for the step, or
	// read a roll in the check step), "accept" (keep a capture despite its
	// warnings), "right" or "wrong" (the check step's read), "tray" (set
	// the tray region) or "cancel".
	Do   string `json:"do"`
	Tray [4]int `json:"tray"` // [left, top, right, bottom] in frame pixels, as in a profile
}

// Calibration is where the calibration stands, as the page shows it.
type Calibration struct {
	Active   bool     `json:"active"`
	Step     string   `json:"step"` // empty-tray, dice, faces, check, done
	Prompt   string   `json:"prompt"`
	Warnings []string `json:"warnings"`
	Tray     [4]int   `json:"tray"` // [left, top, right, bottom] in frame pixels
	Done     int      `json:"done"`
	Total    int      `json:"total"`
	Read     string   `json:"read,omitempty"`  // check step: the dice as read, for the person to judge
	Saved    string   `json:"saved,omitempty"` // where the finished profile went
}
