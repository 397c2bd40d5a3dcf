package scoreboard

import (
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
)

// hold marks the dice held, by position, from the current throw.
func (b *board) hold(held ...bool) {
	b.t.Helper()
	b.must("/api/hold", map[string]any{"held": held})
}

// exported is the game log the page exports for the game in play.
func (b *board) exported() string {
	b.t.Helper()
	resp, err := http.Get(b.url + "/api/games/" + jsonInt(int(b.state().GameID)) + "/export")
	require.NoError(b.t, err)
	defer resp.Body.Close()
	require.Equal(b.t, http.StatusOK, resp.StatusCode)
	text, err := io.ReadAll(resp.Body)
	require.NoError(b.t, err)
	return string(text)
}

func TestTypedRollsRecordTheDiceHeldAndTheReviewGradesThoseKeeps(t *testing.T) {
	tb := yachtTable(t)
	b := newBoard(t, "yacht", "Ann")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 5, 2, 1}})
	b.hold(true, true, false, false, false)
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 3, 4}})
	v := b.state()
	assert.Equal(t, []EarlierRoll{{Throw: 1, Dice: "6 6 5 2 1", Kept: "6 6"}}, v.Roll.Earlier)
	assert.Equal(t, [5]bool{true, true}, v.Roll.HeldOver)
	assert.False(t, v.Roll.HeldMarked, "each roll's dice held are marked afresh")
	b.hold(true, true, true, false, false)
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 6, 2}})
	b.must("/api/confirm", map[string]any{})
	b.must("/api/score", map[string]any{"box": "sixes"})
	assert.Empty(t, b.state().Roll.Earlier, "the next turn starts with none")

	log := b.exported()
	assert.Contains(t, log, "\n6 6 5 2 1 keep 6 6, 6 6 6 3 4 keep 6 6 6, 6 6 6 6 2 -> sixes\n")

	// The page's review grades the keeps as dicecam review grades the log.
	set, err := rules.Parse("yacht")
	require.NoError(t, err)
	turns, err := rules.ParseLog(strings.NewReader(log), set)
	require.NoError(t, err)
	want, err := tb.Review(turns)
	require.NoError(t, err)
	require.Len(t, want.Turns, 1)
	require.Len(t, want.Turns[0].Keeps, 2)
	rev := b.reviewOf(b.state().GameID)
	require.Len(t, rev.Players, 1)
	ann := rev.Players[0]
	assert.Equal(t, 3, ann.Decisions, "two keeps and a box")
	require.Len(t, ann.Turns, 1)
	keeps := ann.Turns[0].Keeps
	require.Len(t, keeps, 2)
	for i, k := range want.Turns[0].Keeps {
		assert.Equal(t, KeepGraded{Roll: i + 1, Dice: set.FormatRoll(k.Dice), Kept: set.FormatFaces(k.Kept), KeptCount: len(k.Kept),
			BestKept: set.FormatFaces(k.BestKept), BestCount: len(k.BestKept), Loss: rounded(k.Loss)}, keeps[i])
	}
	assert.Equal(t, "6 6", keeps[0].Kept)
	assert.InDelta(t, want.TotalLoss, ann.TotalLoss, 1e-3)
}

func TestHeldDiceKeepTheirValuesAndPlaces(t *testing.T) {
	for _, tc := range []struct {
		name  string
		given []int
	}{
		{"all five given, the held ones anywhere", []int{4, 6, 5, 6, 2}},
		{"all five given, the held ones first", []int{6, 6, 4, 5, 2}},
		{"only the dice rolled again", []int{4, 5, 2, 0, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBoard(t, "yacht", "Ann")
			b.must("/api/roll", map[string]any{"dice": []int{1, 6, 2, 6, 3}})
			b.hold(false, true, false, true, false)
			b.must("/api/roll", map[string]any{"dice": tc.given})
			v := b.state()
			assert.Equal(t, [5]int{4, 6, 5, 6, 2}, v.Roll.Dice, "the 6s held stay where they were")
			assert.Equal(t, 2, v.Roll.Throw)
		})
	}
}

