package synth

import (
	"fmt"
	"image"
	"image/color"
)

// Surface is what the table or the tray's floor is made of.
type Surface int

const (
	Felt  Surface = iota // grey felt, as in a dice tray
	Wood                 // dark varnished wood
	Cloth                // dark woven cloth
	Desk                 // light wooden desk, as under a webcam

	// The corpus's surfaces, each drawn in the colours and pattern of a Cover.
	Baize    // felt of any colour
	Leather  // pebbled leather
	Grain    // wooden boards of any colour
	Weave    // cloth woven of two colours
	Paper    // plain, ruled or squared paper
	Painted  // a painted table: brush streaks, chips showing another coat
	Board    // a game board: coloured printed spaces, some dotted like a die
	Pattern  // printed cloth: checks, stripes, dots, tartan, flowers
	Abstract // no surface at all: random colours, for domain randomisation
)

// Cover is how one of the corpus's surfaces looks.
type Cover struct {
	Colour, Second color.RGBA
	Scale          float64 // size of the pattern in pixels at the table's centre: a board's space, a check, a plank, a pebble
	Angle          float64 // direction of grain, weave, stripes and grid, degrees
	Motif          int     // variant: Board's square or hex spaces; Pattern's checks, stripes, dots, tartan, flowers; Paper's plain, ruled, squared
	Seed           uint64  // which spaces, planks and flowers get which colours and marks
}

// Walls are a tray of any regular shape, standing on the table: a floor of
// its own, walls whose shadows fall on the floor, and a rim.
type Walls struct {
	Sides  int     // 4 for a square tray, 6 for a hexagonal one; 0 for none
	X, Y   float64 // the floor's centre on the table, in pixels from the picture's centre as seen at the table
	Radius float64 // from the centre to a corner of the floor
	Aspect float64 // width over depth before turning; 0 means 1
	Angle  float64 // turn about the vertical, degrees
	Height float64 // of the walls above the floor
	Thick  float64 // of the walls, as the rim shows it
	Colour color.RGBA
	Rim    color.RGBA
	Floor  Surface // Baize or after
	Cover  Cover   // the floor's looks
}

// Optics is what a phone or webcam does to a picture besides Defocus and
// Noise; the zero Optics does nothing.
type Optics struct {
	Balance    [3]float64  // white balance: gains of red, green and blue; a zero gain means 1
	Saturation float64     // colour saturation; 0 means 1
	Vignette   float64     // darkening of the corners, 0 to about 0.6
	Shake      image.Point // streak of camera motion over the exposure, pixels
	Sharpen    float64     // unsharp masking, 0 to about 1.5, as phones apply
	// Stretch is how much wider the delivered picture is than what the
	// sensor saw: 4/3 for a webcam that sends 4:3 as 16:9, 3/4 for 4:3
	// squeezed to 640x480 sent as square. Scene sizes and positions are the
	// sensor's; 0 means 1.
	Stretch float64
}

// Faces says what the faces of a die show.
type Faces int

const (
	Pips  Faces = iota // the usual pips, 1 to 6
	Poker              // 9, 10, J, Q, K, A for values 1 to 6
	Logo               // pips, but the 1 face shows a maker's logo
	Blank              // no marks on any face: a blank die, whose value is not defined
	// Numerals shows the digits 1 to 6: a die the reader must not read, as a
	// numeral d6 is not one of a game's pip dice.
	Numerals
)

// Design is which drawing of a kind of face a die carries: poker dice and
// logos come in several.
type Design int

const (
	Letters Design = iota // poker: 9, 10, J, Q, K, A printed in a frame; logo: a star in a ring
	Cards                 // poker: 9 and 10 as dots, J, Q, K as figures, A as a spade; logo: a casino's ring of dashes
	Corner                // poker: a letter and a small suit in the corner; logo: a word in a box
)

// Label returns the name of the face with value v: "3" for pips, "K" for a
// poker die, "logo" for the 1 face of a Logo die.
func (f Faces) Label(v int) string {
	switch {
	case f == Poker && v >= 1 && v <= 6:
		return [...]string{"9", "10", "J", "Q", "K", "A"}[v-1]
	case f == Logo && v == 1:
		return "logo"
	case f == Blank:
		return "blank"
	}
	return fmt.Sprint(v)
}

