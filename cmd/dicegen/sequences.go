package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dicecam/dicecam/vision/synth"
	"gocv.io/x/gocv"
)

func writeSequences(ctx context.Context, stdout io.Writer, out string) error {
	var index bytes.Buffer
	index.WriteString(sequencesHeader)
	for _, q := range synth.Sequences() {
		rolls, err := writeSequence(ctx, filepath.Join(out, q.Name), q)
		if err != nil {
			return err
		}
		var rs []string
		for _, r := range rolls {
			rs = append(rs, fmt.Sprintf("%d at frame %d: %s", r.Number, r.Frame, join(r.Values)))
		}
		fmt.Fprintf(&index, "| `%s` | %d | %s | %s |\n", q.Name, len(q.Frames), strings.Join(rs, "; "), q.About)
		fmt.Fprintf(stdout, "%-12s %d frames, %d rolls\n", q.Name, len(q.Frames), len(rolls))
	}
	return os.WriteFile(filepath.Join(out, "README.md"), index.Bytes(), 0o644)
}

const sequencesHeader = `# Recorded sequences

Written by ` + "`go run ./cmd/dicegen sequences --out testdata/sequences`" + `; do not edit by hand.
Each folder holds one clip at 30 frames a second:

- ` + "`frames/frame-00000.jpg`" + ` and on: the frames, in order (a folder source for ` + "`dicecam watch`" + `).
- ` + "`frames.csv`" + `: ` + "`frame,image,state,n_dice,hands,values`" + ` for every frame; state is ` + "`empty`" + ` (no dice,
  no hand), ` + "`moving`" + ` (a die moves or a hand is in view) or ` + "`still`" + `; n_dice counts dice at least
  partly in view; values (sorted) only on still frames.
- ` + "`rolls.csv`" + `: ` + "`roll,frame,n_dice,values`" + `: each roll a watcher must report exactly once, with
  the frame on which the dice come to rest. Dice already at rest on frame 0 are roll 1 at frame 0.
  A nudged die, a die put back as it was, or dice taken away are no new roll.
- ` + "`images.csv`" + `, ` + "`dice.csv`" + `, ` + "`truth.csv`" + `: the still frames in the fixtures' format, for ` + "`dicecam eval`" + `.

| sequence | frames | rolls | what happens |
|---|---|---|---|
`

// writeSequence renders q into dir and returns its rolls.
func writeSequence(ctx context.Context, dir string, q synth.Sequence) ([]synth.Roll, error) {
	if err := os.MkdirAll(filepath.Join(dir, "frames"), 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	err := q.Render(ctx, func(i int, img gocv.Mat, _ synth.Truth) error {
		return writeJPEG(filepath.Join(dir, framePath(i)), img, frameQuality)
	})
	if err != nil {
		return nil, err
	}
	return q.Rolls(), writeFiles(dir, sequenceManifests(q))
}

func framePath(i int) string { return fmt.Sprintf("frames/frame-%05d.jpg", i) }

// sequenceManifests returns the manifests of q, which follow from its
// script alone, without drawing a frame.
func sequenceManifests(q synth.Sequence) map[string][]byte {
	l := newLabels()
	var frames, rolls bytes.Buffer
	frames.WriteString("frame,image,state,n_dice,hands,values\n")
	for i, t := range q.Truths() {
		values := ""
		if t.State() == synth.Still {
			values = join(slices.Sorted(slices.Values(t.Values())))
			l.add(framePath(i), t)
		}
		fmt.Fprintf(&frames, "%d,%s,%s,%d,%d,%s\n", i, framePath(i), t.State(), len(t.Dice), t.Hands, values)
	}
	rolls.WriteString("roll,frame,n_dice,values\n")
	for _, r := range q.Rolls() {
		fmt.Fprintf(&rolls, "%d,%d,%d,%s\n", r.Number, r.Frame, len(r.Values), join(r.Values))
	}
	files := l.files()
	files["frames.csv"], files["rolls.csv"] = frames.Bytes(), rolls.Bytes()
	return files
}

func join(v []int) string { return strings.Trim(fmt.Sprint(v), "[]") }
