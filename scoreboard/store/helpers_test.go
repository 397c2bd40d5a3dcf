package store

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// open opens the store in dir, to be closed by the test.
func open(t *testing.T, dir string) *Store {
	t.Helper()
	s, err := Open(dir)
	require.NoError(t, err)
	return s
}

// create stores a new game of spec for the players named.
func create(t *testing.T, s *Store, spec string, names ...string) Game {
	t.Helper()
	g, err := s.CreateGame(context.Background(), spec, names, time.Now())
	require.NoError(t, err)
	return g
}
