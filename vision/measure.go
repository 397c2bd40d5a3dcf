package vision

import (
	"fmt"
	"image"
	"math"

	"gocv.io/x/gocv"
)

// DieSample is what the reader makes of one die whose place is known: the
// facts a calibration is built from.
type DieSample struct {
	// Face is the die's box as the blob search found it, corners in order
	// around it, when Found: the box a face template is cut from.
	Face  [4]image.Point
	Found bool
	// Body and Ink are the colours of the die and its pips, when Pips: the
	// pip finder saw a face of pips on it.
	Body, Ink Lab
	Pips      bool
}

// Sample measures the dice at places, boxes around each die (as labelled,
// or as found some other way), in frame, a BGR picture. It looks at frame
// as it is, unshrunk, so the faces it cuts keep every pixel. It neither
// keeps nor closes frame.
func (r *Reader) Sample(frame gocv.Mat, places []image.Rectangle) ([]DieSample, error) {
	sc, err := r.scan(frame)
	if err != nil {
		return nil, fmt.Errorf("measure dice: %w", err)
	}
	props := r.propose(frame, sc, r.detect(frame))
	out := make([]DieSample, len(places))
	for i, box := range places {
		if f, ok := pipFaceIn(props, box); ok {
			out[i].Body, out[i].Ink, out[i].Pips = f.body, f.ink, true
		}
		out[i].Face, out[i].Found = blobAt(sc, box)
	}
	return out, nil
}

func pipFaceIn(props []proposal, box image.Rectangle) (proposal, bool) {
	for _, p := range props {
		if p.pips > 0 && p.die.Center.In(box) {
			return p, true
		}
	}
	return proposal{}, false
}

// blobAt is the box, in frame coordinates, of the blob nearest the box's
// centre, when one lies inside it.
func blobAt(sc scene, box image.Rectangle) ([4]image.Point, bool) {
	centre := box.Min.Add(box.Max).Div(2)
	best, found := math.Inf(1), [4]image.Point{}
	for _, c := range sc.cands {
		d := shift(Die{Box: c.box, Center: c.center}, sc.tray.Min)
		if !d.Center.In(box) {
			continue
		}
		if dist := distance(d.Center, centre); dist < best {
			best, found = dist, d.Box
		}
	}
	return found, !math.IsInf(best, 1)
}
