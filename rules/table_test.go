package rules

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// open stands for a game begun but not finished in tableOf.
const open = -1

// tableOf plays a poker series at a table from each player's grand total,
// game by game, typing zeros in every box but yacht, which takes the total.
func tableOf(t *testing.T, s *Set, games [][]int) *Table {
	t.Helper()
	tb := NewTable(s, len(games))
	for g := range games[0] {
		for p, totals := range games {
			require.Equal(t, g, tb.Game(), "player %d's game %d is in play", p+1, g+1)
			if totals[g] == open {
				require.NoError(t, tb.Enter(p, "one-pair", 5))
				continue
			}
			for _, b := range s.Boxes() {
				points := 0
				if b.ID == "yacht" {
					points = totals[g]
				}
				require.NoError(t, tb.Enter(p, b.ID, points))
			}
		}
	}
	return tb
}

func TestStandingDecidesTheSeries(t *testing.T) {
	cases := []struct {
		name    string
		games   [][]int // each player's grand totals, game by game
		played  int
		wins    []int
		leaders []int
		decided bool
	}{
		{"two straight wins decide best of three", [][]int{{200, 210}, {150, 100}},
			2, []int{2, 0}, []int{0}, true},
		{"one win each leaves it open, the total leads", [][]int{{200, 100}, {150, 180}},
			2, []int{1, 1}, []int{1}, false},
		{"a tied game counts for no one", [][]int{{200, 100, 90}, {200, 180, 80}},
			3, []int{1, 1}, []int{1}, true},
		{"level on games and total after three is a shared win", [][]int{{200, 100, 100}, {200, 150, 50}},
			3, []int{1, 1}, []int{0, 1}, true},
		{"a game counts once every card of it is full", [][]int{{200, 300}, {150, open}},
			1, []int{1, 0}, []int{0}, false},
		{"the game in play counts for no one", [][]int{{200, 300}, {250, open}, {100, 120}},
			1, []int{0, 1, 0}, []int{1}, false},
		{"nothing finished: everyone leads", [][]int{{open}, {open}},
			0, []int{0, 0}, []int{0, 1}, false},
		{"one player wins each game played", [][]int{{50, 60}},
			2, []int{2}, []int{0}, true},
	}
	s := mustParse(t, "poker")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			tb := tableOf(t, s, tc.games)
			st := tb.Standing()
			assert.Equal(t, tc.played, st.Played, "games played")
			assert.Equal(t, tc.wins, st.Wins, "wins")
			assert.Equal(t, tc.leaders, st.Leaders, "leaders")
			assert.Equal(t, tc.decided, st.Decided, "decided")
			assert.Equal(t, tc.decided, tb.Over())
			if tc.decided {
				assert.Equal(t, tc.leaders, tb.Winners())
				assert.Equal(t, -1, tb.ToMove(), "no one moves once it is over")
			} else {
				assert.Nil(t, tb.Winners())
			}
			for i, totals := range tc.games {
				want := 0
				for _, g := range totals[:tc.played] {
					want += g
				}
				assert.Equal(t, want, st.Totals[i], "player %d's total", i+1)
			}
		})
	}
}

func TestTableStartsTheNextGameForEveryoneOnceThisOneIsFull(t *testing.T) {
	s := mustParse(t, "poker")
	tb := tableOf(t, s, [][]int{{200}, {open}})
	assert.Equal(t, 0, tb.Game(), "game 2 waits for the second player's card")
	assert.Equal(t, 1, tb.ToMove(), "the player with fewer boxes moves")
	card := tb.Card(1)
	for _, b := range s.Boxes() {
		if _, ok := card.Filled(b.ID); !ok {
			require.NoError(t, tb.Enter(1, b.ID, 0))
		}
	}
	assert.Equal(t, 1, tb.Game())
	assert.Zero(t, tb.Card(0).FilledCount())
	assert.Zero(t, tb.Card(1).FilledCount())
	assert.Equal(t, 0, tb.ToMove())
}

func TestOneGameSetIsOverOnceEveryCardIsFull(t *testing.T) {
	s := mustParse(t, "yacht")
	tb := NewTable(s, 2)
	_, err := tb.Score(0, Roll{6, 6, 6, 6, 6}, "yacht")
	require.NoError(t, err)
	assert.False(t, tb.Over(), "the cards have open boxes")
	for p := range 2 {
		for _, box := range s.Boxes() {
			if _, ok := tb.Card(p).Filled(box.ID); !ok {
				require.NoError(t, tb.Enter(p, box.ID, 0))
			}
		}
	}
	assert.True(t, tb.Over())
	assert.Equal(t, []int{0}, tb.Winners())
	assert.Equal(t, []int{1, 0}, tb.Standing().Wins)
	_, err = tb.Score(1, Roll{1, 1, 1, 1, 1}, "yacht")
	assert.ErrorContains(t, err, "the game is over")
	require.NoError(t, tb.Clear(1, "yacht"), "a finished card may still be corrected")
	assert.False(t, tb.Over())
}

func TestTableRefusesWhatItCannotSeat(t *testing.T) {
	s := mustParse(t, "poker")
	tb := tableOf(t, s, [][]int{{200, open}})
	assert.ErrorContains(t, tb.Join(), "join only in game 1")
	assert.ErrorContains(t, tb.Enter(3, "yacht", 50), "player 3: there are players 0 to 0")

	fresh := NewTable(s, 1)
	require.NoError(t, fresh.Join())
	assert.Equal(t, 2, fresh.Players())
	c := fresh.Clone()
	require.NoError(t, c.Enter(0, "yacht", 50))
	_, ok := fresh.Card(0).Filled("yacht")
	assert.False(t, ok, "a clone's moves leave the table as it was")
}

func TestARefusedCorrectionKeepsTheScoreItWouldReplace(t *testing.T) {
	tb := NewTable(mustParse(t, "yahtzee"), 1)
	require.NoError(t, tb.Enter(0, "chance", 23))
	err := tb.Enter(0, "chance", math.MaxInt64)
	assert.ErrorContains(t, err, "more than 1000")
	p, ok := tb.Card(0).Filled("chance")
	assert.True(t, ok)
	assert.Equal(t, 23, p, "the box keeps its score")
	assert.Equal(t, 23, tb.Card(0).Totals().GrandTotal)
}
