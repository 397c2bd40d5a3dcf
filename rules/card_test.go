package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// play scores each "dice -> box" turn, failing the test on a refusal.
func play(t *testing.T, c *Card, turns ...string) {
	t.Helper()
	for _, line := range turns {
		turn, err := parseTurn(line, c.Set())
		require.NoError(t, err, line)
		_, err = c.Score(turn.Roll, turn.Box)
		require.NoError(t, err, line)
	}
}

func legal(opts []Option) map[BoxID]Option {
	m := map[BoxID]Option{}
	for _, o := range opts {
		if o.Legal {
			m[o.Box] = o
		}
	}
	return m
}

func TestFiveAlikeScoresAnywhereWhileTheYahtzeeBoxIsOpen(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	opts := c.Options(mustRoll(t, c.Set(), "4 4 4 4 4"))
	assert.Len(t, opts, 13)
	assert.Len(t, legal(opts), 13)
	for _, o := range opts {
		assert.False(t, o.Joker, o.Box)
	}
	assert.Equal(t, 0, legal(opts)["full-house"].Points)
}

func TestJokerForcesMatchingUpperBox(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	play(t, c, "2 2 2 2 2 -> yahtzee")
	r := mustRoll(t, c.Set(), "3 3 3 3 3")
	ok := legal(c.Options(r))
	assert.Equal(t, map[BoxID]Option{"threes": {Box: "threes", Points: 15, Legal: true}}, ok)

	_, err := c.Score(r, "chance")
	assert.ErrorContains(t, err, `joker rule: five 3s must go in "threes" while it is open`)
	_, filled := c.Filled("chance")
	assert.False(t, filled, "a refused choice leaves the card alone")

	o, err := c.Score(r, "threes")
	require.NoError(t, err)
	assert.Equal(t, 15, o.Points)
	assert.Equal(t, 1, c.Totals().BonusCount)
}

func TestJokerThenTakesAnyLowerBoxAtFullValue(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	play(t, c, "2 2 2 2 2 -> yahtzee", "3 3 3 1 1 -> threes")
	ok := legal(c.Options(mustRoll(t, c.Set(), "3 3 3 3 3")))
	want := map[BoxID]int{
		"three-of-a-kind": 15, "four-of-a-kind": 15, "full-house": 25,
		"small-straight": 30, "large-straight": 40, "chance": 15,
	}
	require.Len(t, ok, len(want))
	for box, points := range want {
		assert.Equal(t, points, ok[box].Points, box)
		assert.True(t, ok[box].Joker, box)
	}
	_, err := c.Score(mustRoll(t, c.Set(), "3 3 3 3 3"), "aces")
	assert.ErrorContains(t, err, "open lower box before a number box takes a zero")
}

func TestJokerTakesAZeroInANumberBoxWhenTheLowerBoxesAreFull(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	play(t, c,
		"6 6 6 6 6 -> yahtzee",
		"6 6 6 1 2 -> sixes",
		"6 6 6 1 2 -> three-of-a-kind",
		"6 6 6 6 2 -> four-of-a-kind",
		"6 6 6 2 2 -> full-house",
		"1 2 3 4 6 -> small-straight",
		"1 2 3 4 5 -> large-straight",
		"6 5 6 5 6 -> chance",
	)
	r := mustRoll(t, c.Set(), "6 6 6 6 6")
	ok := legal(c.Options(r))
	assert.Len(t, ok, 5)
	for _, box := range []BoxID{"aces", "twos", "threes", "fours", "fives"} {
		assert.Equal(t, Option{Box: box, Legal: true}, ok[box])
	}
	o, err := c.Score(r, "twos")
	require.NoError(t, err)
	assert.Equal(t, 0, o.Points)
	assert.Equal(t, 1, c.Totals().BonusCount, "a zero still earns the 100")
}

func TestZeroedYahtzeeBoxKeepsTheJokerButPaysNoBonus(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	play(t, c, "1 2 3 4 6 -> yahtzee", "5 5 5 5 5 -> fives")
	ok := legal(c.Options(mustRoll(t, c.Set(), "5 5 5 5 5")))
	assert.Equal(t, 40, ok["large-straight"].Points)
	assert.NotContains(t, ok, "aces")
	play(t, c, "5 5 5 5 5 -> large-straight")
	tot := c.Totals()
	assert.Equal(t, 0, tot.BonusCount)
	assert.Equal(t, 65, tot.GrandTotal)
}

func TestFreeJokerAllowsAnyBoxAndPaysJokerValuesOnceTheNumberBoxIsUsed(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee:joker=free"))
	play(t, c, "4 4 4 4 4 -> yahtzee")
	r := mustRoll(t, c.Set(), "4 4 4 4 4")
	opts := c.Options(r)
	assert.Len(t, legal(opts), 12, "the matching number box is open, yet any box may be chosen")
	assert.Equal(t, 0, legal(opts)["large-straight"].Points, "no joker value while fours is open")
	assert.False(t, legal(opts)["large-straight"].Joker)

	play(t, c, "4 4 4 1 2 -> fours")
	ok := legal(c.Options(r))
	assert.Len(t, ok, 11)
	assert.Equal(t, 40, ok["large-straight"].Points)
	assert.True(t, ok["large-straight"].Joker)
	assert.Equal(t, 0, ok["sixes"].Points)
	play(t, c, "4 4 4 4 4 -> sixes")
	assert.Equal(t, 1, c.Totals().BonusCount)
}

func TestPokerYachtAndYatzyHaveNoJoker(t *testing.T) {
	cases := []struct{ spec, dice, five, number string }{
		{"poker", "K K K K K", "yacht", "aces"},
		{"yacht", "3 3 3 3 3", "yacht", "ones"},
		{"yatzy", "3 3 3 3 3", "yatzy", "ones"},
	}
	for _, tc := range cases {
		c := NewCard(mustParse(t, tc.spec))
		play(t, c, tc.dice+" -> "+tc.five, tc.dice+" -> "+tc.number)
		opts := c.Options(mustRoll(t, c.Set(), tc.dice))
		assert.Len(t, legal(opts), len(c.Set().Boxes())-2, tc.spec)
		for _, o := range opts {
			assert.False(t, o.Joker, "%s %s", tc.spec, o.Box)
		}
		assert.Equal(t, 0, c.Totals().BonusCount, tc.spec)
	}
}
