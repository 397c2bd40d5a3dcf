package scoreboard

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/scoreboard/store"
)

// Game is one game (or poker series): how it started, its move log, and the
// state that log replays to.
type Game struct {
	ID      int64
	Started time.Time
	Set     *rules.Set
	Names   []string // the players at the start
	Moves   []Move

	done  []Move // the moves in force: the log with undone moves taken out
	state *State
}

// NewGame starts a game with no moves.
func NewGame(id int64, started time.Time, set *rules.Set, names []string) *Game {
	return &Game{ID: id, Started: started, Set: set, Names: names, state: newState(set, names)}
}

// State is where the game stands. The caller must not change it.
func (g *Game) State() *State { return g.state }

// Version counts the moves made, so a request made against an older state
// can be told apart.
func (g *Game) Version() int { return len(g.Moves) }

// Check says whether m may be made now, and returns the game after it
// without changing g.
func (g *Game) Check(m Move) (*Game, error) {
	next := &Game{ID: g.ID, Started: g.Started, Set: g.Set, Names: g.Names}
	next.Moves = append(g.Moves[:len(g.Moves):len(g.Moves)], m)
	if m.Kind == MoveUndo {
		if len(g.done) == 0 {
			return nil, errNothingToUndo
		}
		next.done = g.done[: len(g.done)-1 : len(g.done)-1]
		st, err := replay(g.Set, g.Names, next.done, nil)
		if err != nil {
			return nil, err
		}
		next.state = st
		return next, nil
	}
	st := g.state.clone()
	if err := st.apply(m); err != nil {
		return nil, err
	}
	next.done = append(g.done[:len(g.done):len(g.done)], m)
	next.state = st
	return next, nil
}

// CanUndo reports whether there is a move to take back.
func (g *Game) CanUndo() bool { return len(g.done) > 0 }

// Resume rebuilds a game from its stored log.
func Resume(id int64, started time.Time, set *rules.Set, names []string, moves []Move) (*Game, error) {
	g := NewGame(id, started, set, names)
	for i, m := range moves {
		next, err := g.Check(m)
		if err != nil {
			return nil, fmt.Errorf("replay move %d (%s) of game %d: %w", i+1, m.Kind, id, err)
		}
		g = next
	}
	return g, nil
}

// replay plays the moves in force on a new game, and calls each, where
// given, with the state before (done false) and after (done true) each move.
func replay(set *rules.Set, names []string, moves []Move, each func(i int, st *State, m Move, done bool)) (*State, error) {
	st := newState(set, names)
	for i, m := range moves {
		if each != nil {
			each(i, st, m, false)
		}
		if err := st.apply(m); err != nil {
			return nil, fmt.Errorf("replay move %d (%s): %w", i+1, m.Kind, err)
		}
		if each != nil {
			each(i, st, m, true)
		}
	}
	return st, nil
}

// load rebuilds a stored game from its move log.
func load(ctx context.Context, db *store.Store, sg store.Game) (*Game, error) {
	set, err := rules.Parse(sg.Spec)
	if err != nil {
		return nil, fmt.Errorf("load game %d: %w", sg.ID, err)
	}
	bodies, err := db.Moves(ctx, sg.ID)
	if err != nil {
		return nil, err
	}
	moves := make([]Move, len(bodies))
	for i, b := range bodies {
		if err := json.Unmarshal(b, &moves[i]); err != nil {
			return nil, fmt.Errorf("load game %d, move %d: %w", sg.ID, i+1, err)
		}
	}
	return Resume(sg.ID, sg.Started, set, sg.Names, moves)
}

// Summary is the game as the recent-games list shows it.
func (g *Game) Summary() store.Summary {
	tb := g.state.Table
	s := store.Summary{Over: tb.Over()}
	for i, name := range g.state.Names {
		s.Players = append(s.Players, name)
		s.Scores = append(s.Scores, tb.Series(i).Total())
	}
	for _, w := range tb.Winners() {
		s.Winners = append(s.Winners, g.state.Names[w])
	}
	return s
}
