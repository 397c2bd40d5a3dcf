package scoreboard

import (
	"net/http"

	"github.com/dicecam/dicecam/rules"
)

// The moves of the API, in route order. Each decodes its body, which must
// carry the version of the state it was made against, into one Move; act
// checks, stores and broadcasts it.

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

// handleRollConfirm accepts the roll as read, so it may score.
// POST /api/confirm {"version"}
func (s *Server) handleRollConfirm(w http.ResponseWriter, r *http.Request) {
	var body struct{ versioned }
	s.act(w, r, &body, func() Move { return Move{Kind: MoveConfirm} })
}

// handleScoreBox scores the confirmed roll in a box of the player to move;
// the turn passes. POST /api/score {"version", "box"}
func (s *Server) handleScoreBox(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Box rules.BoxID `json:"box"`
	}
	s.act(w, r, &body, func() Move { return Move{Kind: MoveScore, Box: body.Box} })
}

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

// handleBoxClear empties a filled box. POST /api/clear {"version", "player", "box"}
func (s *Server) handleBoxClear(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Player int         `json:"player"`
		Box    rules.BoxID `json:"box"`
	}
	s.act(w, r, &body, func() Move { return Move{Kind: MoveClear, Player: body.Player, Box: body.Box} })
}

// handleUndo takes back the last move still in force; sent again, it goes
// further back. POST /api/undo {"version"}
func (s *Server) handleUndo(w http.ResponseWriter, r *http.Request) {
	var body struct{ versioned }
	s.act(w, r, &body, func() Move { return Move{Kind: MoveUndo} })
}

// handlePlayerRename renames a player. POST /api/rename {"version", "player", "name"}
func (s *Server) handlePlayerRename(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Player int    `json:"player"`
		Name   string `json:"name"`
	}
	s.act(w, r, &body, func() Move { return Move{Kind: MoveRename, Player: body.Player, Name: body.Name} })
}

// handlePlayerAdd adds a player column. POST /api/players {"version", "name"}
func (s *Server) handlePlayerAdd(w http.ResponseWriter, r *http.Request) {
	var body struct {
		versioned
		Name string `json:"name"`
	}
	s.act(w, r, &body, func() Move { return Move{Kind: MoveAdd, Name: body.Name} })
}
