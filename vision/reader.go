package vision

import (
	"errors"
	"fmt"
	"image"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/detect"
	"github.com/dicecam/dicecam/vision/model"
	"gocv.io/x/gocv"
)

// Reader turns one frame into dice. Safe for use by one goroutine at a time.
// It owns its OpenCV resources (the classifier, scratch Mats) and must be Closed.
type Reader struct {
	profile Profile
	faces   rules.Faces
	model   *classifier      // nil when no model is built in
	finder  *detect.Detector // nil unless the profile asks for it
	bgLab   *[3]float64      // the profile's tray colour, nil to estimate it per frame
	bodies  [][3]float64     // the profile's die body colours in Lab

	lab, light, fg, tmp, dt gocv.Mat
	small, half             gocv.Mat // the frame shrunk to the working scale, and a step on the way
	// searched is what the model has no say in, while a Read reads its
	// frame twice; nil otherwise.
	searched *search
	// The pip finder's component labels: frame-sized, so kept from read
	// to read rather than allocated twice a frame.
	labels, stats, cents gocv.Mat
}

// Models are the networks a Reader runs, as ONNX files' bytes keeping the
// contracts of vision/model and vision/detect; nil takes the one built in.
// Only training and measuring want others: a model trained without some
// photographs, to read them as a stranger would.
type Models struct {
	Faces    []byte // the pip face classifier
	Poker    []byte // the poker face classifier
	Detector []byte // the dice detector
}

// faceModel is the face classifier a reader of faces runs.
func (m Models) faceModel(faces rules.Faces) []byte {
	switch {
	case faces == rules.PokerFaces && m.Poker != nil:
		return m.Poker
	case faces == rules.PokerFaces:
		return model.PokerONNX()
	case m.Faces != nil:
		return m.Faces
	}
	return model.ONNX()
}

// LoadModels reads the models in dir: dice.onnx, poker.onnx and
// detector.onnx, each where present.
func LoadModels(dir string) (Models, error) {
	var m Models
	for name, dst := range map[string]*[]byte{"dice.onnx": &m.Faces, "poker.onnx": &m.Poker, "detector.onnx": &m.Detector} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return Models{}, fmt.Errorf("load models: %w", err)
		}
		*dst = b
	}
	if m.Faces == nil && m.Poker == nil && m.Detector == nil {
		return Models{}, fmt.Errorf("load models: %s holds none of dice.onnx, poker.onnx and detector.onnx", dir)
	}
	return m, nil
}

// NewReader makes a reader for the dice and table p describes; a nil p
// means the built-in defaults.
func NewReader(p *Profile) (*Reader, error) { return NewReaderWith(p, Models{}) }

// NewReaderWith is NewReader running the models m.
func NewReaderWith(p *Profile, m Models) (*Reader, error) {
	if p == nil {
		p = DefaultProfile()
	}
	if err := p.Validate(); err != nil {
		return nil, fmt.Errorf("new reader: %w", err)
	}
	r := &Reader{
		profile: *p, faces: p.Faces,
		lab: gocv.NewMat(), light: gocv.NewMat(), fg: gocv.NewMat(), tmp: gocv.NewMat(), dt: gocv.NewMat(), small: gocv.NewMat(), half: gocv.NewMat(),
		labels: gocv.NewMat(), stats: gocv.NewMat(), cents: gocv.NewMat(),
	}
	if p.Background != (Colour{}) {
		lab := [3]float64(p.Background.Lab())
		r.bgLab = &lab
	}
	for _, c := range p.Bodies {
		r.bodies = append(r.bodies, [3]float64(c.Lab()))
	}
	c, err := loadClassifier(m.faceModel(p.Faces))
	if err != nil {
		r.Close()
		return nil, fmt.Errorf("new reader: %w", err)
	}
	r.model = c
	if p.HeadFits(m) {
		c.head = p.Head
	}
	if p.Detector {
		detector := m.Detector
		if detector == nil {
			detector = detect.ONNX()
		}
		if r.finder, err = detect.NewFrom(detector); err != nil {
			r.Close()
			return nil, fmt.Errorf("new reader: %w", err)
		}
	}
	return r, nil
}

