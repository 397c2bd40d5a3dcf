package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// isolatedCache points the strategy cache at a fresh folder, so tests
// neither read nor leave tables in the user's cache.
func isolatedCache(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	return dir
}

func TestAdviseGolden(t *testing.T) {
	isolatedCache(t)
	checkGoldenCases(t, "advise")
}

func TestAdviseJSONListsEveryMoveOfTheTable(t *testing.T) {
	dir := isolatedCache(t)
	code, stdout, stderr := runCmd(t, "advise", "--rules", "yacht", "--roll", "1", "--json", "3", "3", "4", "5", "6")
	require.Equal(t, 0, code, stderr)
	var got adviseJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))
	assert.Equal(t, "yacht", got.Rules)
	assert.Equal(t, 1, got.Roll)
	assert.Equal(t, []string{"3", "3", "4", "5", "6"}, got.Dice)

	set, err := rules.Parse("yacht")
	require.NoError(t, err)
	tb, err := strategy.Load(t.Context(), set, strategy.Options{CacheDir: dir + "/dicecam"})
	require.NoError(t, err)
	want, err := tb.Advise(rules.NewCard(set), rules.Roll{3, 3, 4, 5, 6}, 1)
	require.NoError(t, err)
	require.Len(t, got.Moves, len(want), "--json lists every move, not only --top")
	for i, m := range want {
		assert.Equal(t, labels(set, m.Keep), got.Moves[i].Keep)
		assert.Equal(t, m.Expected, got.Moves[i].Expected)
		assert.Equal(t, m.Cost, got.Moves[i].Cost)
	}
}

func TestAdviseOnPokerDiceTakesPokerFaces(t *testing.T) {
	if testing.Short() {
		t.Skip("solving poker takes a second or two")
	}
	isolatedCache(t)
	code, stdout, stderr := runCmd(t, "advise", "--rules", "poker", "--roll", "3", "--json", "a", "A", "k", "K", "9")
	require.Equal(t, 0, code, stderr)
	var got adviseJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))
	assert.Equal(t, []string{"A", "A", "K", "K", "9"}, got.Dice)
	require.NotEmpty(t, got.Moves)
	assert.Zero(t, got.Moves[0].Cost)
}

func TestAdviseToBeatGivesEveryMoveItsChance(t *testing.T) {
	dir := isolatedCache(t)
	log := filepath.Join("testdata", "advise", "yacht-last-roll-with-card", "game.log")
	code, stdout, stderr := runCmd(t, "advise", "--rules", "yacht", "--card", log, "--roll", "2", "--to-beat", "150", "--json", "4", "4", "4", "4", "2")
	require.Equal(t, 0, code, stderr)
	var got adviseJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))
	require.NotNil(t, got.ToBeat)
	assert.Equal(t, 150, *got.ToBeat)

	set, err := rules.Parse("yacht")
	require.NoError(t, err)
	card, err := loadCard(set, log)
	require.NoError(t, err)
	tb, err := strategy.Load(t.Context(), set, strategy.Options{CacheDir: dir + "/dicecam"})
	require.NoError(t, err)
	want, err := tb.AdviseToBeat(t.Context(), card, rules.Roll{4, 4, 4, 4, 2}, 2, 150)
	require.NoError(t, err)
	require.Len(t, got.Moves, len(want))
	for i, m := range want {
		require.NotNil(t, got.Moves[i].WinChance, "move %d", i)
		assert.Equal(t, m.WinChance, *got.Moves[i].WinChance)
		assert.Equal(t, labels(set, m.Keep), got.Moves[i].Keep)
		if i > 0 {
			assert.LessOrEqual(t, *got.Moves[i].WinChance, *got.Moves[i-1].WinChance, "best chance first")
		}
	}
}

func TestAdviseRefusesANegativeTarget(t *testing.T) {
	isolatedCache(t)
	code, _, stderr := runCmd(t, "advise", "--rules", "yacht", "--roll", "3", "--to-beat", "-5", "1", "2", "3", "4", "5")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--to-beat -5: give the score to beat, 0 or more")
}
