package calibrate

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"image"
	"math"
	"path/filepath"
	"slices"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
)

// Options say what a calibration from photos calibrates for.
type Options struct {
	Faces rules.Faces
	// Models are the networks the reader will run, the built-in ones when
	// zero: calibration measures how each way of reading does with them.
	Models vision.Models
	// Compared, where set, hears how each way of reading read the sample
	// of photos and which one the profile keeps.
	Compared func(Comparison)
}

// Comparison is how the ways of reading a calibration chooses between read
// its sample of photos.
type Comparison struct {
	Measured *vision.Profile   // the profile fitted to the photos, before choosing
	Ways     []string          // the ways, in the order of preference
	Read     []vision.Accuracy // how each read the sample
	Kept     int               // the way the profile keeps
	// Defaults says the way kept is the built-in defaults: the profile
	// holds nothing of the table, as no profile read it worse.
	Defaults bool
}

// FromPhotos builds a profile from labelled photos of one table and one dice
// set: where on the frame dice lie, the tray colour around them, how large
// they appear, their colours and the faces pips cannot read. Photos that
// cannot be read are skipped and counted in the error only when none can be.
func FromPhotos(ctx context.Context, photos []vision.Photo, opts Options) (*vision.Profile, error) {
	photos, err := locate(ctx, photos, opts)
	if err != nil {
		return nil, err
	}
	p, err := measure(ctx, photos, opts)
	if err != nil {
		return nil, err
	}
	// choose reads each half of the photos with the profile measured on
	// the other half, as the profile will read the table's next photos:
	// read with a profile measured on them, its die sizes and colours
	// fitted to those very dice, a sample flatters it.
	var apart [2]*vision.Profile
	for half := range 2 {
		other := slices.DeleteFunc(slices.Clone(photos), func(ph vision.Photo) bool { return photoHalf(ph) == half })
		if apart[half], err = measure(ctx, other, opts); err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil, err
			}
			// A half holds no photo, or no die showing 2 to 6 to
			// measure the die size from: the sample is read with the
			// profile measured on all.
			apart = [2]*vision.Profile{p, p}
			break
		}
	}
	return choose(ctx, p, apart, photos, opts)
}

// measure fits a profile to labelled photos: where on the frame dice lie,
// the tray colour around them, how large they appear, their colours and
// the faces pips cannot read.
func measure(ctx context.Context, photos []vision.Photo, opts Options) (*vision.Profile, error) {
	p := vision.DefaultProfile()
	p.Detector = false // learnt by choose, where it helps this table
	p.Faces = opts.Faces
	var sides []float64
	var bgs [3][]float64
	var tray image.Rectangle
	var frame image.Point
	read := 0
	for _, ph := range photos {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		img, err := vision.ReadImage(ph.Path)
		if err != nil {
			continue
		}
		read++
		size := image.Pt(img.Cols(), img.Rows())
		if frame == (image.Point{}) {
			frame = size
		} else if frame != size {
			frame = image.Pt(-1, -1) // mixed sizes: no tray rectangle
		}
		var boxes []image.Rectangle
		for _, d := range ph.Dice {
			w, h := d.Box[2]-d.Box[0], d.Box[3]-d.Box[1]
			if d.Value >= 2 {
				sides = append(sides, math.Max(w, h))
			}
			b := image.Rect(int(d.Box[0]), int(d.Box[1]), int(math.Ceil(d.Box[2])), int(math.Ceil(d.Box[3])))
			boxes = append(boxes, b)
			tray = tray.Union(b)
		}
		sampleBackground(img, boxes, &bgs)
		img.Close()
	}
	if read == 0 {
		return nil, errors.New("calibrate: none of the photos could be read")
	}
	if len(sides) == 0 {
		return nil, errors.New("calibrate: no labelled dice showing 2 to 6 to measure the die size from")
	}
	slices.Sort(sides)
	lo, mid, hi := sides[len(sides)/50], sides[len(sides)/2], sides[len(sides)-1-len(sides)/50]
	p.DieSize = vision.DieSizeRange(lo, hi)
	if frame.X > 0 {
		grow := int(mid)
		p.Tray = image.Rect(tray.Min.X-grow, tray.Min.Y-grow, tray.Max.X+grow, tray.Max.Y+grow).
			Intersect(image.Rectangle{Max: frame})
	}
	// Dice that fill their photos leave no tray to learn the colour of:
	// the reader then estimates it from each frame, as without a profile.
	for c := range 3 {
		if len(bgs[c]) == 0 {
			p.Background = vision.Colour{}
			break
		}
		slices.Sort(bgs[c])
		p.Background[c] = uint8(bgs[c][len(bgs[c])/2])
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("calibrate: %w", err)
	}
	if err := learnFaces(ctx, p, photos, opts.Models); err != nil {
		return nil, err
	}
	return p, nil
}

