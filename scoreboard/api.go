package scoreboard

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"

	"github.com/dicecam/dicecam/scoreboard/store"
)

// versionStride separates the versions of successive games, so a request
// made against the last game can never pass as one made against this one.
const versionStride = 1_000_000

func (s *Server) versionLocked() int { return int(s.game.ID)*versionStride + s.game.Version() }

// errorBody is every refusal the API gives.
type errorBody struct {
	Error string `json:"error"`
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, code int, err error) {
	writeJSON(w, code, errorBody{Error: err.Error()})
}

// versioned is the part every action's body shares: the version of the
// state the action was made against.
type versioned struct {
	Version *int `json:"version"`
}

func (v versioned) version() *int { return v.Version }

// decode reads an action's JSON body into dst, which must say the version
// it was made against.
func decode(r *http.Request, dst interface{ version() *int }) error {
	if err := decodeAny(r, dst); err != nil {
		return err
	}
	if dst.version() == nil {
		return errVersionMissing
	}
	return nil
}

var errVersionMissing = errors.New(`the body needs the "version" of the state it was made against (from GET /api/state)`)

// decodeAny reads a JSON body into dst strictly.
func decodeAny(r *http.Request, dst any) error {
	body, err := readBody(r)
	if err != nil {
		return err
	}
	return unmarshalStrict(body, dst)
}

// maxBody bounds a request's body: the largest action, a rename, takes
// some hundred bytes.
const maxBody = 64 << 10

var errBodyTooLarge = fmt.Errorf("the body is over %d KB, and no action takes more than a few hundred bytes: send one JSON object of the fields the route names", maxBody>>10)

func readBody(r *http.Request) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return nil, fmt.Errorf("read request: %w", err)
	}
	if len(body) > maxBody {
		return nil, errBodyTooLarge
	}
	return body, nil
}

// writeBodyError refuses a body that could not be read as the action's.
func writeBodyError(w http.ResponseWriter, err error) {
	code := http.StatusBadRequest
	if errors.Is(err, errBodyTooLarge) {
		code = http.StatusRequestEntityTooLarge
	}
	writeError(w, code, err)
}

// unmarshalStrict reads one JSON object into dst. It refuses an unknown
// field, which is more likely a mistake than something to ignore, and
// anything after the object: two actions sent as one would otherwise do
// the first alone.
func unmarshalStrict(body []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return inWords(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return fmt.Errorf("the body goes on after its JSON object (at byte %d): send one object an action", dec.InputOffset())
	}
	return checkLists(body)
}

// inWords says for a person what encoding/json refused in a body: which
// field holds what, and what it takes, rather than Go's types.
func inWords(err error) error {
	var typ *json.UnmarshalTypeError
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &typ):
		field := typ.Field[strings.LastIndex(typ.Field, ".")+1:]
		held, _ := strings.CutPrefix(typ.Value, "number ")
		if held == typ.Value {
			held = "a " + typ.Value // a string, a number, an array, an object, a bool
		}
		return fmt.Errorf("%q holds %s where it takes %s", field, held, jsonKind(typ.Type))
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return fmt.Errorf("the body is not one whole JSON object (%v): send one, as in {\"version\": 3}", err)
	}
	if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return fmt.Errorf("the body has the field %s, which this action does not take", field)
	}
	return fmt.Errorf("the body could not be read: %w", err)
}

// jsonKind names what a field of type t takes, as a person types it.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		return "a whole number"
	case reflect.String:
		return "text in quotes"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	}
	return t.String()
}

// fixedLists are the fields of the API that hold a fixed number of values,
// with what they hold.
var fixedLists = map[string]struct {
	n    int
	what string
}{
	"dice":      {5, "a roll is five dice, as in [3, 3, 5, 6, 1] (0 for a die not seen)"},
	"uncertain": {5, "one true or false for each of the five dice"},
	"held":      {5, "one true or false for each of the five dice, true for a die held"},
	"tray":      {4, "the tray is [left, top, right, bottom]"},
}

// checkLists refuses a fixed list of the wrong length in a JSON object,
// which Go would decode by filling a short one with zeros and dropping the
// end of a long one: a roll of four dice stored as five. Field names match
// in any case, as encoding/json matches them.
func checkLists(body []byte) error {
	var fields map[string]json.RawMessage
	if json.Unmarshal(body, &fields) != nil {
		return nil // not an object: decoding it said what is wrong
	}
	for name, raw := range fields {
		l, ok := fixedLists[strings.ToLower(name)]
		if !ok {
			continue
		}
		var each []json.RawMessage
		if json.Unmarshal(raw, &each) != nil {
			continue // not a list: decoding it said so
		}
		if len(each) != l.n {
			return fmt.Errorf("%q holds %d values, not %d: %s", name, len(each), l.n, l.what)
		}
	}
	return nil
}

// actLocked decodes an action that is not a move of the game, and does it
// under the server's lock once it was made against the current version;
// do writes the reply.
func (s *Server) actLocked(w http.ResponseWriter, r *http.Request, body interface{ version() *int }, do func()) {
	if err := decode(r, body); err != nil {
		writeBodyError(w, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.staleLocked(*body.version()); err != nil {
		writeError(w, http.StatusConflict, err)
		return
	}
	do()
}

// makeMove checks a move against the game, stores it, and only then lets
// anyone see it; it returns the state after it. version, when not nil, must
// be the current one.
func (s *Server) makeMove(ctx context.Context, version *int, m Move) (View, int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if version != nil {
		if err := s.staleLocked(*version); err != nil {
			return View{}, http.StatusConflict, err
		}
	}
	next, err := s.game.Check(m)
	if err != nil {
		return View{}, http.StatusUnprocessableEntity, err
	}
	b, err := json.Marshal(m)
	if err != nil {
		return View{}, http.StatusInternalServerError, err
	}
	// Stored before anyone is told: a score the page shows survives a crash.
	if err := s.cfg.Store.AppendMove(context.WithoutCancel(ctx), s.game.ID, len(s.game.Moves), b, next.Summary()); err != nil {
		return View{}, s.storeFailed(err), fmt.Errorf("the move was not made: %w", err)
	}
	s.game = next
	s.keepLocked(m)
	return s.broadcastLocked(), http.StatusOK, nil
}

// storeFailed says on the terminal that a change could not be stored, as
// well as to the page that sent it, since the person who can free the disk
// is at the machine, and gives the status the reply takes.
func (s *Server) storeFailed(err error) int {
	s.cfg.Log.Error("the games database could not be written; the game stays as it was", "err", err)
	if cannotWrite(err) {
		return http.StatusInsufficientStorage
	}
	return http.StatusInternalServerError
}

// cannotWrite says whether err is the store's refusal to write: a disk full
// or failing, or a database that may not be written.
func cannotWrite(err error) bool {
	return errors.Is(err, store.ErrDiskFull) || errors.Is(err, store.ErrDiskWrite) || errors.Is(err, store.ErrNotWritable)
}

// staleLocked refuses an action made against another version of the state
// than the current one.
func (s *Server) staleLocked(version int) error {
	if version != s.versionLocked() {
		return fmt.Errorf("the game changed since version %d (it is at %d now): reload the state and try again",
			version, s.versionLocked())
	}
	return nil
}