// Body is the look of a die's material.
type Body int

const (
	Solid       Body = iota // one opaque colour
	Marbled                 // two colours swirled together
	Translucent             // the table shows through
	// Smoky is a dark translucent body through which the pips of the
	// bottom face show faintly, mirrored: a 2 seems to have a centre pip.
	Smoky
)

// Die is one die in a scene.
type Die struct {
	Value int     // the top face, 1 to 6
	Faces Faces   // what the faces show
	X, Y  float64 // where the die stands: the pixel at which the camera sees the table under its centre
	Size  float64 // edge length in pixels as seen at the table's centre
	Angle float64 // rotation about the vertical, in degrees

	Colour, Pip color.RGBA // body and pip colours
	Body        Body
	Vein        color.RGBA // second colour of a Marbled body

	Lift   float64     // height above the table, for a bouncing die
	Motion image.Point // blur streak in pixels over the exposure; zero for a still die
	Moving bool        // the die is in motion in this frame (for sequences)

	// The corpus's variety; zero values keep the looks above.
	Round   float64    // corner radius as a share of the edge: 0 means 0.2, 0.04 a sharp casino die
	PipSize float64    // pip radius as a share of the edge; 0 means 0.092
	Accent  color.RGBA // pips of the 1 and 4 faces, larger on the 1, as on Asian dice; zero: Pip
	Design  Design     // which drawing of poker or logo faces
	Ghost   float64    // strength, 0 to 1, of hidden faces' pips seen through a see-through body; 0: only Smoky's own
	Stacked bool       // rests on another die, Lift being that die's height
	Paste   *Paste     // a photographed die pasted in its place instead of a drawn one
}

// Light is how the scene is lit.
type Light struct {
	Azimuth  float64 // where the light comes from, degrees clockwise from the image's top
	Shadow   float64 // darkness of cast shadows, 0 (none) to 1
	Length   float64 // shadow length as a fraction of the die size
	Gradient float64 // brightness change across the image, 0 (even) to about 0.7
	Glare    int     // number of small specular spots on dice
	Level    float64 // overall brightness factor; 0 means 1
}

// Hand is a hand with its forearm reaching into the picture.
type Hand struct {
	X, Y  float64    // the palm's centre in pixels
	Size  float64    // palm width in pixels
	From  float64    // direction the arm comes from, degrees clockwise from the image's top
	Skin  color.RGBA // skin colour; zero means a default
	Blur  float64    // motion streak length in pixels along the arm
	Grasp bool       // fingers closed, as when holding a die
}

// Scene is everything Render needs to draw one picture.
type Scene struct {
	Width, Height int
	Surface       Surface
	Tray          bool    // a tray with walls inside a light box; else the surface fills the view
	Tilt          float64 // camera tilt from straight down, degrees (0 to 60)
	Focal         float64 // focal length in picture widths: 0.8 a phone, 2.5 (the default, for 0) a long lens
	Dice          []Die
	Light         Light
	Hands         []Hand
	Defocus       float64 // Gaussian blur sigma of the whole picture, pixels
	Noise         float64 // sensor noise sigma in grey levels; 0 means a default of 2

	// The corpus's variety; zero values keep the looks above.
	Cover  Cover  // the looks of a Surface from Baize on
	Walls  Walls  // a tray of any shape, in place of Tray
	Props  []Prop // things that are not the game's dice: other dice, tokens, cards, paper, pencils
	Optics Optics
}

// DieTruth is what a reader should report for one die.
type DieTruth struct {
	Value  int
	Face   string          // label of the top face, see Faces.Label
	X, Y   float64         // centre of the top face in the image
	Box    image.Rectangle // the whole die as seen, clipped to the image
	Moving bool

	Index int  // the die's place in Scene.Dice
	Top   Quad // the top face as seen, its corners possibly outside the picture
	// Shown is the share of the top face in the picture and not hidden by
	// dice, things or hands in front of it. Only Render measures it; a
	// die in the clear shows about 0.97, its rounded corners the rest.
	Shown float64
}

