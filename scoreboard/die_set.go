package scoreboard

import "net/http"

// handleDieSet corrects one die, or accepts an uncertain one by sending the
// face it shows. POST /api/die {"version", "die": 0..4, "face": 1..6}
func (s *Server) handleDieSet(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Die  int `json:"die"`
		Face int `json:"face"`
	}
	s.act(w, r, &body, func() Move { return Move{Kind: MoveDie, Die: body.Die, Face: body.Face} })
}
