package scoreboard

import (
	"net/http"

	"github.com/dicecam/dicecam/rules"
)

// handleBoxClear empties a filled box. POST /api/clear {"version", "player", "box"}
func (s *Server) handleBoxClear(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Player int         `json:"player"`
		Box    rules.BoxID `json:"box"`
	}
	s.act(w, r, &body, func() Move { return Move{Kind: MoveClear, Player: body.Player, Box: body.Box} })
}
