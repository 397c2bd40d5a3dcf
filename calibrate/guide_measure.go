package calibrate

import (
	"fmt"
	"image"
	"math"
	"slices"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
	"gocv.io/x/gocv"
)

// Thresholds of the guide's warnings.
const (
	minFrame = 640  // narrower frames leave too few pixels for pips
	minLight = 60   // mean grey level below which pips drown in noise
	minSide  = 20   // pixels a die must span for its pips to be seen
	maxGlare = 0.04 // share of a die's pixels burnt white
)

func (g *Guide) captureEmpty(frame gocv.Mat) ([]string, func(), error) {
	var warnings []string
	if l := meanGrey(frame); l < minLight {
		warnings = append(warnings, fmt.Sprintf("too little light (mean grey %.0f of 255): light the tray evenly", l))
	}
	tray, bg, err := findTray(frame)
	if err != nil {
		return nil, nil, err
	}
	keep := func() {
		frame.CopyTo(&g.empty)
		g.profile.Tray, g.profile.Background = tray, bg
	}
	return warnings, keep, nil
}

func (g *Guide) captureDice(frame gocv.Mat) ([]string, func(), error) {
	dice, err := g.findDice(frame)
	if err != nil {
		return nil, nil, err
	}
	var warnings []string
	if frame.Cols() < minFrame {
		warnings = append(warnings, fmt.Sprintf("the camera gives %dx%d: ask it for more with --size 1280x720 (dicecam calibrate and play take it)", frame.Cols(), frame.Rows()))
	}
	if l := meanGrey(frame); l < minLight {
		warnings = append(warnings, fmt.Sprintf("too little light (mean grey %.0f of 255): light the tray evenly", l))
	}
	if len(dice) == 0 {
		return append(warnings, "no dice found: lay them inside the tray, and keep the camera where it was for the empty tray"), nil, nil
	}
	if len(dice) != g.opts.Dice {
		warnings = append(warnings, fmt.Sprintf("%d dice found, expected %d: lay them apart, none touching, all inside the tray", len(dice), g.opts.Dice))
	}
	samples, err := g.sample(frame, dice)
	if err != nil {
		return nil, nil, err
	}
	var sides []float64
	var colours dieColours
	glare := 0.0
	for i, d := range dice {
		sides = append(sides, d.side)
		colours.add(samples[i])
		glare = max(glare, d.glare)
	}
	slices.Sort(sides)
	if sides[len(sides)/2] < minSide {
		warnings = append(warnings, fmt.Sprintf("the dice are %.0f pixels across: bring the camera closer, or ask it for larger frames with --size 1280x720 (dicecam calibrate and play take it)", sides[len(sides)/2]))
	}
	if glare > maxGlare {
		warnings = append(warnings, "glare on the dice: move the light to the side or use a diffuser")
	}
	keep := func() {
		g.profile.DieSize = vision.DieSizeRange(sides[0], sides[len(sides)-1])
		g.profile.Bodies, g.profile.Pips = colours.bodies.common(), colours.pips.common()
	}
	return warnings, keep, nil
}

func (g *Guide) captureFace(frame gocv.Mat) ([]string, func(), error) {
	dice, err := g.findDice(frame)
	if err != nil {
		return nil, nil, err
	}
	if len(dice) == 0 {
		return []string{"no die found in the tray"}, nil, nil
	}
	// The empty tray tells the die from its shadow better than the
	// reader's blob search against the tray's colour can.
	big := slices.MaxFunc(dice, func(a, b die) int { return int(a.side - b.side) })
	face := faceCorners(frame, g.empty, big)
	var warnings []string
	if len(dice) > 1 {
		warnings = append(warnings, fmt.Sprintf("%d dice in view: keep only the one showing %s", len(dice), g.step.Face))
	}
	t := template(frame, face, g.step.Face, g.step.Value)
	return warnings, func() { g.profile.Templates = append(g.profile.Templates, t) }, nil
}

// sample measures the dice found in frame as a calibration from photos
// measures its labelled dice: with the reader, on the tray learnt so far.
func (g *Guide) sample(frame gocv.Mat, dice []die) ([]vision.DieSample, error) {
	p := g.profile
	p.Faces = rules.PipFaces
	r, err := vision.NewReader(&p)
	if err != nil {
		return nil, fmt.Errorf("calibrate: %w", err)
	}
	defer r.Close()
	places := make([]image.Rectangle, len(dice))
	for i, d := range dice {
		for _, c := range d.corners {
			places[i] = places[i].Union(image.Rectangle{Min: c, Max: c.Add(image.Pt(1, 1))})
		}
	}
	return r.Sample(frame, places)
}

// die is one blob that differs from the empty tray.
type die struct {
	corners []image.Point
	side    float64
	glare   float64 // share of its pixels burnt white
}

