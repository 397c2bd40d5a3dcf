package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/dicecam/dicecam/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoreGolden(t *testing.T) { checkGoldenCases(t, "score") }

func TestScoreJSONListsOnlyTheLegalBoxesWithJokersMarked(t *testing.T) {
	log := filepath.Join("testdata", "score", "yahtzee-joker-lower", "game.log")
	code, stdout, stderr := runCmd(t, "score", "--json", "--card", log, "3", "3", "3", "3", "3")
	require.Equal(t, 0, code, stderr)
	var got scoreJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))
	assert.Equal(t, "yahtzee", got.Rules)
	assert.Equal(t, []string{"3", "3", "3", "3", "3"}, got.Dice)

	set, err := rules.Parse("yahtzee")
	require.NoError(t, err)
	card, err := loadCard(set, log)
	require.NoError(t, err)
	var want []scoreOptionJSON
	for _, o := range card.Options(rules.Roll{3, 3, 3, 3, 3}) {
		if o.Legal {
			want = append(want, scoreOptionJSON{Box: o.Box, Points: o.Points, Joker: o.Joker})
		}
	}
	require.NotEmpty(t, want)
	assert.Equal(t, want, got.Options)
	for _, o := range got.Options {
		b, ok := set.Box(o.Box)
		require.True(t, ok, o.Box)
		assert.False(t, b.Upper, "the joker bars number boxes while lower ones are open: %s", o.Box)
		assert.True(t, o.Joker, o.Box)
	}
}

func TestScoreTakesPokerFacesInAnyCase(t *testing.T) {
	code, upper, _ := runCmd(t, "score", "--rules", "poker", "--json", "J", "Q", "K", "A", "10")
	require.Equal(t, 0, code)
	code, lower, _ := runCmd(t, "score", "--rules", "poker", "--json", "j", "q", "k", "a", "10")
	require.Equal(t, 0, code)
	assert.Equal(t, upper, lower)
	assert.Contains(t, upper, `{"box":"straight","points":40,"joker":false}`)
}
