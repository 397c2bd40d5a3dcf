package vision

import (
	"fmt"
	"image"
	"math"
	"slices"
	"time"

	"gocv.io/x/gocv"
)

// FrameReader turns one frame into dice; *Reader is one.
type FrameReader interface {
	Read(frame gocv.Mat) ([]Die, error)
}

// State is what the watcher makes of the tray.
type State int

const (
	Unknown State = iota // nothing seen yet
	Empty                // no dice lie still in the tray
	Moving               // dice tumble, or a hand is in the tray
	Settled              // dice lie still and their read is known
)

func (s State) String() string {
	switch s {
	case Empty:
		return "empty"
	case Moving:
		return "moving"
	case Settled:
		return "settled"
	}
	return "unknown"
}

// Reading is one settled throw of the dice as the reader read it, reported once.
type Reading struct {
	Number    int // 1 for the first roll seen
	Dice      []Die
	Seen      int // dice read
	Expected  int // dice the game expects
	Uncertain bool
	Frame     int           // index of the frame that completed the read
	Time      time.Duration // that frame's time
	// Latency runs from the frame the dice stopped on to this report: the
	// frames waited for plus the time spent reading the last one.
	Latency time.Duration
}

// Values is the roll's face values, sorted.
func (r Reading) Values() []int { return sortedValues(r.Dice) }

// Event is what one frame told the watcher.
type Event struct {
	Frame   int
	State   State
	Changed bool     // State differs from the previous frame's
	Hand    bool     // an arm reaches into the tray; the state is Moving
	Reading *Reading // a new roll, reported on one frame only
	Message string   // e.g. "4 dice seen, expected 5": the count is off, so no roll
	Seen    int      // with Message: how many dice the agreeing reads saw
}

// WatchOptions tune a Watcher. The zero value suits a webcam over a tray.
type WatchOptions struct {
	Expected int // dice a roll must show; zero means five
	Agree    int // still reads that must agree, of the last 2×Agree−1; zero means three
	// Settle is how many frames without motion make the dice settled; zero
	// means seven (233 ms at 30 fps), longer than a hand pauses in the tray
	// when it picks up or puts back a die.
	Settle int
	// Motion is the share of the downscaled frame that must change between
	// frames to count as movement; zero means 0.3%, above the flicker of a
	// webcam's noise on a wooden table.
	Motion float64
	// Relearn is how many still frames something that looks like an arm
	// may stay before it is taken for part of the tray (a bag put down at
	// the edge, a lamp moved); zero means 150 (5 s), longer than a hand
	// rests in the tray.
	Relearn int
}

// recount is how many frames past settling the watcher reads on while the
// dice seen are not the dice expected: a second at 30 fps.
const recount = 30

// bareStill is how many still frames the tray laid bare where an arm was
// must show before it is learned.
const bareStill = 3

// motionWidth is the width frames are shrunk to before differencing: enough
// to see a die of 20 px move, small enough to cost nothing beside a read.
const motionWidth = 160

// Watcher turns a stream of frames into settled rolls. It reads dice only
// while the tray is still and undecided, so a long wait costs little.
type Watcher struct {
	reader FrameReader
	opts   WatchOptions

	small, grey, prev, diff gocv.Mat
	hands                   *handFinder
	held                    int     // still frames in a row with an arm in view
	side                    float64 // a die's side in the last read with dice, in pixels

	state State
	// still counts the source's frames without motion since the last
	// movement, frames a live source dropped while a read took long
	// included, so that settling takes as long however slow the reads.
	still   int
	prevIdx int           // index of the frame fed before, -1 before the first
	stopped time.Duration // time of the frame the dice came to rest on
	prevAt  time.Duration
	reads   [][]Die // the last reads since the tray went still
	decided bool    // this still spell has been reported on
	counted bool    // this still spell's count message has been given
	last    []Die   // the dice of the last reported roll
	rolls   int
}

