//go:build matprofile

package calibrate

import "gocv.io/x/gocv"

// openMatCount is how many Mats are open, as gocv's Mat profile counts them.
func openMatCount() int { return gocv.MatProfile.Count() }