// findDice finds what differs from the empty tray inside the tray region.
func (g *Guide) findDice(frame gocv.Mat) ([]die, error) {
	if g.empty.Rows() != frame.Rows() || g.empty.Cols() != frame.Cols() {
		return nil, fmt.Errorf("calibrate: the frame is %dx%d but the empty tray was %dx%d: keep the camera as it was, or start again",
			frame.Cols(), frame.Rows(), g.empty.Cols(), g.empty.Rows())
	}
	diff, grey, kernel := gocv.NewMat(), gocv.NewMat(), gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(5, 5))
	defer diff.Close()
	defer grey.Close()
	defer kernel.Close()
	gocv.AbsDiff(frame, g.empty, &diff)
	gocv.CvtColor(diff, &grey, gocv.ColorBGRToGray)
	gocv.Threshold(grey, &grey, 30, 255, gocv.ThresholdBinary)
	gocv.MorphologyEx(grey, &grey, gocv.MorphClose, kernel)
	gocv.MorphologyEx(grey, &grey, gocv.MorphOpen, kernel)
	contours := gocv.FindContours(grey, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer contours.Close()
	pix, err := frame.DataPtrUint8()
	if err != nil {
		return nil, fmt.Errorf("calibrate: %w", err)
	}
	tray := g.profile.Tray
	var dice []die
	for i := range contours.Size() {
		c := contours.At(i)
		if gocv.ContourArea(c) < 40 {
			continue
		}
		r := gocv.MinAreaRect(c)
		if !tray.Empty() && !r.Center.In(tray) {
			continue
		}
		dice = append(dice, die{corners: r.Points, side: float64(r.Width+r.Height) / 2,
			glare: burnt(pix, frame.Cols(), r.BoundingRect.Intersect(image.Rect(0, 0, frame.Cols(), frame.Rows())))})
	}
	return dice, nil
}

// burnt is the share of pixels in the middle of a die's box that glare
// burns white.
func burnt(pix []uint8, width int, box image.Rectangle) float64 {
	inner := box.Inset(max(1, box.Dx()/8))
	n, white := 0, 0
	for y := inner.Min.Y; y < inner.Max.Y; y++ {
		for x := inner.Min.X; x < inner.Max.X; x++ {
			i := 3 * (y*width + x)
			n++
			if pix[i] >= 250 && pix[i+1] >= 250 && pix[i+2] >= 250 {
				white++
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(white) / float64(n)
}

// findTray grows the region of the table's colour out from the frame's
// centre; a frame that is table everywhere is all tray.
func findTray(frame gocv.Mat) (image.Rectangle, vision.Colour, error) {
	const w = 160
	h := max(1, frame.Rows()*w/frame.Cols())
	small := gocv.NewMat()
	defer small.Close()
	gocv.Resize(frame, &small, image.Pt(w, h), 0, 0, gocv.InterpolationArea)
	pix, err := small.DataPtrUint8()
	if err != nil {
		return image.Rectangle{}, vision.Colour{}, fmt.Errorf("calibrate: %w", err)
	}
	at := func(x, y int) [3]uint8 { i := 3 * (y*w + x); return [3]uint8{pix[i], pix[i+1], pix[i+2]} }
	var centre [][3]uint8
	for y := h / 3; y < 2*h/3; y++ {
		for x := w / 3; x < 2*w/3; x++ {
			centre = append(centre, at(x, y))
		}
	}
	bg := median(centre)
	seen := make([]bool, w*h)
	queue := []image.Point{{w / 2, h / 2}}
	seen[h/2*w+w/2] = true
	region := image.Rectangle{Min: queue[0], Max: queue[0].Add(image.Pt(1, 1))}
	var inside [][3]uint8
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		inside = append(inside, at(p.X, p.Y))
		region = region.Union(image.Rect(p.X, p.Y, p.X+1, p.Y+1))
		for _, q := range []image.Point{{p.X + 1, p.Y}, {p.X - 1, p.Y}, {p.X, p.Y + 1}, {p.X, p.Y - 1}} {
			if q.X < 0 || q.Y < 0 || q.X >= w || q.Y >= h || seen[q.Y*w+q.X] || distance(at(q.X, q.Y), bg) > 45 {
				continue
			}
			seen[q.Y*w+q.X] = true
			queue = append(queue, q)
		}
	}
	full := image.Rect(0, 0, frame.Cols(), frame.Rows())
	if region.Dx()*region.Dy() < w*h/5 {
		return full, bg, nil
	}
	scale := float64(frame.Cols()) / w
	tray := image.Rect(int(float64(region.Min.X)*scale), int(float64(region.Min.Y)*scale),
		int(math.Ceil(float64(region.Max.X)*scale)), int(math.Ceil(float64(region.Max.Y)*scale)))
	return tray.Intersect(full), median(inside), nil
}

func meanGrey(frame gocv.Mat) float64 {
	m := frame.Mean()
	return 0.114*m.Val1 + 0.587*m.Val2 + 0.299*m.Val3
}

func distance(a, b [3]uint8) float64 {
	d := 0.0
	for i := range 3 {
		d += math.Abs(float64(a[i]) - float64(b[i]))
	}
	return d
}

// median is the per-channel median of ps.
func median(ps [][3]uint8) vision.Colour {
	var c vision.Colour
	ch := make([]uint8, len(ps))
	for k := range 3 {
		for i, p := range ps {
			ch[i] = p[k]
		}
		slices.Sort(ch)
		c[k] = ch[len(ch)/2]
	}
	return c
}
