package scoreboard

import (
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
}

// recentCount is how many games the list shows.
const recentCount = 20

// handleGamesRecent lists the latest games, newest first. GET /api/games
func (s *Server) handleGamesRecent(w http.ResponseWriter, r *http.Request) {
	games, err := s.cfg.Store.RecentGames(r.Context(), recentCount)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err)
		return
	}
	list := []RecentGame{}
	for _, g := range games {
		list = append(list, RecentGame{
			ID: g.ID, Started: g.Started.Format("2006-01-02 15:04"), Rules: g.Spec,
			Players: g.Summary.Players, Scores: g.Summary.Scores, Winners: g.Summary.Winners, Over: g.Summary.Over,
		})
	}
	writeJSON(w, http.StatusOK, list)
}
