package scoreboard

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/dicecam/dicecam/rules"
)

// moveRoute is one move of the API: the path it is posted to, the kind of
// move it makes, and the fields of Move its body may carry beside the
// version of the state it was made against.
type moveRoute struct {
	path   string
	kind   MoveKind
	fields []string
	// required are the fields the body must carry; the others default.
	required []string
}

// moveRoutes are the API's moves, in route order.
var moveRoutes = []moveRoute{
	// The dice of the current throw: typed on the page, or sent by a script.
	{"/api/roll", MoveRoll, []string{"dice", "uncertain", "throw"}, []string{"dice"}},
	// One die (0..4) corrected, or an uncertain one accepted with the face it shows.
	{"/api/die", MoveDie, []string{"die", "face"}, nil},
	// The dice held from roll 1 or 2 for the next, by position; all false
	// rolls all five again. The next roll records them with the roll.
	{"/api/hold", MoveHold, []string{"held"}, []string{"held"}},
	// The roll is right as read, so it may score.
	{"/api/confirm", MoveConfirm, nil, nil},
	// The confirmed roll goes in a box of the player to move; the turn passes.
	{"/api/score", MoveScore, []string{"box"}, nil},
	// A score typed by hand into a box, filled or not (a correction); one
	// five dice cannot make is kept and marked.
	{"/api/enter", MoveEnter, []string{"player", "box", "points"}, nil},
	// A filled box emptied.
	{"/api/clear", MoveClear, []string{"player", "box"}, nil},
	// The last move still in force taken back; sent again, it goes further back.
	{"/api/undo", MoveUndo, nil, nil},
	{"/api/rename", MoveRename, []string{"player", "name"}, nil},
	// A player column added.
	{"/api/players", MoveAdd, []string{"name"}, nil},
}

// handleMove serves one route of moveRoutes: POST path {"version", fields...}.
func (s *Server) handleMove(route moveRoute) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		version, m, err := route.decode(r)
		if err != nil {
			writeBodyError(w, err)
			return
		}
		v, code, err := s.makeMove(r.Context(), version, m)
		if err != nil {
			writeError(w, code, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

// decode reads the route's body: its version and the fields of its move,
// and no other.
func (route moveRoute) decode(r *http.Request) (*int, Move, error) {
	raw, err := readBody(r)
	if err != nil {
		return nil, Move{}, err
	}
	var fields map[string]json.RawMessage
	if err := unmarshalStrict(raw, &fields); err != nil {
		return nil, Move{}, err
	}
	for name := range fields {
		if name != "version" && !slices.Contains(route.fields, name) {
			return nil, Move{}, fmt.Errorf("unknown field %q: %s takes %s", name, route.path, route.takes())
		}
	}
	for _, name := range route.required {
		if _, ok := fields[name]; !ok {
			return nil, Move{}, fmt.Errorf("the body needs %q: %s takes %s", name, route.path, route.takes())
		}
	}
	var body struct {
		versioned
		Move
	}
	if err := unmarshalStrict(raw, &body); err != nil {
		return nil, Move{}, err
	}
	if body.Version == nil {
		return nil, Move{}, errVersionMissing
	}
	body.Move.Kind = route.kind
	// A typed score is refused here as a number no box could hold, before
	// it is a move; the rules refuse it again for any other caller.
	if _, ok := fields["points"]; ok {
		if err := rules.CheckTypedScore(body.Box, body.Points); err != nil {
			return nil, Move{}, err
		}
	}
	return body.Version, body.Move, nil
}

// takes lists the fields the route's body may carry.
func (route moveRoute) takes() string {
	return strings.Join(append([]string{"version"}, route.fields...), ", ")
}
