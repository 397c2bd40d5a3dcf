// Package calibrate describes what one table and one dice set look like to the
// camera, so the reader need not guess: the tray, its colour, how large the
// dice appear, their colours and what their faces look like.
//
// A Profile is a versioned JSON file. Load refuses files that are broken,
// that belong to another program, or that a newer dicecam wrote.
package calibrate

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
)

// Format names dicecam profiles inside the file, so a stray JSON file is
// refused instead of being read as an empty profile.
const Format = "dicecam-profile"

// Version is the newest profile layout this build reads and the one it writes.
const Version = 1

// Faces kinds a profile may hold.
const (
	PipFaces   = "pips"
	PokerFaces = "poker"
)

// Colour is a BGR triple, the order OpenCV keeps pixels in.
type Colour [3]uint8

// Profile is what calibration learned about one table and one dice set.
type Profile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`

	// Faces is PipFaces or PokerFaces.
	Faces string `json:"faces"`

	// Tray is the part of the frame where dice may lie; empty means all of it.
	Tray Rect `json:"tray"`

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

	// Templates are normalised top-face patches, one or more per face label,
	// for faces that pips cannot read (poker faces, a logo in place of a face).
	Templates []FaceTemplate `json:"templates,omitempty"`
}

// FaceTemplate is a grey top-face patch of Size×Size pixels, row by row,
// with the value and label a die showing it has.
type FaceTemplate struct {
	Label  string `json:"label"`
	Value  int    `json:"value"`
	Size   int    `json:"size"`
	Pixels []byte `json:"pixels"` // base64 in the file
}

// New returns a profile with the built-in defaults: pip dice of any size the
// reader supports, background estimated from each frame, and the learned
// detector on, since without a calibrated tray and dice it is what tells a
// die from a speck, a screw head or a hole in the tray's rim.
func New() *Profile {
	return &Profile{Format: Format, Version: Version, Faces: PipFaces, DieSize: [2]float64{16, 260}, Detector: true}
}

// Validate reports the first thing wrong with p, naming the field.
func (p *Profile) Validate() error {
	switch {
	case p.Format != Format:
		return fmt.Errorf("format is %q, not %q: this is not a dicecam profile", p.Format, Format)
	case p.Version < 1:
		return fmt.Errorf("version %d is not a profile version", p.Version)
	case p.Version > Version:
		return fmt.Errorf("version %d was written by a newer dicecam (this one reads up to %d): upgrade dicecam or calibrate again", p.Version, Version)
	case p.Faces != PipFaces && p.Faces != PokerFaces:
		return fmt.Errorf("faces is %q, want %q or %q", p.Faces, PipFaces, PokerFaces)
	case p.DieSize[0] <= 0 || p.DieSize[1] < p.DieSize[0]:
		return fmt.Errorf("die_size %v is not a range of positive pixel sizes", p.DieSize)
	case p.Tray.Min.X < 0 || p.Tray.Min.Y < 0 || p.Tray.Max.X < p.Tray.Min.X || p.Tray.Max.Y < p.Tray.Min.Y:
		return fmt.Errorf("tray %v is not a rectangle inside a frame", p.Tray)
	}
	for i, t := range p.Templates {
		if t.Size <= 0 || len(t.Pixels) != t.Size*t.Size {
			return fmt.Errorf("template %d (%q) has %d pixels, want %d×%d", i, t.Label, len(t.Pixels), t.Size, t.Size)
		}
		if t.Value < 1 || t.Value > 6 {
			return fmt.Errorf("template %d (%q) has value %d, want 1 to 6", i, t.Label, t.Value)
		}
	}
	return nil
}

// Load reads and checks the profile at path.
func Load(path string) (*Profile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read profile: %w", err)
	}
	var p Profile
	if err := json.Unmarshal(data, &p); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return nil, fmt.Errorf("profile %s is not valid JSON (at byte %d: %v): calibrate again to rewrite it", path, syn.Offset, err)
		}
		return nil, fmt.Errorf("profile %s: %w", path, err)
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("profile %s: %w", path, err)
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

// DefaultPath is where dicecam keeps the profile when no --profile is given.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("find the profile directory: %w (pass --profile)", err)
	}
	return filepath.Join(dir, "dicecam", "profile.json"), nil
}

// Rect is an image.Rectangle written as [xmin, ymin, xmax, ymax].
type Rect struct{ image.Rectangle }

func (r Rect) MarshalJSON() ([]byte, error) {
	return json.Marshal([4]int{r.Min.X, r.Min.Y, r.Max.X, r.Max.Y})
}

func (r *Rect) UnmarshalJSON(b []byte) error {
	var v [4]int
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("tray: want [xmin, ymin, xmax, ymax]: %w", err)
	}
	r.Rectangle = image.Rectangle{image.Pt(v[0], v[1]), image.Pt(v[2], v[3])}
	return nil
}
