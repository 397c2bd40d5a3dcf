package scoreboard

import (
	"bufio"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
)

func TestRefusedActionsChangeNothing(t *testing.T) {
	for _, tc := range []struct {
		name string
		path string
		body string // %d is the current version
		code int
		says string
	}{
		{"stale version", "/api/score", `{"version": 7, "box": "twos"}`, http.StatusConflict, "changed since version 7"},
		{"JSON cut short", "/api/roll", `{"version": %d, "dice": [1,2`, http.StatusBadRequest, "the body is not one whole JSON object"},
		{"a score with a fraction", "/api/enter", `{"version": %d, "player": 0, "box": "ones", "points": 2.5}`, http.StatusBadRequest, `"points" holds 2.5 where it takes a whole number`},
		{"a score in quotes", "/api/enter", `{"version": %d, "player": 0, "box": "ones", "points": "3"}`, http.StatusBadRequest, `"points" holds a string where it takes a whole number`},
		{"a die as a letter", "/api/roll", `{"version": %d, "dice": [1,2,"x",4,5]}`, http.StatusBadRequest, `"dice" holds a string where it takes a whole number`},
		{"a name as a number", "/api/new", `{"version": %d, "players": [3]}`, http.StatusBadRequest, `"players" holds a number where it takes text in quotes`},
		{"no version", "/api/undo", `{}`, http.StatusBadRequest, "version"},
		{"unknown field", "/api/roll", `{"version": %d, "dize": [1,2,3,4,5]}`, http.StatusBadRequest, "dize"},
		{"unknown box", "/api/score", `{"version": %d, "box": "chance"}`, http.StatusUnprocessableEntity, `no box "chance"`},
		{"filled box", "/api/score", `{"version": %d, "box": "twos"}`, http.StatusUnprocessableEntity, "already filled"},
		{"die out of range", "/api/roll", `{"version": %d, "dice": [1,2,7,4,5]}`, http.StatusUnprocessableEntity, "die 3 is 7"},
		{"negative die", "/api/die", `{"version": %d, "die": 0, "face": -1}`, http.StatusUnprocessableEntity, "1 to 6"},
		{"no such die", "/api/die", `{"version": %d, "die": 5, "face": 2}`, http.StatusUnprocessableEntity, "dice 0 to 4"},
		{"throw four", "/api/roll", `{"version": %d, "dice": [1,2,3,4,5], "throw": 4}`, http.StatusUnprocessableEntity, "throws 1, 2 and 3"},
		{"confirm twice", "/api/confirm", `{"version": %d}`, http.StatusUnprocessableEntity, "already confirmed"},
		{"negative score", "/api/enter", `{"version": %d, "player": 0, "box": "ones", "points": -3}`, http.StatusBadRequest, "negative"},
		{"score past any box", "/api/enter", `{"version": %d, "player": 0, "box": "ones", "points": 9223372036854775807}`, http.StatusBadRequest, "more than 1000"},
		{"four dice", "/api/roll", `{"version": %d, "dice": [1,2,3,4]}`, http.StatusBadRequest, `"dice" holds 4 values, not 5: a roll is five dice`},
		{"six dice", "/api/roll", `{"version": %d, "dice": [1,2,3,4,5,6]}`, http.StatusBadRequest, `"dice" holds 6 values`},
		{"seven dice", "/api/roll", `{"version": %d, "dice": [1,2,3,4,5,6,1]}`, http.StatusBadRequest, `"dice" holds 7 values`},
		{"no dice in the list", "/api/roll", `{"version": %d, "dice": []}`, http.StatusBadRequest, `"dice" holds 0 values`},
		{"no dice at all", "/api/roll", `{"version": %d, "throw": 2}`, http.StatusBadRequest, `needs "dice"`},
		{"three uncertain", "/api/roll", `{"version": %d, "dice": [1,2,3,4,5], "uncertain": [true,false,true]}`, http.StatusBadRequest, `"uncertain" holds 3 values`},
		{"dice null", "/api/roll", `{"version": %d, "dice": null}`, http.StatusBadRequest, `"dice" holds 0 values`},
		{"dice twice, the last short", "/api/roll", `{"version": %d, "dice": [1,2,3,4,5], "DICE": [6]}`, http.StatusBadRequest, "DICE"},
		{"two moves in one body", "/api/players", `{"version": %d, "name": "Eve"}{"name": "Mal"}`, http.StatusBadRequest, "goes on after its JSON object"},
		{"two new games in one body", "/api/new", `{"version": %d, "rules": "yahtzee"}{"rules": "yatzy"}`, http.StatusBadRequest, "goes on after its JSON object"},
		{"body over 64 KB", "/api/players", `{"version": %d, "name": "` + strings.Repeat("x", 70<<10) + `"}`, http.StatusRequestEntityTooLarge, "over 64 KB"},
		{"no such player", "/api/enter", `{"version": %d, "player": 2, "box": "ones", "points": 3}`, http.StatusUnprocessableEntity, "players 0 to 1"},
		{"clear empty box", "/api/clear", `{"version": %d, "player": 1, "box": "ones"}`, http.StatusUnprocessableEntity, "already empty"},
		{"empty name", "/api/rename", `{"version": %d, "player": 0, "name": "  "}`, http.StatusUnprocessableEntity, "needs a name"},
		{"name with a NUL", "/api/rename", `{"version": %d, "player": 0, "name": "Ann\u0000"}`, http.StatusUnprocessableEntity, "control character U+0000"},
		{"name that reverses the card", "/api/players", `{"version": %d, "name": "Eve\u202Etxet"}`, http.StatusUnprocessableEntity, "U+202E, which reverses"},
		{"unknown rules", "/api/new", `{"version": %d, "rules": "bingo"}`, http.StatusUnprocessableEntity, "yahtzee"},
		{"new game stale", "/api/new", `{"version": 3}`, http.StatusConflict, "changed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBoard(t, "yacht", "Ann", "Bob")
			// Bob to move with a confirmed roll; Ann's twos filled.
			b.play([5]int{2, 2, 2, 4, 5}, "twos")
			b.must("/api/roll", map[string]any{"dice": []int{2, 2, 3, 3, 3}})
			b.must("/api/confirm", map[string]any{})
			b.must("/api/enter", map[string]any{"player": 1, "box": "twos", "points": 4})
			b.must("/api/roll", map[string]any{"dice": []int{2, 2, 3, 3, 3}})
			b.must("/api/confirm", map[string]any{})
			before := b.state()
			body := tc.body
			if strings.Contains(body, "%d") {
				body = strings.Replace(body, "%d", jsonInt(before.Version), 1)
			}
			code, reply := b.postRaw(tc.path, []byte(body))
			assert.Equal(t, tc.code, code)
			assert.Contains(t, reply["error"], tc.says)
			assert.Equal(t, before, b.state(), "a refused action changes nothing")
			moves, err := b.store.Moves(t.Context(), before.GameID)
			require.NoError(t, err)
			assert.Len(t, moves, before.Version%versionStride, "nothing stored")
		})
	}
}

