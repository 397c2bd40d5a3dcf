package scoreboard

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/scoreboard/store"
)

// benchServer is a server on a fresh store, for a benchmark.
func benchServer(b *testing.B, spec string, cfg Config, names ...string) *Server {
	st, err := store.Open(b.TempDir())
	require.NoError(b, err)
	b.Cleanup(func() { st.Close() })
	set, err := rules.Parse(spec)
	require.NoError(b, err)
	cfg.Store, cfg.Rules, cfg.Players = st, set, names
	srv, err := New(context.Background(), cfg)
	require.NoError(b, err)
	b.Cleanup(srv.Close)
	return srv
}

// BenchmarkMoveStored measures one move from check to committed on disk:
// what a click costs before every page sees it.
func BenchmarkMoveStored(b *testing.B) {
	srv := benchServer(b, "yahtzee", Config{}, "Ann", "Bob")
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		m := Move{Kind: MoveEnter, Player: 0, Box: "chance", Points: 20}
		if i%2 == 1 {
			m = Move{Kind: MoveClear, Player: 0, Box: "chance"}
		}
		if _, _, err := srv.makeMove(ctx, nil, m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStateView measures drawing the whole state for a page, late in
// a game with every undo replayed.
func BenchmarkStateView(b *testing.B) {
	srv := benchServer(b, "yahtzee", Config{}, "Ann", "Bob", "Cleo", "Dev")
	for p := range 4 {
		for _, box := range srv.game.Set.Boxes()[:10] {
			_, _, err := srv.makeMove(context.Background(), nil, Move{Kind: MoveEnter, Player: p, Box: box.ID, Points: 5})
			require.NoError(b, err)
		}
	}
	for b.Loop() {
		srv.mu.Lock()
		srv.viewLocked()
		srv.mu.Unlock()
	}
}

// BenchmarkAdviceForAConfirmedRoll measures working out the advice a page
// shows after a first roll of yahtzee: the keep and every box's cost. It is
// done once per state, under the game's lock, so it must stay small beside
// a move (the table itself is solved once, before the timing).
func BenchmarkAdviceForAConfirmedRoll(b *testing.B) {
	srv := benchServer(b, "yahtzee", Config{Tables: testTables()}, "Ann")
	<-testTables().prepare(srv.game.Set)
	for _, m := range []Move{{Kind: MoveEnter, Box: "fours", Points: 12}, {Kind: MoveRoll, Dice: [5]int{2, 5, 5, 3, 5}}, {Kind: MoveConfirm}} {
		_, _, err := srv.makeMove(context.Background(), nil, m)
		require.NoError(b, err)
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	require.Equal(b, adviceReady, srv.newAdviceLocked(true, srv.game.State()).Status)
	for b.Loop() {
		srv.newAdviceLocked(true, srv.game.State())
	}
}
