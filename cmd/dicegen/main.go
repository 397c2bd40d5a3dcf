// Command dicegen renders dicecam's synthetic pictures: the committed
// still-picture fixtures, the recorded sequences, and bulk scenes for
// training, each as a labelled folder in the format `dicecam eval` reads.
//
//	dicegen fixtures  --out testdata/fixtures
//	dicegen sequences --out testdata/sequences
//	dicegen scenes    --out DIR --n 1000 --seed 1 [--size 640x480]
//
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

const usage = `usage: dicegen fixtures|sequences|scenes --out DIR [flags]
Run 'dicegen COMMAND -h' for a command's flags.`

func run(ctx context.Context, stdout io.Writer, args []string) error {
	if len(args) == 0 {
		return errors.New(usage)
	}
	fs := flag.NewFlagSet("dicegen "+args[0], flag.ContinueOnError)
	fs.SetOutput(stdout)
	out := fs.String("out", "", "folder to write (created if missing)")
	n := fs.Int("n", 100, "scenes: number of pictures")
	seed := fs.Uint64("seed", 1, "scenes: seed of the first picture")
	size := fs.String("size", "640x480", "scenes: picture size WxH")
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
	}
	return fmt.Errorf("unknown command %q\n%s", args[0], usage)
}
