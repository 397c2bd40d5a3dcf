package store

import (
	"errors"
	"fmt"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Why a write could not be made, for the server to tell the players what
// to do. Errors wrap them beside SQLite's own.
var (
	ErrDiskFull = errors.New("the disk is full")
	// ErrDiskWrite is a write the disk refused otherwise: a file grown
	// past its limit, a disk removed or failing.
	ErrDiskWrite   = errors.New("the disk would not take the write")
	ErrNotWritable = errors.New("the database cannot be written")
)

// sqliteCode is the primary result code of an SQLite error, or 0 for an
// error of another kind. Codes, not messages, tell errors apart.
func sqliteCode(err error) int {
	var e *sqlite.Error
	if errors.As(err, &e) {
		return e.Code() & 0xff // the extended codes keep the primary one in the low byte
	}
	return 0
}

// explain wraps an error writing the database with what a person can do.
func (s *Store) explain(err error) error {
	switch sqliteCode(err) {
	case sqlite3.SQLITE_FULL:
		return fmt.Errorf("%w where the games are kept (%s): free some space, then make the move again (%w)", ErrDiskFull, s.dir, err)
	case sqlite3.SQLITE_IOERR:
		return fmt.Errorf("%w where the games are kept (%s; it may be full, removed or failing): free some space or check the disk, then make the move again (%w)",
			ErrDiskWrite, s.dir, err)
	case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM:
		return fmt.Errorf("%w in %s: make the folder and %s in it writable, or pass --data DIR to keep the games elsewhere (%w)",
			ErrNotWritable, s.dir, FileName, err)
	}
	return err
}
