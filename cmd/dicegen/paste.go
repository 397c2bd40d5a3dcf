package main

import (
	"fmt"
	"image"
	"math"
	"path/filepath"

	"github.com/dicecam/dicecam/vision"
	"github.com/dicecam/dicecam/vision/synth"
	"gocv.io/x/gocv"
)

// unpastable are the labelled folders whose labels cannot cut whole dice
// out, and why.
var unpastable = map[string]string{
	"webcam-desk":      "its boxes hold only the pip group of the top face, so a cut would slice the die and show its side faces as ground",
	"whitebox-singles": "it labels values only, with no boxes to cut by",
}

// loadCutouts cuts every labelled die out of the photographs of the named
// folders under root that fold holds. The caller closes the cutouts.
func loadCutouts(root string, sources []string, fold vision.Fold) (cuts []*synth.Cutout, err error) {
	defer func() {
		if err != nil {
			closeCutouts(cuts)
			cuts = nil
		}
	}()
	for _, src := range sources {
		if why, bad := unpastable[src]; bad {
			return cuts, fmt.Errorf("--paste %s: %s; paste tray-topdown or casino-crops, whose boxes hold the whole die", src, why)
		}
		photos, err := vision.LoadFolder(filepath.Join(root, src))
		if err != nil {
			return cuts, fmt.Errorf("--paste %s: %w (is --paste-root the folder that holds it?)", src, err)
		}
		photos = fold.Filter(photos)
		for _, ph := range photos {
			img := gocv.IMRead(ph.Path, gocv.IMReadColor)
			if img.Empty() {
				img.Close()
				return cuts, fmt.Errorf("--paste %s: cannot read the photograph %s", src, ph.Path)
			}
			for _, d := range ph.Dice {
				box := image.Rect(int(math.Floor(d.Box[0])), int(math.Floor(d.Box[1])), int(math.Ceil(d.Box[2])), int(math.Ceil(d.Box[3])))
				c, err := synth.CutOut(img, box, d.Value)
				if err != nil {
					img.Close()
					return cuts, fmt.Errorf("--paste %s: %s: %w", src, ph.Path, err)
				}
				c.Source, c.Photo = src, filepath.Base(ph.Path)
				cuts = append(cuts, c)
			}
			img.Close()
		}
	}
	return cuts, nil
}

func closeCutouts(cuts []*synth.Cutout) {
	for _, c := range cuts {
		c.Close()
	}
}
