package vision

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAFarLargerOneThanTheCrowdIsAsked(t *testing.T) {
	die := func(x, side, value int, unsure bool) Die {
		h := side / 2
		return Die{Value: value, Center: image.Pt(x, 100), Uncertain: unsure,
			Box: [4]image.Point{{x - h, 100 - h}, {x + h, 100 - h}, {x + h, 100 + h}, {x - h, 100 + h}}}
	}
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
			got := askOutsizedOnes(c.dice)
			var asked []bool
			for _, d := range got {
				asked = append(asked, d.Uncertain)
			}
			assert.Equal(t, c.asked, asked)
		})
	}
}