// locate gives every die labelled without a box, in folders that give
// values only, the box of the die the built-in reader sees nearest the
// photo's centre, as Measure matches such a die; a photo whose dice it
// cannot all place is left out.
func locate(ctx context.Context, photos []vision.Photo, opts Options) ([]vision.Photo, error) {
	var r *vision.Reader
	defer func() {
		if r != nil {
			r.Close()
		}
	}()
	out := make([]vision.Photo, 0, len(photos))
	for _, ph := range photos {
		if !slices.ContainsFunc(ph.Dice, func(l vision.Labelled) bool { return !l.Boxed }) {
			out = append(out, ph)
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if r == nil {
			p := vision.DefaultProfile()
			p.Faces = opts.Faces
			var err error
			if r, err = vision.NewReaderWith(p, opts.Models); err != nil {
				return nil, fmt.Errorf("calibrate: %w", err)
			}
		}
		frame, err := vision.ReadImage(ph.Path)
		if err != nil {
			continue
		}
		centre := image.Pt(frame.Cols()/2, frame.Rows()/2)
		dice, err := r.Read(frame)
		frame.Close()
		if err != nil || len(dice) < len(ph.Dice) {
			continue
		}
		slices.SortFunc(dice, func(a, b vision.Die) int {
			return sqDist(a.Center, centre) - sqDist(b.Center, centre)
		})
		placed := vision.Photo{Path: ph.Path}
		for i, l := range ph.Dice {
			if !l.Boxed {
				b := bounds(dice[i].Box)
				l.Box, l.Boxed = [4]float64{float64(b.Min.X), float64(b.Min.Y), float64(b.Max.X), float64(b.Max.Y)}, true
			}
			placed.Dice = append(placed.Dice, l)
		}
		out = append(out, placed)
	}
	return out, nil
}

func sqDist(a, b image.Point) int {
	d := a.Sub(b)
	return d.X*d.X + d.Y*d.Y
}

// bounds is the rectangle around a die's box.
func bounds(box [4]image.Point) image.Rectangle {
	var r image.Rectangle
	for _, p := range box {
		r = r.Union(image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))})
	}
	return r
}

// templatesPerValue caps the templates kept for one value.
const templatesPerValue = 6

// learnFaces fills in what the dice look like: their body and pip colours,
// from the pip faces found on labelled dice, and face templates cut out of
// each labelled die the reader finds as a blob, for the values it must read
// by template: every value of poker dice, and for pip dice the values that
// mostly show no pips to count, such as a logo in place of the one.
func learnFaces(ctx context.Context, p *vision.Profile, photos []vision.Photo, m vision.Models) error {
	pips := *p
	pips.Faces = rules.PipFaces
	r, err := vision.NewReaderWith(&pips, m)
	if err != nil {
		return fmt.Errorf("calibrate: %w", err)
	}
	defer r.Close()
	var cut [7][]vision.FaceTemplate
	var seen, bare [7]int
	var colours dieColours
	for _, ph := range photos {
		if err := ctx.Err(); err != nil {
			return err
		}
		frame, err := vision.ReadImage(ph.Path)
		if err != nil {
			continue
		}
		places := make([]image.Rectangle, len(ph.Dice))
		for i, l := range ph.Dice {
			places[i] = image.Rect(int(l.Box[0]), int(l.Box[1]), int(l.Box[2]), int(l.Box[3]))
		}
		samples, err := r.Sample(frame, places)
		if err != nil {
			frame.Close()
			continue
		}
		for i, l := range ph.Dice {
			s := samples[i]
			seen[l.Value]++
			if !colours.add(s) {
				bare[l.Value]++
			}
			if !s.Found || len(cut[l.Value]) >= templatesPerValue {
				continue
			}
			cut[l.Value] = append(cut[l.Value], template(frame, s.Face, p.Faces.Label(rules.Face(l.Value)), l.Value))
		}
		frame.Close()
	}
	p.Templates = nil
	for v := 1; v <= 6; v++ {
		if p.Faces == rules.PokerFaces || seen[v] > 0 && 10*bare[v] >= 6*seen[v] {
			p.Templates = append(p.Templates, cut[v]...)
		}
	}
	p.Bodies, p.Pips = colours.bodies.common(), colours.pips.common()
	return nil
}

