package scoreboard

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
)

func TestScoringABoxPassesTheTurn(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	require.Equal(t, 0, b.state().ToMove)
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	v := b.state()
	assert.Equal(t, 1, v.ToMove, "Bob moves after Ann scores")
	assert.Equal(t, BoxView{Points: 19}, v.Players[0].Boxes["full-house"])
	assert.Zero(t, v.Roll.Throw, "the next player starts without a roll")
	assert.True(t, v.CanUndo)
}

func TestScoringEndsTheTurnInAGameOfOne(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	v := b.state()
	assert.Zero(t, v.Roll.Throw, "the next turn starts without a roll")
	assert.False(t, v.Roll.Confirmed)
	code, _ := b.post("/api/score", map[string]any{"box": "choice"})
	assert.Equal(t, http.StatusUnprocessableEntity, code, "the same roll cannot score twice")
	b.must("/api/roll", map[string]any{"dice": []int{1, 2, 3, 4, 5}})
	assert.Equal(t, 1, b.state().Roll.Throw, "the next roll is the first of its turn")
}

func TestConfirmedRollOffersLegalBoxes(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 6, 2}, "throw": 2})
	assert.Empty(t, b.state().Roll.Options, "no options before the roll is confirmed")
	b.must("/api/confirm", map[string]any{})
	v := b.state()
	assert.Equal(t, 2, v.Roll.Throw)
	points := map[rules.BoxID]int{}
	for _, o := range v.Roll.Options {
		points[o.Box] = o.Points
	}
	assert.Equal(t, 24, points["sixes"])
	assert.Equal(t, 0, points["yacht"], "the zero where the dice do not fit")
	assert.Len(t, v.Roll.Options, len(v.Rules.Boxes))
}

func TestScoringWhereDiceDoNotFitScoresZero(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	b.play([5]int{1, 2, 3, 4, 6}, "yacht")
	pts := b.state().Players[0].Boxes["yacht"]
	assert.Equal(t, BoxView{Points: 0}, pts)
}

func TestTypedScoreFiveDiceCannotMakeIsKeptAndMarked(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.must("/api/enter", map[string]any{"player": 1, "box": "ones", "points": 7})
	b.must("/api/enter", map[string]any{"player": 1, "box": "twos", "points": 6})
	v := b.state()
	assert.Equal(t, BoxView{Points: 7, Marked: true}, v.Players[1].Boxes["ones"])
	assert.Equal(t, BoxView{Points: 6}, v.Players[1].Boxes["twos"])
	assert.Equal(t, 13, v.Players[1].Totals.UpperSubtotal)
}

func TestTypedScoreCorrectsAFilledBox(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.play([5]int{2, 2, 2, 4, 5}, "twos")
	b.must("/api/enter", map[string]any{"player": 0, "box": "twos", "points": 8})
	v := b.state()
	assert.Equal(t, 8, v.Players[0].Boxes["twos"].Points)
	assert.Equal(t, 1, v.ToMove, "a correction does not give the turn back")
}

func TestClearingABoxGivesTheTurnBack(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.play([5]int{2, 2, 2, 4, 5}, "twos")
	b.must("/api/clear", map[string]any{"player": 0, "box": "twos"})
	v := b.state()
	assert.NotContains(t, v.Players[0].Boxes, "twos")
	assert.Equal(t, 0, v.ToMove)
}

func TestCorrectingADieUnconfirmsTheRoll(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	b.must("/api/roll", map[string]any{"dice": []int{4, 4, 4, 0, 4}, "uncertain": []bool{false, true, false, false, false}})
	code, reply := b.post("/api/confirm", map[string]any{})
	require.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, reply["error"], "die 2")
	b.must("/api/die", map[string]any{"die": 1, "face": 4}) // accepted as read
	b.must("/api/die", map[string]any{"die": 3, "face": 4}) // the die the camera missed
	b.must("/api/confirm", map[string]any{})
	b.must("/api/die", map[string]any{"die": 0, "face": 1})
	v := b.state()
	assert.Equal(t, [5]int{1, 4, 4, 4, 4}, v.Roll.Dice)
	assert.Equal(t, [5]bool{}, v.Roll.Uncertain)
	assert.False(t, v.Roll.Confirmed, "a corrected roll is confirmed again")
}

