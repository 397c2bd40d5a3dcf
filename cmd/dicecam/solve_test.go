package main

import (
	"encoding/json"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSolveJSONReportsTheTable(t *testing.T) {
	isolatedCache(t)
	var runs []solveJSON
	for range 2 { // solved, then read from the cache
		code, stdout, stderr := runCmd(t, "solve", "--rules", "yacht", "--json")
		require.Equal(t, 0, code, stderr)
		assert.NotContains(t, stderr, "solving yacht [", "no progress bar off a terminal")
		var got solveJSON
		require.NoError(t, json.Unmarshal([]byte(stdout), &got))
		runs = append(runs, got)
	}
	for _, got := range runs {
		assert.Equal(t, "yacht", got.Rules)
		assert.Empty(t, got.Variant)
		assert.Equal(t, 4096, got.States, "yacht has no bonus: one state for each set of filled boxes")
		assert.Greater(t, got.ExpectedScore, 0.0)
		assert.Less(t, got.ExpectedScore, 297.0, "below the highest card")
		assert.Greater(t, got.Seconds, 0.0)
		require.NotNil(t, got.Scores, "--json gives the spread of optimal play")
		assert.InDelta(t, got.ExpectedScore, got.Scores.Mean, 1e-9)
		assert.Greater(t, got.Scores.StdDev, 0.0)
		assert.Equal(t, got.Scores.Percentiles["50"], got.Scores.Median)
		last := got.Scores.Min
		for _, p := range percentiles {
			v := got.Scores.Percentiles[strconv.FormatFloat(p, 'f', -1, 64)]
			assert.GreaterOrEqual(t, v, last, "percentile %v", p)
			last = v
		}
		assert.GreaterOrEqual(t, got.Scores.Max, last)
	}
	assert.Equal(t, runs[0].ExpectedScore, runs[1].ExpectedScore)
}

func TestSolvePlainYahtzeeMatchesGlenn(t *testing.T) {
	if testing.Short() {
		t.Skip("solving yahtzee takes seconds")
	}
	isolatedCache(t)
	code, stdout, stderr := runCmd(t, "solve", "--rules", "yahtzee", "--plain")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "yahtzee (plain: no 100 bonuses, no joker): optimal play scores 245.870775")
}

func TestSolveRefusesArgumentsAndUnknownRules(t *testing.T) {
	isolatedCache(t)
	code, _, stderr := runCmd(t, "solve", "yacht")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--rules")
	code, _, stderr = runCmd(t, "solve", "--rules", "yaht")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "unknown rule set")
}

func TestProgressBarFillsUp(t *testing.T) {
	var out lineBuffer
	bar := &progressBar{w: &out, label: "solving"}
	bar.show(1, 4)
	bar.show(4, 4)
	bar.done()
	assert.Contains(t, out.String(), "\rsolving [#######.......................]  25%")
	assert.Contains(t, out.String(), "\rsolving [##############################] 100%\n")
}

type lineBuffer struct{ b []byte }

func (l *lineBuffer) Write(p []byte) (int, error) { l.b = append(l.b, p...); return len(p), nil }
func (l *lineBuffer) String() string              { return string(l.b) }