// sampleBackground adds BGR samples of img taken around, never inside, the
// dice boxes: a ring of points near each die, where the tray under the dice
// shows, rather than the frame's edges.
func sampleBackground(img gocv.Mat, boxes []image.Rectangle, bgs *[3][]float64) {
	bounds := image.Rect(0, 0, img.Cols(), img.Rows())
	for _, b := range boxes {
		s := max(b.Dx(), b.Dy())
		c := b.Min.Add(b.Max).Div(2)
		for k := range 12 {
			a := 2 * math.Pi * float64(k) / 12
			pt := c.Add(image.Pt(int(1.5*float64(s)*math.Cos(a)), int(1.5*float64(s)*math.Sin(a))))
			if !pt.In(bounds) || inAny(pt, boxes, s/2) {
				continue
			}
			v := img.GetVecbAt(pt.Y, pt.X)
			for ch := range 3 {
				bgs[ch] = append(bgs[ch], float64(v[ch]))
			}
		}
	}
}

func inAny(pt image.Point, boxes []image.Rectangle, margin int) bool {
	for _, b := range boxes {
		if pt.In(b.Inset(-margin)) {
			return true
		}
	}
	return false
}

// The ways of reading that calibration chooses between, in the order it
// prefers them when they read the sample alike: the built-in defaults
// first, so that a profile is kept only where it reads its own table
// clearly better than no profile does: a profile fitted to a sample that
// it reads a die or two better can read the table's next photos worse; then
// the classical search with the detector, as the defaults read but fitted
// to the table; the detector and the model alone, which tables unlike the
// datasets' need; and the classical search alone.
// Those headed are tried again with a head fitted on the set's own dice
// (vision.CutHeadCrops), after all of them, as the ways furthest from the
// defaults.
type reading struct {
	name    string
	profile func(measured *vision.Profile) *vision.Profile
	head    bool
	poker   bool // a way for poker faces too
	// headed says the way is tried with a head too: a head for the
	// classical search alone was kept on none of the labelled folders,
	// read halves against halves and folds 1-4 against fold 0, with the
	// models trained without each folder or with the committed ones.
	headed bool
	// faces says the way's head reads only which face a die shows
	// (vision.HeadCrops.FitFaces). The defaults' head does: a full head
	// for them also learnt which places are dice, and fitted on the
	// rolls a table confirms, which hold few of its look-alikes, it
	// found dice fewer and more false ones than the defaults.
	faces bool
	base  int // of a way with a head, the index of its way without one
}

// fit fits the head w reads with on the crops of the photos keep accepts.
func (w reading) fit(crops *vision.HeadCrops, keep func(vision.Photo) bool) (*vision.Head, error) {
	if w.faces {
		return crops.FitFaces(keep)
	}
	return crops.Fit(keep)
}

var readings = []reading{
	{name: "built-in defaults", profile: func(m *vision.Profile) *vision.Profile {
		p := vision.DefaultProfile()
		p.Faces = m.Faces
		return p
	}, poker: true, headed: true, faces: true},
	{name: "classical search and detector", profile: func(m *vision.Profile) *vision.Profile {
		p := *m
		p.Detector, p.DetectorOnly = true, false
		return &p
	}, poker: true, headed: true},
	{name: "detector and model", profile: func(m *vision.Profile) *vision.Profile {
		p := *m
		p.Detector, p.DetectorOnly = true, true
		return &p
	}, headed: true},
	{name: "classical search", profile: func(m *vision.Profile) *vision.Profile {
		p := *m
		p.Detector, p.DetectorOnly = false, false
		return &p
	}},
}

