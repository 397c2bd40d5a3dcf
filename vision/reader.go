package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"

	"github.com/dicecam/dicecam/calibrate"
	"gocv.io/x/gocv"
)

// Reader turns one frame into dice. Safe for use by one goroutine at a time.
// It owns its OpenCV resources (the classifier, scratch Mats) and must be Closed.
type Reader struct {
	profile calibrate.Profile
	faces   Faces
	model   *classifier // nil when no model is built in

	lab, fg, tmp, dt gocv.Mat
}

// NewReader makes a reader for the dice and table p describes; a nil p
// means the built-in defaults.
func NewReader(p *calibrate.Profile) (*Reader, error) {
	if p == nil {
		p = calibrate.New()
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("new reader: %w", err)
	}
	r := &Reader{
		profile: *p,
		lab:     gocv.NewMat(), fg: gocv.NewMat(), tmp: gocv.NewMat(), dt: gocv.NewMat(),
	}
	if p.Faces == calibrate.PokerFaces {
		r.faces = PokerFaces
	}
	m, err := loadClassifier()
	if err != nil {
		r.Close()
		return nil, fmt.Errorf("new reader: %w", err)
	}
	r.model = m
	return r, nil
}

// Close frees the reader's OpenCV memory.
func (r *Reader) Close() error {
	var errs []error
	for _, m := range []*gocv.Mat{&r.lab, &r.fg, &r.tmp, &r.dt} {
		errs = append(errs, m.Close())
	}
	if r.model != nil {
		errs = append(errs, r.model.Close())
		r.model = nil
	}
	return errors.Join(errs...)
}

// Read finds the dice in frame, a BGR image, and reads their top faces. It
// neither keeps nor closes frame.
func (r *Reader) Read(frame gocv.Mat) ([]Die, error) {
	if frame.Empty() {
		return nil, errors.New("read dice: the frame is empty")
	}
	if frame.Type() != gocv.MatTypeCV8UC3 {
		return nil, fmt.Errorf("read dice: frame type %v, want 8-bit BGR", frame.Type())
	}
	bounds := image.Rect(0, 0, frame.Cols(), frame.Rows())
	tray := bounds
	if !r.profile.Tray.Empty() {
		tray = r.profile.Tray.Intersect(bounds)
		if tray.Empty() {
			return nil, fmt.Errorf("read dice: the profile's tray %v lies outside the %dx%d frame: calibrate for this camera", r.profile.Tray, bounds.Dx(), bounds.Dy())
		}
	}
	view := frame.Region(tray)
	defer view.Close()

	gocv.CvtColor(view, &r.lab, gocv.ColorBGRToLab)
	lab, err := r.lab.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("read dice: %w", err)
	}
	plane := labPlane{pix: lab, w: tray.Dx(), h: tray.Dy()}

	cands, err := r.candidates(plane)
	if err != nil {
		return nil, fmt.Errorf("read dice: %w", err)
	}
	dice := make([]Die, 0, len(cands))
	for _, c := range cands {
		d, ok := r.readFace(plane, c)
		if !ok {
			continue
		}
		d.Center = d.Center.Add(tray.Min)
		for i := range d.Box {
			d.Box[i] = d.Box[i].Add(tray.Min)
		}
		dice = append(dice, d)
	}
	if r.model != nil {
		dice, err = r.model.judge(frame, dice)
		if err != nil {
			return nil, fmt.Errorf("read dice: %w", err)
		}
	}
	dice = suppress(dice)
	sort.Slice(dice, func(i, j int) bool {
		if dice[i].Center.Y != dice[j].Center.Y {
			return dice[i].Center.Y < dice[j].Center.Y
		}
		return dice[i].Center.X < dice[j].Center.X
	})
	return dice, nil
}

// suppress drops a die whose centre lies inside a more confident die's box,
// which happens when a die is found both as a blob and as pieces of it.
func suppress(dice []Die) []Die {
	sort.SliceStable(dice, func(i, j int) bool { return dice[i].Confidence > dice[j].Confidence })
	kept := dice[:0]
	for _, d := range dice {
		dup := false
		for _, k := range kept {
			if insideBox(k.Box, d.Center) {
				dup = true
				break
			}
		}
		if !dup {
			kept = append(kept, d)
		}
	}
	return kept
}

// insideBox reports whether p lies inside the convex quadrilateral box.
func insideBox(box [4]image.Point, p image.Point) bool {
	sign := 0
	for i := range box {
		a, b := box[i], box[(i+1)%4]
		c := (b.X-a.X)*(p.Y-a.Y) - (b.Y-a.Y)*(p.X-a.X)
		switch {
		case c > 0 && sign < 0, c < 0 && sign > 0:
			return false
		case c > 0:
			sign = 1
		case c < 0:
			sign = -1
		}
	}
	return true
}

// labPlane is a continuous 8-bit Lab image, read from Go for the per-pixel
// steps OpenCV has no single call for.
type labPlane struct {
	pix  []uint8
	w, h int
}

func (p labPlane) at(x, y int) (l, a, b float64) {
	i := 3 * (y*p.w + x)
	return float64(p.pix[i]), float64(p.pix[i+1]), float64(p.pix[i+2])
}

// labDistance weighs lightness at half, so that a shadow on the tray differs
// less from the tray than a die of another colour does.
func labDistance(l1, a1, b1, l2, a2, b2 float64) float64 {
	dl := (l1 - l2) / 2
	return math.Sqrt(dl*dl + (a1-a2)*(a1-a2) + (b1-b2)*(b1-b2))
}

// median3 is the per-channel median of Lab pixels sampled every step pixels.
func (p labPlane) median(step int, inside func(x, y int) bool) (float64, float64, float64) {
	var hist [3][256]int
	n := 0
	for y := 0; y < p.h; y += step {
		for x := 0; x < p.w; x += step {
			if inside != nil && !inside(x, y) {
				continue
			}
			i := 3 * (y*p.w + x)
			hist[0][p.pix[i]]++
			hist[1][p.pix[i+1]]++
			hist[2][p.pix[i+2]]++
			n++
		}
	}
	var out [3]float64
	for c := range 3 {
		acc := 0
		for v, k := range hist[c] {
			acc += k
			if 2*acc >= n {
				out[c] = float64(v)
				break
			}
		}
	}
	return out[0], out[1], out[2]
}
