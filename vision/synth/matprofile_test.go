//go:build matprofile

package synth

import (
	"os"

	"gocv.io/x/gocv"
)

// openMats is how many Mats are open, as gocv's Mat profile counts them.
func openMats() int { return gocv.MatProfile.Count() }

func dumpMats() { gocv.MatProfile.WriteTo(os.Stderr, 1) }
