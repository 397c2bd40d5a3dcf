package scoreboard

import (
	"errors"
	"net/http"
)

// handleAdviceSet turns the advice switch on or off for this game and
// keeps it with the game, and, for the last player once the others have
// finished, turns playing to beat the leader on or off. Neither is a move:
// undo does not take it back and the version stays.
// POST /api/advice {"version", "on", "beat"}
func (s *Server) handleAdviceSet(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		On   *bool `json:"on"`
		Beat *bool `json:"beat"`
	}
	s.actLocked(w, r, &body, func() {
		if body.On == nil && body.Beat == nil {
			writeError(w, http.StatusBadRequest, errors.New(`the body needs "on" or "beat": true or false`))
			return
		}
		if body.Beat != nil && *body.Beat {
			if _, _, ok := leader(s.game.State()); !ok {
				writeError(w, http.StatusUnprocessableEntity, errors.New("the advice plays to beat the leader only for the last player with boxes open, once the others have finished"))
				return
			}
		}
		if body.On != nil {
			// Kept with the game, so that a restarted server shows what the
			// players chose.
			if err := s.cfg.Store.SetAdvice(r.Context(), s.game.ID, *body.On); err != nil {
				writeError(w, s.storeFailed(err), err)
				return
			}
			s.adviceSwitch = body.On
		}
		if body.Beat != nil {
			s.beatGame = 0
			if *body.Beat {
				s.beatGame = s.game.ID
			}
		}
		s.prepareAdviceLocked()
		writeJSON(w, http.StatusOK, s.broadcastLocked())
	})
}
