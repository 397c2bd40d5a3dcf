package scoreboard

import (
	"fmt"
	"net/http"
)

// RecentGame is one line of the recent-games list.
type RecentGame struct {
	ID      int64    `json:"id"`
	Started string   `json:"started"`
	Rules   string   `json:"rules"`
	Players []string `json:"players"`
	Scores  []int    `json:"scores"`
	Winners []string `json:"winners"`
	Over    bool     `json:"over"`
	InPlay  bool     `json:"in_play"` // the game the table plays now
}

// finishedShown is how many finished games the list shows, as a score
// sheet keeps the last ten; every unfinished one is shown, to be resumed.
const finishedShown = 10

// handleGamesRecent lists the last finished games and every unfinished
// one, newest first. GET /api/games
func (s *Server) handleGamesRecent(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	current := s.game.ID
	s.mu.Unlock()
	games, err := s.cfg.Store.RecentGames(r.Context(), finishedShown, current)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	list := []RecentGame{}
	for _, g := range games {
		list = append(list, RecentGame{
			ID: g.ID, Started: g.Started.Format("2006-01-02 15:04"), Rules: g.Spec,
			Players: g.Summary.Players, Scores: g.Summary.Scores, Winners: g.Summary.Winners, Over: g.Summary.Over,
			InPlay: g.ID == current,
		})
	}
	writeJSON(w, http.StatusOK, list)
}

// handleGameView gives a game's card as the page draws it, to be looked at
// and not played on. GET /api/games/{id}
func (s *Server) handleGameView(w http.ResponseWriter, r *http.Request) {
	g, ok := s.requestedGame(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, viewOf(g))
}

// handleGameResume puts an unfinished game back in play, in place of the
// one in play, which stays in the list. POST /api/resume {"version", "game"}
func (s *Server) handleGameResume(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Game int64 `json:"game"`
	}
	s.actLocked(w, r, &body, func() {
		if body.Game == s.game.ID {
			writeJSON(w, http.StatusOK, s.broadcastLocked())
			return
		}
		sg, err := s.cfg.Store.Game(r.Context(), body.Game)
		if err != nil {
			writeError(w, http.StatusNotFound, fmt.Errorf("%w: the recent games list gives the games kept", err))
			return
		}
		if sg.Summary.Over {
			writeError(w, http.StatusUnprocessableEntity, fmt.Errorf("game %d is over: open it to look at its card, or start a new game", sg.ID))
			return
		}
		g, err := load(r.Context(), s.cfg.Store, sg)
		if err != nil {
			writeError(w, http.StatusInternalServerError, err)
			return
		}
		if err := s.cfg.Store.PutInPlay(r.Context(), g.ID); err != nil {
			writeError(w, s.storeFailed(err), fmt.Errorf("game %d was not resumed: %w", g.ID, err))
			return
		}
		s.game, s.adviceSwitch = g, sg.Advice
		s.prepareAdviceLocked()
		writeJSON(w, http.StatusOK, s.broadcastLocked())
	})
}
