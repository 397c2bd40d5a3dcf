// Package synth renders pictures of dice in a tray, with the truth of what
// is in them, so dicecam's reader can be tested where no camera exists and
// a die finder trained where few photographs do.
//
// A Scene describes a picture: the table (Felt, Wood, Cloth, Desk, with or
// without a Tray), the camera's Tilt, the Light (shadows, a brightness
// Gradient, Glare spots), Defocus, and the Dice: each with a value, what
// its Faces show (Pips, Poker, Logo, Blank), a place, size, rotation and a
// Style (colour, pips, Solid, Marbled, Translucent or Smoky body), and a
// Motion streak for a die caught moving. Hands reach into the picture for
// sequences.
//
//	img, truth, err := synth.Render(scene, seed)
//	if err != nil { ... }
//	defer img.Close() // the caller owns the Mat
//
// Render returns an 8-bit BGR gocv.Mat that the caller must Close, and a
// Truth: for every die in view its value, face label, the centre of its top
// face, the face's four corners as seen (a Quad), the share of it that
// shows past whatever covers it, and the box around the whole die as seen
// (side faces included); and the boxes of the Props in view. The same
// scene and seed always give the same picture.
//
// Fixtures returns the still-picture cases committed in testdata/fixtures;
// Sequences returns the recorded sequences in testdata/sequences: frames
// at 30 fps of dice rolling in, settling, a hand reaching in, a die nudged
// or picked up and put back, dice removed, with the truth per frame and the
// rolls a watcher should report. RandomScene makes varied scenes for bulk
// training pictures. cmd/dicegen writes all of them to disk.
//
// A Corpus draws domain-randomised training scenes, each a Sample that
// names the families it was drawn from: a table family (the surface from
// Baize to Abstract, drawn in a Cover's colours, and the shape of a tray's
// Walls: "felt-hex"), each die's look family ("gold-on-black") and design
// family ("poker-cards"). Cameras tilt up to MaxTilt with phone and webcam
// lenses, and their Optics balance, vignette, shake, sharpen and stretch;
// 1 to MaxDice dice lie touching or stacked, their top faces MinDieSide to
// MaxDieSide px across, among other dice (D4 to D20, NumeralD6), tokens,
// cards, paper and pencils that are no dice, and hands. CorpusOptions hold
// families out of training or draw only them for measuring, and give real
// dice to paste: CutOut cuts one from a labelled photograph. New scene
// fields are zero in the scenes above, which keeps their pictures as they
// were.
//
// Positions and sizes are in pixels. A die's X and Y are where the camera
// sees the table under its centre; its Size is its edge as it would look
// lying at the table's centre, so a tilted camera shrinks far dice and
// the top face of a large die looks a little bigger than Size.
package synth
