package detect

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPipsOfLargerDiceAreNotTakenForTinyDice(t *testing.T) {
	// A die of side 70 at (100, 100) and the pips of its five, 12 across.
	die := Candidate{X: 100, Y: 100, Side: 70, Score: 0.6}
	pips := []Candidate{
		{X: 85, Y: 85, Side: 12, Score: 0.7}, {X: 115, Y: 85, Side: 12, Score: 0.65},
		{X: 100, Y: 100, Side: 12, Score: 0.6}, {X: 85, Y: 115, Side: 12, Score: 0.55},
		{X: 115, Y: 115, Side: 12, Score: 0.3},
	}
	// Two touching dice of side 35 that the first look saw as one of 70.
	pair := []Candidate{{X: 82, Y: 100, Side: 35, Score: 0.85}, {X: 118, Y: 100, Side: 35, Score: 0.8}}
	cases := []struct {
		name         string
		found, above []Candidate
		want         bool
	}{
		{"pips inside the die they lie on", pips, []Candidate{die}, true},
		{"dice half the side of what held them", pair, []Candidate{die}, false},
		{"the die above seen only faintly", pips, []Candidate{{X: 100, Y: 100, Side: 70, Score: Threshold}}, true},
		{"the pips below sure", []Candidate{{X: 85, Y: 85, Side: 12, Score: 0.45}, {X: 115, Y: 85, Side: 12, Score: 0.45}}, []Candidate{die}, false},
		{"the die above lies elsewhere", pips, []Candidate{{X: 300, Y: 100, Side: 70, Score: 0.6}}, false},
		{"one small die on a large one is no pip pattern", pips[:1], []Candidate{die}, false},
		{"nothing above", pips, nil, false},
		{"nothing found", nil, []Candidate{die}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, pipsOf(c.found, c.above))
		})
	}
}
