package main

import (
	"context"
	"errors"
	"flag"
	"fmt"

	"github.com/dicecam/dicecam/vision"
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
	rec, err := vision.CreateFolder(*out)
	if err != nil {
		return err
	}
	defer rec.Close()
	err = sf.watch(ctx, e, func(fr vision.Frame, ev vision.Event, r vision.FrameReader) error {
		switch {
		case ev.Reading != nil:
			return rec.Add(frameName(fr), fr.Mat, ev.Reading.Dice)
		case *all:
			dice, err := r.Read(fr.Mat)
			if err != nil {
				return fmt.Errorf("read frame %d: %w", fr.Index, err)
			}
			return rec.Add(frameName(fr), fr.Mat, dice)
		}
		return nil
	})
	if err = errors.Join(err, rec.Close()); err != nil {
		return err
	}
	fmt.Fprintf(e.stderr, "frames saved in %s: %d; correct images.csv and dice.csv where the reader was wrong\n", *out, rec.Written())
	return nil
}

// flagSet says whether name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	found := false
	fs.Visit(func(f *flag.Flag) { found = found || f.Name == name })
	return found
}

// frameName is where a recording keeps frame fr.
func frameName(fr vision.Frame) string { return fmt.Sprintf("images/frame-%05d.jpg", fr.Index) }
