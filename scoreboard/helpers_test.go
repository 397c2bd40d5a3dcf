package scoreboard

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/pagetest"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
	"github.com/dicecam/dicecam/scoreboard/store"
)

// board is a scoreboard served on a test listener.
type board struct {
	t     *testing.T
	srv   *Server
	store *store.Store
	http  *httptest.Server
	url   string
}

func newBoard(t *testing.T, spec string, names ...string) *board {
	t.Helper()
	return newBoardIn(t, t.TempDir(), Config{}, spec, names...)
}

func newBoardIn(t *testing.T, dir string, cfg Config, spec string, names ...string) *board {
	t.Helper()
	st, err := store.Open(dir)
	require.NoError(t, err)
	set, err := rules.Parse(spec)
	require.NoError(t, err)
	cfg.Store, cfg.Rules, cfg.Players = st, set, names
	if cfg.Tables == nil {
		cfg.Tables = testTables()
	}
	srv, err := New(context.Background(), cfg)
	require.NoError(t, err)
	ts := pagetest.Serve(t, srv.Handler)
	// Before the listener closes, which waits on the open event streams.
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return &board{t: t, srv: srv, store: st, http: ts, url: ts.URL}
}

// testTables are shared by every test of the binary, so no rule set is
// solved more than once however many games ask for advice; nothing is
// written to the user's cache.
var testTables = sync.OnceValue(func() *Tables { return NewTables(strategy.Options{NoCache: true}) })

func (b *board) state() View {
	b.t.Helper()
	resp, err := http.Get(b.url + "/api/state")
	require.NoError(b.t, err)
	defer resp.Body.Close()
	require.Equal(b.t, http.StatusOK, resp.StatusCode)
	var v View
	require.NoError(b.t, json.NewDecoder(resp.Body).Decode(&v))
	return v
}

// post sends an action with the current version merged into body and
// returns the status and the decoded reply.
func (b *board) post(path string, body map[string]any) (int, map[string]any) {
	b.t.Helper()
	if _, ok := body["version"]; !ok {
		body["version"] = b.state().Version
	}
	raw, err := json.Marshal(body)
	require.NoError(b.t, err)
	return b.postRaw(path, raw)
}

func (b *board) postRaw(path string, raw []byte) (int, map[string]any) {
	b.t.Helper()
	resp, err := http.Post(b.url+path, "application/json", bytes.NewReader(raw))
	require.NoError(b.t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(b.t, err)
	var reply map[string]any
	require.NoError(b.t, json.Unmarshal(data, &reply), "reply %s", data)
	return resp.StatusCode, reply
}

// must posts an action that has to succeed.
func (b *board) must(path string, body map[string]any) {
	b.t.Helper()
	code, reply := b.post(path, body)
	require.Equal(b.t, http.StatusOK, code, "%s %v: %v", path, body, reply["error"])
}

// play rolls, confirms and scores a box for the player to move.
func (b *board) play(dice [5]int, box string) {
	b.t.Helper()
	b.must("/api/roll", map[string]any{"dice": dice})
	b.must("/api/confirm", map[string]any{})
	b.must("/api/score", map[string]any{"box": box})
}

// fill types a score into every open box of every player but the last
// `leave` boxes in card order, so a test reaches the end of a game fast.
func (b *board) fill(leave int, points func(player int, box rules.Box) int) {
	b.t.Helper()
	v := b.state()
	boxes := v.Rules.Boxes
	for p := range v.Players {
		for _, box := range boxes[:len(boxes)-leave] {
			if _, ok := v.Players[p].Boxes[string(box.ID)]; ok {
				continue
			}
			b.must("/api/enter", map[string]any{"player": p, "box": box.ID, "points": points(p, box)})
		}
	}
}

func decodeJSON(resp *http.Response, v any) error {
	defer resp.Body.Close()
	return json.NewDecoder(resp.Body).Decode(v)
}
