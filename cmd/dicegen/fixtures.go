package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"

	"github.com/dicecam/dicecam/vision/synth"
)

func writeFixtures(ctx context.Context, stdout io.Writer, out string) error {
	var index bytes.Buffer
	index.WriteString("# Rendered fixtures\n\nWritten by `go run ./cmd/dicegen fixtures --out testdata/fixtures`; do not edit by hand.\n\n| case | pictures | dice | what it exercises |\n|---|---|---|---|\n")
	for _, c := range synth.Fixtures() {
		dice, err := writeCase(ctx, filepath.Join(out, c.Name), c)
		if err != nil {
			return err
		}
		fmt.Fprintf(&index, "| `%s` | %d | %d | %s |\n", c.Name, len(c.Shots), dice, c.About)
		fmt.Fprintf(stdout, "%-14s %d pictures, %d dice\n", c.Name, len(c.Shots), dice)
	}
	return os.WriteFile(filepath.Join(out, "README.md"), index.Bytes(), 0o644)
}

// writeCase renders one case into dir and returns how many dice it holds.
func writeCase(ctx context.Context, dir string, c synth.Case) (int, error) {
	if err := os.MkdirAll(filepath.Join(dir, "images"), 0o755); err != nil {
		return 0, fmt.Errorf("create %s: %w", dir, err)
	}
	l := newLabels()
	dice := 0
	for i, shot := range c.Shots {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		t, err := renderInto(dir, fmt.Sprintf("images/%s-%d.jpg", c.Name, i), shot.Scene, shot.Seed, l)
		if err != nil {
			return 0, fmt.Errorf("case %s picture %d: %w", c.Name, i, err)
		}
		dice += len(t.Dice)
	}
	return dice, writeFiles(dir, l.files())
}

func writeScenes(ctx context.Context, stdout io.Writer, out string, n int, seed uint64, w, h int) error {
	if n < 1 {
		return fmt.Errorf("--n %d: ask for at least one picture", n)
	}
	if err := os.MkdirAll(filepath.Join(out, "images"), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", out, err)
	}
	l := newLabels()
	for i := range n {
		if err := ctx.Err(); err != nil {
			return err
		}
		s := seed + uint64(i)
		scene := synth.RandomScene(rand.New(rand.NewPCG(s, 0x5ce7e)), w, h)
		if _, err := renderInto(out, fmt.Sprintf("images/scene-%06d.jpg", s), scene, s, l); err != nil {
			return fmt.Errorf("scene %d: %w", s, err)
		}
	}
	fmt.Fprintf(stdout, "%d pictures in %s\n", n, out)
	return writeFiles(out, l.files())
}
