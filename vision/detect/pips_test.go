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

func TestOutdoesWeighsACrowdAboveOneSureDie(t *testing.T) {
	const short = 640.0
	at := func(x, y, side float64, scores ...float64) []Candidate {
		var cs []Candidate
		for i, s := range scores {
			cs = append(cs, Candidate{X: x + float64(i)*2*side, Y: y, Side: side, Score: s})
		}
		return cs
	}
	die := at(300, 300, 80, 0.62)
	// The pips of a five, 20 across, on a die of 100 at (300, 300).
	pips := []Candidate{
		{X: 280, Y: 280, Side: 20, Score: 0.7}, {X: 320, Y: 280, Side: 20, Score: 0.65},
		{X: 300, Y: 300, Side: 20, Score: 0.6}, {X: 280, Y: 320, Side: 20, Score: 0.55},
	}
	cases := []struct {
		name        string
		side        float64
		more, found []Candidate
		want        bool
	}{
		{"a crowd of small dice outdoes one surer die", short / 12, at(100, 100, 50, 0.58, 0.55, 0.52), die, true},
		{"two sure specks do not outdo a surer die", short / 24, at(100, 100, 20, 0.6, 0.53), die, false},
		{"a surer die at a 24th does", short / 24, at(100, 100, 20, 0.66), die, true},
		{"a twelfth wins by a crowd only", short / 12, at(100, 100, 50, 0.66), die, false},
		{"a crowd gives way to no fewer dice however sure", short / 24, at(100, 100, 20, 0.9, 0.85), at(300, 300, 50, 0.6, 0.55, 0.52), false},
		{"one large die outdoes one less sure", short / 2, at(320, 320, 300, 0.77), at(300, 300, 80, 0.69), true},
		{"one large die does not outdo two sure dice", short / 2, at(320, 320, 250, 0.77), at(300, 300, 80, 0.6, 0.54), false},
		{"one die filling the frame outdoes its own pips", filling, at(300, 300, 100, 0.8), pips, true},
		{"a look sure of no die outdoes none", short / 24, at(100, 100, 20, 0.45), nil, false},
		{"any sure die outdoes a look that found none", short / 24, at(100, 100, 20, 0.5), nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, outdoes(c.side, short, c.more, c.found))
		})
	}
}
