package scoreboard

import "net/http"

// handleRollConfirm accepts the roll as read, so it may score.
// POST /api/confirm {"version"}
func (s *Server) handleRollConfirm(w http.ResponseWriter, r *http.Request) {
	var body struct{ versioned }
	s.act(w, r, &body, func() Move { return Move{Kind: MoveConfirm} })
}
