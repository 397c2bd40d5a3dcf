package main

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/dicecam/dicecam/vision/synth"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

const sequences = "../../testdata/sequences"

// TestCommittedSequencesMatchTheGenerator checks every committed manifest
// byte for byte (they need no drawing) and the first frames of each clip.
func TestCommittedSequencesMatchTheGenerator(t *testing.T) {
	for _, q := range synth.Sequences() {
		t.Run(q.Name, func(t *testing.T) {
			for name, want := range sequenceManifests(q) {
				committed := readFile(t, filepath.Join(sequences, q.Name, name))
				assert.Equal(t, string(want), string(committed), "%s/%s differs: run go run ./cmd/dicegen sequences --out testdata/sequences", q.Name, name)
			}
			dir := t.TempDir()
			head := q
			head.Frames = q.Frames[:2]
			err := head.Render(context.Background(), func(i int, img gocv.Mat, _ synth.Truth) error {
				path := filepath.Join(dir, "frame.jpg")
				require.NoError(t, writeJPEG(path, img, frameQuality))
				assert.Less(t, meanDiff(t, decode(t, path), decode(t, filepath.Join(sequences, q.Name, framePath(i)))), 1.0, "%s frame %d", q.Name, i)
				return nil
			})
			require.NoError(t, err)
		})
	}
}
