package store

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMovesReadBackInOrderAfterReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, err := Open(dir)
	require.NoError(t, err)
	g, err := s.CreateGame(ctx, "yacht", []string{"Ann", "Bob"}, time.Now())
	require.NoError(t, err)
	want := [][]byte{[]byte(`{"a":1}`), []byte(`{"b":2}`), []byte(`{"c":3}`)}
	for i, m := range want {
		require.NoError(t, s.AppendMove(ctx, g.ID, i, m, Summary{Players: g.Names, Scores: []int{i, 2 * i}}))
	}
	require.NoError(t, s.Close())

	s, err = Open(dir)
	require.NoError(t, err)
	defer s.Close()
	got, err := s.Moves(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, want, got)
	latest, err := s.LatestGame(ctx)
	require.NoError(t, err)
	assert.Equal(t, g.ID, latest.ID)
	assert.Equal(t, "yacht", latest.Spec)
	assert.Equal(t, []int{2, 4}, latest.Summary.Scores, "summary follows the last move")
}

func TestAppendAtTakenPositionConflicts(t *testing.T) {
	ctx := context.Background()
	s, err := Open(t.TempDir())
	require.NoError(t, err)
	defer s.Close()
	g, err := s.CreateGame(ctx, "yahtzee", []string{"Ann"}, time.Now())
	require.NoError(t, err)
	require.NoError(t, s.AppendMove(ctx, g.ID, 0, []byte(`{}`), Summary{}))
	err = s.AppendMove(ctx, g.ID, 0, []byte(`{"x":1}`), Summary{})
	assert.True(t, errors.Is(err, ErrConflict), "got %v", err)
	got, err := s.Moves(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, [][]byte{[]byte(`{}`)}, got, "the losing move is not stored")
}

func TestRecentGamesNewestFirst(t *testing.T) {
	ctx := context.Background()
	s, err := Open(t.TempDir())
	require.NoError(t, err)
	defer s.Close()
	_, err = s.LatestGame(ctx)
	assert.True(t, errors.Is(err, ErrNotFound))
	for i := range 12 {
		_, err := s.CreateGame(ctx, "yacht", []string{fmt.Sprint("P", i)}, time.Now())
		require.NoError(t, err)
	}
	games, err := s.RecentGames(ctx, 10)
	require.NoError(t, err)
	require.Len(t, games, 10)
	assert.Equal(t, []string{"P11"}, games[0].Names)
	assert.Equal(t, []string{"P2"}, games[9].Names)
}
