package scoreboard

import (
	"net/http"

	"github.com/dicecam/dicecam/rules"
)

// handleScoreEnter writes a score typed by hand into a box, filled or not
// (a correction); a score five dice cannot make is kept and marked.
// POST /api/enter {"version", "player", "box", "points"}
func (s *Server) handleScoreEnter(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Player int         `json:"player"`
		Box    rules.BoxID `json:"box"`
		Points int         `json:"points"`
	}
	s.act(w, r, &body, func() Move {
		return Move{Kind: MoveEnter, Player: body.Player, Box: body.Box, Points: body.Points}
	})
}
