package strategy

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/dicecam/dicecam/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bruteWin plays to win by enumeration, knowing nothing of the solver: dice
// in order, every way to hold them, the rules engine's own options and
// totals. It is slow, so it is used on cards with one or two open boxes.
type bruteWin struct {
	memo   map[string]float64
	stages map[string][2]func(rules.Roll) float64
}

// turn gives the worth of a roll after the last roll and after the second
// (the best hold from it), once for each card and total needed.
func (b *bruteWin) turn(card *rules.Card, need int) (last, second func(rules.Roll) float64) {
	key := cardKey(card) + strconv.Itoa(need)
	if s, ok := b.stages[key]; ok {
		return s[0], s[1]
	}
	last = func(r rules.Roll) float64 { return b.afterRoll(card, r, need) }
	second = bestHold(last)
	b.stages[key] = [2]func(rules.Roll) float64{last, second}
	return last, second
}

// chance is the best chance of scoring at least need more points from the
// start of a turn on the card.
func (b *bruteWin) chance(card *rules.Card, need int) float64 {
	if card.Full() {
		if need <= 0 {
			return 1
		}
		return 0
	}
	key := cardKey(card) + strconv.Itoa(need)
	if v, ok := b.memo[key]; ok {
		return v
	}
	_, second := b.turn(card, need)
	v := expectOver(nil, bestHold(second))
	b.memo[key] = v
	return v
}

// afterRoll is the best chance once the turn's dice are final.
func (b *bruteWin) afterRoll(card *rules.Card, r rules.Roll, need int) float64 {
	best := 0.0
	before := card.Totals().GrandTotal
	for _, o := range card.Options(r) {
		if !o.Legal {
			continue
		}
		next := card.Clone()
		if _, err := next.Score(r, o.Box); err != nil {
			panic(err)
		}
		gained := next.Totals().GrandTotal - before
		best = max(best, b.chance(next, need-gained))
	}
	return best
}

// bestHold turns the worth of a roll at one step into the worth of a roll
// one step earlier: the best of holding any of its dice and rolling the rest.
func bestHold(later func(rules.Roll) float64) func(rules.Roll) float64 {
	held := map[int]float64{}
	keepWorth := func(kept []rules.Face) float64 {
		key := diceKey(kept)
		if v, ok := held[key]; ok {
			return v
		}
		v := expectOver(kept, later)
		held[key] = v
		return v
	}
	rolls := map[int]float64{}
	return func(r rules.Roll) float64 {
		key := diceKey(r[:])
		if v, ok := rolls[key]; ok {
			return v
		}
		best := 0.0
		for sub := range 1 << 5 {
			var kept []rules.Face
			for i, f := range r {
				if sub&(1<<i) != 0 {
					kept = append(kept, f)
				}
			}
			best = max(best, keepWorth(kept))
		}
		rolls[key] = best
		return best
	}
}

// expectOver averages worth over every way, in order, to roll the dice not kept.
func expectOver(kept []rules.Face, worth func(rules.Roll) float64) float64 {
	free := 5 - len(kept)
	n := 1
	for range free {
		n *= 6
	}
	sum := 0.0
	for i := range n {
		var r rules.Roll
		copy(r[:], kept)
		x := i
		for j := len(kept); j < 5; j++ {
			r[j] = rules.Face(x%6 + 1)
			x /= 6
		}
		sum += worth(r)
	}
	return sum / float64(n)
}

// diceKey numbers dice regardless of their order: base 7, sorted.
func diceKey(f []rules.Face) int {
	s := slices.Clone(f)
	slices.Sort(s)
	key := 1
	for _, x := range s {
		key = key*7 + int(x)
	}
	return key
}

// cardKey names a card by every box's score, so equal keys play alike.
func cardKey(c *rules.Card) string {
	b := make([]byte, 0, 64)
	for _, box := range c.Set().Boxes() {
		p, ok := c.Filled(box.ID)
		switch {
		case !ok:
			b = append(b, '-')
		case c.Bonus(box.ID):
			b = strconv.AppendInt(append(b, '+'), int64(p), 10)
		default:
			b = strconv.AppendInt(b, int64(p), 10)
		}
		b = append(b, ',')
	}
	return string(b)
}

// cardOf plays a game log from testdata.
func cardOf(t testing.TB, set *rules.Set, log string) *rules.Card {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", log))
	require.NoError(t, err)
	defer f.Close()
	turns, err := rules.ParseLog(f, set)
	require.NoError(t, err)
	series, err := rules.Replay(set, turns)
	require.NoError(t, err)
	return series.Current()
}

func TestWinChanceMatchesEnumerationOfEveryPlay(t *testing.T) {
	cases := []struct {
		name, spec, log string
		targets         []int
		rolls           []rules.Roll
	}{
		{
			// Yahtzee and sixes open, the 35 bonus 18 points away, and the
			// 100 bonus waiting on a second five alike.
			name: "yahtzee with the bonus in reach", spec: "yahtzee", log: "yahtzee-bonus-in-reach.log",
			targets: []int{170, 260},
			rolls:   []rules.Roll{{6, 6, 6, 2, 1}, {4, 4, 4, 4, 4}, {6, 6, 6, 6, 6}},
		},
		{
			// The yahtzee box holds its 50: five alike earns 100 more and
			// goes where the joker sends it.
			name: "yahtzee joker", spec: "yahtzee", log: "yahtzee-joker.log",
			targets: []int{260, 400},
			rolls:   []rules.Roll{{5, 5, 5, 5, 5}, {3, 3, 2, 2, 2}, {1, 2, 5, 5, 6}},
		},
		{
			name: "yatzy pairs", spec: "yatzy", log: "yatzy-pairs.log",
			targets: []int{215},
			rolls:   []rules.Roll{{6, 6, 5, 5, 1}, {1, 2, 3, 4, 6}},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			set, tb := unsolved(t, c.spec)
			card := cardOf(t, set, c.log)
			brute := &bruteWin{memo: map[string]float64{}, stages: map[string][2]func(rules.Roll) float64{}}
			total := card.Totals().GrandTotal
			for _, target := range c.targets {
				need := target + 1 - total
				plan, err := tb.ToBeat(context.Background(), card, target, nil)
				require.NoError(t, err)
				assert.InDelta(t, brute.chance(card, need), plan.Chance(), 1e-9, "target %d before the turn", target)
				for _, roll := range c.rolls {
					for rollNo := 1; rollNo <= 3; rollNo++ {
						moves, err := plan.Advise(roll, rollNo)
						require.NoError(t, err)
						require.NotEmpty(t, moves)
						for _, m := range moves {
							assert.InDelta(t, bruteMove(brute, card, roll, rollNo, m, need), m.WinChance, 1e-9,
								"target %d, %v roll %d, move %+v", target, roll, rollNo, m)
						}
						assert.True(t, slices.IsSortedFunc(moves, func(a, b Move) int {
							return -cmpFloat(a.WinChance, b.WinChance)
						}), "best chance first")
					}
				}
			}
		})
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// bruteMove is the chance a move leaves, by enumeration.
func bruteMove(b *bruteWin, card *rules.Card, roll rules.Roll, rollNo int, m Move, need int) float64 {
	if m.ScoresNow() {
		next := card.Clone()
		if _, err := next.Score(roll, m.Box); err != nil {
			panic(err)
		}
		return b.chance(next, need-(next.Totals().GrandTotal-card.Totals().GrandTotal))
	}
	last, second := b.turn(card, need)
	if rollNo == 1 {
		last = second
	}
	return expectOver(m.Keep, last)
}
