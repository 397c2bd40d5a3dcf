package scoreboard

import "net/http"

// handleRollSet sets the dice of the current throw: typed on the page, or
// sent by a script. POST /api/roll {"version", "dice": [5 ints], "throw", "uncertain"}
func (s *Server) handleRollSet(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Dice      [5]int  `json:"dice"`
		Uncertain [5]bool `json:"uncertain"`
		Throw     int     `json:"throw"`
	}
	s.act(w, r, &body, func() Move {
		return Move{Kind: MoveRoll, Dice: body.Dice, Uncertain: body.Uncertain, Throw: body.Throw}
	})
}
