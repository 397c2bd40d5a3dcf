package vision

import (
	"image"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dicecam/dicecam/vision/detect"
)

// readAt is a die read as value, of side, centred on (x, 100).
func readAt(x, side, value int, unsure bool) Die {
	h := side / 2
	return Die{Value: value, Center: image.Pt(x, 100), Uncertain: unsure,
		Box: [4]image.Point{{x - h, 100 - h}, {x + h, 100 - h}, {x + h, 100 + h}, {x - h, 100 + h}}}
}

func TestAFarLargerOneThanTheCrowdIsAsked(t *testing.T) {
	die := readAt
	crowd := []Die{die(100, 36, 4, false), die(200, 40, 2, false), die(300, 34, 6, false)}
	cases := []struct {
		name  string
		dice  []Die
		asked []bool
	}{
		{"a 1 twice the crowd's side", append(crowd[:3:3], die(400, 80, 1, false)), []bool{false, false, false, true}},
		{"a 1 of the crowd's side", append(crowd[:3:3], die(400, 40, 1, false)), []bool{false, false, false, false}},
		{"a 1 a third larger, of a larger set", append(crowd[:3:3], die(400, 50, 1, false)), []bool{false, false, false, false}},
		{"another face twice the crowd's side", append(crowd[:3:3], die(400, 80, 5, false)), []bool{false, false, false, false}},
		{"a large 1 beside two dice, no crowd", append(crowd[:2:2], die(400, 80, 1, false)), []bool{false, false, false}},
		{"unsure dice make no crowd", []Die{die(100, 36, 4, true), die(200, 40, 2, true), die(300, 34, 6, false), die(400, 80, 1, false)}, []bool{true, true, false, false}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := slices.Clone(c.dice)
			got := askOutsizedOnes(c.dice)
			var asked []bool
			for i, d := range got {
				asked = append(asked, d.Uncertain)
				// Only the 1 it asks about is its: unsure dice were
				// asked by checks before it.
				want := NoRule
				if d.Uncertain && !before[i].Uncertain {
					want = OutsizedOne
				}
				assert.Equal(t, want, d.askedBy, "die %d", i)
			}
			assert.Equal(t, c.asked, asked)
		})
	}
}

func TestOnlyOnesIsTheSideOfAFrameOfSureOnes(t *testing.T) {
	cases := []struct {
		name string
		dice []Die
		side float64
		ok   bool
	}{
		{"sure 1s", []Die{readAt(100, 80, 1, false), readAt(200, 60, 1, false), readAt(300, 70, 1, false)}, 70, true},
		{"unsure dice of other faces pass", []Die{readAt(100, 80, 1, false), readAt(200, 60, 3, true)}, 80, true},
		{"a sure face of more pips", []Die{readAt(100, 80, 1, false), readAt(200, 60, 4, false)}, 0, false},
		{"no sure die", []Die{readAt(100, 80, 1, true)}, 0, false},
		{"no die", nil, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			side, ok := onlyOnes(c.dice)
			assert.Equal(t, c.ok, ok)
			assert.InDelta(t, c.side, side, 1)
		})
	}
}

func TestADieOfHalfTheBoxIsToldFromAPip(t *testing.T) {
	one := readAt(200, 80, 1, false)
	cases := []struct {
		name  string
		found detect.Candidate
		holds bool
	}{
		{"a die of half the box, centred", detect.Candidate{X: 200, Y: 100, Side: 38, Score: 0.6}, true},
		{"a die of half the box, off centre", detect.Candidate{X: 220, Y: 90, Side: 44, Score: 0.5}, true},
		{"a pip's size", detect.Candidate{X: 200, Y: 100, Side: 24, Score: 0.9}, false},
		{"the 1 itself", detect.Candidate{X: 200, Y: 100, Side: 76, Score: 0.9}, false},
		{"not sure of it", detect.Candidate{X: 200, Y: 100, Side: 40, Score: 0.45}, false},
		{"outside the box", detect.Candidate{X: 260, Y: 100, Side: 40, Score: 0.9}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := boxSide(one)
			assert.Equal(t, c.holds, holdsSureDie(one.Box, []detect.Candidate{c.found}, halfLeast*s, closerShare*s))
		})
	}
}