// waysFor are the ways of reading a calibration for faces chooses between:
// those of readings the faces allow, in order, then those of them headed
// again with the set's head. The poker reader always runs the detector
// and the model.
func waysFor(faces rules.Faces) []reading {
	var ways []reading
	for _, w := range readings {
		if faces != rules.PokerFaces || w.poker {
			ways = append(ways, w)
		}
	}
	for i, w := range slices.Clone(ways) {
		if w.headed {
			w.name += " with the set's head"
			w.head, w.base = true, i
			ways = append(ways, w)
		}
	}
	return ways
}

// calibrationDice is about how many labelled dice choose reads each way,
// in at least calibrationPhotos photos: some 400 dice, enough that a die or
// two is chance, are 60 photos of the datasets' trays but every photo of
// one die in a box.
const (
	calibrationDice   = 400
	calibrationPhotos = 60
)

// choose reads a sample of the photos each way of reading allows and
// returns the profile of the one that reads them best (preferred). Each
// way reads the photos of one half (photoHalf) with its profile made of
// apart[half], measured on the other half, and keeps its profile made of
// measured.
func choose(ctx context.Context, measured *vision.Profile, apart [2]*vision.Profile, photos []vision.Photo, opts Options) (*vision.Profile, error) {
	all := photos
	dice := 0
	for _, ph := range photos {
		dice += len(ph.Dice)
	}
	if n := max(calibrationPhotos, len(photos)*calibrationDice/max(dice, 1)); len(photos) > n {
		step := float64(len(photos)) / float64(n)
		picked := make([]vision.Photo, 0, n)
		for i := range n {
			picked = append(picked, photos[int(float64(i)*step)])
		}
		photos = picked
	}
	ways := waysFor(measured.Faces)
	profiles := make([]*vision.Profile, len(ways))
	accuracies := make([]vision.Accuracy, len(ways))
	usable := make([]bool, len(ways))
	crops := make([]*vision.HeadCrops, len(ways))
	for i, w := range ways {
		profiles[i] = w.profile(measured)
		if w.head {
			c, err := vision.CutHeadCrops(ctx, all, profiles[i], opts.Models)
			var a vision.Accuracy
			if err == nil {
				crops[i] = c
				a, err = crossRead(ctx, w, apart, c, photos, opts.Models)
			}
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return nil, err
			}
			// A model with no features for a head, or too few dice to fit
			// one on, leaves the way out.
			accuracies[i], usable[i] = a, err == nil
			continue
		}
		usable[i] = true
		for half := range 2 {
			a, err := readHalf(ctx, w.profile(apart[half]), half, photos, opts.Models)
			if err != nil {
				return nil, err
			}
			accuracies[i] = accuracies[i].Add(a)
		}
	}
	headsNoWronger(ways, accuracies, usable)
	kept := preferred(accuracies, usable)
	if ways[kept].head {
		h, err := ways[kept].fit(crops[kept], nil)
		if err != nil {
			return nil, fmt.Errorf("calibrate: %w", err)
		}
		profiles[kept].Head = h
	}
	if opts.Compared != nil {
		c := Comparison{Measured: measured, Read: accuracies, Kept: kept, Defaults: kept == 0}
		for _, w := range ways {
			c.Ways = append(c.Ways, w.name)
		}
		opts.Compared(c)
	}
	return profiles[kept], nil
}