// Close frees the reader's OpenCV memory.
func (r *Reader) Close() error {
	var errs []error
	for _, m := range []*gocv.Mat{&r.lab, &r.light, &r.fg, &r.tmp, &r.dt, &r.small, &r.half, &r.labels, &r.stats, &r.cents} {
		errs = append(errs, m.Close())
	}
	if r.model != nil {
		errs = append(errs, r.model.Close())
		r.model = nil
	}
	if r.finder != nil {
		errs = append(errs, r.finder.Close())
		r.finder = nil
	}
	return errors.Join(errs...)
}

// Read finds the dice in frame, a BGR image, and reads their top faces. It
// neither keeps nor closes frame.
func (r *Reader) Read(frame gocv.Mat) ([]Die, error) {
	defer r.model.remember()()
	dice, err := r.readFrame(frame)
	if err != nil {
		return nil, err
	}
	return r.askOnesSeenSmall(frame, dice), nil
}

// readFrame is Read before its last check, which looks at the dice read.
func (r *Reader) readFrame(frame gocv.Mat) ([]Die, error) {
	if r.model == nil || r.model.head == nil || !r.model.head.Faces {
		return r.readDetected(frame, r.detect(frame))
	}
	// A head that reads faces may settle what a die shows, never which
	// places are dice: the model alone finds them, and the head reads
	// them again. Both readings share the model's forward passes.
	r.model.plain = true
	r.searched = &search{}
	defer func() { r.searched = nil }()
	found := r.detect(frame)
	dice, err := r.readDetected(frame, slices.Clone(found))
	r.model.plain = false
	if err != nil {
		return nil, err
	}
	headed, err := r.readDetected(frame, found)
	if err != nil {
		return nil, err
	}
	return readAs(dice, headed), nil
}

// readAs is dice, each read as the die of headed at its place reads, if
// any: its face, confidence, whether it is asked about and by which rule.
func readAs(dice, headed []Die) []Die {
	out := slices.Clone(dice)
	for i, d := range out {
		k, near := -1, math.Inf(1)
		for j, h := range headed {
			if dist := distance(d.Center, h.Center); within(d, h, sameDie) && dist < near {
				k, near = j, dist
			}
		}
		if k >= 0 {
			h := headed[k]
			out[i].Value, out[i].Face, out[i].Confidence, out[i].Uncertain, out[i].askedBy = h.Value, h.Face, h.Confidence, h.Uncertain, h.askedBy
		}
	}
	return out
}

// readDetected reads frame, in which the detector found found.
func (r *Reader) readDetected(frame gocv.Mat, found []detect.Candidate) ([]Die, error) {
	var dice []Die
	err := r.onWork(frame, r.orTheCrop(frame, found), func(work gocv.Mat, found []detect.Candidate, at working) error {
		read, err := r.read(work, found, at.f < 1)
		dice = at.back(read, frame)
		return err
	})
	return dice, err
}

// orTheCrop is found, the dice the detector found in frame, or where frame
// is a crop cut to one die (croppedToADie) and it found none, that die: the
// detector looks for a die's edges against a table, and a crop cut to the
// die shows it none. The model says whether it is one.
func (r *Reader) orTheCrop(frame gocv.Mat, found []detect.Candidate) []detect.Candidate {
	if r.profile.Tray.Empty() && len(found) == 0 && croppedToADie(frame) {
		return []detect.Candidate{{X: float64(frame.Cols()) / 2, Y: float64(frame.Rows()) / 2,
			Side: float64(min(frame.Cols(), frame.Rows()))}}
	}
	return found
}

// working is how a frame maps onto the picture the reader works on:
// framed by off pixels, then scaled by f.
type working struct {
	off image.Point
	f   float64
}