// NewWatcher watches with r, which stays the caller's to close.
func NewWatcher(r FrameReader, opts WatchOptions) *Watcher {
	if opts.Expected <= 0 {
		opts.Expected = 5
	}
	if opts.Agree <= 0 {
		opts.Agree = 3
	}
	if opts.Settle <= 0 {
		opts.Settle = 7
	}
	if opts.Motion <= 0 {
		opts.Motion = 0.003
	}
	if opts.Relearn <= 0 {
		opts.Relearn = 150
	}
	return &Watcher{reader: r, opts: opts, hands: newHandFinder(), prevIdx: -1,
		small: gocv.NewMat(), grey: gocv.NewMat(), prev: gocv.NewMat(), diff: gocv.NewMat()}
}

// Close frees the watcher's scratch frames.
func (w *Watcher) Close() error {
	for _, m := range []*gocv.Mat{&w.small, &w.grey, &w.prev, &w.diff} {
		m.Close()
	}
	w.hands.close()
	return nil
}

// Feed looks at the next frame; it neither keeps nor closes fr.
func (w *Watcher) Feed(fr Frame) (Event, error) {
	started := time.Now()
	ev := Event{Frame: fr.Index, State: w.state}
	moved, err := w.moved(fr.Mat)
	if err != nil {
		return ev, err
	}
	ev.Hand = w.hand(fr.Mat, moved)
	switch {
	case moved || ev.Hand:
		w.still, w.reads, w.decided, w.counted = 0, nil, false, false
		w.setState(&ev, Moving)
	case w.still == 0:
		// The first still frame: the dice came to rest on the frame before,
		// or on this one if it is the first the watcher sees.
		w.stopped = fr.Time
		if fr.Index > 0 && w.state != Unknown {
			w.stopped = w.prevAt
		}
		fallthrough
	default:
		w.still += max(1, fr.Index-w.prevIdx)
		// Reading is the costly part; begin only in time to fill the window
		// of reads by the end of the settling frames, so that one misread
		// among them does not hold the roll back past them.
		if !w.decided && w.still > w.opts.Settle-(2*w.opts.Agree-1) {
			if err := w.read(fr, &ev, started); err != nil {
				return ev, err
			}
		}
	}
	if w.decided && !moved && !ev.Hand {
		// Follow the still tray, so slow changes of light never add up to
		// an arm.
		w.hands.learn()
	}
	w.prevAt, w.prevIdx = fr.Time, fr.Index
	return ev, nil
}

// hand says whether an arm reaches into frame, whose small copy moved made.
// An arm that stays still past Relearn frames is taken for part of the tray.
func (w *Watcher) hand(frame gocv.Mat, moved bool) bool {
	dieSide := w.side * float64(w.small.Cols()) / float64(max(1, frame.Cols()))
	arm, bare := w.hands.see(w.small, dieSide)
	if !arm {
		w.held = 0
		return false
	}
	if moved {
		return true
	}
	// Where the arm was is the tray laid bare once it has lain still for a
	// few frames, so that the last of the arm's blur is gone.
	if w.held++; w.held > w.opts.Relearn || bare && w.held >= bareStill {
		w.hands.learn()
		w.held = 0
		return false
	}
	return true
}

func (w *Watcher) setState(ev *Event, s State) {
	ev.Changed = s != w.state
	ev.State, w.state = s, s
}

