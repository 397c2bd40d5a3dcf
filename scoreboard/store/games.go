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
		`INSERT INTO games (started, spec, names, summary, in_play) VALUES (?, ?, ?, ?, `+nextInPlay+`)`,
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
	row := s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id)
	g, err := scanGame(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, fmt.Errorf("game %d: %w", id, ErrNotFound)
	}
	return g, err
}

// nextInPlay is the count that puts a game in play after every other.
const nextInPlay = `(SELECT COALESCE(MAX(in_play), 0) + 1 FROM games)`

// LatestGame returns the game put in play last, started or resumed, the one
// to resume after a restart; ErrNotFound when there is none yet.
func (s *Store) LatestGame(ctx context.Context) (Game, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games ORDER BY COALESCE(in_play, 0) DESC, id DESC LIMIT 1`)
	g, err := scanGame(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Game{}, ErrNotFound
	}
	return g, err
}

// PutInPlay makes game id the latest in play, the one a restart resumes.
func (s *Store) PutInPlay(ctx context.Context, id int64) error {
	res, err := s.db.ExecContext(ctx, `UPDATE games SET in_play = `+nextInPlay+` WHERE id = ?`, id)
	if err != nil {
		return fmt.Errorf("put game %d in play: %w", id, s.explain(err))
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("put game %d in play: %w", id, ErrNotFound)
	}
	return nil
}

const gameColumns = `id, started, spec, names, summary, advice`

// RecentGames returns the last finished games, up to finished of them, and
// every unfinished one that has a move, or is game current: newest first.
// Older finished games stay in the database, each by its id.
func (s *Store) RecentGames(ctx context.Context, finished int, current int64) ([]Game, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+gameColumns+` FROM games g
		WHERE id IN (SELECT id FROM games WHERE json_extract(summary, '$.over') = 1 ORDER BY id DESC LIMIT ?)
		   OR (COALESCE(json_extract(summary, '$.over'), 0) = 0 AND (id = ? OR EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id)))
		ORDER BY id DESC`, finished, current)
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
