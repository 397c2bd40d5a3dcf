package store

import (
	"context"
	"encoding/json"
	"fmt"

	sqlite3 "modernc.org/sqlite/lib"
)

// ErrConflict is returned when a move is appended at a position already
// taken: someone else moved first.
var ErrConflict = fmt.Errorf("the game changed meanwhile")

// AppendMove stores move number seq (counting from 0) of a game, with the
// game's summary after it, in one transaction: when it returns nil the move
// is on disk.
func (s *Store) AppendMove(ctx context.Context, gameID int64, seq int, move []byte, after Summary) error {
	sb, err := json.Marshal(after)
	if err != nil {
		return fmt.Errorf("store move: %w", err)
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store move: %w", s.explain(err))
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO moves (game_id, seq, body) VALUES (?, ?, ?)`,
		gameID, seq, string(move)); err != nil {
		if sqliteCode(err) == sqlite3.SQLITE_CONSTRAINT {
			return fmt.Errorf("store move %d of game %d: %w", seq, gameID, ErrConflict)
		}
		return fmt.Errorf("store move %d of game %d: %w", seq, gameID, s.explain(err))
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET summary = ? WHERE id = ?`, string(sb), gameID); err != nil {
		return fmt.Errorf("store move %d of game %d: %w", seq, gameID, s.explain(err))
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store move %d of game %d: %w", seq, gameID, s.explain(err))
	}
	return nil
}

// Moves returns a game's moves in order.
func (s *Store) Moves(ctx context.Context, gameID int64) ([][]byte, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, body FROM moves WHERE game_id = ? ORDER BY seq`, gameID)
	if err != nil {
		return nil, fmt.Errorf("read moves of game %d: %w", gameID, err)
	}
	defer rows.Close()
	var moves [][]byte
	for rows.Next() {
		var (
			seq  int
			body string
		)
		if err := rows.Scan(&seq, &body); err != nil {
			return nil, fmt.Errorf("read moves of game %d: %w", gameID, err)
		}
		if seq != len(moves) {
			return nil, fmt.Errorf("read moves of game %d: move %d is missing", gameID, len(moves))
		}
		moves = append(moves, []byte(body))
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read moves of game %d: %w", gameID, err)
	}
	return moves, nil
}
