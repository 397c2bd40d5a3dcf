package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
	"github.com/dicecam/dicecam/vision/model"
	"gocv.io/x/gocv"
)

const readUsage = "[--profile P] [--faces pips|poker] [--annotate DIR] [--why] [--json] IMAGE..."

func runRead(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "read", readUsage)
	var rf readerFlags
	rf.register(fs)
	annotate := fs.String("annotate", "", "write a copy of each image with the dice drawn into `DIR`")
	asJSON := fs.Bool("json", false, "print one JSON object per image")
	why := fs.Bool("why", false, "say what the reader's checks make of each die, and for each asked about the first check that held it back")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("name at least one image to read")
	}
	reader, err := rf.open(e)
	if err != nil {
		return err
	}
	defer reader.Close()
	if *annotate != "" {
		if err := os.MkdirAll(*annotate, 0o755); err != nil {
			return fmt.Errorf("make the --annotate folder: %w", err)
		}
	}

	failed := 0
	for _, path := range pos {
		if err := ctx.Err(); err != nil {
			return err
		}
		res := readImage(reader, path, *annotate, *why)
		if res.Error != "" {
			failed++
		}
		if *asJSON {
			line, _ := json.Marshal(res)
			fmt.Fprintf(e.stdout, "%s\n", line)
		} else {
			fmt.Fprintln(e.stdout, res.text())
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d images could not be read", failed, len(pos))
	}
	return nil
}

// openReader makes a reader from the profile at path, or from the built-in
// defaults when path is empty; faces, when set, overrides the profile's.
func openReader(path, faces string, m vision.Models) (*vision.Reader, error) {
	p, err := loadProfile(path, faces)
	if err != nil {
		return nil, err
	}
	return vision.NewReaderWith(p, m)
}

// loadProfile reads the profile at path, or the built-in defaults when path
// is empty; faces, when set, overrides the profile's.
func loadProfile(path, faces string) (*vision.Profile, error) {
	p := vision.DefaultProfile()
	if path != "" {
		var err error
		if p, err = vision.LoadProfile(path); err != nil {
			return nil, err
		}
	}
	if faces != "" {
		f, err := rules.ParseFaces(faces)
		if err != nil {
			return nil, usagef("--faces: %v", err)
		}
		p.Faces = f
	}
	return p, nil
}

// readResult is one line of `dicecam read --json`.
type readResult struct {
	Image  string    `json:"image"`
	Width  int       `json:"width,omitempty"`
	Height int       `json:"height,omitempty"`
	MS     float64   `json:"ms"`
	Dice   []dieJSON `json:"dice"`
	Error  string    `json:"error,omitempty"`
}

type dieJSON struct {
	Value      int      `json:"value"`
	Face       string   `json:"face"`
	X          int      `json:"x"`
	Y          int      `json:"y"`
	Box        [][2]int `json:"box"`
	Confidence float64  `json:"confidence"`
	Uncertain  bool     `json:"uncertain"`
	Why        *whyJSON `json:"why,omitempty"`
}

// whyJSON is what `dicecam read --why` says of a die (vision.Why).
type whyJSON struct {
	NotADie float64 `json:"not_a_die"` // the model's probability that it is no die
	Count   int     `json:"count"`     // pips laid out as a face, 0 for none
	Agree   bool    `json:"agree"`     // the pips agree with the value read
	Front   bool    `json:"front"`     // it lies as a die's front below another's top
	Seen    float64 `json:"seen"`      // the detector's score there
	// Rule names the rule that asked about it where its model and pips
	// let it stand, where one did (vision.Rule).
	Rule string `json:"rule,omitempty"`
	// HeldBack is, for a die asked about, the first check that held it
	// back, in words.
	HeldBack string `json:"held_back,omitempty"`
}

// readImage reads the image at path; where why, it says what the
// reader's checks make of each die.
func readImage(r *vision.Reader, path, annotateDir string, why bool) readResult {
	res := readResult{Image: path, Dice: []dieJSON{}}
	frame, err := vision.ReadImage(path)
	if err != nil {
		res.Error = err.Error()
		return res
	}
	defer frame.Close()
	res.Width, res.Height = frame.Cols(), frame.Rows()
	start := time.Now()
	dice, err := r.Read(frame)
	res.MS = math.Round(float64(time.Since(start).Microseconds())/100) / 10
	if err != nil {
		res.Error = err.Error()
		return res
	}
	for _, d := range dice {
		res.Dice = append(res.Dice, toJSON(d))
	}
	if why {
		whys, err := r.Explain(frame, dice)
		if err != nil {
			res.Error = err.Error()
			return res
		}
		for i, w := range whys {
			res.Dice[i].Why = toWhyJSON(dice[i], w)
		}
	}
	if annotateDir != "" {
		if err := writeAnnotated(frame, dice, filepath.Join(annotateDir, filepath.Base(path))); err != nil {
			res.Error = err.Error()
		}
	}
	return res
}

func toJSON(d vision.Die) dieJSON {
	box := make([][2]int, 4)
	for i, q := range d.Box {
		box[i] = [2]int{q.X, q.Y}
	}
	return dieJSON{
		Value: d.Value, Face: d.Face, X: d.Center.X, Y: d.Center.Y, Box: box,
		Confidence: math.Round(d.Confidence*1000) / 1000, Uncertain: d.Uncertain,
	}
}

func toWhyJSON(d vision.Die, w vision.Why) *whyJSON {
	out := &whyJSON{
		NotADie: math.Round(w.Probs[model.NotADie]*10000) / 10000, Count: w.Count, Agree: w.Agree, Front: w.Front,
		Seen: math.Round(w.Seen*1000) / 1000,
	}
	if w.Rule != vision.NoRule {
		out.Rule = w.Rule.String()
	}
	if d.Uncertain {
		out.HeldBack = heldBy(d.Value, d, w).says(d, w)
	}
	return out
}

// writeAnnotated draws dice onto a copy of frame and writes it to path.
func writeAnnotated(frame gocv.Mat, dice []vision.Die, path string) error {
	out := frame.Clone()
	defer out.Close()
	vision.Annotate(&out, dice)
	if !gocv.IMWrite(path, out) {
		return fmt.Errorf("write annotated image %s: failed (does the folder exist and the name end in .jpg or .png?)", path)
	}
	return nil
}

// text is the line `dicecam read` prints without --json: the image, then
// the faces read, a question mark after those a person should confirm.
func (res readResult) text() string {
	if res.Error != "" {
		return fmt.Sprintf("%s: error: %s", res.Image, res.Error)
	}
	faces := make([]string, len(res.Dice))
	for i, d := range res.Dice {
		faces[i] = d.Face
		if d.Uncertain {
			faces[i] += "?"
		}
	}
	noun := "dice"
	if len(res.Dice) == 1 {
		noun = "die"
	}
	line := fmt.Sprintf("%s: %d %s: %s", res.Image, len(res.Dice), noun, strings.Join(faces, " "))
	for _, d := range res.Dice {
		if d.Uncertain && d.Why != nil {
			line += fmt.Sprintf("\n  %s? at %d,%d (%.0f %% sure): %s", d.Face, d.X, d.Y, 100*d.Confidence, d.Why.HeldBack)
		}
	}
	return line
}
