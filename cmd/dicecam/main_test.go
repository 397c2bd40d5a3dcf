package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"

	"github.com/dicecam/dicecam/internal/matcheck"
)

// TestMain keeps the tests off the machine's own profile and saved games,
// and fails the run when any test leaves a gocv.Mat open (counted under
// -tags matprofile).
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "dicecam-test-home")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "config"))
	os.Setenv("XDG_DATA_HOME", filepath.Join(home, "data"))
	code := matcheck.Run(m)
	os.RemoveAll(home)
	os.Exit(code)
}

// runCmd runs dicecam in-process and returns its exit code and output.
func runCmd(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	e := &env{stdin: bytes.NewReader(nil), stdout: &out, stderr: &errOut, log: log.New(&errOut)}
	code = run(context.Background(), e, args)
	return code, out.String(), errOut.String()
}

func TestUnknownCommandExitsTwoAndListsCommands(t *testing.T) {
	code, _, stderr := runCmd(t, "frobnicate")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `unknown command "frobnicate"`)
	assert.Contains(t, stderr, "version")
}

func TestHelpListsEveryCommand(t *testing.T) {
	code, stdout, _ := runCmd(t, "help")
	assert.Equal(t, 0, code)
	for _, c := range commands() {
		assert.Contains(t, stdout, c.name)
	}
}

func TestBadFlagIsAUsageError(t *testing.T) {
	code, _, stderr := runCmd(t, "version", "--nope")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "-nope")
	assert.Equal(t, 1, strings.Count(stderr, "-nope"), "the error is printed once")
}

func TestParseFlagsAcceptsFlagsAfterArguments(t *testing.T) {
	var out bytes.Buffer
	e := &env{stdout: &out, stderr: &out}
	fs := newFlags(e, "x", "")
	asJSON := fs.Bool("json", false, "")
	pos, err := parseFlags(fs, []string{"a.jpg", "--json", "b.jpg"})
	assert.NoError(t, err)
	assert.True(t, *asJSON)
	assert.Equal(t, []string{"a.jpg", "b.jpg"}, pos)
}