func jsonInt(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestEveryPageSeesEveryChange(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	var streams []*bufio.Reader
	for range 3 {
		resp, err := http.Get(b.url + "/api/events")
		require.NoError(t, err)
		t.Cleanup(func() { resp.Body.Close() })
		assert.Equal(t, "text/event-stream", resp.Header.Get("Content-Type"))
		streams = append(streams, bufio.NewReader(resp.Body))
	}
	for _, s := range streams {
		v := nextEvent(t, s)
		assert.Equal(t, b.state().Version, v.Version, "the full state as soon as a page connects")
	}
	b.must("/api/roll", map[string]any{"dice": []int{1, 2, 3, 4, 5}})
	for _, s := range streams {
		v := nextEvent(t, s)
		assert.Equal(t, [5]int{1, 2, 3, 4, 5}, v.Roll.Dice)
	}
}

func nextEvent(t *testing.T, r *bufio.Reader) View {
	t.Helper()
	for {
		line, err := r.ReadString('\n')
		require.NoError(t, err)
		if data, ok := strings.CutPrefix(line, "data: "); ok {
			var v View
			require.NoError(t, json.Unmarshal([]byte(data), &v))
			return v
		}
	}
}

func TestCameraRollBecomesTheThrowAndFramesStream(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	resp, err := http.Get(b.url + "/camera.mjpeg")
	require.NoError(t, err)
	defer resp.Body.Close()
	assert.True(t, strings.HasPrefix(resp.Header.Get("Content-Type"), "multipart/x-mixed-replace"))
	frames := bufio.NewReader(resp.Body)
	got := make(chan string, 1)
	go func() {
		for {
			line, err := frames.ReadString('\n')
			if err != nil {
				close(got)
				return
			}
			if strings.HasPrefix(line, "FAKEJPEG") {
				got <- strings.TrimSpace(line)
				return
			}
		}
	}()
	// The first frame may go out before the view is waiting: keep sending.
	deadline := time.After(5 * time.Second)
	for done := false; !done; {
		b.srv.Frame([]byte("FAKEJPEG 1\n"))
		select {
		case line := <-got:
			assert.Equal(t, "FAKEJPEG 1", line)
			done = true
		case <-deadline:
			t.Fatal("no frame reached the camera view")
		case <-time.After(20 * time.Millisecond):
		}
	}

	b.srv.Status("settled", 4)
	b.srv.Settled([5]int{5, 5, 0, 5, 2}, [5]bool{false, true, false, false, false})
	v := b.state()
	assert.Equal(t, CameraView{State: "settled", Seen: 4}, v.Camera)
	assert.Equal(t, [5]int{5, 5, 0, 5, 2}, v.Roll.Dice)
	assert.Equal(t, 1, v.Roll.Throw)
	b.srv.Settled([5]int{5, 5, 3, 5, 2}, [5]bool{})
	assert.Equal(t, 2, b.state().Roll.Throw, "the next settled roll is the next throw")
}

func TestExportReplaysToTheSameCards(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spec  string
		moves func(b *board)
	}{
		{"typed scores, clears and an undone move", "yacht", func(b *board) {
			b.play([5]int{3, 3, 3, 5, 5}, "full-house")
			b.play([5]int{6, 6, 6, 6, 1}, "sixes")
			b.play([5]int{1, 2, 3, 4, 5}, "little-straight")
			b.must("/api/enter", map[string]any{"player": 1, "box": "yacht", "points": 200})
			b.must("/api/enter", map[string]any{"player": 0, "box": "full-house", "points": 28})
			b.play([5]int{4, 4, 4, 4, 4}, "fours")
			b.must("/api/undo", map[string]any{})
			b.play([5]int{4, 4, 4, 4, 4}, "yacht")
			b.must("/api/clear", map[string]any{"player": 1, "box": "sixes"})
		}},
		{"yahtzee bonuses earned before the yahtzee box was typed over", "yahtzee", func(b *board) {
			b.play([5]int{6, 6, 6, 6, 6}, "yahtzee")
			b.play([5]int{1, 1, 2, 3, 4}, "aces")
			b.play([5]int{5, 5, 5, 5, 5}, "fives")
			b.must("/api/enter", map[string]any{"player": 0, "box": "yahtzee", "points": 0})
		}},
		{"a poker series into its second game", "poker", func(b *board) {
			b.fill(1, func(p int, box rules.Box) int { return p + 1 })
			b.play([5]int{6, 6, 6, 6, 6}, "one-pair")
			b.play([5]int{1, 2, 3, 4, 5}, "one-pair")
			b.play([5]int{6, 6, 6, 6, 6}, "yacht")
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBoard(t, tc.spec, "Ann", "Bob #2")
			tc.moves(b)
			v := b.state()
			resp, err := http.Get(b.url + "/api/games/" + jsonInt(int(v.GameID)) + "/export")
			require.NoError(t, err)
			require.Equal(t, http.StatusOK, resp.StatusCode)
			assert.Contains(t, resp.Header.Get("Content-Disposition"), "game"+jsonInt(int(v.GameID))+".txt", "one file for the whole game")
			set, err := rules.Parse(v.Rules.Spec)
			require.NoError(t, err)
			l, err := rules.ReadLog(resp.Body, set)
			resp.Body.Close()
			require.NoError(t, err)
			assert.Equal(t, []string{"Ann", "Bob #2"}, l.Players)
			tb, err := rules.ReplayTable(set, l)
			require.NoError(t, err)
			for p, pv := range v.Players {
				assert.Equal(t, pv.Totals, tb.Card(p).Totals(), "%s's card", pv.Name)
				assert.Equal(t, pv.SeriesTotal, tb.Series(p).Total())
			}
			assert.Equal(t, v.Round, tb.Game())
		})
	}
}

