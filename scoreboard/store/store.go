// Package store keeps dicecam's games in an SQLite database: a game row with
// its rule set and a summary for the recent-games list, and an append-only log
// of the moves made in it. The game's state is a replay of that log, so a score
// is durable as soon as the move recording it has been appended.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// FileName is the database's name inside the data directory.
const FileName = "dicecam.db"

// Store is an open database. Its methods are safe for concurrent use.
type Store struct {
	db  *sql.DB
	dir string // for messages
}

// DefaultDir is where games are kept when no --data directory is given:
// $XDG_DATA_HOME/dicecam, else ~/.local/share/dicecam.
func DefaultDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "dicecam"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the data directory: %w (set XDG_DATA_HOME or pass --data DIR)", err)
	}
	return filepath.Join(home, ".local", "share", "dicecam"), nil
}

// Open opens (creating if needed) the database in dir.
func Open(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create data directory: %w (pass --data DIR to use another)", err)
	}
	path := filepath.Join(dir, FileName)
	// synchronous(FULL) so that a committed move survives a power cut too,
	// not only the process being killed.
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() +
		"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=foreign_keys(1)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	// One connection: SQLite serialises writers anyway, and one connection
	// keeps the pragmas above in force for every statement.
	db.SetMaxOpenConns(1)
	s := &Store{db: db, dir: dir}
	if err := s.migrate(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("open the games database %s: %w", path, s.explain(err))
	}
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error { return s.db.Close() }

const schema = `
CREATE TABLE IF NOT EXISTS games (
	id       INTEGER PRIMARY KEY,
	started  INTEGER NOT NULL,
	spec     TEXT    NOT NULL,
	names    TEXT    NOT NULL,
	summary  TEXT    NOT NULL DEFAULT '{}',
	advice   INTEGER, -- the advice switch: NULL until used, then 0 or 1
	in_play  INTEGER  -- counts up each time a game is put in play; the highest resumes
);
CREATE TABLE IF NOT EXISTS moves (
	game_id  INTEGER NOT NULL REFERENCES games(id),
	seq      INTEGER NOT NULL,
	body     TEXT    NOT NULL,
	PRIMARY KEY (game_id, seq)
);`

func (s *Store) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, schema); err != nil {
		return fmt.Errorf("create tables: %w", err)
	}
	// A database made before a column was added lacks it; the games in it
	// keep its default: no advice switch used, and put in play in the
	// order they were started.
	for _, col := range []string{"advice", "in_play"} {
		var has int
		err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM pragma_table_info('games') WHERE name = ?`, col).Scan(&has)
		if err != nil {
			return fmt.Errorf("read the games table's columns: %w", err)
		}
		if has == 0 {
			if _, err := s.db.ExecContext(ctx, `ALTER TABLE games ADD COLUMN `+col+` INTEGER`); err != nil {
				return fmt.Errorf("add the %s column to the games table: %w", col, err)
			}
		}
	}
	return nil
}

// ErrNotFound is returned when a game does not exist.
var ErrNotFound = errors.New("no such game")
