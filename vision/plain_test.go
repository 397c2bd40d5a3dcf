package vision

import (
	"image"
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

// TestSpeckReadsDiceInFrameCoordinates checks a die the detector found,
// placed in the frame, against the tray part of the frame the scene holds.
func TestSpeckReadsDiceInFrameCoordinates(t *testing.T) {
	tray := [3]uint8{200, 128, 130}
	p := labPlane{pix: make([]uint8, 3*120*120), w: 120, h: 120}
	square(p, 60, 60, 120, tray)
	square(p, 30, 30, 5, [3]uint8{40, 128, 128}) // a speck
	square(p, 90, 90, 30, [3]uint8{120, 180, 160})
	square(p, 90, 90, 5, [3]uint8{40, 128, 128}) // a red die showing 1
	sc := scene{tray: image.Rect(100, 50, 220, 170), plane: p}
	at := func(x, y int) Die {
		c := newCandidate(float64(x), float64(y), 30, 30, 1, 0)
		return Die{Value: 1, Center: c.center, Box: c.box}
	}
	assert.True(t, sc.speck(at(130, 80)), "the speck")
	assert.False(t, sc.speck(at(190, 140)), "the red die")
}
