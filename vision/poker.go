package vision

import (
	"image"
	"math"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/detect"
	"github.com/dicecam/dicecam/vision/model"
)

// readPoker reads poker dice: each die the detector finds, and each blob
// it does not, by the poker model built in and, where the profile has them,
// by the face templates calibration cut from this very set. The model
// knows the common designs; the templates know this set's, however odd.
func (r *Reader) readPoker(frame gocv.Mat, sc scene, found []detect.Candidate) ([]Die, error) {
	var props []proposal
	var faces []*faceMatch
	blobs := make([]Die, len(sc.cands))
	for i, c := range sc.cands {
		blobs[i] = shift(Die{Box: c.box, Center: c.center}, sc.tray.Min)
	}
	used := make([]bool, len(blobs))
	for _, f := range sortedByScore(found) {
		if nearAny(props, f.X, f.Y, 0.5*f.Side) {
			continue
		}
		p := seenAs(f)
		p.detected = true
		// A blob's box is turned as the die is, which a template needs.
		box := p.die.Box
		if b, ok := nearestBlob(blobs, f.X, f.Y, 0.5*f.Side); ok {
			box, used[b] = blobs[b].Box, true
		}
		props, faces = append(props, p), append(faces, r.matchTemplates(frame, box))
	}
	if len(r.profile.Templates) > 0 {
		for i, b := range blobs {
			if used[i] || nearAny(props, float64(b.Center.X), float64(b.Center.Y), 0.5*sc.cands[i].side) {
				continue
			}
			props = append(props, proposal{die: b, s: sc.cands[i].side})
			faces = append(faces, r.matchTemplates(frame, b.Box))
		}
	}
	probs, err := r.classifyTwice(frame, props)
	if err != nil {
		return nil, err
	}
	var dice []Die
	for i, p := range props {
		if d, ok := decidePoker(p, probs[i], faces[i], r.faces); ok {
			dice = append(dice, d)
		}
	}
	return dice, nil
}

// decidePoker reads one proposal from the model and, where there is one,
// the best template match. A template cut from this very set outranks the
// model, which may never have seen its design: a clear match reads the die,
// asked only when the model is sure of another face; a weak match is asked
// about, shown as the model reads it where the model is sure. Without a
// template the model reads alone, asked unless it and the detector are sure.
func decidePoker(p proposal, pr [model.Classes]float64, face *faceMatch, faces rules.Faces) (Die, bool) {
	d := p.die
	v := likeliest(pr)
	isDie := pr[model.NotADie] <= notADie
	sure := isDie && pr[v] >= sureAlone
	switch {
	case face != nil && face.score >= templateSure && face.margin >= templateMargin:
		d.Value, d.Confidence = face.value, face.score
		d.Uncertain = sure && v != face.value
	case face != nil:
		d.Value, d.Confidence, d.Uncertain = face.value, face.score, true
		if sure {
			d.Value, d.Confidence = v, pr[v]
		}
	case !isDie || p.seen == 0:
		return Die{}, false
	default:
		d.Value, d.Confidence = v, pr[v]
		d.Uncertain = !sure || p.seen < detectSure
	}
	d.Face = faces.Label(rules.Face(d.Value))
	return d, true
}

// matchTemplates is the best template match for the face in box, nil when
// the profile has no templates or none matches past templateFloor.
func (r *Reader) matchTemplates(frame gocv.Mat, box [4]image.Point) *faceMatch {
	if len(r.profile.Templates) == 0 {
		return nil
	}
	m, ok := matchFace(CutFace(frame, box), r.profile.Templates)
	if !ok || m.score < templateFloor {
		return nil
	}
	return &m
}

// nearestBlob is the blob whose centre lies nearest (x, y), within reach.
func nearestBlob(blobs []Die, x, y, reach float64) (int, bool) {
	best, at := reach, -1
	for i, b := range blobs {
		if d := math.Hypot(float64(b.Center.X)-x, float64(b.Center.Y)-y); d < best {
			best, at = d, i
		}
	}
	return at, at >= 0
}
