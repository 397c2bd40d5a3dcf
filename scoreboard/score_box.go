package scoreboard

import (
	"net/http"

	"github.com/dicecam/dicecam/rules"
)

// handleScoreBox scores the confirmed roll in a box of the player to move;
// the turn passes. POST /api/score {"version", "box"}
func (s *Server) handleScoreBox(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Box rules.BoxID `json:"box"`
	}
	s.act(w, r, &body, func() Move { return Move{Kind: MoveScore, Box: body.Box} })
}
