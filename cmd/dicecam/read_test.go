package main

import (
	"encoding/json"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

// writeDiePhoto draws a white die showing three on a grey table and writes it
// as a JPEG in dir.
func writeDiePhoto(t *testing.T, dir string) string {
	t.Helper()
	m := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(110, 120, 125, 0), 240, 320, gocv.MatTypeCV8UC3)
	defer m.Close()
	gocv.Rectangle(&m, image.Rect(120, 80, 180, 140), color.RGBA{245, 245, 245, 0}, -1)
	for _, c := range []image.Point{{133, 93}, {150, 110}, {167, 127}} {
		gocv.Circle(&m, c, 6, color.RGBA{20, 20, 20, 0}, -1)
	}
	path := filepath.Join(dir, "three.jpg")
	require.True(t, gocv.IMWrite(path, m))
	return path
}

func TestReadJSONReportsTheDieAndErrorsForUnreadableFiles(t *testing.T) {
	dir := t.TempDir()
	good := writeDiePhoto(t, dir)
	bad := filepath.Join(dir, "notes.jpg")
	require.NoError(t, os.WriteFile(bad, []byte("not a jpeg"), 0o644))

	code, stdout, stderr := runCmd(t, "read", "--json", "--annotate", filepath.Join(dir, "ann"), good, bad)
	assert.Equal(t, 1, code, "an unreadable image makes the command fail at the end")
	assert.Contains(t, stderr, "1 of 2 images")
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	require.Len(t, lines, 2)

	var first readResult
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	assert.Equal(t, good, first.Image)
	assert.Equal(t, 320, first.Width)
	assert.Equal(t, 240, first.Height)
	require.Len(t, first.Dice, 1)
	assert.Equal(t, 3, first.Dice[0].Value)
	assert.Equal(t, "3", first.Dice[0].Face)
	assert.InDelta(t, 150, first.Dice[0].X, 4)
	assert.InDelta(t, 110, first.Dice[0].Y, 4)
	assert.Len(t, first.Dice[0].Box, 4)
	assert.FileExists(t, filepath.Join(dir, "ann", "three.jpg"))

	var second map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[1]), &second))
	assert.Equal(t, bad, second["image"])
	assert.NotEmpty(t, second["error"])
}

func TestReadWithoutImagesIsAUsageError(t *testing.T) {
	code, _, stderr := runCmd(t, "read", "--json")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "at least one image")
}

func TestReadRefusesAForeignProfile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.json")
	require.NoError(t, os.WriteFile(p, []byte(`{"hello": 1}`), 0o644))
	code, _, stderr := runCmd(t, "read", "--profile", p, writeDiePhoto(t, dir))
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "not a dicecam profile")
}