// onWork calls read with frame as the reader works on it, and found, the
// dice the detector found in frame, moved onto it. Where a die fills the
// frame (fillsFrame), the frame is framed in grey (detect.Framed), so that
// its dice lie on a table of their own; then it is shrunk to the working
// scale, and the profile with it for the call. The picture is read's only
// during the call.
func (r *Reader) onWork(frame gocv.Mat, found []detect.Candidate, read func(work gocv.Mat, found []detect.Candidate, at working) error) error {
	work, at := frame, working{f: 1}
	if r.profile.Tray.Empty() && fillsFrame(frame, found) {
		framed := gocv.NewMat()
		defer framed.Close()
		pad := detect.Framed(frame, &framed)
		work, at.off = framed, image.Pt(pad, pad)
		found = shiftFound(found, at.off)
	}
	f := r.workScale(found)
	if f >= 1 {
		return read(work, found, at)
	}
	small, err := r.shrink(work, f)
	if err != nil {
		return fmt.Errorf("read dice: %w", err)
	}
	at.f = f
	// Everything below reads sizes and places from the profile, so it is
	// the profile that is shrunk for the read, then restored.
	whole := r.profile
	r.profile = scaleProfile(whole, f)
	defer func() { r.profile = whole }()
	return read(small, scaleFound(found, f), at)
}

// onto is dice, read in the frame, as they lie on the working picture.
func (at working) onto(dice []Die) []Die {
	out := make([]Die, len(dice))
	for i, d := range dice {
		out[i] = shift(d, at.off)
	}
	if at.f < 1 {
		out = scaleDice(out, at.f)
	}
	return out
}

// back is dice, read on the working picture, as they lie in frame; a die
// whose centre lies on the grey frame around it is none of frame's.
func (at working) back(dice []Die, frame gocv.Mat) []Die {
	if at.f < 1 {
		dice = scaleDice(dice, 1/at.f)
	}
	if at.off == (image.Point{}) {
		return dice
	}
	var in []Die
	for _, d := range dice {
		d = shift(d, at.off.Mul(-1))
		if d.Center.In(image.Rect(0, 0, frame.Cols(), frame.Rows())) {
			in = append(in, d)
		}
	}
	return in
}

// fillsFrame reports whether the die the detector is surest of fills most
// of the frame, as in a close-up or a photo cropped to one die.
func fillsFrame(frame gocv.Mat, found []detect.Candidate) bool {
	return len(found) > 0 && found[0].Side >= fillingShare*float64(min(frame.Cols(), frame.Rows()))
}

// croppedToADie reports whether frame is too small to show a table with
// dice on it, under cropSide pixels on its short side: a photo cut to one
// die, as another program's detections are.
func croppedToADie(frame gocv.Mat) bool { return min(frame.Cols(), frame.Rows()) < cropSide }

// cropSide is the short side, in pixels, under which a frame is taken for
// a crop: no camera sends frames this small.
const cropSide = 128

// fillingShare is the share of the frame's short side from which a die
// fills the frame: its pips are then blobs on no table, and the model's
// crop of it runs off the picture.
const fillingShare = 0.6

// read reads frame, in which the detector found found; shrunk says the
// frame was shrunk to the working scale.
func (r *Reader) read(frame gocv.Mat, found []detect.Candidate, shrunk bool) ([]Die, error) {
	if r.faces == rules.PipFaces && r.model != nil && r.finder != nil && r.profile.DetectorOnly {
		// The detector and the model need no Lab plane nor blobs.
		dice, err := r.readFound(frame, inTray(found, r.profile.Tray))
		if err != nil {
			return nil, fmt.Errorf("read dice: %w", err)
		}
		return inReadingOrder(askOutsizedOnes(withoutFronts(dice))), nil
	}
	sc, err := r.sceneOf(frame)
	if err != nil {
		return nil, fmt.Errorf("read dice: %w", err)
	}
	sc.shrunk = shrunk
	var dice []Die
	switch {
	case r.faces == rules.PokerFaces:
		if dice, err = r.readPoker(frame, sc, inTray(found, sc.tray)); err != nil {
			return nil, fmt.Errorf("read dice: %w", err)
		}
	case r.model == nil:
		for _, p := range r.propose(frame, sc, found) {
			if p.pips > 0 {
				dice = append(dice, p.die)
			}
		}
	default:
		if dice, err = r.readPips(frame, sc, found); err != nil {
			return nil, fmt.Errorf("read dice: %w", err)
		}
		dice = askOutsizedOnes(withoutFronts(dice))
	}
	return inReadingOrder(dice), nil
}