func TestExportOfAGameNotKeptSaysWhereToLook(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	for _, tc := range []struct {
		id   string
		code int
	}{{"x", http.StatusBadRequest}, {"99", http.StatusNotFound}} {
		resp, err := http.Get(b.url + "/api/games/" + tc.id + "/export")
		require.NoError(t, err)
		var reply errorBody
		require.NoError(t, decodeJSON(resp, &reply))
		assert.Equal(t, tc.code, resp.StatusCode)
		assert.Contains(t, reply.Error, "the recent games list")
	}
}

func TestRecentGamesListScoresAndWinners(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.fill(0, func(p int, box rules.Box) int { return p * 2 })
	b.must("/api/new", map[string]any{})
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	b.must("/api/new", map[string]any{})
	b.must("/api/new", map[string]any{}) // the empty game before it is not listed
	var games []RecentGame
	resp, err := http.Get(b.url + "/api/games")
	require.NoError(t, err)
	require.NoError(t, decodeJSON(resp, &games))
	require.Len(t, games, 3)
	assert.True(t, games[0].InPlay)
	assert.False(t, games[1].InPlay)
	assert.False(t, games[1].Over, "the game set aside can be resumed")
	assert.Equal(t, []int{19, 0}, games[1].Scores, "yacht scores a full house as its dice")
	first := games[2]
	assert.True(t, first.Over)
	assert.Equal(t, []string{"Bob"}, first.Winners)
	assert.Equal(t, []int{0, 24}, first.Scores)
	assert.Equal(t, []string{"Ann", "Bob"}, first.Players)
}