func TestARollThatLacksTheHeldDiceIsRefusedWithWhatToDo(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 5, 2, 1}})
	b.hold(true, true, false, false, false)
	code, reply := b.post("/api/roll", map[string]any{"dice": []int{6, 5, 4, 3, 2}})
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, reply["error"], "roll 2 shows 6 5 4 3 2, which lacks the 6 6 held from roll 1")
	assert.Contains(t, reply["error"], "change which dice are held")
	v := b.state()
	assert.Equal(t, 1, v.Roll.Throw, "roll 1 stays, its dice held with it")
	assert.Equal(t, [5]bool{true, true}, v.Roll.Held)

	// The players say a 6 was rolled after all.
	b.hold(true, false, false, false, false)
	b.must("/api/roll", map[string]any{"dice": []int{6, 5, 4, 3, 2}})
	assert.Equal(t, []EarlierRoll{{Throw: 1, Dice: "6 6 5 2 1", Kept: "6"}}, b.state().Roll.Earlier)

	// Roll 2 given again, corrected: the 6 held into it stays.
	b.must("/api/roll", map[string]any{"dice": []int{5, 5, 0, 0, 0}, "throw": 2})
	v = b.state()
	assert.Equal(t, [5]int{6, 5, 5, 0, 0}, v.Roll.Dice)
	assert.Len(t, v.Roll.Earlier, 1, "the record of roll 1 stands")
	code, reply = b.post("/api/roll", map[string]any{"dice": []int{1, 2, 3, 4, 5}, "throw": 2})
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, reply["error"], "undo back to roll 1 to change which dice are held")
}

func TestAHeldDieCannotBeCorrectedInTheRollAfter(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 5, 2, 1}})
	b.hold(true, true, false, false, false)
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 3, 3, 4}})
	code, reply := b.post("/api/die", map[string]any{"die": 0, "face": 5})
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, reply["error"], "die 1 was held from roll 1, so it still shows 6: to change it, undo back to roll 1")
	b.must("/api/die", map[string]any{"die": 2, "face": 4}) // a die rolled again may be corrected
	assert.Equal(t, [5]int{6, 6, 4, 3, 4}, b.state().Roll.Dice)

	// Undone back to roll 1, the held die is corrected there and the
	// record says so.
	b.must("/api/undo", map[string]any{})
	b.must("/api/undo", map[string]any{})
	b.must("/api/die", map[string]any{"die": 0, "face": 5})
	b.must("/api/roll", map[string]any{"dice": []int{5, 6, 3, 3, 4}})
	assert.Equal(t, []EarlierRoll{{Throw: 1, Dice: "5 6 5 2 1", Kept: "5 6"}}, b.state().Roll.Earlier)
}

func TestUnmarkedRollsRecordNoEarlierRolls(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	// Roll 1 unmarked: what was held is not known, so roll 2's keep
	// cannot be written either.
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 5, 2, 1}})
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 3, 4}})
	b.hold(true, true, true, false, false)
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 6, 2}})
	assert.Empty(t, b.state().Roll.Earlier)
	b.must("/api/confirm", map[string]any{})
	b.must("/api/score", map[string]any{"box": "sixes"})

	// Roll 1 marked, roll 2 not: the record stops.
	b.must("/api/roll", map[string]any{"dice": []int{5, 5, 1, 2, 3}})
	b.hold(true, true, false, false, false)
	b.must("/api/roll", map[string]any{"dice": []int{5, 5, 5, 4, 4}})
	assert.Len(t, b.state().Roll.Earlier, 1)
	b.must("/api/roll", map[string]any{"dice": []int{5, 5, 5, 4, 1}})
	assert.Empty(t, b.state().Roll.Earlier)
	b.must("/api/confirm", map[string]any{})
	b.must("/api/score", map[string]any{"box": "fives"})

	// Marked with no die held: every die rolled again.
	b.must("/api/roll", map[string]any{"dice": []int{1, 2, 3, 5, 5}})
	b.hold(false, false, false, false, false)
	b.must("/api/roll", map[string]any{"dice": []int{2, 3, 4, 5, 6}})
	b.must("/api/confirm", map[string]any{})
	b.must("/api/score", map[string]any{"box": "big-straight"})

	log := b.exported()
	assert.Contains(t, log, "\n6 6 6 6 2 -> sixes\n")
	assert.Contains(t, log, "\n5 5 5 4 1 -> fives\n")
	assert.Contains(t, log, "\n1 2 3 5 5 keep none, 2 3 4 5 6 -> big-straight\n")
	rev := b.reviewOf(b.state().GameID)
	turns := rev.Players[0].Turns
	require.Len(t, turns, 3)
	assert.Empty(t, turns[0].Keeps)
	assert.Empty(t, turns[1].Keeps)
	require.Len(t, turns[2].Keeps, 2, "roll 1's keep, and stopping after roll 2")
	assert.Equal(t, 0, turns[2].Keeps[0].KeptCount)
	assert.Equal(t, 5, turns[2].Keeps[1].KeptCount)
	assert.Equal(t, 5, rev.Players[0].Decisions)
}