// preferred is the way of reading to keep, given how each read the sample:
// the defaults, accuracies[0], unless another way reads it no worse on any
// count (as many dice found and as many right the first time, no more
// silently wrong, no more false dice) and better overall by more than
// chance; then the best such way. A reading's worth counts a die read right
// the first time for one, a die read wrong with confidence, which scores a
// wrong box unnoticed, against five, and a false die against one. Chance is
// one die and three in a hundred: on a webcam's desk the detector alone
// read 4 of 184 dice better than the defaults on the sample, and 5 photos
// in a hundred worse than they did on the photos after it. Of the ways
// past chance the best is kept, even where an earlier one is within chance
// of it: each half of the sample is read as the table's next photos will
// be, with a profile measured apart from it, so the best reading there is
// the best guess at them (docs/reading.md, "The best way past chance"). A
// way that trades one count for another, dice read right for fewer false
// ones say, is not kept: a profile must never read worse. A way not usable,
// a head too few dice could fit, is never kept.
func preferred(accuracies []vision.Accuracy, usable []bool) int {
	worth := func(a vision.Accuracy) float64 { return float64(a.Right - 5*a.Wrong - a.False) }
	chance := func(a vision.Accuracy) float64 { return 1 + 0.03*float64(a.Labelled) }
	defaults := accuracies[0]
	better := func(i int) bool {
		a := accuracies[i]
		return i > 0 && usable[i] && a.Matched >= defaults.Matched && a.Right >= defaults.Right && a.Wrong <= defaults.Wrong && a.False <= defaults.False &&
			worth(a) > worth(defaults)+chance(defaults)
	}
	best := 0
	for i, a := range accuracies {
		if better(i) && (best == 0 || worth(a) > worth(accuracies[best])) {
			best = i
		}
	}
	return best
}

// headsNoWronger marks unusable each way with a head, of ways as waysFor
// lists them, that read more than a die more silently wrong than the same
// way without a head. A head makes the model surer of what it reads, of a
// face it misreads too: fitted on half of casino-crops (the committed
// models, which never trained on it) a head read the sample's dice right
// first time 42 times against the defaults' 35 and 3 wrong against their 4,
// but its way without a head had read none wrong, and the other half read
// 4 dice wrong against 3.
func headsNoWronger(ways []reading, accuracies []vision.Accuracy, usable []bool) {
	for i, w := range ways {
		if w.head && accuracies[i].Wrong > accuracies[w.base].Wrong+1 {
			usable[i] = false
		}
	}
}

// crossRead reads sample as way w would read photos it was not fitted on:
// each half of the photos (photoHalf) with the profile w makes of apart[half],
// measured on the other half, and w's head fitted on the crops of the other
// half of all the photos.
func crossRead(ctx context.Context, w reading, apart [2]*vision.Profile, crops *vision.HeadCrops, sample []vision.Photo, m vision.Models) (vision.Accuracy, error) {
	var sum vision.Accuracy
	for half := range 2 {
		h, err := w.fit(crops, func(ph vision.Photo) bool { return photoHalf(ph) != half })
		if err != nil {
			return vision.Accuracy{}, err
		}
		q := w.profile(apart[half])
		q.Head = h
		a, err := readHalf(ctx, q, half, sample, m)
		if err != nil {
			return vision.Accuracy{}, err
		}
		sum = sum.Add(a)
	}
	return sum, nil
}

// readHalf reads the photos of sample in one half (photoHalf) with p; a
// photo that cannot be read counts for none.
func readHalf(ctx context.Context, p *vision.Profile, half int, sample []vision.Photo, m vision.Models) (vision.Accuracy, error) {
	r, err := vision.NewReaderWith(p, m)
	if err != nil {
		return vision.Accuracy{}, fmt.Errorf("calibrate: %w", err)
	}
	defer r.Close()
	var sum vision.Accuracy
	for _, ph := range sample {
		if photoHalf(ph) != half {
			continue
		}
		if err := ctx.Err(); err != nil {
			return vision.Accuracy{}, err
		}
		if a, err := r.ReadPhoto(ph); err == nil {
			sum = sum.Add(a)
		}
	}
	return sum, nil
}

// photoHalf is the half of a calibration's photos a photo falls in, by its
// name: by a hash other than the folds' CRC-32, so that a calibration on
// one fold still splits in two. A CRC cannot be salted for this: it is
// linear, and every name of one fold gave a salted CRC of one parity.
func photoHalf(ph vision.Photo) int {
	h := fnv.New32a()
	h.Write([]byte(filepath.Base(ph.Path)))
	return int(h.Sum32() % 2)
}
