package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dicecam/dicecam/internal/pagetest"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
	"github.com/dicecam/dicecam/scoreboard"
	"github.com/dicecam/dicecam/scoreboard/store"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// checkGoldenCases runs each case in testdata/COMMAND/CASE: its args file
// (with $DIR for the case's folder) against its stdout, stderr and code
// files; a missing file means empty output or exit 0. Set
// DICECAM_UPDATE_GOLDEN=1 to rewrite them after reading the diff.
func checkGoldenCases(t *testing.T, command string) {
	dirs, err := filepath.Glob(filepath.Join("testdata", command, "*"))
	require.NoError(t, err)
	require.NotEmpty(t, dirs)
	update := os.Getenv("DICECAM_UPDATE_GOLDEN") != ""
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			raw, err := os.ReadFile(filepath.Join(dir, "args"))
			require.NoError(t, err)
			args := strings.Fields(strings.ReplaceAll(string(raw), "$DIR", dir))
			code, stdout, stderr := runCmd(t, append([]string{command}, args...)...)
			got := map[string]string{"stdout": stdout, "stderr": stderr, "code": fmt.Sprintln(code)}
			empty := map[string]string{"stdout": "", "stderr": "", "code": "0\n"}
			for name, text := range got {
				path := filepath.Join(dir, name)
				if update {
					writeGolden(t, path, text, text == empty[name])
					continue
				}
				want, err := os.ReadFile(path)
				if errors.Is(err, fs.ErrNotExist) {
					want, err = []byte(empty[name]), nil
				}
				require.NoError(t, err)
				assert.Equal(t, string(want), text, "%s of %s %s", name, command, strings.Join(args, " "))
			}
		})
	}
}

func writeGolden(t *testing.T, path, text string, empty bool) {
	if empty {
		err := os.Remove(path)
		if !errors.Is(err, fs.ErrNotExist) {
			require.NoError(t, err)
		}
		return
	}
	require.NoError(t, os.WriteFile(path, []byte(text), 0o644))
}

func TestTallyGolden(t *testing.T) { checkGoldenCases(t, "tally") }

func TestTallyJSONAgreesWithTheRulesEngine(t *testing.T) {
	for _, spec := range []string{"yahtzee", "yahtzee:joker=free"} {
		log := filepath.Join("testdata", "tally", "yahtzee-joker", "game.log")
		code, stdout, stderr := runCmd(t, "tally", "--json", "--rules", spec, log)
		require.Equal(t, 0, code, stderr)
		var got tallyJSON
		require.NoError(t, json.Unmarshal([]byte(stdout), &got))

		set, err := rules.Parse(spec)
		require.NoError(t, err)
		card, err := loadCard(set, log)
		require.NoError(t, err)
		tot := card.Totals()
		assert.Equal(t, set.Spec(), got.Rules)
		assert.Equal(t, tot.GrandTotal, got.GrandTotal)
		assert.Equal(t, tot.BonusCount, got.BonusCount)
		assert.Equal(t, got.UpperTotal+got.LowerTotal, got.GrandTotal)
		assert.Len(t, got.Boxes, len(set.Boxes()))
		for id, points := range got.Boxes {
			want, ok := card.Filled(id)
			assert.True(t, ok, id)
			assert.Equal(t, want, points, id)
		}
	}
}

func TestTallyNamesTheFileAndLineOfAnIllegalTurn(t *testing.T) {
	log := filepath.Join(t.TempDir(), "game.log")
	require.NoError(t, os.WriteFile(log, []byte("# first\n1 2 3 3 5 -> threes\n\n3 3 3 4 4 -> threes\n"), 0o644))
	code, stdout, stderr := runCmd(t, "tally", log)
	assert.Equal(t, 1, code)
	assert.Empty(t, stdout)
	assert.Equal(t, fmt.Sprintf("dicecam tally: %s:4: box \"threes\" is already filled\n", log), stderr)
}

func TestTallySeriesJSONAgreesWithTheRulesEngine(t *testing.T) {
	log := filepath.Join("testdata", "tally", "poker-series", "game.log")
	code, stdout, stderr := runCmd(t, "tally", "--json", "--rules", "poker", log)
	require.Equal(t, 0, code, stderr)
	var got seriesJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))

	set, err := rules.Parse("poker")
	require.NoError(t, err)
	series, err := loadSeries(set, log)
	require.NoError(t, err)
	cards := series.Cards()
	require.Greater(t, len(cards), 1, "the fixture is a series")
	require.Len(t, got.Games, len(cards))
	sum := 0
	for i, c := range cards {
		assert.Equal(t, c.Totals().GrandTotal, got.Games[i].GrandTotal, "game %d", i+1)
		sum += got.Games[i].GrandTotal
	}
	assert.Equal(t, series.Total(), got.SeriesTotal)
	assert.Equal(t, sum, got.SeriesTotal)
	assert.Equal(t, "poker", got.Rules)
	assert.Equal(t, got.Games[len(got.Games)-1], got.cardJSON, "the top level is the last game")
}

