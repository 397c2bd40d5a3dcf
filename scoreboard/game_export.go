package scoreboard

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/scoreboard/store"
)

// handleGameExport writes one player's card of a game as the game-log text
// that dicecam tally reads. GET /api/games/{id}/export?player=N[&round=R]
func (s *Server) handleGameExport(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		writeError(w, http.StatusBadRequest, fmt.Errorf("game id %q is not a number", r.PathValue("id")))
		return
	}
	player, err := strconv.Atoi(r.URL.Query().Get("player"))
	if err != nil {
		writeError(w, http.StatusBadRequest, errors.New("say which player's card to export: ?player=0 for the first"))
		return
	}
	round, _ := strconv.Atoi(r.URL.Query().Get("round"))
	g, err := s.gameByID(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) {
		writeError(w, http.StatusNotFound, err)
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	text, name, err := Export(g, player, round)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf("attachment; filename=%q", name))
	fmt.Fprint(w, text)
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

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// Export is the game log of one player's card in one game of the series,
// with the file name to save it as. Boxes filled by a scored roll become
// turns; boxes typed by hand have no dice and become comments.
func Export(g *Game, player, round int) (text, name string, err error) {
	st := g.State()
	if player < 0 || player >= len(st.Names) {
		return "", "", fmt.Errorf("player %d: the game has players 0 to %d", player, len(st.Names)-1)
	}
	if round < 0 || round > st.Table.Game() {
		return "", "", fmt.Errorf("game %d of the series has not been played", round+1)
	}
	turns := standingTurns(g)[key{player, round}]
	var boxes []rules.BoxID
	for b := range turns {
		boxes = append(boxes, b)
	}
	sort.Slice(boxes, func(i, j int) bool { return turns[boxes[i]].Line < turns[boxes[j]].Line })
	var list []rules.Turn
	for _, b := range boxes {
		list = append(list, turns[b])
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "# dicecam game %d, %s, %s: %s\n", g.ID, g.Started.Format("2006-01-02 15:04"), g.Set.Spec(), st.Names[player])
	if g.Set.Games() > 1 {
		fmt.Fprintf(&sb, "# game %d of the series\n", round+1)
	}
	card := st.Table.Series(player).Cards()[round]
	for _, b := range g.Set.Boxes() {
		if pts, ok := card.Filled(b.ID); ok {
			if _, scored := turns[b.ID]; !scored {
				fmt.Fprintf(&sb, "# %s: %d typed by hand\n", b.ID, pts)
			}
		}
	}
	sb.WriteString(rules.FormatLog(g.Set, list))
	name = fmt.Sprintf("game%d-%s", g.ID, strings.Trim(unsafeName.ReplaceAllString(st.Names[player], "-"), "-"))
	if g.Set.Games() > 1 {
		name += fmt.Sprintf("-%d", round+1)
	}
	return sb.String(), name + ".txt", nil
}

type key struct{ player, round int }

// standingTurns replays the moves in force and keeps, for each card, the
// scored rolls whose box still holds that score.
func standingTurns(g *Game) map[key]map[rules.BoxID]rules.Turn {
	out := map[key]map[rules.BoxID]rules.Turn{}
	var k key
	var roll rules.Roll
	// The moves in force were all checked when they were made: replaying
	// them cannot fail.
	replay(g.Set, g.Names, g.done, func(i int, st *State, m Move, done bool) {
		if !done {
			k, roll = key{st.Table.ToMove(), st.Table.Game()}, rules.Roll(st.Throw.Dice)
			return
		}
		switch m.Kind {
		case MoveScore:
			if out[k] == nil {
				out[k] = map[rules.BoxID]rules.Turn{}
			}
			out[k][m.Box] = rules.Turn{Line: i, Roll: roll, Box: m.Box}
		case MoveEnter, MoveClear:
			delete(out[key{m.Player, st.Table.Game()}], m.Box)
		}
	})
	return out
}
