package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"strings"

	"github.com/dicecam/dicecam/vision"
)

const watchUsage = "[--source S] [--profile P] [--faces pips|poker] [--dice 5] [--json]"

func runWatch(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "watch", watchUsage)
	var sf sourceFlags
	sf.register(fs)
	asJSON := fs.Bool("json", false, "print one JSON object per roll")
	if err := parseOnlyFlags(fs, args, "name the source with --source"); err != nil {
		return err
	}
	rolls := 0
	err := sf.watch(ctx, e, func(fr vision.Frame, ev vision.Event, _ vision.FrameReader) error {
		if ev.Reading == nil {
			return nil
		}
		rolls++
		if *asJSON {
			line, err := json.Marshal(rollLine(*ev.Reading))
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(e.stdout, "%s\n", line)
			return err
		}
		_, err := fmt.Fprintln(e.stdout, rollText(*ev.Reading))
		return err
	})
	if err == nil {
		fmt.Fprintf(e.stderr, "rolls seen: %d\n", rolls)
	}
	return err
}

// maxFPS is the fastest rate --fps takes: no webcam gives more, and vision
// believes a video's own rate only up to the same bound.
const maxFPS = 1000

// sourceFlags are the flags of the commands that watch a source.
type sourceFlags struct {
	readerFlags
	source, size string
	dice         int
	fps          float64
	realtime     bool
}

func (sf *sourceFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&sf.source, "source", "0", "camera index, /dev/videoN, rtsp:// or http:// URL, video file, folder of images, image, or demo")
	sf.readerFlags.register(fs)
	fs.IntVar(&sf.dice, "dice", 5, "how many dice a roll has")
	fs.Float64Var(&sf.fps, "fps", 30, "frames a second to replay a folder at, or to ask of a camera")
	sizeFlag(fs, &sf.size)
	fs.BoolVar(&sf.realtime, "realtime", false, "replay a file or folder at its frame rate, skipping frames when reading falls behind, as from a camera")
}

// watch opens the source and reader, and hands each frame with what the
// watcher made of it, and the reader, to fn until the source ends or ctx is
// cancelled.
// State changes and count messages go to standard error.
func (sf *sourceFlags) watch(ctx context.Context, e *env, fn func(vision.Frame, vision.Event, vision.FrameReader) error) error {
	if sf.dice < 1 {
		return usagef("--dice %d: want at least one die", sf.dice)
	}
	// Written so that NaN, which no comparison holds for, is refused too.
	if !(sf.fps > 0 && sf.fps <= maxFPS) {
		return usagef("--fps %v: want a rate above 0 and at most %d frames a second", sf.fps, maxFPS)
	}
	opts := vision.SourceOptions{FPS: sf.fps, Live: sf.realtime,
		Notify: func(s vision.Status) { e.log.Warn(s.String()) }}
	var err error
	if opts.Size, err = parseSize(sf.size); err != nil {
		return err
	}
	reader, err := sf.open(e)
	if err != nil {
		return err
	}
	defer reader.Close()
	src, err := vision.Open(ctx, sf.source, opts)
	if err != nil {
		return err
	}
	defer src.Close()
	w := vision.NewWatcher(reader, vision.WatchOptions{Expected: sf.dice})
	defer w.Close()
	handTold := false
	for {
		fr, err := src.Next(ctx)
		switch {
		case errors.Is(err, io.EOF), ctx.Err() != nil:
			if d, ok := src.(interface{ Dropped() int }); ok && d.Dropped() > 0 {
				fmt.Fprintf(e.stderr, "%d frames skipped while reading fell behind\n", d.Dropped())
			}
			return nil
		case err != nil:
			return err
		}
		ev, err := w.Feed(fr)
		if err == nil {
			// A hand is told once a spell of movement: it comes into view
			// moving, and may be lost and found again as it passes the edge.
			switch {
			case ev.Hand && !handTold:
				fmt.Fprintf(e.stderr, "frame %d: moving, a hand in the tray\n", ev.Frame)
				handTold = true
			case ev.Changed:
				fmt.Fprintf(e.stderr, "frame %d: %s\n", ev.Frame, ev.State)
			}
			handTold = handTold && ev.State == vision.Moving
			if ev.Message != "" {
				fmt.Fprintf(e.stderr, "frame %d: %s\n", ev.Frame, ev.Message)
			}
			err = fn(fr, ev, reader)
		}
		fr.Close()
		if err != nil {
			return err
		}
	}
}

// rollJSON is one line of `dicecam watch --json`.
type rollJSON struct {
	Roll      int       `json:"roll"`
	Dice      []dieJSON `json:"dice"`
	Seen      int       `json:"seen"`
	Expected  int       `json:"expected"`
	Uncertain bool      `json:"uncertain"`
	Frame     int       `json:"frame"`
	MS        float64   `json:"ms"` // from the dice coming to rest to the report
}

func rollLine(r vision.Reading) rollJSON {
	out := rollJSON{Roll: r.Number, Dice: []dieJSON{}, Seen: r.Seen, Expected: r.Expected,
		Uncertain: r.Uncertain, Frame: r.Frame, MS: math.Round(float64(r.Latency.Microseconds())/100) / 10}
	for _, d := range r.Dice {
		out.Dice = append(out.Dice, toJSON(d))
	}
	return out
}

// rollText is the line `dicecam watch` prints for a roll without --json.
func rollText(r vision.Reading) string {
	return fmt.Sprintf("roll %d: %s (frame %d, %d ms)", r.Number, strings.Join(faceList(r.Dice), " "), r.Frame, r.Latency.Milliseconds())
}

// faceList is the faces of dice as a person says them, with a question mark
// after each a person should confirm.
func faceList(dice []vision.Die) []string {
	faces := make([]string, len(dice))
	for i, d := range dice {
		faces[i] = d.Face
		if d.Uncertain {
			faces[i] += "?"
		}
	}
	return faces
}

// sizeFlag registers --size, the frame size to ask of a camera.
func sizeFlag(fs *flag.FlagSet, size *string) {
	fs.StringVar(size, "size", "", "frame size to ask of a camera, e.g. 1280x720 (default: the camera's own)")
}

// parseSize reads --size, WIDTHxHEIGHT; empty is the camera's own size.
func parseSize(size string) (image.Point, error) {
	if size == "" {
		return image.Point{}, nil
	}
	var w, h int
	if _, err := fmt.Sscanf(strings.ToLower(size), "%dx%d", &w, &h); err != nil || w <= 0 || h <= 0 {
		return image.Point{}, usagef("--size %q: want WIDTHxHEIGHT, e.g. 1280x720", size)
	}
	return image.Pt(w, h), nil
}
