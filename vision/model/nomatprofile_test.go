//go:build !matprofile

package model

// openMats is zero without -tags matprofile: gocv counts Mats only then.
func openMats() int { return 0 }
