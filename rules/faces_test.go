package rules

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFacesLabelEachRankAsItsDiceShowIt(t *testing.T) {
	tests := []struct {
		kind Faces
		face Face
		want string
	}{
		{PokerFaces, 1, "9"},
		{PokerFaces, 2, "10"},
		{PokerFaces, 3, "J"},
		{PokerFaces, 6, "A"},
		{PipFaces, 4, "4"},
		{PipFaces, 0, "?0"},
		{PokerFaces, 7, "?7"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.kind.Label(tt.face), "%v face %d", tt.kind, tt.face)
	}
}

func TestFacesAreWrittenByName(t *testing.T) {
	var v struct {
		Faces Faces `json:"faces"`
	}
	v.Faces = PokerFaces
	b, err := json.Marshal(v)
	require.NoError(t, err)
	assert.JSONEq(t, `{"faces": "poker"}`, string(b))
	require.NoError(t, json.Unmarshal([]byte(`{"faces": "pips"}`), &v))
	assert.Equal(t, PipFaces, v.Faces)
	assert.ErrorContains(t, json.Unmarshal([]byte(`{"faces": "runes"}`), &v), `want "pips" or "poker"`)
}

func TestPokerSetShowsPokerFaces(t *testing.T) {
	set, err := Parse("poker")
	require.NoError(t, err)
	assert.Equal(t, PokerFaces, set.Faces())
	assert.Equal(t, "9 10 J Q A", set.FormatRoll(Roll{1, 2, 3, 4, 6}))
}
