package synth

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSmokyDiceShowTheBottomFacesPipsFaintly(t *testing.T) {
	const size = 64
	red := color.RGBA{205, 35, 45, 255}
	tests := []struct {
		name  string
		body  Body
		v     int
		at    image.Point
		ghost bool
	}{
		{"a smoky 2 shows the 5's centre pip", Smoky, 2, image.Pt(32, 32), true},
		{"a smoky 4 shows the 3's centre pip", Smoky, 4, image.Pt(32, 32), true},
		{"a smoky 3 shows the 4's other corners", Smoky, 3, image.Pt(47, 17), true},
		{"a smoky face stays its colour between pips", Smoky, 3, image.Pt(32, 10), false},
		{"a translucent 2 shows nothing through", Translucent, 2, image.Pt(32, 32), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Die{Colour: color.RGBA{78, 68, 68, 255}, Pip: red, Body: tt.body, Faces: Pips}
			col, alpha := faceTexture(d, tt.v, size, false, rand.New(rand.NewPCG(1, 2)))
			defer col.Close()
			defer alpha.Close()
			px := col.GetVecbAt(tt.at.Y, tt.at.X) // BGR
			r, g := int(px[2]), int(px[1])
			assert.Equal(t, tt.ghost, r-g > 30, "red %d against green %d", r, g)
		})
	}
}
