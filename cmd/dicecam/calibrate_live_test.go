package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/dicecam/dicecam/calibrate"
	"github.com/dicecam/dicecam/vision"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

// demoFolder writes frames of the built-in demo into a folder: the empty
// tray, then the dice at rest n times, as a camera a person captures from.
func demoFolder(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	src := vision.NewDemo(vision.DemoOptions{Rolls: 1})
	defer src.Close()
	saved := 0
	for saved <= n {
		fr, err := src.Next(context.Background())
		require.NoError(t, err)
		if fr.Index == 0 || fr.Index >= 60 {
			require.True(t, gocv.IMWrite(filepath.Join(dir, fmt.Sprintf("%02d.png", saved)), fr.Mat))
			saved++
		}
		fr.Close()
	}
	return dir
}

func TestCalibrateFromASourceGuidesAndSavesTheProfile(t *testing.T) {
	profile := filepath.Join(t.TempDir(), "profile.json")
	var out, errOut bytes.Buffer
	// Empty tray, keep the tray found, the dice, then three rolls confirmed.
	input := strings.Repeat("\n", 3) + strings.Repeat("\ny\n", 3)
	e := &env{stdin: strings.NewReader(input), stdout: &out, stderr: &errOut, log: log.New(&errOut)}
	code := run(context.Background(), e, []string{"calibrate", "--source", demoFolder(t, 4), "--out", profile})
	require.Equal(t, 0, code, out.String()+errOut.String())
	assert.Contains(t, out.String(), "read: ")
	p, err := calibrate.Load(profile)
	require.NoError(t, err)
	assert.Less(t, p.DieSize[0], 56.0, "the demo's dice are 56 pixels")
	assert.Greater(t, p.DieSize[1], 56.0)
	assert.NotEmpty(t, p.Bodies)
}

func TestCalibrateWantsOneOfFromAndSource(t *testing.T) {
	for _, args := range [][]string{{"calibrate"}, {"calibrate", "--from", "x", "--source", "0"}} {
		code, _, stderr := runCmd(t, args...)
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, "--from, or a camera with --source")
	}
}
