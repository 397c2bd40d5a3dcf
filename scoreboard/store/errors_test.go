package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestADatabaseThatCannotBeOpenedSaysWhatToDo(t *testing.T) {
	dir := t.TempDir()
	// A folder where the database file should be: SQLite cannot open it,
	// as it cannot in a read-only folder (which root, who runs CI, may write).
	require.NoError(t, os.Mkdir(filepath.Join(dir, FileName), 0o755))
	_, err := Open(dir)
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrNotWritable)
	assert.Contains(t, err.Error(), "pass --data DIR")
	assert.Contains(t, err.Error(), "cannot be written in "+dir)
}

func TestAFullDiskSaysSoAndKeepsWhatWasStored(t *testing.T) {
	ctx := context.Background()
	s := open(t, t.TempDir())
	defer s.Close()
	g := create(t, s, "yacht", "Ann")
	require.NoError(t, s.AppendMove(ctx, g.ID, 0, []byte(`{"kind":"undo"}`), Summary{}))
	fillDisk(t, s)
	err := s.AppendMove(ctx, g.ID, 1, []byte(`{"kind":"`+string(make([]byte, 8000))+`"}`), Summary{})
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrDiskFull)
	assert.Contains(t, err.Error(), "free some space, then make the move again")
	moves, err := s.Moves(ctx, g.ID)
	require.NoError(t, err)
	assert.Len(t, moves, 1, "the move before is kept")
}

// fillDisk makes the database as full as a disk with no room left: SQLite's
// page limit set to the pages it has makes every write that needs one more
// fail with SQLITE_FULL, the code a full disk gives.
func fillDisk(t *testing.T, s *Store) {
	t.Helper()
	ctx := context.Background()
	var pages int
	require.NoError(t, s.db.QueryRowContext(ctx, `PRAGMA page_count`).Scan(&pages))
	_, err := s.db.ExecContext(ctx, fmt.Sprintf("PRAGMA max_page_count = %d", pages))
	require.NoError(t, err)
}
