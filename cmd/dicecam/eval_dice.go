package main

import (
	"encoding/csv"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"github.com/dicecam/dicecam/vision"
	"github.com/dicecam/dicecam/vision/model"
)

// diceCSV is the file `dicecam eval --dice` writes: a row for every die
// scored, so that the dice a figure stands for can be looked at one by one.
type diceCSV struct {
	f    *os.File
	w    *csv.Writer
	path string
	why  bool // the rows say what the reader's checks make of a die read (vision.Why)
}

var (
	diceHeader = []string{"folder", "image", "outcome", "label", "read", "face", "confidence", "x", "y", "side"}
	whyHeader  = []string{"asked", "none", "count", "agree", "front", "seen", "rule"}
)

func createDiceCSV(path string, why bool) (*diceCSV, error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("create the --dice file: %w", err)
	}
	d := &diceCSV{f: f, w: csv.NewWriter(f), path: path, why: why}
	header := diceHeader
	if why {
		header = append(slices.Clone(diceHeader), whyHeader...)
	}
	if err := d.w.Write(header); err != nil {
		f.Close()
		return nil, fmt.Errorf("write %s: %w", path, err)
	}
	return d, nil
}

// write adds the dice of ph, a photo of the labelled folder dir, as Pair
// matched them. A labelled die missed lies at its box's centre, with its
// box's side; one labelled without a box has neither. Where d.why, whys
// holds Explain's say on each die read, and a row of a die missed leaves
// those columns empty.
func (d *diceCSV) write(dir string, ph vision.Photo, read []vision.Die, matches []vision.Match, whys []vision.Why) error {
	folder := filepath.Base(filepath.Clean(dir))
	photo, err := filepath.Rel(dir, ph.Path)
	if err != nil {
		photo = ph.Path
	}
	photo = filepath.ToSlash(photo)
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	for _, m := range matches {
		row := []string{folder, photo, string(m.Outcome), "", "", "", "", "", "", ""}
		if m.Label >= 0 {
			row[3] = strconv.Itoa(ph.Dice[m.Label].Value)
		}
		switch {
		case m.Read >= 0:
			r := read[m.Read]
			side := max(edge(r.Box[0], r.Box[1]), edge(r.Box[1], r.Box[2]))
			row[4], row[5], row[6] = strconv.Itoa(r.Value), r.Face, strconv.FormatFloat(r.Confidence, 'f', 3, 64)
			row[7], row[8], row[9] = strconv.Itoa(r.Center.X), strconv.Itoa(r.Center.Y), strconv.FormatFloat(side, 'f', 1, 64)
		case ph.Dice[m.Label].Boxed:
			b := ph.Dice[m.Label].Box
			row[7], row[8], row[9] = num((b[0]+b[2])/2), num((b[1]+b[3])/2), num(max(b[2]-b[0], b[3]-b[1]))
		}
		if d.why {
			row = append(row, whyColumns(read, whys, m.Read)...)
		}
		if err := d.w.Write(row); err != nil {
			return fmt.Errorf("write %s: %w", d.path, err)
		}
	}
	return nil
}

// whyColumns are the --why columns of read[i], empty where i < 0 (a die
// missed): whether it is asked about, which a false die's outcome does not
// say, the model's probability that it is no die, the pips counted,
// whether they agree with its value, whether it lies as a front, the
// detector's score there, and the rule that asked about it where its model
// and pips let it stand (vision.Rule), "none" where none did.
func whyColumns(read []vision.Die, whys []vision.Why, i int) []string {
	if i < 0 || i >= len(whys) {
		return make([]string, len(whyHeader))
	}
	w := whys[i]
	return []string{strconv.FormatBool(read[i].Uncertain), strconv.FormatFloat(w.Probs[model.NotADie], 'f', 4, 64),
		strconv.Itoa(w.Count), strconv.FormatBool(w.Agree), strconv.FormatBool(w.Front), strconv.FormatFloat(w.Seen, 'f', 3, 64),
		w.Rule.String()}
}

// Close flushes the rows and closes the file; closing it again, or a nil
// d, does nothing.
func (d *diceCSV) Close() error {
	if d == nil || d.f == nil {
		return nil
	}
	d.w.Flush()
	err := d.w.Error()
	if cerr := d.f.Close(); err == nil {
		err = cerr
	}
	d.f = nil
	if err != nil {
		return fmt.Errorf("write %s: %w", d.path, err)
	}
	return nil
}

// edge is the length of a die's box from corner a to corner b.
func edge(a, b image.Point) float64 {
	return math.Hypot(float64(b.X-a.X), float64(b.Y-a.Y))
}
