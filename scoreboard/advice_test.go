package scoreboard

import (
	"bufio"
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
)

// readyAdvice waits for the advice of the confirmed roll to be worked out.
func (b *board) readyAdvice() View {
	b.t.Helper()
	var v View
	require.Eventually(b.t, func() bool {
		v = b.state()
		return v.Advice.Status != advicePreparing
	}, time.Minute, 20*time.Millisecond)
	require.Equal(b.t, adviceReady, v.Advice.Status, v.Advice.Message)
	return v
}

// yachtTable is the table the tests' server reads from.
func yachtTable(t *testing.T) *strategy.Table {
	t.Helper()
	set, err := rules.Parse("yacht")
	require.NoError(t, err)
	<-testTables().prepare(set)
	tb, ready, err := testTables().table(set)
	require.NoError(t, err)
	require.True(t, ready)
	return tb
}

func TestAdviceIsOnForOnePlayerAndOffForTwo(t *testing.T) {
	for _, tc := range []struct {
		names []string
		on    bool
	}{
		{[]string{"Ann"}, true},
		{[]string{"Ann", "Bob"}, false},
		{[]string{"Ann", "Bob", "Cleo"}, false},
	} {
		b := newBoard(t, "yacht", tc.names...)
		b.must("/api/roll", map[string]any{"dice": []int{3, 3, 3, 5, 2}})
		assert.Equal(t, tc.on, b.state().Advice.On, "%d players", len(tc.names))
		b.must("/api/confirm", map[string]any{})
		v := b.state()
		if !tc.on {
			assert.Equal(t, adviceOff, v.Advice.Status)
			assert.Empty(t, v.Advice.Costs, "no advice leaks into a competitive game")
			assert.Equal(t, [5]bool{}, v.Advice.Hold)
		}
	}
}

func TestAdviceSwitchTurnsAdviceOnUntilANewGame(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 2, 1}})
	b.must("/api/confirm", map[string]any{})
	before := b.state().Version
	b.must("/api/advice", map[string]any{"on": true})
	v := b.readyAdvice()
	assert.True(t, v.Advice.On)
	assert.Equal(t, before, v.Version, "the switch is not a move")
	assert.NotEmpty(t, v.Advice.Costs)

	code, _ := b.post("/api/advice", map[string]any{"on": false, "version": before - 1})
	assert.Equal(t, http.StatusConflict, code)
	code, reply := b.post("/api/advice", map[string]any{})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, reply["error"], `"on"`)
	assert.True(t, b.state().Advice.On, "refusals change nothing")

	b.must("/api/advice", map[string]any{"on": false})
	assert.Equal(t, adviceOff, b.state().Advice.Status)
	b.must("/api/advice", map[string]any{"on": true})
	b.must("/api/new", map[string]any{})
	assert.False(t, b.state().Advice.On, "a new game of two starts with advice off")
}

func TestAdvisedMoveIsTheTablesBestMove(t *testing.T) {
	tb := yachtTable(t)
	b := newBoard(t, "yacht", "Ann")
	card := rules.NewCard(tb.Set())
	for _, turn := range []struct {
		dice [5]int
		box  rules.BoxID
	}{{[5]int{6, 6, 6, 6, 2}, "four-of-a-kind"}, {[5]int{1, 1, 2, 3, 5}, "ones"}} {
		b.play(turn.dice, string(turn.box))
		_, err := card.Score(faces(turn.dice), turn.box)
		require.NoError(t, err)
	}
	for _, tc := range []struct {
		dice  [5]int
		throw int
	}{
		{[5]int{2, 5, 5, 3, 5}, 1},
		{[5]int{1, 2, 3, 4, 6}, 2},
		{[5]int{4, 4, 4, 4, 4}, 2}, // a yacht: scoring now is best
		{[5]int{2, 5, 5, 3, 5}, 3},
	} {
		b.must("/api/roll", map[string]any{"dice": tc.dice, "throw": tc.throw})
		b.must("/api/confirm", map[string]any{})
		got := b.readyAdvice().Advice
		roll := faces(tc.dice)
		moves, err := tb.Advise(card, roll, tc.throw)
		require.NoError(t, err)
		boxes, err := tb.Advise(card, roll, 3)
		require.NoError(t, err)
		best := moves[0]
		assert.Equal(t, best.Held(roll), got.Hold, "%v roll %d", tc.dice, tc.throw)
		assert.Equal(t, string(best.Box), got.Box, "%v roll %d", tc.dice, tc.throw)
		assert.InDelta(t, best.Expected, got.Expected, 1e-9)
		assert.Equal(t, string(boxes[0].Box), got.BestBox)
		assert.Len(t, got.Costs, len(boxes), "a cost on every legal box")
		for _, m := range boxes {
			assert.InDelta(t, best.Expected-m.Expected, got.Costs[string(m.Box)], 1e-3, "box %s", m.Box)
		}
		if best.ScoresNow() {
			assert.Equal(t, [5]bool{}, b.srv.Held(tc.dice), "the camera view marks no keep when scoring now is best")
		} else {
			assert.Equal(t, best.Held(roll), b.srv.Held(tc.dice), "the camera view marks the same dice")
		}
		b.srv.Status("settled", 5) // any change of news must not lose the advice
	}
	assert.Equal(t, [5]bool{}, b.srv.Held([5]int{1, 1, 1, 1, 1}), "no marks on dice the card does not hold")
}

