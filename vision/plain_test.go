package vision

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// square paints a filled square of side s centred on (x, y) in Lab colour c.
func square(p labPlane, x, y, s int, c [3]uint8) {
	for py := y - s/2; py < y+(s+1)/2; py++ {
		for px := x - s/2; px < x+(s+1)/2; px++ {
			copy(p.pix[3*(py*p.w+px):], c[:])
		}
	}
}

func TestPlainTellsASpeckFromADieShowingOne(t *testing.T) {
	tray := [3]uint8{200, 128, 130}
	pip := [3]uint8{40, 128, 128}
	tests := []struct {
		name  string
		body  [3]uint8 // the die's face; the tray's colour where there is none
		plain bool
	}{
		{"a speck on the tray", tray, true},
		{"a white die on a light tray", [3]uint8{206, 128, 130}, false},
		{"a red die", [3]uint8{120, 180, 160}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := labPlane{pix: make([]uint8, 3*120*120), w: 120, h: 120}
			square(p, 60, 60, 120, tray)
			square(p, 60, 60, 30, tt.body)
			square(p, 60, 60, 5, pip)
			assert.Equal(t, tt.plain, p.plain(60, 60, 30))
		})
	}
}
