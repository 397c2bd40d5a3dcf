package scoreboard

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/scoreboard/store"
)

// BenchmarkMoveStored measures one move from check to committed on disk:
// what a click costs before every page sees it.
func BenchmarkMoveStored(b *testing.B) {
	st, err := store.Open(b.TempDir())
	require.NoError(b, err)
	defer st.Close()
	set, err := rules.Parse("yahtzee")
	require.NoError(b, err)
	srv, err := New(context.Background(), Config{Store: st, Rules: set, Players: []string{"Ann", "Bob"}})
	require.NoError(b, err)
	defer srv.Close()
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		m := Move{Kind: MoveEnter, Player: 0, Box: "chance", Points: 20}
		if i%2 == 1 {
			m = Move{Kind: MoveClear, Player: 0, Box: "chance"}
		}
		if _, err := srv.makeMove(ctx, nil, m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStateView measures drawing the whole state for a page, late in
// a game with every undo replayed.
func BenchmarkStateView(b *testing.B) {
	st, err := store.Open(b.TempDir())
	require.NoError(b, err)
	defer st.Close()
	set, err := rules.Parse("yahtzee")
	require.NoError(b, err)
	srv, err := New(context.Background(), Config{Store: st, Rules: set, Players: []string{"Ann", "Bob", "Cleo", "Dev"}})
	require.NoError(b, err)
	defer srv.Close()
	for p := range 4 {
		for _, box := range set.Boxes()[:10] {
			_, err := srv.makeMove(context.Background(), nil, Move{Kind: MoveEnter, Player: p, Box: box.ID, Points: 5})
			require.NoError(b, err)
		}
	}
	for b.Loop() {
		srv.mu.Lock()
		srv.viewLocked()
		srv.mu.Unlock()
	}
}
