// Command dicegen renders dicecam's synthetic pictures: the committed
// still-picture fixtures, the recorded sequences, and bulk scenes for
// training, each as a labelled folder in the format `dicecam eval` reads.
//
//	dicegen fixtures  --out testdata/fixtures
//	dicegen sequences --out testdata/sequences
//	dicegen scenes    --out DIR --n 1000 --seed 1 [--size 640x480]
//	dicegen corpus    --out DIR --n 5000 --seed 1 [--size 640x480,1280x720]
//	                  [--paste tray-topdown,casino-crops --paste-root ../shared/datasets --exclude-fold 0/5]
//	                  [--hold felt-hex,gold-on-black] [--only FAMILY,...] [--workers 2]
//
// corpus writes a domain-randomised training corpus, with the extra files
// training needs beside the labelled folder: README.md here says what they hold.
// Everything is seeded: the same command writes the same files.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"

	"github.com/dicecam/dicecam/vision"
	"github.com/dicecam/dicecam/vision/synth"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Stdout, os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, "dicegen:", err)
		os.Exit(1)
	}
}

const usage = `usage: dicegen fixtures|sequences|scenes|corpus --out DIR [flags]
Run 'dicegen COMMAND -h' for a command's flags.`

func run(ctx context.Context, stdout io.Writer, args []string) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	fs := flag.NewFlagSet("dicegen "+args[0], flag.ContinueOnError)
	fs.SetOutput(stdout)
	out := fs.String("out", "", "folder to write (created if missing)")
	n := fs.Int("n", 100, "scenes, corpus: number of pictures")
	seed := fs.Uint64("seed", 1, "scenes: seed of the first picture; corpus: seed of the corpus")
	size := fs.String("size", "640x480", "scenes: picture size WxH; corpus: a comma-separated list to draw from")
	paste := fs.String("paste", "", "corpus: labelled folders to paste real dice from, comma-separated (tray-topdown, casino-crops)")
	root := fs.String("paste-root", "../shared/datasets", "corpus: the folder that holds the --paste folders")
	exclude := fs.String("exclude-fold", "", "corpus: K/N, paste no die from photographs of fold K of N (crc32 of the file name mod N)")
	hold := fs.String("hold", "", "corpus: families no scene shows, comma-separated")
	only := fs.String("only", "", "corpus: families to draw from alone, comma-separated")
	tilts := fs.String("tilt", "", "corpus: LOW-HIGH, the camera tilts in degrees from straight down every scene is seen at (default: the corpus's mix up to 55)")
	workers := fs.Int("workers", runtime.NumCPU(), "corpus: scenes rendered at once")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *out == "" {
		return fmt.Errorf("%s: --out DIR is required", args[0])
	}
	switch args[0] {
	case "fixtures":
		return writeFixtures(ctx, stdout, *out)
	case "sequences":
		return writeSequences(ctx, stdout, *out)
	case "scenes":
		var w, h int
		if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil {
			return fmt.Errorf("--size %q: want WIDTHxHEIGHT, e.g. 640x480", *size)
		}
		return writeScenes(ctx, stdout, *out, *n, *seed, w, h)
	case "corpus":
		sizes, err := parseSizes(*size)
		if err != nil {
			return err
		}
		job := corpusJob{out: *out, n: *n, seed: *seed, sizes: sizes, paste: names(*paste), root: *root, workers: max(1, *workers),
			opts: synth.CorpusOptions{Hold: names(*hold), Only: names(*only)}}
		if *tilts != "" {
			if _, err := fmt.Sscanf(*tilts, "%g-%g", &job.opts.Tilts[0], &job.opts.Tilts[1]); err != nil {
				return fmt.Errorf("--tilt %q: want LOW-HIGH in degrees, e.g. 55-75", *tilts)
			}
		}
		if *exclude != "" {
			if job.fold, err = vision.ParseFold(*exclude, true); err != nil {
				return fmt.Errorf("--exclude-fold: %w", err)
			}
		}
		return writeCorpus(ctx, stdout, job)
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
}
