package synth_test

import (
	"fmt"

	"github.com/dicecam/dicecam/vision/synth"
)

func ExampleRender() {
	scene := synth.Scene{Width: 320, Height: 240, Surface: synth.Felt, Tray: true}
	red := synth.StyleNamed("red")
	scene.Dice = append(scene.Dice,
		red.Dress(synth.Die{Value: 3, X: 120, Y: 120, Size: 30, Angle: 20}),
		red.Dress(synth.Die{Value: 5, Faces: synth.Poker, X: 200, Y: 110, Size: 30}),
	)
	img, truth, err := synth.Render(scene, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer img.Close()
	for _, d := range truth.Dice {
		fmt.Printf("value %d face %s near (%.0f, %.0f)\n", d.Value, d.Face, d.X, d.Y)
	}
	// The tops stand nearer the camera than the table, so they show a
	// little farther from the picture's centre than X and Y.

	// Output:
	// value 3 face 3 near (118, 120)
	// value 5 face K near (202, 110)
}
