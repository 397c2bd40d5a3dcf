package strategy

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/dicecam/dicecam/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cardWith fills every box but open, with the given scores or the lowest
// score the box can take.
func cardWith(t *testing.T, set *rules.Set, open rules.BoxID, scores map[rules.BoxID]int) *rules.Card {
	t.Helper()
	card := rules.NewCard(set)
	for _, b := range set.Boxes() {
		if b.ID == open {
			continue
		}
		points, ok := scores[b.ID]
		for ; !ok && !set.Possible(b.ID, points); points++ {
		}
		possible, err := card.Enter(b.ID, points)
		require.NoError(t, err)
		require.True(t, possible, "%s %d", b.ID, points)
	}
	return card
}

// lastTurnByBruteForce plays the last turn every way there is: all 7,776
// first rolls in order, every subset of dice held, every reroll, and scores
// the final dice on a copy of the card. It shares nothing with the solver.
func lastTurnByBruteForce(t *testing.T, card *rules.Card, open rules.BoxID) float64 {
	before := card.Totals().GrandTotal
	type key struct {
		dice [5]rules.Face
		left int
	}
	memo := map[key]float64{}
	var value func(d [5]rules.Face, left int) float64
	value = func(d [5]rules.Face, left int) float64 {
		slices.Sort(d[:])
		k := key{d, left}
		if v, ok := memo[k]; ok {
			return v
		}
		var best float64
		if left == 0 {
			c := card.Clone()
			_, err := c.Score(rules.Roll(d), open)
			require.NoError(t, err)
			best = float64(c.Totals().GrandTotal - before)
		} else {
			for held := range 1 << 5 {
				sum, n := 0.0, 0
				forEachRoll(d, held, func(next [5]rules.Face) {
					sum += value(next, left-1)
					n++
				})
				best = max(best, sum/float64(n))
			}
		}
		memo[k] = best
		return best
	}
	sum := 0.0
	forEachRoll([5]rules.Face{}, 0, func(d [5]rules.Face) { sum += value(d, 2) })
	return sum / 7776
}

// forEachRoll rerolls the dice not in held, every outcome in turn.
func forEachRoll(d [5]rules.Face, held int, fn func([5]rules.Face)) {
	var walk func(i int)
	walk = func(i int) {
		if i == 5 {
			fn(d)
			return
		}
		if held&(1<<i) != 0 {
			walk(i + 1)
			return
		}
		for f := rules.Face(1); f <= 6; f++ {
			d[i] = f
			walk(i + 1)
		}
	}
	walk(0)
}

func TestLastTurnWithOneBoxOpenMatchesBruteForce(t *testing.T) {
	cases := []struct {
		name   string
		spec   string
		open   rules.BoxID
		scores map[rules.BoxID]int
	}{
		{"chance only", "yahtzee", "chance", nil},
		{"yahtzee only", "yahtzee", "yahtzee", nil},
		{"sixes for the bonus at 60", "yahtzee", "sixes",
			map[rules.BoxID]int{"aces": 5, "twos": 10, "threes": 15, "fours": 20, "fives": 10}},
		{"full house with a yahtzee scored", "yahtzee", "full-house", map[rules.BoxID]int{"yahtzee": 50}},
		{"free joker full house with a yahtzee scored", "yahtzee:joker=free", "full-house", map[rules.BoxID]int{"yahtzee": 50}},
		{"yacht four of a kind", "yacht", "four-of-a-kind", nil},
		{"yacht big straight", "yacht", "big-straight", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := solved(t, c.spec, Official)
			card := cardWith(t, tb.Set(), c.open, c.scores)
			got, err := tb.Expected(card)
			require.NoError(t, err)
			want := lastTurnByBruteForce(t, card, c.open)
			assert.InDelta(t, want, got-float64(card.Totals().GrandTotal), 1e-9)
		})
	}
}

func TestChanceAloneIsWorthSeventyThirds(t *testing.T) {
	// Per die: keep 5s and 6s after the first roll, 4s and up after the
	// second, so 5 * (11/6 + 4/6 * 17/4) = 70/3.
	tb := solved(t, "yahtzee", Official)
	got, err := tb.Expected(cardWith(t, tb.Set(), "chance", nil))
	require.NoError(t, err)
	assert.InDelta(t, 70.0/3, got, 1e-9)
}

