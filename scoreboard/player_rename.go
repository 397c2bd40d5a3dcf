package scoreboard

import "net/http"

// handlePlayerRename renames a player. POST /api/rename {"version", "player", "name"}
func (s *Server) handlePlayerRename(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Player int    `json:"player"`
		Name   string `json:"name"`
	}
	s.act(w, r, &body, func() Move { return Move{Kind: MoveRename, Player: body.Player, Name: body.Name} })
}
