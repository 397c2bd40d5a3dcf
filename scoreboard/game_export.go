package scoreboard

import (
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
	g, err := s.loadGame(r, id)
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

func (s *Server) loadGame(r *http.Request, id int64) (*Game, error) {
	s.mu.Lock()
	if s.game.ID == id {
		g := s.game
		s.mu.Unlock()
		return g, nil
	}
	s.mu.Unlock()
	sg, err := s.cfg.Store.Game(r.Context(), id)
	if err != nil {
		return nil, err
	}
	set, err := rules.Parse(sg.Spec)
	if err != nil {
		return nil, err
	}
	bodies, err := s.cfg.Store.Moves(r.Context(), id)
	if err != nil {
		return nil, err
	}
	moves := make([]Move, len(bodies))
	for i, b := range bodies {
		if err := unmarshalMove(b, &moves[i]); err != nil {
			return nil, fmt.Errorf("game %d, move %d: %w", id, i+1, err)
		}
	}
	return Resume(sg.ID, sg.Started, set, sg.Names, moves)
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// Export is the game log of one player's card in one game of the series,
// with the file name to save it as. Boxes filled by a scored roll become
// turns; boxes typed by hand have no dice and become comments.
func Export(g *Game, player, round int) (text, name string, err error) {
	st := g.State()
	if player < 0 || player >= len(st.Players) {
		return "", "", fmt.Errorf("player %d: the game has players 0 to %d", player, len(st.Players)-1)
	}
	if round < 0 || round > st.Round {
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
	fmt.Fprintf(&sb, "# dicecam game %d, %s, %s: %s\n", g.ID, g.Started.Format("2006-01-02 15:04"), g.Set.Spec(), st.Players[player].Name)
	if g.Set.Games() > 1 {
		fmt.Fprintf(&sb, "# game %d of the series\n", round+1)
	}
	card := st.Players[player].Card(round)
	for _, b := range g.Set.Boxes() {
		if pts, ok := card.Filled(b.ID); ok {
			if _, scored := turns[b.ID]; !scored {
				fmt.Fprintf(&sb, "# %s: %d typed by hand\n", b.ID, pts)
			}
		}
	}
	sb.WriteString(rules.FormatLog(g.Set, list))
	name = fmt.Sprintf("game%d-%s", g.ID, strings.Trim(unsafeName.ReplaceAllString(st.Players[player].Name, "-"), "-"))
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
	st := newState(g.Set, g.Names)
	for i, m := range g.done {
		k := key{st.ToMove(), st.Round}
		roll := rules.Roll(st.Roll.Dice)
		if err := st.apply(m); err != nil {
			break // cannot happen: the moves in force were all checked
		}
		switch m.Kind {
		case MoveScore:
			if out[k] == nil {
				out[k] = map[rules.BoxID]rules.Turn{}
			}
			out[k][m.Box] = rules.Turn{Line: i, Roll: roll, Box: m.Box}
		case MoveEnter, MoveClear:
			delete(out[key{m.Player, st.Round}], m.Box)
		}
	}
	return out
}
