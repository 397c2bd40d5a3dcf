package scoreboard

import "net/http"

// handleUndo takes back the last move still in force; sent again, it goes
// further back. POST /api/undo {"version"}
func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	var body struct{ versioned }
	s.act(w, r, &body, func() Move { return Move{Kind: MoveUndo} })
}