func TestTallyJSONOfOneGameHasNoSeriesFields(t *testing.T) {
	log := filepath.Join("testdata", "tally", "poker", "game.log")
	code, stdout, stderr := runCmd(t, "tally", "--json", "--rules", "poker", log)
	require.Equal(t, 0, code, stderr)
	var got map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))
	assert.NotContains(t, got, "games")
	assert.NotContains(t, got, "series_total")
	assert.Contains(t, got, "grand_total")
}

func TestTallyHelpDocumentsTheSeriesJSON(t *testing.T) {
	code, _, stderr := runCmd(t, "tally", "-h")
	assert.Equal(t, 0, code)
	for _, field := range []string{`"games"`, `"series_total"`, `"---"`} {
		assert.Contains(t, stderr, field)
	}
}

func TestScoreReadsTheGameInPlayOfASeries(t *testing.T) {
	log := filepath.Join("testdata", "tally", "poker-series", "game.log")
	code, stdout, stderr := runCmd(t, "score", "--json", "--rules", "poker", "--card", log, "9", "10", "J", "Q", "K")
	require.Equal(t, 0, code, stderr)
	var got scoreJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))
	offered := map[rules.BoxID]int{}
	for _, o := range got.Options {
		offered[o.Box] = o.Points
	}
	assert.Len(t, offered, 11, "game 3 of the fixture has two boxes filled")
	assert.NotContains(t, offered, rules.BoxID("aces"), "filled in game 3")
	assert.NotContains(t, offered, rules.BoxID("four-of-a-kind"), "filled in game 3")
	assert.Equal(t, 40, offered["straight"])
}

func TestTallyOfAScoreboardExportGivesTheCardsTotals(t *testing.T) {
	db, err := store.Open(t.TempDir())
	require.NoError(t, err)
	defer db.Close()
	set, err := rules.Parse("yahtzee")
	require.NoError(t, err)
	srv, err := scoreboard.New(context.Background(), scoreboard.Config{Store: db, Rules: set, Players: []string{"Ann", "Bob"},
		Tables: scoreboard.NewTables(strategy.Options{NoCache: true})})
	require.NoError(t, err)
	defer srv.Close()
	ts := pagetest.Serve(t, srv.Handler)
	var state struct {
		Version int `json:"version"`
		GameID  int `json:"game_id"`
		Players []struct {
			Totals rules.Totals `json:"totals"`
		} `json:"players"`
	}
	post := func(path, body string) {
		resp, err := http.Post(ts.URL+path, "application/json", strings.NewReader(fmt.Sprintf(`{"version": %d%s}`, state.Version, body)))
		require.NoError(t, err)
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			msg, _ := io.ReadAll(resp.Body)
			t.Fatalf("%s%s: %s", path, body, msg)
		}
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&state))
	}
	resp, err := http.Get(ts.URL + "/api/state")
	require.NoError(t, err)
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&state))
	resp.Body.Close()
	for _, m := range [][2]string{
		{"/api/roll", `, "dice": [6, 6, 6, 6, 6]`}, {"/api/confirm", ""}, {"/api/score", `, "box": "yahtzee"`},
		{"/api/enter", `, "player": 1, "box": "chance", "points": 200`}, // the card said 200 where tally gave 47
		{"/api/roll", `, "dice": [6, 6, 6, 6, 6]`}, {"/api/confirm", ""}, {"/api/score", `, "box": "sixes"`},
		{"/api/enter", `, "player": 0, "box": "yahtzee", "points": 0`},
		{"/api/clear", `, "player": 1, "box": "chance"`},
		{"/api/enter", `, "player": 1, "box": "aces", "points": 5`},
	} {
		post(m[0], m[1])
	}
	resp, err = http.Get(fmt.Sprintf("%s/api/games/%d/export", ts.URL, state.GameID))
	require.NoError(t, err)
	export, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "game.txt")
	require.NoError(t, os.WriteFile(path, export, 0o644))

	code, stdout, stderr := runCmd(t, "tally", "--rules", "yahtzee", "--json", path)
	require.Equal(t, 0, code, stderr)
	var out struct {
		Players []struct {
			Name       string `json:"name"`
			GrandTotal int    `json:"grand_total"`
		} `json:"players"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &out))
	require.Len(t, out.Players, 2, "one file holds the whole game:\n%s", export)
	for p, pl := range out.Players {
		assert.Equal(t, state.Players[p].Totals.GrandTotal, pl.GrandTotal, "%s:\n%s", pl.Name, export)
	}
	assert.Equal(t, 30+100, state.Players[0].Totals.GrandTotal, "the bonus earned before the yahtzee box was typed over stands")
}
