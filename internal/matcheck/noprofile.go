//go:build !matprofile

package matcheck

import "io"

// Counting says this build counts Mats: not without -tags matprofile.
const Counting = false

// Open is zero without -tags matprofile: gocv counts Mats only then.
func Open() int { return 0 }

func writeProfile(io.Writer) {}