// Readable reports whether a person could tell the die's value from the
// picture: its top face has a value, not a blank, and at least half of it
// shows. A corpus labels these dice, and a reader is scored on them.
func (d DieTruth) Readable() bool { return d.Face != "blank" && d.Shown >= readableShown }

// readableShown is the least share of its top face a readable die shows.
const readableShown = 0.5

// PropTruth is where a thing that is not one of the game's dice shows: a
// negative for a die finder.
type PropTruth struct {
	Kind  PropKind
	Box   image.Rectangle // clipped to the picture
	Index int             // its place in Scene.Props; -1 for a board's printed space
}

// Truth is what is really in a rendered picture.
type Truth struct {
	Dice   []DieTruth  // dice at least partly in view, far to near
	Hands  int         // hands in view
	Moving bool        // some die or hand is moving
	Props  []PropTruth // things at least partly in view, and a board's dotted spaces
}

// Values returns the values of the dice, in the order of Dice.
func (t Truth) Values() []int {
	v := make([]int, len(t.Dice))
	for i, d := range t.Dice {
		v[i] = d.Value
	}
	return v
}

func (s Scene) validate() error {
	if s.Width < 16 || s.Height < 16 || s.Width > 4096 || s.Height > 4096 {
		return fmt.Errorf("scene size %dx%d: width and height must be 16 to 4096 pixels", s.Width, s.Height)
	}
	if s.Focal != 0 && (s.Focal < 0.5 || s.Focal > 10) {
		return fmt.Errorf("focal length %.2f picture widths: use 0.5 (wide) to 10 (telephoto), or 0 for the default", s.Focal)
	}
	if s.Tilt < 0 || s.Tilt > MaxLowTilt {
		return fmt.Errorf("camera tilt %.1f°: use 0 (straight down) to %d", s.Tilt, MaxLowTilt)
	}
	if top := s.topEdgeTilt(); s.Tilt > MaxTilt && top >= 90 {
		return fmt.Errorf("camera tilt %.1f° with a lens of %.2f picture widths: the picture's top edge looks %.1f° from straight down, past the horizon; use a longer lens or a smaller tilt", s.Tilt, s.Focal, top)
	}
	if k := s.Optics.Stretch; k < 0 || k > 0 && (float64(s.Width)*k < 16 || float64(s.Width)*k > 4096) {
		return fmt.Errorf("stretch %.2f of a %d px wide picture: the delivered width must be 16 to 4096 pixels", k, s.Width)
	}
	if w := s.Walls; w.Sides != 0 && (w.Sides < 3 || w.Radius <= 0) {
		return fmt.Errorf("a tray of %d sides and radius %.1f px: give 3 sides or more and a radius, or 0 sides for none", w.Sides, w.Radius)
	}
	for i, p := range s.Props {
		if p.Size < 2 || p.Face < 0 || p.Kind < 0 || p.Kind >= BoardSpace {
			return fmt.Errorf("prop %d: a %s of size %.1f px lying on face %d: give a kind placed on the table, a size of 2 px or more and a face from 0", i, p.Kind, p.Size, p.Face)
		}
	}
	for i, d := range s.Dice {
		if d.Value < 1 || d.Value > 6 {
			return fmt.Errorf("die %d: value %d is not 1 to 6", i, d.Value)
		}
		if d.Size < 4 || d.Size > float64(max(s.Width, s.Height)) {
			return fmt.Errorf("die %d: size %.1f px must be 4 px to the picture's width", i, d.Size)
		}
	}
	return nil
}

var surfaceNames = [...]string{"felt", "wood", "cloth", "desk", "baize", "leather", "grain", "weave", "paper", "painted", "board", "pattern", "abstract"}

func (s Surface) String() string {
	if s < 0 || int(s) >= len(surfaceNames) {
		return fmt.Sprintf("Surface(%d)", int(s))
	}
	return surfaceNames[s]
}
