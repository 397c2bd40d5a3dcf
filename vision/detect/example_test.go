package detect_test

import (
	"fmt"
	"log"
	"math"

	"github.com/dicecam/dicecam/vision/detect"
	"gocv.io/x/gocv"
)

func ExampleDetector_Detect() {
	d, err := detect.New()
	if err != nil {
		log.Fatal(err)
	}
	defer d.Close()
	frame := gocv.IMRead("../../testdata/fixtures/touching/images/touching-2.jpg", gocv.IMReadColor)
	defer frame.Close()
	// A profile's die_size range [lo, hi] gives the side to look for.
	lo, hi := 50.0, 110.0
	dice, err := d.Detect(frame, math.Sqrt(lo*hi))
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(len(dice), "dice")
	// Output: 7 dice
}
