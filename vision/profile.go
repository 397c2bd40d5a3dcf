package vision

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"

	"github.com/dicecam/dicecam/rules"
)

// ProfileFormat names dicecam profiles inside the file, so a stray JSON file
// is refused instead of being read as an empty profile.
const ProfileFormat = "dicecam-profile"

// ProfileVersion is the newest profile layout this build reads and the one
// it writes.
const ProfileVersion = 1

// Colour is a BGR triple, the order OpenCV keeps pixels in.
type Colour [3]uint8

// Profile is what calibration learned about one table and one dice set, so
// the reader need not guess: the tray, its colour, how large the dice
// appear, their colours and what their faces look like. It is saved as a
// versioned JSON file; LoadProfile refuses files that are broken, that
// belong to another program, or that a newer dicecam wrote.
type Profile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`

	Faces rules.Faces `json:"faces"`

	// Tray is the part of the frame where dice may lie; empty means all of
	// it. The file writes it as [xmin, ymin, xmax, ymax].
	Tray image.Rectangle `json:"-"`

	// Background is the typical colour of the tray or table under the dice.
	Background Colour `json:"background"`

	// DieSize is the smallest and largest side of a die, in pixels.
	DieSize [2]float64 `json:"die_size"`

	// Bodies and Pips are the die body and pip colours seen at calibration.
	Bodies []Colour `json:"bodies,omitempty"`
	Pips   []Colour `json:"pips,omitempty"`

	// Detector says whether the reader uses the learned dice detector: its
	// dice become proposals of their own, and blobs and lone pips it does
	// not see are dropped as specks. It is on in the built-in defaults;
	// calibration keeps it where it helps the table it measured.
	Detector bool `json:"detector,omitempty"`

	// DetectorOnly says the detector alone proposes dice and the model
	// reads each, without the classical search for pip faces and blobs and
	// the rules tuned with it. Calibration chooses where it helps.
	DetectorOnly bool `json:"detector_only,omitempty"`

	// Templates are normalised top-face patches, one or more per face label,
	// for faces that pips cannot read (poker faces, a logo in place of a face).
	Templates []FaceTemplate `json:"templates,omitempty"`

	// Head, where calibration fitted one, adapts the face model to this
	// dice set; a head fitted on another model file is not used.
	Head *Head `json:"head,omitempty"`
}

// FaceTemplate is a grey top-face patch of Size×Size pixels, row by row,
// with the value and label a die showing it has.
type FaceTemplate struct {
	Label  string `json:"label"`
	Value  int    `json:"value"`
	Size   int    `json:"size"`
	Pixels []byte `json:"pixels"` // base64 in the file
}

// DefaultProfile returns the built-in defaults: pip dice of any size the
// reader supports, background estimated from each frame, and the learned
// detector on, since without a calibrated tray and dice it is what tells a
// die from a speck, a screw head or a hole in the tray's rim.
func DefaultProfile() *Profile {
	return &Profile{Format: ProfileFormat, Version: ProfileVersion, Faces: rules.PipFaces, DieSize: defaultDieSize, Detector: true}
}

// defaultDieSize is the widest range of die sides the reader takes.
var defaultDieSize = [2]float64{16, 260}

// maxDieSide bounds a profile's largest die: the side of the largest square
// frame of MaxImagePixels.
const maxDieSide = 7072

// A calibration widens the range of die sides it measured by these factors,
// for the dice it did not see: nearer the camera, farther, or tilted.
const (
	dieSizeBelow = 0.7
	dieSizeAbove = 1.5
)

// DieSizeRange is the die_size a profile keeps for dice measured from
// smallest to largest pixels across.
func DieSizeRange(smallest, largest float64) [2]float64 {
	return [2]float64{math.Floor(dieSizeBelow * smallest), math.Ceil(dieSizeAbove * largest)}
}

// measuredSide is the typical side of the dice a calibration measured, the
// geometric mean of the range DieSizeRange widened; 0 for the defaults.
func (p *Profile) measuredSide() float64 {
	if !p.sizedByCalibration() {
		return 0
	}
	return math.Sqrt(p.DieSize[0] / dieSizeBelow * p.DieSize[1] / dieSizeAbove)
}

// sizedByCalibration reports whether p's die sizes were measured by a
// calibration: the built-in defaults' range is the widest the reader takes,
// and the reader narrows it from the frame's size instead.
func (p *Profile) sizedByCalibration() bool { return p.DieSize != defaultDieSize }

// HeadFits reports whether the profile holds a head fitted on the face
// model a reader running m reads its faces with. A profile calibrated
// before the model file changed, in a new dicecam, still reads: without
// its head, until it is calibrated again.
func (p *Profile) HeadFits(m Models) bool {
	return p.Head != nil && p.Head.Model == modelSum(m.faceModel(p.Faces))
}

// Validate reports the first thing wrong with p, naming the field.
func (p *Profile) Validate() error {
	switch {
	case p.Format != ProfileFormat:
		return fmt.Errorf("format is %q, not %q: this is not a dicecam profile", p.Format, ProfileFormat)
	case p.Version < 1:
		return fmt.Errorf("version %d is not a profile version", p.Version)
	case p.Version > ProfileVersion:
		return fmt.Errorf("version %d was written by a newer dicecam (this one reads up to %d): upgrade dicecam or calibrate again", p.Version, ProfileVersion)
	case p.Faces != rules.PipFaces && p.Faces != rules.PokerFaces:
		return fmt.Errorf("faces is %v, want %q or %q", p.Faces, rules.PipFaces, rules.PokerFaces)
	case p.DieSize[0] <= 0 || p.DieSize[1] < p.DieSize[0]:
		return fmt.Errorf("die_size %v is not a range of positive pixel sizes", p.DieSize)
	case p.DieSize[1] > maxDieSide:
		return fmt.Errorf("die_size %v goes past %d pixels, wider than any frame dicecam reads: calibrate again", p.DieSize, maxDieSide)
	case p.Tray.Min.X < 0 || p.Tray.Min.Y < 0 || p.Tray.Max.X < p.Tray.Min.X || p.Tray.Max.Y < p.Tray.Min.Y:
		return fmt.Errorf("tray %v is not a rectangle inside a frame", p.Tray)
	}
	if p.Head != nil {
		if err := p.Head.validate(); err != nil {
			return err
		}
	}
	for i, t := range p.Templates {
		// The reader compares TemplateSize² patches only; any other size
		// would be skipped unread (and a huge one wraps Size×Size to 0).
		if t.Size != TemplateSize {
			return fmt.Errorf("template %d (%q) is %d pixels square, want %d: calibrate again", i, t.Label, t.Size, TemplateSize)
		}
		if len(t.Pixels) != TemplateSize*TemplateSize {
			return fmt.Errorf("template %d (%q) has %d pixels, want %d×%d", i, t.Label, len(t.Pixels), TemplateSize, TemplateSize)
		}
		if t.Value < 1 || t.Value > 6 {
			return fmt.Errorf("template %d (%q) has value %d, want 1 to 6", i, t.Label, t.Value)
		}
	}
	return nil
}

// profileFile is a Profile as the file holds it.
type profileFile struct {
	*profileFields
	Tray [4]int `json:"tray"`
}

// profileFields has Profile's fields without its JSON methods.
type profileFields Profile

// MarshalJSON writes the tray as [xmin, ymin, xmax, ymax].
func (p Profile) MarshalJSON() ([]byte, error) {
	r := p.Tray
	return json.Marshal(profileFile{(*profileFields)(&p), [4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y}})
}

// UnmarshalJSON reads the tray as [xmin, ymin, xmax, ymax].
func (p *Profile) UnmarshalJSON(b []byte) error {
	f := profileFile{profileFields: (*profileFields)(p)}
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	// Not image.Rect, which would swap a reversed pair that Validate refuses.
	p.Tray = image.Rectangle{Min: image.Pt(f.Tray[0], f.Tray[1]), Max: image.Pt(f.Tray[2], f.Tray[3])}
	return nil
}

// LoadProfile reads and checks the profile at path.
func LoadProfile(path string) (*Profile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read profile: %w", err)
	}
	p, err := ParseProfile(data)
	if err != nil {
		return nil, fmt.Errorf("profile %s: %w", path, err)
	}
	return p, nil
}

// ParseProfile reads and checks a profile file's bytes.
func ParseProfile(data []byte) (*Profile, error) {
	var p Profile
	if err := json.Unmarshal(data, &p); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return nil, fmt.Errorf("not valid JSON (at byte %d: %w): calibrate again to rewrite it", syn.Offset, err)
		}
		return nil, err
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

// Save writes p to path, creating its directory, through a temporary file so
// a crash never leaves half a profile behind.
func (p *Profile) Save(path string) error {
	if err := p.Validate(); err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("save profile: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save profile: %w", err)
	}
	return nil
}

// DefaultProfilePath is where dicecam keeps the profile when no --profile
// is given.
func DefaultProfilePath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the profile directory: %w (pass --profile)", err)
	}
	return filepath.Join(dir, "dicecam", "profile.json"), nil
}
