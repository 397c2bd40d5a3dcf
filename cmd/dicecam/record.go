package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/dicecam/dicecam/vision"
	"gocv.io/x/gocv"
)

const recordUsage = "--source S --out FOLDER [--every-roll | --all-frames] [--profile P] [--faces pips|poker] [--dice 5]"

// runRecord saves frames with the reader's values in the labelled-folder
// format `dicecam eval` reads, for a person to correct into a fixture.
func runRecord(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "record", recordUsage)
	var sf sourceFlags
	sf.register(fs)
	out := fs.String("out", "", "`folder` to write images/, images.csv and dice.csv into")
	fs.Bool("every-roll", false, "save the frame of each settled roll (the default)")
	all := fs.Bool("all-frames", false, "save every frame, each with the reader's values")
	if err := parseOnlyFlags(fs, args, "name the source with --source"); err != nil {
		return err
	}
	switch {
	case *out == "":
		return usagef("name the folder to write with --out")
	case *all && flagSet(fs, "every-roll"):
		return usagef("--every-roll and --all-frames exclude each other: pick one")
	}
	rec, err := newRecording(*out)
	if err != nil {
		return err
	}
	defer rec.close()
	err = sf.watch(ctx, e, func(fr vision.Frame, ev vision.Event, r vision.FrameReader) error {
		switch {
		case ev.Reading != nil:
			return rec.add(fr, ev.Reading.Dice)
		case *all:
			dice, err := r.Read(fr.Mat)
			if err != nil {
				return fmt.Errorf("read frame %d: %w", fr.Index, err)
			}
			return rec.add(fr, dice)
		}
		return nil
	})
	if err = errors.Join(err, rec.close()); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "frames saved in %s: %d; correct images.csv and dice.csv where the reader was wrong\n", *out, rec.saved)
	return nil
}

// flagSet says whether name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// recording is a labelled folder being written: images/, images.csv and
// dice.csv, flushed row by row so an interrupted recording stays readable.
type recording struct {
	dir          string
	imgF, diceF  *os.File
	images, dice *csv.Writer
	saved        int
}

func newRecording(dir string) (*recording, error) {
	if _, err := os.Stat(filepath.Join(dir, "images.csv")); err == nil {
		return nil, fmt.Errorf("%s already holds a recording (images.csv): choose another --out or move it away", dir)
	}
	if err := os.MkdirAll(filepath.Join(dir, "images"), 0o755); err != nil {
		return nil, fmt.Errorf("make the --out folder: %w", err)
	}
	rec := &recording{dir: dir}
	var err error
	if rec.imgF, err = os.Create(filepath.Join(dir, "images.csv")); err != nil {
		return nil, fmt.Errorf("start the recording: %w", err)
	}
	if rec.diceF, err = os.Create(filepath.Join(dir, "dice.csv")); err != nil {
		rec.imgF.Close()
		return nil, fmt.Errorf("start the recording: %w", err)
	}
	rec.images, rec.dice = csv.NewWriter(rec.imgF), csv.NewWriter(rec.diceF)
	rec.images.Write([]string{"image", "n_dice", "values"})
	rec.dice.Write([]string{"image", "value", "xmin", "ymin", "xmax", "ymax"})
	return rec, rec.flush()
}

func (rec *recording) add(fr vision.Frame, dice []vision.Die) error {
	name := fmt.Sprintf("images/frame-%05d.jpg", fr.Index)
	if !gocv.IMWrite(filepath.Join(rec.dir, name), fr.Mat) {
		return fmt.Errorf("write %s: OpenCV could not save it (is the disk full?)", filepath.Join(rec.dir, name))
	}
	values := make([]string, 0, len(dice))
	for _, v := range sortedFaces(dice) {
		values = append(values, strconv.Itoa(v))
	}
	rec.images.Write([]string{name, strconv.Itoa(len(dice)), strings.Join(values, " ")})
	for _, d := range dice {
		b := boundsOf(d.Box)
		rec.dice.Write([]string{name, strconv.Itoa(d.Value),
			strconv.Itoa(b.Min.X), strconv.Itoa(b.Min.Y), strconv.Itoa(b.Max.X), strconv.Itoa(b.Max.Y)})
	}
	rec.saved++
	return rec.flush()
}

func (rec *recording) flush() error {
	rec.images.Flush()
	rec.dice.Flush()
	if err := errors.Join(rec.images.Error(), rec.dice.Error()); err != nil {
		return fmt.Errorf("write the recording's CSV files: %w", err)
	}
	return nil
}

func (rec *recording) close() error {
	if rec.imgF == nil {
		return nil
	}
	err := errors.Join(rec.flush(), rec.imgF.Close(), rec.diceF.Close())
	rec.imgF, rec.diceF = nil, nil
	return err
}

// boundsOf is the upright rectangle around a die's rotated box.
func boundsOf(box [4]image.Point) image.Rectangle {
	r := image.Rectangle{Min: box[0], Max: box[0]}
	for _, q := range box[1:] {
		r.Min.X, r.Min.Y = min(r.Min.X, q.X), min(r.Min.Y, q.Y)
		r.Max.X, r.Max.Y = max(r.Max.X, q.X), max(r.Max.Y, q.Y)
	}
	return r
}

func sortedFaces(dice []vision.Die) []int {
	return vision.Reading{Dice: dice}.Values()
}
