package strategy

import (
	"bytes"
	"context"
	"crypto/sha256"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadCachesTheTableAndReadsItBack(t *testing.T) {
	dir := t.TempDir()
	set := mustSet(t, "yacht")
	first, err := Load(context.Background(), set, Options{CacheDir: dir})
	require.NoError(t, err)
	files, err := filepath.Glob(filepath.Join(dir, "*"))
	require.NoError(t, err)
	require.Len(t, files, 1)

	solved := false
	again, err := Load(context.Background(), set, Options{CacheDir: dir, Progress: func(int, int) { solved = true }})
	require.NoError(t, err)
	assert.False(t, solved, "the second load reads the file instead of solving")
	assert.Equal(t, first.value, again.value)
	assert.Equal(t, first.States(), again.States())
}

func TestLoadSolvesAgainWhenTheCacheIsBroken(t *testing.T) {
	set := mustSet(t, "yacht")
	damage := map[string]func([]byte) []byte{
		"flipped byte": func(b []byte) []byte { b[len(b)/2] ^= 0x40; return b },
		"cut short":    func(b []byte) []byte { return b[:len(b)-100] },
		"empty":        func([]byte) []byte { return nil },
		"other header": func(b []byte) []byte { b[0] = 'X'; return b },
	}
	for name, spoil := range damage {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			want, err := Load(context.Background(), set, Options{CacheDir: dir})
			require.NoError(t, err)
			path, err := cachePath(dir, set, Official)
			require.NoError(t, err)
			data, err := os.ReadFile(path)
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(path, spoil(data), 0o644))

			var logged bytes.Buffer
			got, err := Load(context.Background(), set, Options{CacheDir: dir, Log: slog.New(slog.NewTextHandler(&logged, nil))})
			require.NoError(t, err)
			assert.Contains(t, logged.String(), "unusable")
			assert.Equal(t, want.value, got.value)

			// The rebuilt file is good again.
			logged.Reset()
			_, err = Load(context.Background(), set, Options{CacheDir: dir, Log: slog.New(slog.NewTextHandler(&logged, nil))})
			require.NoError(t, err)
			assert.NotContains(t, logged.String(), "unusable")
			assert.NotContains(t, logged.String(), "solving")
		})
	}
}

func TestCacheFilesAreKeptApartByRulesAndVariant(t *testing.T) {
	a, err := cachePath("d", mustSet(t, "yahtzee"), Official)
	require.NoError(t, err)
	b, err := cachePath("d", mustSet(t, "yahtzee:joker=free"), Official)
	require.NoError(t, err)
	c, err := cachePath("d", mustSet(t, "yahtzee"), Plain)
	require.NoError(t, err)
	assert.NotEqual(t, a, b)
	assert.NotEqual(t, a, c)
	assert.NotEqual(t, b, c)
}

func TestSolveStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Solve(ctx, mustSet(t, "yacht"), Options{})
	assert.ErrorIs(t, err, context.Canceled)
}

// Workers share a level's states in whatever order the scheduler gives them,
// and the table must not depend on it.
func TestTwoSolvesWriteTheSameBytes(t *testing.T) {
	set := mustSet(t, "poker")
	var files [2][]byte
	for i := range files {
		dir := t.TempDir()
		_, err := Load(context.Background(), set, Options{CacheDir: dir})
		require.NoError(t, err)
		path, err := cachePath(dir, set, Official)
		require.NoError(t, err)
		files[i], err = os.ReadFile(path)
		require.NoError(t, err)
	}
	assert.Equal(t, sha256.Sum256(files[0]), sha256.Sum256(files[1]))
}

func TestSolveReportsProgressUpToEveryState(t *testing.T) {
	var calls [][2]int
	tb, err := Solve(context.Background(), mustSet(t, "poker"), Options{Progress: func(done, total int) {
		calls = append(calls, [2]int{done, total})
	}})
	require.NoError(t, err)
	require.NotEmpty(t, calls)
	assert.Greater(t, len(calls), 20, "a bar moves in small steps, not once a level")
	assert.LessOrEqual(t, len(calls), 101, "at most one report a percent")
	for i, c := range calls {
		assert.Equal(t, tb.States(), c[1])
		if i > 0 {
			assert.Greater(t, c[0], calls[i-1][0])
		}
	}
	assert.Equal(t, tb.States(), calls[len(calls)-1][0])
}

func TestLoadDistributionCachesTheScores(t *testing.T) {
	dir := t.TempDir()
	tb, err := Load(context.Background(), mustSet(t, "yacht"), Options{CacheDir: dir})
	require.NoError(t, err)
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, nil))
	first, err := LoadDistribution(context.Background(), tb, Options{CacheDir: dir, Log: log})
	require.NoError(t, err)
	assert.Contains(t, logged.String(), "working out the score distribution")
	logged.Reset()
	again, err := LoadDistribution(context.Background(), tb, Options{CacheDir: dir, Log: log})
	require.NoError(t, err)
	assert.Empty(t, logged.String(), "read from the cache")
	assert.Equal(t, first, again)
}
