package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Game is one stored game: how it started and how it stands.
type Game struct {
	ID      int64
	Started time.Time
	Spec    string   // rule set, as rules.Parse reads it
	Names   []string // players at the start
	Summary Summary
	Advice  *bool // the advice switch; nil until a player uses it
}

// Summary is what the recent-games list shows of a game, kept up to date
// with each move so the list needs no replay.
type Summary struct {
	Players []string `json:"players"`
	Scores  []int    `json:"scores"`
	Winners []string `json:"winners,omitempty"` // more than one on a tie
	Over    bool     `json:"over"`
}

// CreateGame stores a new game and returns it with its id.
func (s *Store) CreateGame(ctx context.Context, spec string, names []string, started time.Time) (Game, error) {
	nb, err := json.Marshal(names)
	if err != nil {
		return Game{}, fmt.Errorf("create game: %w", err)
	}
	sum := Summary{Players: names, Scores: make([]int, len(names))}
	sb, err := json.Marshal(sum)
	if err != nil {
		return Game{}, fmt.Errorf("create game: %w", err)
	}
	res, err := s.db.ExecContext(ctx,
		`INSERT INTO games (started, spec, names, summary) VALUES (?, ?, ?, ?)`,
		started.UnixMilli(), spec, string(nb), string(sb))
	if err != nil {
		return Game{}, fmt.Errorf("create game: %w", s.explain(err))
	}
	id, err := res.LastInsertId()
	if err != nil {
		return Game{}, fmt.Errorf("create game: %w", err)
	}
	return Game{ID: id, Started: time.UnixMilli(started.UnixMilli()), Spec: spec, Names: names, Summary: sum}, nil
}

// Game returns the game with the given id.
func (s *Store) Game(ctx context.Context, id int64) (Game, error) {
	row := s.db.QueryRowContext(ctx, `SELECT id, started, spec, names, summary, advice FROM games WHERE id = ?`, id)
	g, err := scanGame(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	return g, err
}

// LatestGame returns the game started last, the one to resume after a
// restart; ErrNotFound when there is none yet.
func (s *Store) LatestGame(ctx context.Context) (Game, error) {
	row := s.db.QueryRowContext(ctx, `SELECT id, started, spec, names, summary, advice FROM games ORDER BY id DESC LIMIT 1`)
	g, err := scanGame(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	return g, err
}

// RecentGames returns up to n games, newest first.
func (s *Store) RecentGames(ctx context.Context, n int) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx,
		`SELECT id, started, spec, names, summary, advice FROM games ORDER BY id DESC LIMIT ?`, n)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	defer rows.Close()
	var games []Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, err
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	return games, nil
}

// SetAdvice keeps the advice switch of game id.
func (s *Store) SetAdvice(ctx context.Context, id int64, on bool) error {
	res, err := s.db.ExecContext(ctx, `UPDATE games SET advice = ? WHERE id = ?`, on, id)
	if err != nil {
		return fmt.Errorf("keep game %d's advice switch: %w", id, s.explain(err))
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("keep game %d's advice switch: %w", id, ErrNotFound)
	}
	return nil
}

type scanner interface{ Scan(dest ...any) error }

func scanGame(r scanner) (Game, error) {
	var (
		g       Game
		started int64
		names   string
		summary string
		advice  sql.NullBool
	)
	if err := r.Scan(&g.ID, &started, &g.Spec, &names, &summary, &advice); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return Game{}, err
		}
		return Game{}, fmt.Errorf("read game: %w", err)
	}
	g.Started = time.UnixMilli(started)
	if advice.Valid {
		g.Advice = &advice.Bool
	}
	if err := json.Unmarshal([]byte(names), &g.Names); err != nil {
		return Game{}, fmt.Errorf("read game %d players: %w", g.ID, err)
	}
	if err := json.Unmarshal([]byte(summary), &g.Summary); err != nil {
		return Game{}, fmt.Errorf("read game %d summary: %w", g.ID, err)
	}
	return g, nil
}
