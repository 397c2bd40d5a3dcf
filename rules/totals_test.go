package rules

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoreRefusesAFilledBoxAnUnknownBoxAndABadDie(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	play(t, c, "3 3 1 2 6 -> threes")
	r := mustRoll(t, c.Set(), "3 3 3 2 6")
	_, err := c.Score(r, "threes")
	assert.EqualError(t, err, `box "threes" is already filled`)
	_, err = c.Score(r, "ones")
	assert.ErrorContains(t, err, `unknown box "ones" for yahtzee: use one of aces, twos`)
	_, err = c.Score(Roll{1, 2, 3, 4, 7}, "chance")
	assert.ErrorContains(t, err, "not a face")
	p, _ := c.Filled("threes")
	assert.Equal(t, 6, p, "refusals leave the first score alone")
}

func TestNoDiceThatFitScoreAZero(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	o, err := c.Score(mustRoll(t, c.Set(), "1 2 3 5 6"), "large-straight")
	require.NoError(t, err)
	assert.Equal(t, 0, o.Points)
	p, ok := c.Filled("large-straight")
	assert.True(t, ok)
	assert.Equal(t, 0, p)
}

func TestTypedScoresAreKeptAndImpossibleOnesMarked(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	possible, err := c.Enter("threes", 7)
	require.NoError(t, err)
	assert.False(t, possible)
	assert.True(t, c.Marked("threes"))
	p, ok := c.Filled("threes")
	assert.True(t, ok)
	assert.Equal(t, 7, p)

	possible, err = c.Enter("full-house", 25)
	require.NoError(t, err)
	assert.True(t, possible)
	assert.False(t, c.Marked("full-house"))

	_, err = c.Enter("threes", 9)
	assert.ErrorContains(t, err, "clear it first")
	_, err = c.Enter("chance", -1)
	assert.ErrorContains(t, err, "negative")
	_, err = c.Enter("chance", math.MaxInt)
	assert.ErrorContains(t, err, "more than 1000", "a typed score beyond any box's is refused")
	_, filled := c.Filled("chance")
	assert.False(t, filled, "a refused score never reaches the card")

	require.NoError(t, c.Clear("threes"))
	assert.False(t, c.Marked("threes"))
	_, ok = c.Filled("threes")
	assert.False(t, ok)
	assert.ErrorContains(t, c.Clear("threes"), "already empty")
	assert.Equal(t, 25, c.Totals().GrandTotal)
}

func TestClearingABoxTakesItsBonusWithIt(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	play(t, c, "5 5 5 5 5 -> yahtzee", "5 5 5 5 5 -> fives")
	assert.True(t, c.Bonus("fives"))
	require.Equal(t, 1, c.Totals().BonusCount)
	require.NoError(t, c.Clear("fives"))
	assert.Equal(t, 0, c.Totals().BonusCount)
	assert.Equal(t, 50, c.Totals().GrandTotal)
}

func TestUpperBonusAtTheThresholdAndPace(t *testing.T) {
	cases := []struct {
		spec       string
		turns      []string
		sub, bonus int
		pace       int
	}{
		{"yahtzee", []string{"1 1 1 2 2 -> aces", "2 2 2 1 1 -> twos", "3 3 3 1 1 -> threes", "4 4 4 1 1 -> fours", "5 5 5 1 1 -> fives", "6 6 6 1 1 -> sixes"}, 63, 35, 0},
		{"yahtzee", []string{"1 1 2 2 3 -> aces", "6 6 6 6 1 -> sixes"}, 26, 0, -1 + 6},
		{"yatzy", []string{"1 1 1 2 2 -> ones", "2 2 2 1 1 -> twos", "3 3 3 1 1 -> threes", "4 4 4 1 1 -> fours", "5 5 5 1 1 -> fives", "6 6 6 1 1 -> sixes"}, 63, 50, 0},
		{"yatzy", []string{"1 1 2 2 3 -> ones", "2 2 2 1 1 -> twos", "3 3 3 1 1 -> threes", "4 4 4 1 1 -> fours", "5 5 5 1 1 -> fives", "6 6 6 1 1 -> sixes"}, 62, 0, -1},
		{"poker", []string{"A A A 9 9 -> aces", "K K K 9 9 -> kings", "Q Q Q 9 9 -> queens", "J J J 9 9 -> jacks", "10 10 10 9 9 -> tens", "9 9 9 K K -> nines"}, 90, 10, 0},
		{"poker", []string{"A A A A 9 -> aces", "K 9 9 9 9 -> kings"}, 25, 0, 5 - 10},
		{"yacht", []string{"1 1 1 2 2 -> ones", "2 2 2 1 1 -> twos", "3 3 3 1 1 -> threes", "4 4 4 1 1 -> fours", "5 5 5 1 1 -> fives", "6 6 6 6 1 -> sixes"}, 69, 0, 6},
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) {
			c := NewCard(mustParse(t, tc.spec))
			play(t, c, tc.turns...)
			tot := c.Totals()
			assert.Equal(t, tc.sub, tot.UpperSubtotal)
			assert.Equal(t, tc.bonus, tot.UpperBonus)
			assert.Equal(t, tc.sub+tc.bonus, tot.UpperTotal)
			assert.Equal(t, tc.pace, tot.Pace)
			assert.Equal(t, tot.UpperTotal, tot.GrandTotal, "no lower box filled")
		})
	}
}

func TestCloneChangesIndependently(t *testing.T) {
	c := NewCard(mustParse(t, "yahtzee"))
	play(t, c, "5 5 5 5 5 -> yahtzee")
	d := c.Clone()
	play(t, d, "5 5 5 5 5 -> fives")
	_, err := d.Enter("aces", 9)
	require.NoError(t, err)
	assert.Equal(t, 50, c.Totals().GrandTotal)
	assert.False(t, c.Marked("aces"))
	assert.Equal(t, 50+25+100+9, d.Totals().GrandTotal)
	assert.Same(t, c.Set(), d.Set())
}

func TestOnlyAFiftyInTheYahtzeeBoxEarnsBonuses(t *testing.T) {
	for typed, bonuses := range map[int]int{50: 1, 0: 0, 30: 0} {
		c := NewCard(mustParse(t, "yahtzee"))
		_, err := c.Enter("yahtzee", typed)
		require.NoError(t, err)
		play(t, c, "2 2 2 2 2 -> twos")
		assert.Equal(t, bonuses, c.Totals().BonusCount, "yahtzee box holding %d", typed)
	}
}
