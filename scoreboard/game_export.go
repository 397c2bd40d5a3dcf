package scoreboard

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/scoreboard/store"
)

// handleGameExport writes a whole game, every player's card of every game
// of the series, as the game-log text that dicecam tally reads back to the
// same totals. GET /api/games/{id}/export
func (s *Server) handleGameExport(w http.ResponseWriter, r *http.Request) {
	g, ok := s.requestedGame(w, r)
	if !ok {
		return
	}
	text, name := Export(g)
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	fmt.Fprint(w, text)
}

// requestedGame is the game the request's {id} names, or false once the
// refusal is written.
func (s *Server) requestedGame(w http.ResponseWriter, r *http.Request) (*Game, bool) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		writeError(w, http.StatusBadRequest, fmt.Errorf("game id %q is not a number: the recent games list gives each game's", r.PathValue("id")))
		return nil, false
	}
	g, err := s.gameByID(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, fmt.Errorf("%w: the recent games list gives the games kept", err))
		return nil, false
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return nil, false
	}
	return g, true
}

// gameByID is the game in play when it has that id, else the stored one.
func (s *Server) gameByID(ctx context.Context, id int64) (*Game, error) {
	s.mu.Lock()
	g := s.game
	s.mu.Unlock()
	if g.ID == id {
		return g, nil
	}
	sg, err := s.cfg.Store.Game(ctx, id)
	if err != nil {
		return nil, err
	}
	return load(ctx, s.cfg.Store, sg)
}

// Export is the game log of a whole game, with the file name to save it as:
// each player's turns in the order they were made, the rolls scored (with
// the turn's earlier rolls and the dice held from each, where the players
// marked them), the scores typed by hand and the boxes cleared, so that replaying it makes
// every card as it stands, bonuses and all.
func Export(g *Game) (text, name string) {
	st := g.State()
	l := &rules.Log{Players: st.Names, Turns: cardTurns(g)}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# dicecam game %d, %s, %s: %s\n", g.ID, g.Started.Format("2006-01-02 15:04"), g.Set.Spec(), strings.Join(st.Names, ", "))
	name = fmt.Sprintf("game%d.txt", g.ID)
	fmt.Fprintf(&sb, "# dicecam tally --rules %s %s plays it back\n", g.Set.Spec(), name)
	sb.WriteString(l.Format(g.Set))
	return sb.String(), name
}

// cardTurns replays the moves in force and gives each one that changed a
// card as a turn of a game log, on its player's card of the game in play.
func cardTurns(g *Game) []rules.Turn {
	var turns []rules.Turn
	var next rules.Turn
	// The moves in force were all checked when they were made: replaying
	// them cannot fail.
	replay(g.Set, g.Names, g.done, func(i int, st *State, m Move, done bool) {
		if !done {
			next = rules.Turn{Line: i + 1, Game: st.Table.Game(), Player: m.Player, Box: m.Box}
			switch m.Kind {
			case MoveScore:
				next.Player, next.Roll = st.Table.ToMove(), rules.Roll(st.Throw.Dice)
				next.Holds = slices.Clone(st.Holds)
			case MoveEnter:
				next.Entry, next.Points = rules.Typed, m.Points
			case MoveClear:
				next.Entry = rules.Cleared
			}
			return
		}
		if m.Kind == MoveScore || m.Kind == MoveEnter || m.Kind == MoveClear {
			turns = append(turns, next)
		}
	})
	return turns
}
