package scoreboard

import (
	"net/http"

	"github.com/dicecam/dicecam/rules"
)

// handleGameNew starts a new game with the same players (or those given)
// under a rule set. POST /api/new {"version", "rules": "yacht:...", "players": [...]}
func (s *Server) handleGameNew(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Rules   string   `json:"rules"`
		Players []string `json:"players"`
	}
	s.actLocked(w, r, &body, func() {
		set := s.game.Set
		if body.Rules != "" {
			var err error
			if set, err = rules.Parse(body.Rules); err != nil {
				writeError(w, http.StatusUnprocessableEntity, err)
				return
			}
		}
		names := body.Players
		if len(names) == 0 {
			names = s.game.State().Names
		}
		g, err := s.start(r.Context(), set, names)
		if cannotWrite(err) {
			writeError(w, s.storeFailed(err), err)
			return
		}
		if err != nil {
			writeError(w, http.StatusUnprocessableEntity, err)
			return
		}
		s.game = g
		s.adviceSwitch = nil // a new game starts from the default for its players
		s.prepareAdviceLocked()
		writeJSON(w, http.StatusOK, s.broadcastLocked())
	})
}