// read adds this frame's read and decides once enough reads agree.
func (w *Watcher) read(fr Frame, ev *Event, started time.Time) error {
	dice, err := w.reader.Read(fr.Mat)
	if err != nil {
		return fmt.Errorf("watch frame %d: %w", fr.Index, err)
	}
	if len(dice) > 0 {
		w.side = side(dice[len(dice)/2])
	}
	// Keep the last few reads: a die misread on one frame of several, as
	// when its pips catch the light, should not hold the roll back.
	w.reads = append(w.reads, dice)
	if n := 2*w.opts.Agree - 1; len(w.reads) > n {
		w.reads = w.reads[len(w.reads)-n:]
	}
	agree := 0
	for _, r := range w.reads {
		if sameDice(r, dice) {
			agree++
		}
	}
	if agree < w.opts.Agree || w.still < w.opts.Settle {
		return nil
	}
	w.decided = true
	switch {
	case len(dice) == 0:
		w.setState(ev, Empty)
	case len(dice) != w.opts.Expected:
		w.setState(ev, Settled)
		if !w.counted {
			ev.Message = fmt.Sprintf("%d dice seen, expected %d", len(dice), w.opts.Expected)
			ev.Seen = len(dice)
			w.counted = true
		}
		// Keep reading a while: two touching dice can be read as one on
		// several frames in a row before a read finds them both.
		w.decided = w.still >= w.opts.Settle+recount
	default:
		w.setState(ev, Settled)
		if w.last != nil && sameRoll(w.last, dice) {
			return nil
		}
		w.rolls++
		w.last = dice
		ev.Reading = &Reading{Number: w.rolls, Dice: dice, Seen: len(dice), Expected: w.opts.Expected,
			Uncertain: slices.ContainsFunc(dice, func(d Die) bool { return d.Uncertain }),
			Frame:     fr.Index, Time: fr.Time, Latency: fr.Time - w.stopped + time.Since(started)}
	}
	return nil
}

// moved shrinks frame to grey, compares it with the previous frame and says
// whether enough of it changed to count as movement.
func (w *Watcher) moved(frame gocv.Mat) (bool, error) {
	if frame.Empty() {
		return false, fmt.Errorf("watch: empty frame")
	}
	h := max(1, frame.Rows()*motionWidth/max(1, frame.Cols()))
	gocv.Resize(frame, &w.small, image.Pt(motionWidth, h), 0, 0, gocv.InterpolationArea)
	gocv.CvtColor(w.small, &w.grey, gocv.ColorBGRToGray)
	gocv.GaussianBlur(w.grey, &w.grey, image.Pt(7, 7), 0, 0, gocv.BorderReflect101)
	defer w.grey.CopyTo(&w.prev)
	if w.prev.Empty() || w.prev.Rows() != w.grey.Rows() {
		return false, nil
	}
	gocv.AbsDiff(w.grey, w.prev, &w.diff)
	gocv.Threshold(w.diff, &w.diff, 25, 255, gocv.ThresholdBinary)
	changed := float64(gocv.CountNonZero(w.diff)) / float64(w.diff.Rows()*w.diff.Cols())
	return changed > w.opts.Motion, nil
}

// sameDice says whether two reads of a still tray agree: the same values
// at nearly the same places.
func sameDice(a, b []Die) bool {
	return len(a) == len(b) && matchDice(a, b, 0.35)
}

// sameRoll says whether b is the roll a again: each die still shows its face
// within about a die's width of where it lay, as after a nudge or a die
// picked up and put back.
func sameRoll(a, b []Die) bool {
	return len(a) == len(b) && matchDice(a, b, 1.0)
}

// matchDice pairs each die of b with an unused die of a showing the same
// value no further away than reach times the die's side.
func matchDice(a, b []Die, reach float64) bool {
	used := make([]bool, len(a))
	for _, d := range b {
		limit := reach * side(d)
		best := -1
		for i, e := range a {
			if used[i] || e.Value != d.Value {
				continue
			}
			if dist := distance(d.Center, e.Center); dist <= limit && (best < 0 || dist < distance(d.Center, a[best].Center)) {
				best = i
			}
		}
		if best < 0 {
			return false
		}
		used[best] = true
	}
	return true
}

// side is a die's side in pixels, from its box; a guess when it has none.
func side(d Die) float64 {
	s := boxSide(d)
	if s < 4 {
		return 24
	}
	return s
}

func distance(p, q image.Point) float64 {
	return math.Hypot(float64(p.X-q.X), float64(p.Y-q.Y))
}

func sortedValues(dice []Die) []int {
	v := make([]int, len(dice))
	for i, d := range dice {
		v[i] = d.Value
	}
	slices.Sort(v)
	return v
}
