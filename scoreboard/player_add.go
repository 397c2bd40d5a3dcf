package scoreboard

import "net/http"

// handlePlayerAdd adds a player column. POST /api/players {"version", "name"}
func (s *Server) handlePlayerAdd(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Name string `json:"name"`
	}
	s.act(w, r, &body, func() Move { return Move{Kind: MoveAdd, Name: body.Name} })
}