func faces(dice [5]int) rules.Roll {
	var r rules.Roll
	for i, d := range dice {
		r[i] = rules.Face(d)
	}
	return r
}

// gatedTables hand out the yacht table only once gate is closed, as a
// first solve would after a while; each number sent on steps is how many
// of its 10 steps the solve has done.
func gatedTables(t *testing.T) (tables *Tables, gate chan struct{}, steps chan int) {
	tb := yachtTable(t)
	gate, steps = make(chan struct{}), make(chan int)
	tables = newTables(func(ctx context.Context, set *rules.Set, progress func(done, total int)) (*strategy.Table, error) {
		for {
			select {
			case n := <-steps:
				progress(n, 10)
			case <-gate:
				return tb, nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
	})
	t.Cleanup(tables.Close)
	return tables, gate, steps
}

func TestAdviceIsPreparedWithoutBlockingTheGame(t *testing.T) {
	tables, gate, _ := gatedTables(t)
	b := newBoardIn(t, t.TempDir(), Config{Tables: tables}, "yacht", "Ann")
	b.play([5]int{2, 2, 2, 5, 5}, "full-house")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 1, 2, 6}})
	b.must("/api/confirm", map[string]any{})
	v := b.state()
	assert.Equal(t, advicePreparing, v.Advice.Status, "moves go on while the table loads")
	assert.Empty(t, v.Advice.Costs)

	resp, err := http.Get(b.url + "/api/events")
	require.NoError(t, err)
	t.Cleanup(func() { resp.Body.Close() })
	events := bufio.NewReader(resp.Body)
	require.Equal(t, advicePreparing, nextEvent(t, events).Advice.Status)
	close(gate)
	assert.Equal(t, adviceReady, nextEvent(t, events).Advice.Status, "open pages hear that the advice is ready")
}

func TestAdviceSaysWhenTheRulesHaveNone(t *testing.T) {
	tables := newTables(func(context.Context, *rules.Set, func(int, int)) (*strategy.Table, error) {
		return nil, errors.New("rule set has 17 boxes: the solver handles at most 16")
	})
	t.Cleanup(tables.Close)
	b := newBoardIn(t, t.TempDir(), Config{Tables: tables}, "yacht", "Ann")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 1, 2, 6}})
	b.must("/api/confirm", map[string]any{})
	var v View
	require.Eventually(t, func() bool { v = b.state(); return v.Advice.Status != advicePreparing }, time.Minute, 10*time.Millisecond)
	assert.Equal(t, adviceUnavailable, v.Advice.Status)
	assert.Contains(t, v.Advice.Message, "No advice for yacht")
	assert.Contains(t, v.Advice.Message, "at most 16")
	b.must("/api/score", map[string]any{"box": "sixes"}) // the game plays on
}

func TestAdviceSwitchSurvivesARestart(t *testing.T) {
	for _, tc := range []struct {
		names []string
		on    bool // the switch, the other way from the default
	}{
		{[]string{"Ann"}, false},
		{[]string{"Ann", "Bob"}, true},
	} {
		dir := t.TempDir()
		before := newBoardIn(t, dir, Config{}, "yacht", tc.names...)
		require.Equal(t, !tc.on, before.state().Advice.On, "%d players: the default", len(tc.names))
		before.must("/api/advice", map[string]any{"on": tc.on})

		after := newBoardIn(t, dir, Config{}, "yacht", tc.names...)
		assert.Equal(t, tc.on, after.state().Advice.On, "%d players: the switch after a restart", len(tc.names))

		after.must("/api/new", map[string]any{})
		again := newBoardIn(t, dir, Config{}, "yacht", tc.names...)
		assert.Equal(t, !tc.on, again.state().Advice.On, "%d players: a new game starts from the default", len(tc.names))
	}
}
