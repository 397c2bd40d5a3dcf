package live

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision"
)

func TestCameraViewRingsOnlyTheHeldDice(t *testing.T) {
	frame := gocv.NewMatWithSize(240, 400, gocv.MatTypeCV8UC3)
	defer frame.Close()
	die := func(x, y int) vision.Die {
		c := image.Pt(x, y)
		return vision.Die{Value: 4, Face: "4", Center: c, Box: [4]image.Point{
			c.Add(image.Pt(-20, -20)), c.Add(image.Pt(20, -20)), c.Add(image.Pt(20, 20)), c.Add(image.Pt(-20, 20))}}
	}
	dice := []vision.Die{die(80, 100), die(200, 100), die(320, 100)}
	markHeld(&frame, dice, [5]bool{true, false, true})
	// The ring runs 26 px left of each held die's centre, on its middle row.
	isHold := func(x, y int) bool {
		v := frame.GetVecbAt(y, x)
		return v[0] == holdColour.B && v[1] == holdColour.G && v[2] == holdColour.R
	}
	for i, want := range []bool{true, false, true} {
		c := dice[i].Center
		assert.Equal(t, want, isHold(c.X-26, c.Y), "die %d", i+1)
	}
	assert.False(t, isHold(200, 20), "nothing drawn away from the dice")
}