func TestAnUnfinishedGameResumesAndAFinishedOneOpensToBeLookedAt(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.fill(0, func(p int, box rules.Box) int { return p * 2 })
	finished := b.state().GameID
	b.must("/api/new", map[string]any{"rules": "yatzy"})
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	aside := b.state()
	b.must("/api/new", map[string]any{"rules": "poker", "players": []string{"Zed"}})

	code, reply := b.post("/api/resume", map[string]any{"game": finished})
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	assert.Contains(t, reply["error"], "is over: open it to look at its card")
	code, reply = b.post("/api/resume", map[string]any{"game": 99})
	assert.Equal(t, http.StatusNotFound, code)
	assert.Contains(t, reply["error"], "recent games")

	b.must("/api/resume", map[string]any{"game": aside.GameID})
	v := b.state()
	assert.Equal(t, aside.GameID, v.GameID)
	assert.Equal(t, "yatzy", v.Rules.Name)
	assert.Equal(t, aside.Players, v.Players, "the card is as it was left")
	assert.Equal(t, 1, v.ToMove)

	resp, err := http.Get(b.url + "/api/games/" + jsonInt(int(finished)))
	require.NoError(t, err)
	var old View
	require.NoError(t, decodeJSON(resp, &old))
	assert.Equal(t, finished, old.GameID)
	assert.True(t, old.Over)
	assert.Equal(t, []int{1}, old.Winners)
	assert.Equal(t, 24, old.Players[1].Totals.GrandTotal)
	assert.Equal(t, aside.GameID, b.state().GameID, "looking at an old card leaves the game in play")
}

func TestAResumedGameIsTheOneARestartResumes(t *testing.T) {
	dir := t.TempDir()
	b := newBoardIn(t, dir, Config{}, "yacht", "Ann", "Bob")
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	aside := b.state().GameID
	b.must("/api/new", map[string]any{})
	b.must("/api/resume", map[string]any{"game": aside})
	b.srv.Close()

	again := newBoardIn(t, dir, Config{}, "yacht", "Ann", "Bob")
	assert.Equal(t, aside, again.state().GameID)
}

func TestEveryActionRefusesAStaleVersion(t *testing.T) {
	for _, tc := range []struct{ path, body string }{
		{"/api/roll", `"dice": [1, 2, 3, 4, 5]`},
		{"/api/die", `"die": 0, "face": 6`},
		{"/api/confirm", `"x": 0`},
		{"/api/score", `"box": "choice"`},
		{"/api/enter", `"player": 0, "box": "ones", "points": 3`},
		{"/api/clear", `"player": 0, "box": "twos"`},
		{"/api/undo", `"x": 0`},
		{"/api/rename", `"player": 0, "name": "Zed"`},
		{"/api/players", `"name": "Zed"`},
		{"/api/new", `"rules": "yahtzee"`},
	} {
		t.Run(tc.path, func(t *testing.T) {
			b := newBoard(t, "yacht", "Ann", "Bob")
			b.play([5]int{2, 2, 2, 4, 5}, "twos")
			b.must("/api/roll", map[string]any{"dice": []int{2, 2, 3, 3, 3}})
			before := b.state()
			body := strings.Replace(tc.body, `"x": 0`, "", 1)
			if body != "" {
				body = ", " + body
			}
			code, reply := b.postRaw(tc.path, []byte(`{"version": `+jsonInt(before.Version-1)+body+`}`))
			assert.Equal(t, http.StatusConflict, code)
			assert.Contains(t, reply["error"], "reload")
			assert.Equal(t, before, b.state())
		})
	}
}

func TestNewsWithoutAMoveCountsUpTheSequence(t *testing.T) {
	b := newBoard(t, "yacht", "Ann", "Bob")
	before := b.state()
	b.srv.Status("rolling", 3)
	after := b.state()
	assert.Equal(t, before.Version, after.Version, "the camera's news is not a move")
	assert.Greater(t, after.Seq, before.Seq, "so a page can tell it from a late reply of the same version")
}
