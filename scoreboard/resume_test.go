package scoreboard

import (
	"bytes"
	"context"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/scoreboard/store"
)

func TestRulesAndPlayersNamedAtTheStartPlayThatGame(t *testing.T) {
	yacht, err := rules.Parse("yacht")
	require.NoError(t, err)
	yahtzee, err := rules.Parse("yahtzee")
	require.NoError(t, err)
	for _, tc := range []struct {
		name    string
		rules   *rules.Set
		players []string
		resumes bool
		want    string   // the rules of the game in play
		names   []string // its players
	}{
		{"with neither, the stored game resumes", nil, nil, true, "yahtzee", []string{"Ann", "Bob"}},
		{"the stored game's rules and players resume it", yahtzee, []string{" Ann", "Bob "}, true, "yahtzee", []string{"Ann", "Bob"}},
		{"other rules and players start their game", yacht, []string{"Zed", "Yan"}, false, "yacht", []string{"Zed", "Yan"}},
		{"other rules alone keep the players", yacht, nil, false, "yacht", []string{"Ann", "Bob"}},
		{"other players alone keep the rules", nil, []string{"Zed"}, false, "yahtzee", []string{"Zed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			first := newBoardIn(t, dir, Config{}, "yahtzee", "Ann", "Bob")
			first.play([5]int{3, 3, 3, 5, 5}, "full-house")
			old := first.state().GameID
			first.srv.Close()

			st, err := store.Open(dir)
			require.NoError(t, err)
			defer st.Close()
			var terminal bytes.Buffer
			srv, err := New(context.Background(), Config{Store: st, Rules: tc.rules, Players: tc.players, Tables: testTables(), Log: log.New(&terminal)})
			require.NoError(t, err)
			defer srv.Close()
			srv.mu.Lock()
			g := srv.game
			srv.mu.Unlock()
			assert.Equal(t, tc.want, g.Set.Spec())
			assert.Equal(t, tc.names, g.State().Names)
			if tc.resumes {
				assert.Equal(t, old, g.ID)
				assert.Empty(t, terminal.String(), "a resumed game needs no word")
				return
			}
			assert.NotEqual(t, old, g.ID)
			assert.Equal(t, 1, bytes.Count(terminal.Bytes(), []byte("\n")), "one line says so: %s", terminal.String())
			assert.Contains(t, terminal.String(), "stays in the recent games")
			kept, err := st.Game(context.Background(), old)
			require.NoError(t, err, "the old game is kept")
			assert.Equal(t, []int{25, 0}, kept.Summary.Scores)
		})
	}
}
