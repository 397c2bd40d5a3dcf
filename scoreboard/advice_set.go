package scoreboard

import (
	"errors"
	"net/http"
)

// handleAdviceSet turns the advice switch on or off for this game and
// keeps it with the game. It is not a move: undo does not take it back and
// the version stays.
// POST /api/advice {"version", "on"}
func (s *Server) handleAdviceSet(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		On *bool `json:"on"`
	}
	s.actLocked(w, r, &body, func() {
		if body.On == nil {
			writeError(w, http.StatusBadRequest, errors.New(`the body needs "on": true or false`))
			return
		}
		// Kept with the game, so that a restarted server shows what the
		// players chose.
		if err := s.cfg.Store.SetAdvice(r.Context(), s.game.ID, *body.On); err != nil {
			writeError(w, s.storeFailed(err), err)
			return
		}
		s.adviceSwitch = body.On
		s.prepareAdviceLocked()
		writeJSON(w, http.StatusOK, s.broadcastLocked())
	})
}
