package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// everyRoll calls fn for each of the 7,776 ordered rolls of five dice.
func everyRoll(fn func(Roll)) {
	var r Roll
	for n := 0; n < 7776; n++ {
		for i, k := 0, n; i < len(r); i, k = i+1, k/6 {
			r[i] = Face(k%6 + 1)
		}
		fn(r)
	}
}

func TestPokerHandsOverEveryRoll(t *testing.T) {
	s := mustParse(t, "poker")
	// A roll's hand is the best row it fits, the rows being in hand order.
	hands := []BoxID{"yacht", "four-of-a-kind", "straight", "full-house", "three-of-a-kind", "two-pair", "one-pair"}
	counts := map[BoxID]int{}
	everyRoll(func(r Roll) {
		for _, h := range hands {
			if _, fits := s.Points(h, r); fits {
				counts[h]++
				return
			}
		}
		counts["high-card"]++
	})
	assert.Equal(t, map[BoxID]int{
		"yacht": 6, "four-of-a-kind": 150, "straight": 240, "full-house": 300,
		"three-of-a-kind": 1200, "two-pair": 1800, "one-pair": 3600, "high-card": 480,
	}, counts)
}

func TestYahtzeePatternsOverEveryRoll(t *testing.T) {
	s := mustParse(t, "yahtzee")
	fits := map[BoxID]int{}
	everyRoll(func(r Roll) {
		for _, b := range s.Boxes() {
			if _, ok := s.Points(b.ID, r); ok && !b.Upper {
				fits[b.ID]++
			}
		}
	})
	// Counted by hand: three alike 1200 + full house 300 + four 150 + five 6;
	// small straights hold 1-2-3-4, 2-3-4-5 or 3-4-5-6 with any fifth die.
	assert.Equal(t, map[BoxID]int{
		"three-of-a-kind": 1656, "four-of-a-kind": 156, "full-house": 300,
		"small-straight": 1200, "large-straight": 240, "yahtzee": 6, "chance": 7776,
	}, fits)
}

func TestScoresDoNotDependOnDiceOrder(t *testing.T) {
	for _, name := range Names() {
		s := mustParse(t, name)
		everyRoll(func(r Roll) {
			sorted := r
			for i := 1; i < len(sorted); i++ {
				for j := i; j > 0 && sorted[j] < sorted[j-1]; j-- {
					sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
				}
			}
			for _, b := range s.Boxes() {
				p, fits := s.Points(b.ID, r)
				q, sortedFits := s.Points(b.ID, sorted)
				if p != q || fits != sortedFits {
					t.Fatalf("%s %s: %v scores %d, %v scores %d", name, b.ID, r, p, sorted, q)
				}
			}
		})
	}
}

func TestEveryPlainScoreIsPossibleAndNoOther(t *testing.T) {
	for _, name := range []string{"yahtzee", "yacht", "poker", "yatzy", "yacht:straights=sum"} {
		s := mustParse(t, name)
		made := map[BoxID]map[int]bool{}
		everyRoll(func(r Roll) {
			for _, b := range s.Boxes() {
				p, fits := s.Points(b.ID, r)
				if made[b.ID] == nil {
					made[b.ID] = map[int]bool{}
				}
				made[b.ID][p] = true
				if !fits && p != 0 {
					t.Fatalf("%s %s: %v does not fit but scores %d", name, b.ID, r, p)
				}
			}
		})
		for _, b := range s.Boxes() {
			for p := -1; p <= 60; p++ {
				if made[b.ID][p] {
					assert.True(t, s.Possible(b.ID, p), "%s %s %d", name, b.ID, p)
				} else if s.fiveBox < 0 {
					assert.False(t, s.Possible(b.ID, p), "%s %s %d", name, b.ID, p)
				}
			}
		}
	}
}

func TestJokerValuesArePossibleInYahtzee(t *testing.T) {
	s := mustParse(t, "yahtzee")
	cases := []struct {
		box    BoxID
		points int
		want   bool
	}{
		{"full-house", 25, true},
		{"small-straight", 30, true},
		{"large-straight", 40, true},
		{"four-of-a-kind", 30, true},
		{"full-house", 24, false},
		{"large-straight", 30, false},
		{"threes", 7, false},
		{"threes", 12, true},
		{"threes", 0, true},
		{"yahtzee", 50, true},
		{"yahtzee", 25, false},
		{"chance", 4, false},
		{"chance", 31, false},
		{"nope", 0, false},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.want, s.Possible(tc.box, tc.points), "%s %d", tc.box, tc.points)
	}
}

// Over all rolls, the best single box score bounds what any card can hold;
// the highest card is those bests, the bonus, and one five-alike bonus for
// every other box when the set pays them.
func TestHighestCardFromEveryRoll(t *testing.T) {
	for _, name := range Names() {
		s := mustParse(t, name)
		best := map[BoxID]int{}
		everyRoll(func(r Roll) {
			for _, b := range s.Boxes() {
				p, _ := s.Points(b.ID, r)
				best[b.ID] = max(best[b.ID], p)
			}
		})
		upper, total := 0, 0
		for _, b := range s.Boxes() {
			total += best[b.ID]
			if b.Upper {
				upper += best[b.ID]
			}
		}
		if s.bonus > 0 && upper >= s.bonusAt {
			total += s.bonus
		}
		if s.fiveBox >= 0 {
			total += s.fiveBonus * (len(s.Boxes()) - 1)
		}
		assert.Equal(t, total, s.MaxScore(), name)
	}
}

// With the yahtzee the only five alike of the game, no 100 bonus and no
// joker come into play, and the best card is 351.
func TestYahtzeeHighestCardWithoutFurtherFiveAlikes(t *testing.T) {
	s := mustParse(t, "yahtzee")
	best := map[BoxID]int{}
	everyRoll(func(r Roll) {
		if handOf(r).alike(5) != 0 {
			return
		}
		for _, b := range s.Boxes() {
			p, _ := s.Points(b.ID, r)
			best[b.ID] = max(best[b.ID], p)
		}
	})
	best["yahtzee"] = 50
	c := NewCard(s)
	for id, p := range best {
		_, err := c.Enter(id, p)
		require.NoError(t, err)
	}
	assert.Equal(t, 351, c.Totals().GrandTotal)
}
