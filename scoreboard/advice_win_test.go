package scoreboard

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
)

// lastPlayerToMove fills Ann's card and all of Bob's but his last four
// boxes with typed scores, so Bob, to move, plays to beat Ann's total: 115
// to his 63, with the straights, Choice and Yacht open.
func lastPlayerToMove(t *testing.T, b *board) (bob *rules.Card, target int) {
	t.Helper()
	set, err := rules.Parse("yacht")
	require.NoError(t, err)
	bob = rules.NewCard(set)
	boxes := set.Boxes()
	points := map[rules.BoxID]int{"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}
	for i, box := range boxes {
		ann := map[rules.BoxID]int{"little-straight": 30, "choice": 22}[box.ID] + points[box.ID]
		b.must("/api/enter", map[string]any{"player": 0, "box": box.ID, "points": ann})
		if i < len(boxes)-4 {
			b.must("/api/enter", map[string]any{"player": 1, "box": box.ID, "points": points[box.ID]})
			_, err := bob.Enter(box.ID, points[box.ID])
			require.NoError(t, err)
		}
	}
	v := b.state()
	require.Equal(t, 1, v.ToMove)
	require.Equal(t, 115, v.Players[0].Totals.GrandTotal)
	return bob, v.Players[0].Totals.GrandTotal
}

func TestTheLastPlayerMayPlayToBeatTheLeader(t *testing.T) {
	tb := yachtTable(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.must("/api/advice", map[string]any{"on": true})
	code, reply := b.post("/api/advice", map[string]any{"beat": true})
	assert.Equal(t, http.StatusUnprocessableEntity, code, "Ann has not finished")
	assert.Contains(t, reply["error"], "once the others have finished")
	assert.False(t, b.state().Advice.CanBeat)

	card, target := lastPlayerToMove(t, b)
	a := b.state().Advice
	assert.True(t, a.CanBeat)
	assert.False(t, a.Beat, "off until the player asks")
	assert.Equal(t, "Ann", a.Leader)
	assert.Equal(t, target, a.Target)
	b.must("/api/advice", map[string]any{"beat": true})
	assert.True(t, b.state().Advice.Beat)

	for _, tc := range []struct {
		dice  [5]int
		throw int
	}{{[5]int{6, 6, 6, 2, 1}, 1}, {[5]int{1, 2, 3, 4, 5}, 2}, {[5]int{3, 3, 3, 5, 5}, 3}} {
		b.must("/api/roll", map[string]any{"dice": tc.dice, "throw": tc.throw})
		b.must("/api/confirm", map[string]any{})
		got := b.readyAdvice().Advice
		roll := faces(tc.dice)
		moves, err := tb.AdviseToBeat(context.Background(), card, roll, tc.throw, target)
		require.NoError(t, err)
		boxes, err := tb.AdviseToBeat(context.Background(), card, roll, 3, target)
		require.NoError(t, err)
		best := moves[0]
		assert.Equal(t, best.Held(roll), got.Hold, "%v roll %d", tc.dice, tc.throw)
		assert.Equal(t, string(best.Box), got.Box)
		assert.InDelta(t, best.WinChance, got.WinChance, 1e-9, "%v roll %d", tc.dice, tc.throw)
		assert.Equal(t, string(boxes[0].Box), got.BestBox)
		require.Len(t, got.Chances, len(boxes), "a chance on every legal box")
		for _, m := range boxes {
			assert.InDelta(t, m.WinChance, got.Chances[string(m.Box)], 1e-9, "box %s", m.Box)
		}
		assert.Empty(t, got.Costs, "the points given up are not what the player plays for")
	}

	b.must("/api/advice", map[string]any{"beat": false})
	a = b.state().Advice
	assert.False(t, a.Beat)
	assert.Empty(t, a.Chances)
	assert.NotEmpty(t, a.Costs, "back to the best expected score")
	b.must("/api/advice", map[string]any{"beat": true})
	b.must("/api/new", map[string]any{})
	assert.False(t, b.state().Advice.Beat, "a new game starts without it")
}

func TestThePlanToBeatTheLeaderIsSolvedOnceATurnInTheBackground(t *testing.T) {
	yachtTable(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.must("/api/advice", map[string]any{"on": true})
	lastPlayerToMove(t, b)
	b.must("/api/advice", map[string]any{"beat": true})
	require.Eventually(t, func() bool { return b.state().Advice.Status == adviceWaiting }, time.Minute, 10*time.Millisecond,
		"solved before the turn's first roll")
	b.srv.mu.Lock()
	plan := b.srv.plan
	b.srv.mu.Unlock()
	for _, dice := range [][5]int{{6, 6, 6, 2, 1}, {2, 2, 4, 4, 6}} {
		b.must("/api/roll", map[string]any{"dice": dice})
		b.must("/api/confirm", map[string]any{})
		assert.Equal(t, adviceReady, b.state().Advice.Status, "each roll is answered at once")
	}
	b.srv.mu.Lock()
	assert.Same(t, plan, b.srv.plan, "one plan for the turn")
	b.srv.mu.Unlock()

	b.must("/api/advice", map[string]any{"beat": false})
	b.srv.mu.Lock()
	assert.Nil(t, b.srv.plan, "switched off, the plan is let go")
	b.srv.mu.Unlock()
	select {
	case <-plan.done:
	case <-time.After(10 * time.Second):
		t.Fatal("the plan's solve goes on")
	}
}

func TestAPlanToBeatTheLeaderTellsHowFarItIsAndStopsWhenTheSwitchGoesOff(t *testing.T) {
	yachtTable(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.must("/api/advice", map[string]any{"on": true})
	for _, box := range []string{"ones"} { // Bob has eleven boxes open: many seconds to solve
		b.must("/api/enter", map[string]any{"player": 1, "box": box, "points": 0})
	}
	set, err := rules.Parse("yacht")
	require.NoError(t, err)
	ann := map[rules.BoxID]int{"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18, "yacht": 50}
	for _, box := range set.Boxes() { // 113 to beat, far from Bob's 0: no quick answer
		b.must("/api/enter", map[string]any{"player": 0, "box": box.ID, "points": ann[box.ID]})
	}
	b.must("/api/advice", map[string]any{"beat": true})
	b.srv.mu.Lock()
	plan := b.srv.plan
	b.srv.mu.Unlock()
	require.NotNil(t, plan)
	var a AdviceView
	require.Eventually(t, func() bool { a = b.state().Advice; return a.Progress > 0 }, 30*time.Second, 10*time.Millisecond,
		"the state says how far the solve is")
	assert.Equal(t, advicePreparing, a.Status)
	assert.Less(t, a.Progress, 1.0)
	b.must("/api/advice", map[string]any{"on": false})
	select {
	case <-plan.done:
		assert.ErrorIs(t, plan.err, context.Canceled, "stopped, not finished")
	case <-time.After(10 * time.Second):
		t.Fatal("the plan's solve goes on with the advice off")
	}
}