func TestUndoGoesManyStepsBack(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.play([5]int{1, 1, 1, 2, 3}, "ones")
	b.play([5]int{6, 6, 5, 5, 5}, "full-house")
	b.must("/api/undo", map[string]any{}) // Bob's score
	v := b.state()
	assert.NotContains(t, v.Players[1].Boxes, "full-house")
	assert.Equal(t, 1, v.ToMove)
	assert.True(t, v.Roll.Confirmed, "the roll comes back to be scored elsewhere")
	assert.Equal(t, [5]int{6, 6, 5, 5, 5}, v.Roll.Dice)
	for range 4 { // confirm, roll, Ann's score, confirm
		b.must("/api/undo", map[string]any{})
	}
	v = b.state()
	assert.Empty(t, v.Players[0].Boxes)
	assert.Equal(t, [5]int{1, 1, 1, 2, 3}, v.Roll.Dice)
	assert.False(t, v.Roll.Confirmed)
	b.must("/api/undo", map[string]any{})
	code, _ := b.post("/api/undo", map[string]any{})
	assert.Equal(t, http.StatusUnprocessableEntity, code, "nothing left to undo")
}

func TestRenameAndAddPlayer(t *testing.T) {
	b := newBoard(t, "yahtzee", "Ann")
	b.must("/api/rename", map[string]any{"player": 0, "name": "  Annie  "})
	b.must("/api/players", map[string]any{"name": "Cleo"})
	v := b.state()
	require.Len(t, v.Players, 2)
	assert.Equal(t, "Annie", v.Players[0].Name)
	assert.Equal(t, "Cleo", v.Players[1].Name)
}

func TestNewGameKeepsTheNames(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.play([5]int{1, 1, 1, 2, 3}, "ones")
	old := b.state()
	b.must("/api/new", map[string]any{"rules": "yahtzee:joker=free"})
	v := b.state()
	assert.NotEqual(t, old.GameID, v.GameID)
	assert.Equal(t, "yahtzee:joker=free", v.Rules.Spec)
	assert.Equal(t, []string{"Ann", "Bob"}, []string{v.Players[0].Name, v.Players[1].Name})
	assert.Empty(t, v.Players[0].Boxes)
	code, _ := b.post("/api/score", map[string]any{"version": old.Version, "box": "twos"})
	assert.Equal(t, http.StatusConflict, code, "a version of the last game is stale in the new one")
}

func TestWinnerIsAnnouncedWithTies(t *testing.T) {
	for _, tc := range []struct {
		name    string
		bobLast int
		winners []int
	}{
		{"Bob wins", 24, []int{1}},
		{"tie", 18, []int{0, 1}},
		{"Ann wins", 6, []int{0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBoard(t, "yacht", "Ann", "Bob")
			b.fill(1, func(int, rules.Box) int { return 0 })
			require.False(t, b.state().Over)
			b.play([5]int{3, 3, 3, 6, 6}, "yacht")                                          // Ann's last box: 0
			b.must("/api/enter", map[string]any{"player": 0, "box": "sixes", "points": 18}) // Ann: 18 in all
			b.play([5]int{2, 2, 2, 2, 2}, "yacht")                                          // Bob: 50 ...
			b.must("/api/enter", map[string]any{"player": 1, "box": "yacht", "points": 0})
			b.must("/api/enter", map[string]any{"player": 1, "box": "sixes", "points": tc.bobLast})
			v := b.state()
			assert.True(t, v.Over)
			assert.Equal(t, -1, v.ToMove)
			assert.Equal(t, tc.winners, v.Winners)
			code, _ := b.post("/api/roll", map[string]any{"dice": []int{1, 2, 3, 4, 5}})
			assert.Equal(t, http.StatusUnprocessableEntity, code, "no rolls after the end")
		})
	}
}

func TestPokerIsABestOfThreeSeries(t *testing.T) {
	b := newBoard(t, "poker", "Ann", "Bob")
	require.Equal(t, 3, b.state().Rules.Games)
	for game := range 2 {
		b.fill(0, func(p int, box rules.Box) int {
			if p == 0 && box.Upper {
				return 2 // Ann a little ahead each game
			}
			return 0
		})
		v := b.state()
		if game == 0 {
			assert.False(t, v.Over, "one game does not decide a best of three")
			assert.Equal(t, 1, v.Round)
			assert.Empty(t, v.Players[0].Boxes, "the second game starts on fresh cards")
			assert.Equal(t, 1, v.Players[0].Wins)
		}
	}
	v := b.state()
	assert.True(t, v.Over, "two wins of three decide it")
	assert.Equal(t, []int{0}, v.Winners)
	assert.Equal(t, 2, v.Players[0].Wins)
	assert.Len(t, v.Players[0].Games, 2)
	assert.Equal(t, v.Players[0].Games[0]+v.Players[0].Games[1], v.Players[0].SeriesTotal)
}
