package scoreboard

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
)

// reviewOf asks for game id's review until it is no longer being prepared.
func (b *board) reviewOf(id int64) ReviewView {
	b.t.Helper()
	var v ReviewView
	require.Eventually(b.t, func() bool {
		resp, err := http.Get(b.url + "/api/games/" + strconv.FormatInt(id, 10) + "/review")
		require.NoError(b.t, err)
		require.Equal(b.t, http.StatusOK, resp.StatusCode)
		require.NoError(b.t, decodeJSON(resp, &v))
		return v.Status != advicePreparing
	}, time.Minute, 20*time.Millisecond)
	require.Equal(b.t, adviceReady, v.Status, v.Message)
	return v
}

func TestAReviewGradesEachPlayersBoxesAgainstOptimalPlay(t *testing.T) {
	tb := yachtTable(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.play([5]int{6, 6, 6, 6, 6}, "yacht")  // Ann: the best box
	b.play([5]int{6, 6, 6, 6, 6}, "choice") // Bob: a yacht scored as 30
	b.must("/api/enter", map[string]any{"player": 0, "box": "ones", "points": 3})
	b.play([5]int{1, 1, 2, 3, 5}, "ones") // Bob

	v := b.reviewOf(b.state().GameID)
	require.Len(t, v.Players, 2)
	ann, bob := v.Players[0], v.Players[1]
	assert.Equal(t, "Ann", ann.Name)
	require.Len(t, ann.Turns, 1, "a score typed by hand is no decision to grade")
	assert.Equal(t, TurnGraded{Game: 1, Turn: 1, Keeps: []KeepGraded{}, Dice: "6 6 6 6 6", Box: "yacht", BoxName: "Yacht", BestBox: "yacht", BestBoxName: "Yacht"}, ann.Turns[0])
	assert.Equal(t, 1, ann.Decisions)
	assert.Zero(t, ann.TotalLoss)

	set, err := rules.Parse("yacht")
	require.NoError(t, err)
	card := rules.NewCard(set)
	moves, err := tb.Advise(card, faces([5]int{6, 6, 6, 6, 6}), 3)
	require.NoError(t, err)
	var lost float64
	for _, m := range moves {
		if m.Box == "choice" {
			lost = m.Cost
		}
	}
	require.Positive(t, lost)
	require.Len(t, bob.Turns, 2)
	first := bob.Turns[0]
	assert.Equal(t, "choice", first.Box)
	assert.Equal(t, "yacht", first.BestBox)
	assert.Equal(t, "Yacht", first.BestBoxName)
	assert.InDelta(t, lost, first.Loss, 1e-3, "what scoring a yacht as Choice gave up")
	assert.Equal(t, 2, bob.Turns[1].Turn)
	assert.Equal(t, 2, bob.Decisions)
	assert.InDelta(t, first.Loss+bob.Turns[1].Loss, bob.TotalLoss, 2e-3)
	assert.InDelta(t, bob.TotalLoss/2, bob.MeanLoss, 2e-3)
}

func TestAReviewWaitsForItsTableAndSaysHowFarItIs(t *testing.T) {
	tables, gate, steps := gatedTables(t)
	b := newBoardIn(t, t.TempDir(), Config{Tables: tables}, "yacht", "Ann", "Bob") // advice off: nothing loads
	b.play([5]int{6, 6, 6, 6, 6}, "yacht")
	get := func() ReviewView {
		var v ReviewView
		resp, err := http.Get(b.url + "/api/games/" + strconv.FormatInt(b.state().GameID, 10) + "/review")
		require.NoError(t, err)
		require.NoError(t, decodeJSON(resp, &v))
		return v
	}
	v := get()
	assert.Equal(t, advicePreparing, v.Status, "asking starts the load, and the reply does not wait on it")
	assert.Equal(t, -1.0, v.Progress, "nothing said of how far yet")
	steps <- 4
	assert.Eventually(t, func() bool { return get().Progress == 0.4 }, 10*time.Second, 10*time.Millisecond)
	close(gate)
	v = b.reviewOf(b.state().GameID)
	assert.Len(t, v.Players, 2)

	resp, err := http.Get(b.url + "/api/games/99/review")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusNotFound, resp.StatusCode)
}
