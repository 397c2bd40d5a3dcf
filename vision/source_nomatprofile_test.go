//go:build !matprofile

package vision

// openMatCount is zero without -tags matprofile: gocv counts Mats only then.
func openMatCount() int { return 0 }
