package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/dicecam/dicecam/vision"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// userConfig points the user's config directory at a fresh folder and
// returns where the default profile lives in it.
func userConfig(t *testing.T) string {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	path, err := vision.DefaultProfilePath()
	require.NoError(t, err)
	return path
}

func TestCalibrateSavesWhereTheOtherCommandsLook(t *testing.T) {
	path := userConfig(t)
	var out, errOut bytes.Buffer
	input := strings.Repeat("\n", 3) + strings.Repeat("\ny\n", 3)
	e := &env{stdin: strings.NewReader(input), stdout: &out, stderr: &errOut, log: log.New(&errOut)}
	code := run(context.Background(), e, []string{"calibrate", "--source", demoFolder(t, 4)})
	require.Equal(t, 0, code, out.String()+errOut.String())
	_, err := vision.LoadProfile(path)
	require.NoError(t, err, "the profile is at the default place")

	for _, args := range [][]string{
		{"read", fixtureImage(t)},
		{"watch", "--source", rollIn},
		{"eval", "../../testdata/fixtures/colours"},
	} {
		code, _, stderr := runCmd(t, args...)
		assert.Equal(t, 0, code, stderr)
		assert.Contains(t, stderr, "reading with the calibration profile", args[0])
		assert.Contains(t, stderr, path, args[0])
	}
}

func TestProfileFlagWinsOverTheDefault(t *testing.T) {
	path := userConfig(t)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte("{broken"), 0o644))
	named := filepath.Join(t.TempDir(), "mine.json")
	require.NoError(t, vision.DefaultProfile().Save(named))
	code, _, stderr := runCmd(t, "read", "--profile", named, fixtureImage(t))
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, named)
}

func TestNoDefaultProfileReadsWithTheBuiltInDefaults(t *testing.T) {
	userConfig(t)
	code, _, stderr := runCmd(t, "read", fixtureImage(t))
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "built-in defaults")
}

func TestBrokenDefaultProfileSaysHowToFixIt(t *testing.T) {
	cases := []struct {
		name, content string
	}{
		{"not JSON", "{broken"},
		{"newer version", `{"format": "dicecam-profile", "version": 99, "faces": "pips", "die_size": [16, 260], "tray": [0, 0, 0, 0]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := userConfig(t)
			require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
			require.NoError(t, os.WriteFile(path, []byte(c.content), 0o644))
			for _, cmd := range []string{"read", "watch"} {
				args := []string{cmd, fixtureImage(t)}
				if cmd == "watch" {
					args = []string{cmd, "--source", rollIn}
				}
				code, _, stderr := runCmd(t, args...)
				assert.Equal(t, 1, code, cmd)
				assert.Contains(t, stderr, "delete "+path, cmd)
				assert.Contains(t, stderr, "dicecam calibrate", cmd)
			}
		})
	}
}

func TestCalibrateProfileAndOutMustAgree(t *testing.T) {
	code, _, stderr := runCmd(t, "calibrate", "--source", "0", "--profile", "a.json", "--out", "b.json")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "give one")
}

// fixtureImage is one picture of the recorded fixtures.
func fixtureImage(t *testing.T) string {
	t.Helper()
	paths, err := filepath.Glob("../../testdata/fixtures/colours/images/*.jpg")
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	return paths[0]
}
