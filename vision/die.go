// Package vision turns a camera frame into dice: where each die lies, which
// face it shows, and how sure the reading is.
//
// A Reader proposes places that may hold a die in three ways: top faces of
// pips (small round blobs linked along the die body, segment.go, pips.go,
// faces.go), blobs that differ from the tray colour (segment.go) and, where
// calibration turned it on, the learned detector of vision/detect. The
// classifier of vision/model reads each proposal (classifier.go), and decide.go
// keeps one reading per die, asking a person whenever the cues disagree or
// the model is unsure: a confident wrong value is the worst outcome. Poker
// and logo faces are read by the face templates of a calibrated profile
// (templates.go). Score and the dataset folders (score.go, dataset.go) measure
// all this the way ../shared/datasets/README.md defines.
package vision

import "image"

// Die is one die found in a frame.
type Die struct {
	Value      int            // 1..6 (poker dice: rank 9=1 ... A=6)
	Face       string         // "3", or "J" for poker faces
	Center     image.Point    // pixels in the frame
	Box        [4]image.Point // rotated box corners, clockwise
	Confidence float64        // 0..1
	Uncertain  bool           // a person should confirm this die
}
