package scoreboard

import (
	"encoding/json"
	"net/http"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lowerKey is a JSON field in snake_case, or a box id used as a map key.
var lowerKey = regexp.MustCompile(`^[a-z][a-z0-9_-]*$`)

func TestAPINamesEveryFieldInSnakeCase(t *testing.T) {
	g := &fakeGuide{}
	b := newBoardIn(t, t.TempDir(), Config{Camera: true, Calibrator: g}, "yahtzee", "Ann")
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 2, 1}})
	b.must("/api/confirm", map[string]any{})
	for _, do := range []string{"start", "capture"} {
		code, _ := b.postRaw("/api/calibrate", []byte(`{"do": "`+do+`"}`))
		require.Equal(t, http.StatusOK, code)
	}
	for path, deep := range map[string]string{"/api/state": "upper_subtotal", "/api/games": "scores"} {
		resp, err := http.Get(b.url + path)
		require.NoError(t, err)
		var doc any
		require.NoError(t, decodeJSON(resp, &doc))
		keys := map[string]bool{}
		collectKeys(doc, keys)
		require.Contains(t, keys, deep, "the walk reached the nested fields")
		for k := range keys {
			assert.Regexp(t, lowerKey, k, "%s has a field not in snake_case", path)
		}
	}
	raw, err := json.Marshal(b.state().Calibration.Tray)
	require.NoError(t, err)
	assert.JSONEq(t, `[40, 30, 600, 450]`, string(raw), "the tray is [left, top, right, bottom]")
}

func collectKeys(v any, keys map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			keys[k] = true
			collectKeys(e, keys)
		}
	case []any:
		for _, e := range v {
			collectKeys(e, keys)
		}
	}
}
