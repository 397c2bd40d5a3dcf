package main

import (
	"bytes"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/dicecam/dicecam/vision"
	"github.com/dicecam/dicecam/vision/synth"
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
	p, err := vision.LoadProfile(profile)
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

// facesScene is a felt tray under a lamp with white dice on it.
func facesScene(dice ...synth.Die) synth.Scene {
	sc := synth.Scene{Width: 640, Height: 480, Surface: synth.Felt, Tray: true,
		Light: synth.Light{Azimuth: 40, Shadow: 0.3, Length: 0.3}}
	for _, d := range dice {
		sc.Dice = append(sc.Dice, synth.StyleNamed("white").Dress(d))
	}
	return sc
}

// facesFolder writes the frames a person shows when calibrating dice with
// special faces: the empty tray, five dice laid out, one die per face
// asked for, then three rolls.
func facesFolder(t *testing.T, faces synth.Faces, shown []int) string {
	t.Helper()
	dir := t.TempDir()
	scene := facesScene
	var laid []synth.Die
	for i, x := range []float64{200, 320, 440, 260, 380} {
		laid = append(laid, synth.Die{Value: 6, Faces: faces, X: x, Y: 170 + 140*float64(i/3), Size: 56, Angle: float64(20 * i)})
	}
	scenes := []synth.Scene{scene(), scene(laid...)}
	for i, v := range shown {
		scenes = append(scenes, scene(synth.Die{Value: v, Faces: faces, X: 330, Y: 250, Size: 56, Angle: float64(30 * i)}))
	}
	for range 3 {
		scenes = append(scenes, scene(laid...))
	}
	for i, sc := range scenes {
		m, _, err := synth.Render(sc, uint64(i))
		require.NoError(t, err)
		require.True(t, gocv.IMWrite(filepath.Join(dir, fmt.Sprintf("%02d.png", i)), m))
		m.Close()
	}
	return dir
}

func TestCalibrateAsksForEachSpecialFace(t *testing.T) {
	cases := []struct {
		name   string
		flags  []string
		faces  synth.Faces
		shown  []int
		labels []string
	}{
		{"poker dice", []string{"--faces", "poker"}, synth.Poker, []int{1, 2, 3, 4, 5, 6}, []string{"9", "10", "J", "Q", "K", "A"}},
		{"a logo on the one", []string{"--logo", "1"}, synth.Logo, []int{1}, []string{"logo"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			profile := filepath.Join(t.TempDir(), "profile.json")
			var out, errOut bytes.Buffer
			input := strings.Repeat("\n", 3+len(c.shown)) + strings.Repeat("\ny\n", 3)
			e := &env{stdin: strings.NewReader(input), stdout: &out, stderr: &errOut, log: log.New(&errOut)}
			args := append([]string{"calibrate", "--source", facesFolder(t, c.faces, c.shown), "--profile", profile}, c.flags...)
			code := run(context.Background(), e, args)
			require.Equal(t, 0, code, out.String()+errOut.String())
			for i, l := range c.labels {
				assert.Contains(t, out.String(), fmt.Sprintf("Face %d of %d: Put one die in the middle of the tray showing %s,", i+1, len(c.labels), l))
			}
			p, err := vision.LoadProfile(profile)
			require.NoError(t, err)
			var labels []string
			for _, tpl := range p.Templates {
				labels = append(labels, tpl.Label)
			}
			assert.Equal(t, c.labels, labels)

			// The reader reads the special faces by these templates.
			roll := []int{1, 3, 4, 6, 1}
			var dice []synth.Die
			for i, v := range roll {
				dice = append(dice, synth.Die{Value: v, Faces: c.faces, X: 180 + 70*float64(i), Y: 200 + 40*float64(i%2), Size: 56, Angle: float64(11 + 23*i)})
			}
			frame, _, err := synth.Render(facesScene(dice...), 99)
			require.NoError(t, err)
			defer frame.Close()
			r, err := vision.NewReader(p)
			require.NoError(t, err)
			defer r.Close()
			read, err := r.Read(frame)
			require.NoError(t, err)
			var got []int
			for _, d := range read {
				got = append(got, d.Value)
			}
			assert.ElementsMatch(t, roll, got)
		})
	}
}

func TestCalibrateRefusesALogoItCannotAskFor(t *testing.T) {
	for _, args := range [][]string{
		{"calibrate", "--source", "0", "--logo", "7"},
		{"calibrate", "--source", "0", "--faces", "poker", "--logo", "1"},
		{"calibrate", "--from", "x", "--logo", "1"},
	} {
		code, _, stderr := runCmd(t, args...)
		assert.Equal(t, 2, code, args)
		assert.Contains(t, stderr, "--logo", args)
	}
}

func TestCalibrateAndPlayTakeTheSizeTheirHintNames(t *testing.T) {
	for _, command := range []string{"calibrate", "play"} {
		code, stdout, stderr := runCmd(t, command, "-h")
		assert.Equal(t, 0, code)
		assert.Contains(t, stdout+stderr, "-size", "%s -h", command)
	}
	code, _, stderr := runCmd(t, "calibrate", "--from", t.TempDir(), "--size", "1280x720")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "give it with --source")
	code, _, stderr = runCmd(t, "calibrate", "--source", "demo", "--size", "big")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "WIDTHxHEIGHT")
}
