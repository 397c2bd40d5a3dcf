//go:build !matprofile

package calibrate

// openMatCount is zero without -tags matprofile: gocv counts Mats only then.
func openMatCount() int { return 0 }
