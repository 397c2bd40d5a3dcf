package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMovesReadBackInOrderAfterReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	g := create(t, s, "yacht", "Ann", "Bob")
	want := [][]byte{[]byte(`{"a":1}`), []byte(`{"b":2}`), []byte(`{"c":3}`)}
	for i, m := range want {
		require.NoError(t, s.AppendMove(ctx, g.ID, i, m, Summary{Players: g.Names, Scores: []int{i, 2 * i}}))
	}
	require.NoError(t, s.Close())

	s = open(t, dir)
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
	g := create(t, s, "yahtzee", "Ann")
	require.NoError(t, s.AppendMove(ctx, g.ID, 0, []byte(`{}`), Summary{}))
	err = s.AppendMove(ctx, g.ID, 0, []byte(`{"x":1}`), Summary{})
	assert.True(t, errors.Is(err, ErrConflict), "got %v", err)
	got, err := s.Moves(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, [][]byte{[]byte(`{}`)}, got, "the losing move is not stored")
}

func TestRecentGamesAreTheLastTenFinishedAndEveryUnfinishedOne(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	defer s.Close()
	_, err := s.LatestGame(ctx)
	assert.True(t, errors.Is(err, ErrNotFound))
	var ids []int64
	for i := range 17 {
		g := create(t, s, "yacht", fmt.Sprint("P", i))
		ids = append(ids, g.ID)
		switch {
		case i < 14: // finished
			require.NoError(t, s.AppendMove(ctx, g.ID, 0, []byte(`{"kind":"enter"}`), Summary{Players: g.Names, Scores: []int{9}, Over: true}))
		case i == 14: // unfinished, with a move to resume from
			require.NoError(t, s.AppendMove(ctx, g.ID, 0, []byte(`{"kind":"roll"}`), Summary{Players: g.Names, Scores: []int{3}}))
		} // P15 is empty, with nothing to resume; P16, empty too, is in play
	}
	games, err := s.RecentGames(ctx, 10, ids[16])
	require.NoError(t, err)
	var names []string
	for _, g := range games {
		names = append(names, g.Names[0])
	}
	assert.Equal(t, []string{"P16", "P14", "P13", "P12", "P11", "P10", "P9", "P8", "P7", "P6", "P5", "P4"}, names,
		"the game in play, the unfinished one with a move and the ten last finished, newest first")
	old, err := s.Game(ctx, ids[0])
	require.NoError(t, err, "a finished game past the list stays kept")
	assert.True(t, old.Summary.Over)
}

func TestAGamePutBackInPlayIsTheOneARestartResumes(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	first := create(t, s, "yacht", "Ann")
	create(t, s, "yacht", "Bob")
	require.NoError(t, s.PutInPlay(ctx, first.ID))
	require.NoError(t, s.Close())

	s = open(t, dir)
	defer s.Close()
	g, err := s.LatestGame(ctx)
	require.NoError(t, err)
	assert.Equal(t, first.ID, g.ID)
	third := create(t, s, "yacht", "Cleo")
	g, err = s.LatestGame(ctx)
	require.NoError(t, err)
	assert.Equal(t, third.ID, g.ID, "a new game is put in play after every other")
	assert.ErrorIs(t, s.PutInPlay(ctx, 99), ErrNotFound)
}

func TestAdviceSwitchIsKeptAcrossReopen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s := open(t, dir)
	g := create(t, s, "yacht", "Ann")
	other := create(t, s, "yacht", "Bob")
	require.NoError(t, s.SetAdvice(ctx, g.ID, false))
	require.NoError(t, s.Close())

	s = open(t, dir)
	defer s.Close()
	got, err := s.Game(ctx, g.ID)
	require.NoError(t, err)
	require.NotNil(t, got.Advice, "the switch was used")
	assert.False(t, *got.Advice)
	got, err = s.Game(ctx, other.ID)
	require.NoError(t, err)
	assert.Nil(t, got.Advice, "a game whose switch was never used keeps the default")

	require.NoError(t, s.SetAdvice(ctx, g.ID, true))
	got, err = s.Game(ctx, g.ID)
	require.NoError(t, err)
	require.NotNil(t, got.Advice)
	assert.True(t, *got.Advice)
}

func TestAdviceOfAMissingGameIsNotFound(t *testing.T) {
	s, err := Open(t.TempDir())
	require.NoError(t, err)
	defer s.Close()
	err = s.SetAdvice(context.Background(), 42, true)
	assert.True(t, errors.Is(err, ErrNotFound), "got %v", err)
}

// oldSchema is the database of a dicecam from before the advice switch
// was kept.
const oldSchema = `
CREATE TABLE games (
	id       INTEGER PRIMARY KEY,
	started  INTEGER NOT NULL,
	spec     TEXT    NOT NULL,
	names    TEXT    NOT NULL,
	summary  TEXT    NOT NULL DEFAULT '{}'
);
CREATE TABLE moves (
	game_id  INTEGER NOT NULL REFERENCES games(id),
	seq      INTEGER NOT NULL,
	body     TEXT    NOT NULL,
	PRIMARY KEY (game_id, seq)
);
INSERT INTO games (started, spec, names, summary) VALUES (1700000000000, 'yahtzee', '["Ann","Bob"]', '{"players":["Ann","Bob"],"scores":[3,0],"over":false}');
INSERT INTO moves (game_id, seq, body) VALUES (1, 0, '{"kind":"x"}');`

func TestDatabaseFromBeforeTheAdviceSwitchOpens(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	old, err := sql.Open("sqlite", filepath.Join(dir, FileName))
	require.NoError(t, err)
	_, err = old.Exec(oldSchema)
	require.NoError(t, err)
	require.NoError(t, old.Close())

	s := open(t, dir)
	g, err := s.LatestGame(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{"Ann", "Bob"}, g.Names)
	assert.Equal(t, []int{3, 0}, g.Summary.Scores)
	assert.Nil(t, g.Advice, "an old game keeps the default")
	moves, err := s.Moves(ctx, g.ID)
	require.NoError(t, err)
	assert.Len(t, moves, 1)
	require.NoError(t, s.SetAdvice(ctx, g.ID, true))
	require.NoError(t, s.Close())

	s, err = Open(dir)
	require.NoError(t, err, "a database migrated once opens again")
	defer s.Close()
	g, err = s.Game(ctx, g.ID)
	require.NoError(t, err)
	require.NotNil(t, g.Advice)
	assert.True(t, *g.Advice)
	newer := create(t, s, "yacht", "Cleo")
	latest, err := s.LatestGame(ctx)
	require.NoError(t, err)
	assert.Equal(t, newer.ID, latest.ID, "a game started after the migration is put in play after the old ones")
}