func TestHoldingIsRefusedWhereItMeansNothing(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	for _, tc := range []struct {
		name  string
		setup func()
		held  []bool
		says  string
	}{
		{"before any roll", func() {}, []bool{true, false, false, false, false}, "there is no roll yet"},
		{"an uncertain die", func() {
			b.must("/api/roll", map[string]any{"dice": []int{6, 6, 5, 2, 1}, "uncertain": []bool{false, false, true, false, false}})
		}, []bool{true, false, false, false, false}, "mark the dice held once the roll is right: die 3 is uncertain"},
		{"all five", func() { b.must("/api/roll", map[string]any{"dice": []int{6, 6, 5, 2, 1}}) }, []bool{true, true, true, true, true}, "holding all five dice ends the turn"},
		{"after roll 3", func() { b.must("/api/roll", map[string]any{"dice": []int{6, 6, 5, 2, 1}, "throw": 3}) }, []bool{true, false, false, false, false}, "roll 3 is the last of the turn"},
	} {
		tc.setup()
		code, reply := b.post("/api/hold", map[string]any{"held": tc.held})
		assert.Equal(t, http.StatusUnprocessableEntity, code, tc.name)
		assert.Contains(t, reply["error"], tc.says, tc.name)
	}
	code, reply := b.post("/api/hold", map[string]any{"held": []bool{true}})
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, reply["error"], `"held" holds 1 values, not 5`)
}

func TestCameraRollsRecordTheDiceHeld(t *testing.T) {
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann")
	b.srv.Settled([5]int{1, 6, 2, 6, 3}, [5]bool{})
	b.hold(false, true, false, true, false)
	b.srv.Settled([5]int{6, 4, 6, 5, 2}, [5]bool{}) // the held dice left on the tray
	v := b.state()
	assert.Equal(t, [5]int{4, 6, 5, 6, 2}, v.Roll.Dice)
	assert.Equal(t, []EarlierRoll{{Throw: 1, Dice: "1 6 2 6 3", Kept: "6 6"}}, v.Roll.Earlier)
	b.srv.Settled([5]int{6, 4, 6, 5, 2}, [5]bool{}) // read again as the dice lie
	assert.Equal(t, 2, b.state().Roll.Throw, "the same dice read again are no new roll")

	// A reading that lacks the held dice is not taken, and the page says why.
	b.hold(true, true, true, true, false)
	b.srv.Settled([5]int{1, 1, 1, 1, 1}, [5]bool{})
	v = b.state()
	assert.Equal(t, 2, v.Roll.Throw)
	assert.Contains(t, v.Camera.Refused, "roll 3 shows 1 1 1 1 1, which lacks the 4 6 5 6 held from roll 2")
	b.must("/api/roll", map[string]any{"dice": []int{4, 6, 5, 6, 5}})
	v = b.state()
	assert.Empty(t, v.Camera.Refused, "gone with the next move")
	assert.Len(t, v.Roll.Earlier, 2)
}

func TestRecordedHoldsSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	first := newBoardIn(t, dir, Config{}, "yacht", "Ann")
	first.must("/api/roll", map[string]any{"dice": []int{6, 6, 5, 2, 1}})
	first.hold(true, true, false, false, false)
	first.srv.Close()

	second := newBoardIn(t, dir, Config{}, "yacht", "Ann")
	assert.Equal(t, [5]bool{true, true}, second.state().Roll.Held, "the marks come back")
	second.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 3, 4}})
	second.srv.Close()

	third := newBoardIn(t, dir, Config{}, "yacht", "Ann")
	v := third.state()
	assert.Equal(t, []EarlierRoll{{Throw: 1, Dice: "6 6 5 2 1", Kept: "6 6"}}, v.Roll.Earlier)
	assert.Equal(t, [5]bool{true, true}, v.Roll.HeldOver)
	third.must("/api/confirm", map[string]any{})
	third.must("/api/score", map[string]any{"box": "sixes"})
	third.srv.Close()

	fourth := newBoardIn(t, dir, Config{}, "yacht", "Ann")
	assert.Contains(t, fourth.exported(), "\n6 6 5 2 1 keep 6 6, 6 6 6 3 4 -> sixes\n")
}

func TestTheCameraViewMarksTheAdvisedKeepWhereTheDiceLie(t *testing.T) {
	yachtTable(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann")
	b.srv.Settled([5]int{1, 6, 2, 6, 3}, [5]bool{})
	b.hold(false, true, false, true, false)
	read := [5]int{6, 4, 6, 5, 2}
	b.srv.Settled(read, [5]bool{})
	b.must("/api/confirm", map[string]any{})
	v := b.readyAdvice()
	require.Empty(t, v.Advice.Box, "rolling again is best")
	var want, got []int
	for i, h := range v.Advice.Hold {
		if h {
			want = append(want, v.Roll.Dice[i])
		}
	}
	for i, h := range b.srv.Held(read) {
		if h {
			got = append(got, read[i])
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	require.NotEmpty(t, want)
	assert.Equal(t, want, got, "the same faces are marked in the camera's reading, which lies in another order")
}
