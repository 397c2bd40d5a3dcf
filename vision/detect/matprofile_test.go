//go:build matprofile

package detect

import "gocv.io/x/gocv"

// openMats is how many Mats are open, as gocv's Mat profile counts them.
func openMats() int { return gocv.MatProfile.Count() }