// Every box the advice offers after the last roll must be worth exactly what
// the table says of the card it leaves.
func TestBoxAdviceEqualsTheTableValueOfTheCardItLeaves(t *testing.T) {
	for _, spec := range []string{"yacht", "yahtzee", "yahtzee:joker=free"} {
		t.Run(spec, func(t *testing.T) {
			tb := solved(t, spec, Official)
			rng := rand.New(rand.NewPCG(3, uint64(len(spec))))
			for range 200 {
				card := randomCard(rng, tb.Set(), rng.IntN(len(tb.Set().Boxes())))
				roll := randomRoll(rng)
				if rng.IntN(3) == 0 {
					roll = rules.Roll{roll[0], roll[0], roll[0], roll[0], roll[0]}
				}
				moves, err := tb.Advise(card, roll, 3)
				require.NoError(t, err)
				require.NotEmpty(t, moves)
				assert.Zero(t, moves[0].Cost)
				for i, m := range moves {
					if i > 0 {
						assert.GreaterOrEqual(t, m.Cost, moves[i-1].Cost)
					}
					next := card.Clone()
					o, err := next.Score(roll, m.Box)
					require.NoError(t, err)
					assert.Equal(t, o.Points, m.Points)
					want := float64(next.Totals().GrandTotal)
					if !next.Full() {
						want, err = tb.Expected(next)
						require.NoError(t, err)
					}
					assert.InDelta(t, want, m.Expected, 1e-9, "%v -> %s", roll, m.Box)
				}
			}
		})
	}
}

// The best first-roll move, averaged over every first roll, is the table's
// value of the card: the advice plays the strategy the table was solved for.
func TestFirstRollAdviceAveragesToTheTableValue(t *testing.T) {
	for _, spec := range []string{"yacht", "yahtzee"} {
		t.Run(spec, func(t *testing.T) {
			tb := solved(t, spec, Official)
			rng := rand.New(rand.NewPCG(4, uint64(len(spec))))
			for range 3 {
				card := randomCard(rng, tb.Set(), rng.IntN(len(tb.Set().Boxes())))
				want, err := tb.Expected(card)
				require.NoError(t, err)
				sum := 0.0
				forEachRoll([5]rules.Face{}, 0, func(d [5]rules.Face) {
					moves, err := tb.Advise(card, rules.Roll(d), 1)
					require.NoError(t, err)
					sum += moves[0].Expected
				})
				assert.InDelta(t, want, sum/7776, 1e-9)
			}
		})
	}
}

func TestKeepAdviceListsEachDistinctHoldOnce(t *testing.T) {
	tb := solved(t, "yacht", Official)
	card := rules.NewCard(tb.Set())
	roll := rules.Roll{6, 6, 6, 2, 2}
	moves, err := tb.Advise(card, roll, 2)
	require.NoError(t, err)
	last, err := tb.Advise(card, roll, 3)
	require.NoError(t, err)
	// Hold 0-3 sixes and 0-2 twos: 4 * 3 ways.
	assert.Len(t, moves, 12)
	for _, m := range moves {
		if len(m.Keep) == 5 {
			assert.True(t, m.ScoresNow())
			assert.Equal(t, last[0].Box, m.Box, "holding all five scores now in the best box")
			assert.Equal(t, last[0].Expected, m.Expected)
		} else {
			assert.False(t, m.ScoresNow())
		}
	}
}

func TestAdviseRefusesWhatItCannotAdvise(t *testing.T) {
	tb := solved(t, "yacht", Official)
	set := tb.Set()
	_, err := tb.Advise(rules.NewCard(set), rules.Roll{1, 2, 3, 4, 5}, 4)
	assert.ErrorContains(t, err, "rolls 1, 2 and 3")

	_, err = tb.Advise(rules.NewCard(mustSet(t, "yatzy")), rules.Roll{1, 2, 3, 4, 5}, 1)
	assert.ErrorContains(t, err, "solved for yacht")

	marked := rules.NewCard(set)
	_, err = marked.Enter("threes", 7)
	require.NoError(t, err)
	_, err = tb.Advise(marked, rules.Roll{1, 2, 3, 4, 5}, 1)
	assert.ErrorContains(t, err, "five dice cannot make")

	full := randomCard(rand.New(rand.NewPCG(5, 5)), set, len(set.Boxes()))
	require.True(t, full.Full())
	_, err = tb.Advise(full, rules.Roll{1, 2, 3, 4, 5}, 3)
	assert.ErrorIs(t, err, errFull)
}

func TestHeldMarksTheKeptDiceWhereTheyLie(t *testing.T) {
	m := Move{Keep: []rules.Face{2, 6, 6}}
	assert.Equal(t, [5]bool{true, false, true, true, false}, m.Held(rules.Roll{6, 1, 2, 6, 6}))
	assert.Equal(t, [5]bool{}, Move{}.Held(rules.Roll{6, 1, 2, 6, 6}))
}
