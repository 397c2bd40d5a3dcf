package rules

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLogReadsTheEarlierRollsOfATurn(t *testing.T) {
	s := mustParse(t, "yahtzee")
	turns, err := ParseLog(strings.NewReader(
		"6 6 5 2 1 keep 6 6, 6 6 6 3 4 keep 6 6 6, 6 6 6 6 2 -> sixes\n"+
			"1 2 3 5 5 keep none,2 3 4 4 6 keep 2 3 4 6 , 2 3 4 5 6->large-straight # stopped early\n"+
			"3 3 3 2 2 -> full-house\n"), s)
	require.NoError(t, err)
	assert.Equal(t, []Turn{
		{Line: 1, Roll: Roll{6, 6, 6, 6, 2}, Box: "sixes", Holds: []Hold{
			{Roll: Roll{6, 6, 5, 2, 1}, Kept: []Face{6, 6}},
			{Roll: Roll{6, 6, 6, 3, 4}, Kept: []Face{6, 6, 6}},
		}},
		{Line: 2, Roll: Roll{2, 3, 4, 5, 6}, Box: "large-straight", Holds: []Hold{
			{Roll: Roll{1, 2, 3, 5, 5}},
			{Roll: Roll{2, 3, 4, 4, 6}, Kept: []Face{2, 3, 4, 6}},
		}},
		{Line: 3, Roll: Roll{3, 3, 3, 2, 2}, Box: "full-house"},
	}, turns)
}

func TestParseLogRefusesEarlierRollsThatCannotHaveHappened(t *testing.T) {
	s := mustParse(t, "yahtzee")
	cases := []struct{ line, want string }{
		{"6 6 5 2 1, 6 6 6 3 4 -> sixes", `line 1: roll 1: "6 6 5 2 1" does not say which dice were held`},
		{"6 6 5 2 1 keep 6 6 6, 6 6 6 3 4 -> sixes", `line 1: roll 1: 6 6 5 2 1 holds 6 6 6, which the roll does not show`},
		{"6 6 5 2 1 keep 6 6, 5 5 6 3 4 -> sixes", `line 1: roll 2 shows 5 5 6 3 4, which lacks the 6 6 held from roll 1`},
		{"6 6 5 2 1 keep, 6 6 6 3 4 -> sixes", `line 1: roll 1: "keep" names no dice: write "keep none"`},
		{"6 6 5 2 1 keep 6 6 5 2 1, 6 6 5 2 1 -> chance", `line 1: roll 1: holding all five dice ends the turn`},
		{"1 1 1 1 1 keep none, 1 1 1 1 1 keep none, 1 1 1 1 1 keep none, 1 1 1 1 1 -> aces", `line 1: 4 rolls in one turn: a turn has at most 3`},
		{"6 6 5 2 1 keep 6 6, 6 6 6 3 -> sixes", `line 1: roll 2: a roll is five dice, got 4`},
		{"6 6 5 2 1 keep 6 6, 6 6 6 3 4 keep 6 -> sixes", `line 1: roll 2 holds dice but no roll follows`},
		{"6 6 5 2 1 keep 6 7, 6 6 6 3 4 -> sixes", `line 1: roll 1: die "7" is not a face of yahtzee`},
	}
	for _, c := range cases {
		_, err := ParseLog(strings.NewReader(c.line), s)
		assert.ErrorContains(t, err, c.want, c.line)
	}
}

func TestFormatLogWritesTheEarlierRollsBack(t *testing.T) {
	s := mustParse(t, "poker")
	log := "9 10 J Q A keep 9 10 J Q, 9 10 J Q K -> straight\nA A K K 9 keep none, A A A K K -> full-house\n"
	turns, err := ParseLog(strings.NewReader(log), s)
	require.NoError(t, err)
	assert.Equal(t, log, FormatLog(s, turns))
}
