package vision

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
)

// dieAt is a die of the given side centred at (x, y).
func dieAt(x, y, side int, uncertain bool) Die {
	h := side / 2
	return Die{Value: 3, Center: image.Pt(x, y), Uncertain: uncertain,
		Box: [4]image.Point{{x - h, y - h}, {x + h, y - h}, {x + h, y + h}, {x - h, y + h}}}
}

func TestWithoutFrontsDropsTheSideFaceBelowADiesTop(t *testing.T) {
	top := dieAt(200, 200, 40, false)
	for _, tc := range []struct {
		name  string
		other Die
		kept  bool
	}{
		{"an unsure larger face just below the top, in line: its front", dieAt(202, 250, 60, true), false},
		{"a sure face there is read as a die", dieAt(202, 250, 60, false), true},
		{"a die of the top's size below it: two dice seen from above", dieAt(200, 240, 42, true), true},
		{"a die a quarter larger below it: boxes of one set differ so much", dieAt(200, 245, 50, true), true},
		{"a larger face beside the top, not below it", dieAt(240, 250, 60, true), true},
		{"a larger face above the top", dieAt(200, 150, 60, true), true},
		{"a larger face far below the top", dieAt(200, 300, 60, true), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := withoutFronts([]Die{top, tc.other})
			want := []Die{top}
			if tc.kept {
				want = append(want, tc.other)
			}
			assert.Equal(t, want, got)
		})
	}
}
