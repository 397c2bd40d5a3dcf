// Package vision turns a camera frame into dice: where each die lies, which
// face it shows, and how sure the reading is.
//
// A Reader reads a frame with two searches. The learned detector of
// vision/detect proposes every die it sees and the face model of
// vision/model reads each (found.go). The classical search proposes top
// faces of pips (small round blobs linked along the die body: segment.go,
// pips.go, faces.go) and blobs that differ from the tray colour
// (segment.go), and decide.go keeps one reading per die from those cues.
// The detector's dice are the reading; the classical one is a second
// opinion on their values and adds the dice the detector missed
// (secondOpinion); pip-sized unsure reads left over are dropped
// (withoutPips). Without a profile the detector settles the dice's size
// itself: pips it takes for dice give way to the dice they lie on where the
// model reads those more surely (overPips), and a huddle of small dice it
// takes for one large die is looked at again (huddle), as is a face of the
// pip search holding smaller dice the detector found (withoutDiceApart).
// A die the model reads unsure is read with confidence where the pips
// counted in its box agree with that face (pipsAgree, layout.go) and the
// model is sure it is a die. A profile may ask for the detector alone
// (DetectorOnly). A person is asked whenever the cues disagree or the
// model is unsure: a confident wrong value is the worst outcome. Poker dice
// are read by a poker face model and the face templates of a calibrated
// profile (poker.go, templates.go); a logo in place of a face by the
// templates. A calibrated profile may hold a Head, the face model's last
// layer refitted to the set's own dice (head.go). Accuracy and the
// labelled folders (accuracy.go, dataset.go) measure all this the way
// ../shared/datasets/README.md defines.
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

	// askedBy is the rule that asked about the die after the model and
	// its pips let it stand, NoRule where none did: Explain reports it,
	// which no measure of the die alone can tell.
	askedBy Rule
}
