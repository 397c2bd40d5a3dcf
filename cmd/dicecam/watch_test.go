package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const rollIn = "../../testdata/sequences/roll-in/frames"

func TestWatchPrintsEachSettledRollOnceAsJSON(t *testing.T) {
	code, stdout, stderr := runCmd(t, "watch", "--source", rollIn, "--json")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	require.Len(t, lines, 1, stdout)
	var got rollJSON
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &got))
	assert.Equal(t, 1, got.Roll)
	assert.Equal(t, 5, got.Seen)
	assert.Equal(t, 5, got.Expected)
	assert.GreaterOrEqual(t, got.Frame, 51, "the dice come to rest on frame 51")
	var values []int
	for _, d := range got.Dice {
		values = append(values, d.Value)
	}
	assert.ElementsMatch(t, []int{1, 1, 2, 4, 5}, values)
	assert.Positive(t, got.MS)
}

func TestWatchTellsStateChangesOnStandardError(t *testing.T) {
	code, stdout, stderr := runCmd(t, "watch", "--source", "../../testdata/sequences/put-back/frames")
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `^roll 1: (\d ){4}\d \(frame \d+, \d+ ms\)\n$`, stdout)
	assert.Contains(t, stderr, ": moving\n")
	assert.Contains(t, stderr, ": settled\n")
}

func TestWatchRefusesBadFlagsAndMissingSources(t *testing.T) {
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--source", "7"}, 1, "--source path/to/video.mp4"},
		{[]string{"--source", "no/such/folder"}, 1, "camera index"},
		{[]string{"--source", rollIn, "--size", "big"}, 2, "WIDTHxHEIGHT"},
		{[]string{"--source", rollIn, "--dice", "0"}, 2, "at least one die"},
		{[]string{"--source", rollIn, "--fps", "NaN"}, 2, "--fps NaN: want a rate above 0 and at most 1000"},
		{[]string{"--source", rollIn, "--fps", "Inf"}, 2, "--fps +Inf: want a rate"},
		{[]string{"--source", rollIn, "--fps", "0"}, 2, "--fps 0: want a rate"},
		{[]string{"--source", rollIn, "--fps", "1e6"}, 2, "at most 1000"},
		{[]string{"extra"}, 2, "--source"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, _, stderr := runCmd(t, append([]string{"watch"}, c.args...)...)
			assert.Equal(t, c.code, code)
			assert.Contains(t, stderr, c.want)
		})
	}
}

func TestWatchTellsOfAHandInTheTray(t *testing.T) {
	code, _, stderr := runCmd(t, "watch", "--source", "../../testdata/sequences/reroll/frames")
	require.Equal(t, 0, code, stderr)
	// A hand takes three dice away one after the other, then comes back
	// to throw them: told at least once for the taking and once for the
	// throw.
	assert.GreaterOrEqual(t, strings.Count(stderr, ": moving, a hand in the tray\n"), 2, stderr)
}