// readPips reads the pip dice of sc: the classical search's, and, where the
// profile runs the detector, the detector's with those as a second opinion.
func (r *Reader) readPips(frame gocv.Mat, sc scene, found []detect.Candidate) ([]Die, error) {
	props, probs, err := r.judge(frame, r.proposals(frame, sc, found))
	if err != nil {
		return nil, err
	}
	classic, knows, err := r.lookAgain(frame, props, probs)
	if err != nil || r.finder == nil {
		return classic, err
	}
	found = inTray(found, sc.tray)
	if classic, knows, err = r.withoutDiceApart(frame, classic, knows, found); err != nil {
		return nil, err
	}
	found, settled := settledBy(found, classic)
	seen, err := r.readFound(frame, found)
	if err != nil {
		return nil, err
	}
	seen = append(seen, settled...)
	seen = slices.DeleteFunc(seen, func(d Die) bool { return d.Value == 1 && sc.speck(d) })
	return withoutPips(secondOpinion(seen, classic, knows)), nil
}

// inReadingOrder sorts dice as a person reads them: row by row from the
// top, each row left to right. A die begins a new row where its centre lies
// half its side or more below the top die of the row, so dice lying in a
// line read along it though their centres differ by a pixel or two.
func inReadingOrder(dice []Die) []Die {
	sort.SliceStable(dice, func(i, j int) bool { return dice[i].Center.Y < dice[j].Center.Y })
	for start := 0; start < len(dice); {
		end := start + 1
		for end < len(dice) && float64(dice[end].Center.Y-dice[start].Center.Y) < boxSide(dice[end])/2 {
			end++
		}
		row := dice[start:end]
		sort.SliceStable(row, func(i, j int) bool { return row[i].Center.X < row[j].Center.X })
		start = end
	}
	return dice
}

// inTray is the candidates whose centre lies in tray, all of them when it
// is empty.
func inTray(found []detect.Candidate, tray image.Rectangle) []detect.Candidate {
	if tray.Empty() {
		return found
	}
	return slices.DeleteFunc(slices.Clone(found), func(f detect.Candidate) bool {
		return !image.Pt(int(f.X), int(f.Y)).In(tray)
	})
}

// scene is what every way of reading starts from: the tray part of the
// frame in Lab, its colour, the die sizes to expect and the blobs on it.
type scene struct {
	tray       image.Rectangle
	plane      labPlane // backed by r.lab until the next Read
	bg         [3]float64
	smin, smax float64     // die sizes for pips
	cands      []candidate // tray coordinates
	shrunk     bool        // the frame was shrunk so that dice are workSide across
}

// speck reports whether d, a die read as 1 in frame coordinates, has the
// colour of the tray round it once its pip is left out: a speck or a screw
// head, which the detector and the model take for a 1 as readily as the
// pip finder does.
func (sc scene) speck(d Die) bool {
	c := d.Center.Sub(sc.tray.Min)
	return sc.plane.plain(float64(c.X), float64(c.Y), boxSide(d))
}

