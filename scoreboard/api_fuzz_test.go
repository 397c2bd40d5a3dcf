package scoreboard

import (
	"bytes"
	"encoding/json"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
)

// FuzzAPIBodies reads any bytes as the body of any move route, or of a
// calibration step: the body is refused with a message, or it is a move of
// the route's kind that a game under way takes or refuses; a move taken
// replays the same from the JSON it is stored as, and no total passes what
// a card could hold.
func FuzzAPIBodies(f *testing.F) {
	for i, body := range []string{
		`{"version": 0, "dice": [1, 2, 3, 4, 5], "uncertain": [false, true, false, false, false], "throw": 2}`,
		`{"version": 0, "die": 1, "face": 6}`,
		`{"version": 0}`,
		`{"version": 0, "box": "yacht"}`,
		`{"version": 0, "player": 1, "box": "choice", "points": 9223372036854775807}`,
		`{"version": 0, "player": 0, "box": "fours"}`,
		`{"version": 0}{"version": 0}`,
		`{"version": 0, "player": 0, "name": "Ann\u202e"}`,
		`{"version": 0, "name": "Eve"}`,
		`{"do": "tray", "tray": [1, 2, 3]}`,
	} {
		f.Add(uint8(i), []byte(body))
	}
	set, err := rules.Parse("yacht")
	require.NoError(f, err)
	bound := len(set.Boxes()) * rules.MaxTypedPoints
	f.Fuzz(func(t *testing.T, which uint8, body []byte) {
		if int(which)%(len(moveRoutes)+1) == len(moveRoutes) {
			var a CalibrationAction
			req := httptest.NewRequest("POST", "/api/calibrate", bytes.NewReader(body))
			if err := decodeAny(req, &a); err != nil && err.Error() == "" {
				t.Fatal("a refusal says nothing")
			}
			return
		}
		route := moveRoutes[int(which)%(len(moveRoutes)+1)]
		version, m, err := route.decode(httptest.NewRequest("POST", route.path, bytes.NewReader(body)))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("a refusal says nothing")
			}
			return
		}
		if version == nil || m.Kind != route.kind {
			t.Fatalf("%s decoded as a %q move with version %v", route.path, m.Kind, version)
		}
		g := NewGame(1, time.Unix(0, 0), set, []string{"Ann", "Bob"})
		for _, before := range []Move{{Kind: MoveRoll, Dice: [5]int{4, 4, 4, 4, 2}}, {Kind: MoveConfirm}} {
			if g, err = g.Check(before); err != nil {
				t.Fatal(err)
			}
		}
		next, err := g.Check(m)
		if err != nil {
			return
		}
		stored, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		var back Move
		if err := json.Unmarshal(stored, &back); err != nil {
			t.Fatalf("the move as stored does not read back: %v\n%s", err, stored)
		}
		again, err := Resume(g.ID, g.Started, set, g.Names, append(g.Moves[:len(g.Moves):len(g.Moves)], back))
		if err != nil {
			t.Fatalf("a move taken does not replay from %s: %v", stored, err)
		}
		if a, b := again.Summary(), next.Summary(); !slices.Equal(a.Scores, b.Scores) || again.State().Throw != next.State().Throw {
			t.Fatalf("replayed from %s the game is %+v, not %+v", stored, a, b)
		}
		for p := range next.State().Names {
			if total := next.State().Table.Card(p).Totals().GrandTotal; total < 0 || total > bound {
				t.Fatalf("player %d's total is %d after %s", p, total, stored)
			}
		}
	})
}
