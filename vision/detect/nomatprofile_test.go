//go:build !matprofile

package detect

// openMats is zero without -tags matprofile: gocv counts Mats only then.
func openMats() int { return 0 }
