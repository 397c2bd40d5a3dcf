//go:build matprofile

package matcheck

import (
	"io"

	"gocv.io/x/gocv"
)

// Counting says this build counts Mats.
const Counting = true

// Open is how many Mats are open now, as gocv's Mat profile counts them.
func Open() int { return gocv.MatProfile.Count() }

func writeProfile(w io.Writer) { gocv.MatProfile.WriteTo(w, 1) }