// search is the part of reading a frame the model has no say in: its scene
// and the places that may hold dice. A Read with a faces head reads its
// frame twice, first as the model alone reads it, then with the head, and
// the second reading starts from the first's search: searching again would
// find the same places, at the cost of the Lab conversion and the pip and
// blob searches.
type search struct {
	size     image.Point // of the frame searched
	sc       scene
	props    []proposal
	scanned  bool
	proposed bool
}

// sceneOf is frame's scene: the one searched already while a Read reads
// frame twice, else a new scan.
func (r *Reader) sceneOf(frame gocv.Mat) (scene, error) {
	size := image.Pt(frame.Cols(), frame.Rows())
	if s := r.searched; s != nil && s.scanned && s.size == size {
		return s.sc, nil
	}
	sc, err := r.scan(frame)
	if err == nil && r.searched != nil {
		*r.searched = search{size: size, sc: sc, scanned: true}
	}
	return sc, err
}

// proposals is propose's places for sc, those of the scene searched
// already while a Read reads its frame twice. Each reading gets its own
// copy, to judge as it will.
func (r *Reader) proposals(frame gocv.Mat, sc scene, found []detect.Candidate) []proposal {
	s := r.searched
	if s != nil && s.proposed {
		return slices.Clone(s.props)
	}
	props := r.propose(frame, sc, found)
	if s != nil {
		s.props, s.proposed = slices.Clone(props), true
	}
	return props
}

func (r *Reader) scan(frame gocv.Mat) (scene, error) {
	if frame.Empty() {
		return scene{}, errors.New("the frame is empty")
	}
	if frame.Type() != gocv.MatTypeCV8UC3 {
		return scene{}, fmt.Errorf("frame type %v, want 8-bit BGR", frame.Type())
	}
	bounds := image.Rect(0, 0, frame.Cols(), frame.Rows())
	sc := scene{tray: bounds}
	if !r.profile.Tray.Empty() {
		sc.tray = r.profile.Tray.Intersect(bounds)
		if sc.tray.Empty() {
			return scene{}, fmt.Errorf("the profile's tray %v lies outside the %dx%d frame: calibrate for this camera", r.profile.Tray, bounds.Dx(), bounds.Dy())
		}
	}
	view := frame.Region(sc.tray)
	defer view.Close()
	gocv.CvtColor(view, &r.lab, gocv.ColorBGRToLab)
	lab, err := r.lab.DataPtrUint8()
	if err != nil {
		return scene{}, err
	}
	sc.plane = labPlane{pix: lab, w: sc.tray.Dx(), h: sc.tray.Dy()}
	bl, ba, bb := r.background(sc.plane)
	sc.bg = [3]float64{bl, ba, bb}
	var blobMax float64
	sc.smin, blobMax, sc.smax = r.dieSizes(sc.tray)
	sc.cands, err = r.candidates(sc.plane, sc.bg, sc.smin, blobMax)
	return sc, err
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

// median is the per-channel median of the Lab pixels in area, sampled
// every step pixels, that inside accepts (all of them when it is nil).
func (p labPlane) median(area image.Rectangle, step int, inside func(x, y int) bool) [3]float64 {
	area = area.Intersect(image.Rect(0, 0, p.w, p.h))
	var hist [3][256]int
	n := 0
	for y := area.Min.Y; y < area.Max.Y; y += step {
		for x := area.Min.X; x < area.Max.X; x += step {
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
	return out
}

// dieSizes is the range of die sides to look for: the profile's when it was
// calibrated. Without one, blobs may be as large as the reader supports,
// but pips are looked for at the sizes a frame of this size usually shows,
// which keeps the pip filters narrow enough to pass over wood grain and print.
func (r *Reader) dieSizes(tray image.Rectangle) (lo, blobMax, pipMax float64) {
	lo, hi := r.profile.DieSize[0], r.profile.DieSize[1]
	if r.profile.sizedByCalibration() {
		return lo, hi, hi
	}
	s := float64(min(tray.Dx(), tray.Dy()))
	return s / 40, math.Min(hi, s/1.8), s / 5
}
