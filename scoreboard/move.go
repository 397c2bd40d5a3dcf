package scoreboard

import "github.com/dicecam/dicecam/rules"

// Move is one entry of a game's append-only log. The game's state is the
// replay of its log, so undo is a move too and a restart loses nothing that
// was stored.
type Move struct {
	Kind MoveKind `json:"kind"`

	Player int         `json:"player,omitempty"` // enter, clear, rename
	Box    rules.BoxID `json:"box,omitempty"`    // score, enter, clear
	Points int         `json:"points,omitempty"` // enter
	Name   string      `json:"name,omitempty"`   // rename, add

	Dice      [5]int  `json:"dice,omitzero"`      // roll: 0 is a die not seen
	Uncertain [5]bool `json:"uncertain,omitzero"` // roll
	Throw     int     `json:"throw,omitempty"`    // roll: 1, 2 or 3
	Die       int     `json:"die,omitempty"`      // die: 0..4
	Face      int     `json:"face,omitempty"`     // die
	Held      [5]bool `json:"held,omitzero"`      // hold: none held is "roll all five again"
}

// MoveKind names what a move does.
type MoveKind string

const (
	MoveRoll    MoveKind = "roll"    // the dice of the current throw, read or typed
	MoveDie     MoveKind = "die"     // one die corrected or accepted
	MoveHold    MoveKind = "hold"    // the dice the players hold from the current throw for the next
	MoveConfirm MoveKind = "confirm" // the roll is right and may score
	MoveScore   MoveKind = "score"   // the player to move scores the confirmed roll in a box
	MoveEnter   MoveKind = "enter"   // a score typed into a box by hand
	MoveClear   MoveKind = "clear"   // a filled box emptied
	MoveUndo    MoveKind = "undo"    // the last move not yet undone is taken back
	MoveRename  MoveKind = "rename"
	MoveAdd     MoveKind = "add" // a player joins
)

// MaxPlayers is how many columns a card has room for.
const MaxPlayers = 8
