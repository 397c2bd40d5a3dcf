package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/dicecam/dicecam/vision"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRecordWritesAFolderThatEvalReads(t *testing.T) {
	cases := []struct {
		mode   string
		photos int
	}{
		{"--every-roll", 1},
		{"--all-frames", 90},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "rec")
			code, _, stderr := runCmd(t, "record", "--source", rollIn, "--out", out, c.mode)
			require.Equal(t, 0, code, stderr)
			photos, err := vision.LoadFolder(out)
			require.NoError(t, err)
			require.Len(t, photos, c.photos)
			last := photos[len(photos)-1]
			assert.FileExists(t, last.Path)
			assert.Len(t, last.Dice, 5, "the reader's values are filled in")
		})
	}
}

func TestRecordRefusesToOverwriteOrGuess(t *testing.T) {
	used := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(used, "images.csv"), []byte("image,n_dice,values\n"), 0o644))
	cases := []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no out", []string{"--source", rollIn}, 2, "--out"},
		{"both modes", []string{"--source", rollIn, "--out", t.TempDir(), "--every-roll", "--all-frames"}, 2, "pick one"},
		{"used folder", []string{"--source", rollIn, "--out", used}, 1, "already holds labelled photos"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, append([]string{"record"}, c.args...)...)
			assert.Equal(t, c.code, code)
			assert.Contains(t, stderr, c.want)
		})
	}
}
