package vision

import (
	"context"
	"image"
	"io"
	"math"
	"math/rand/v2"

	"github.com/dicecam/dicecam/vision/synth"
	"gocv.io/x/gocv"
)

// DemoOptions shape the built-in demo camera. The zero value shows five dice
// rolled over and over, 640×480 at 30 frames a second, as fast as read.
type DemoOptions struct {
	FPS   float64
	Live  bool   // pace frames at FPS, as a camera would
	Seed  uint64 // the same seed shows the same rolls
	Rolls int    // end after this many rolls; zero never ends
	Dice  int    // dice a roll; zero means five
	// Ready, when set, says whether the table is ready for the next roll.
	// The dice of a roll lie still until it is, as a table's dice lie until
	// the box is scored, and only then are swept out for the next throw.
	Ready func() bool
}

// A demo roll is shown in phases, in frames at 30 fps: the empty tray, the
// dice tumbling in, the dice at rest, a hand sweeping them out.
const (
	demoEmpty  = 15
	demoTumble = 20
	demoRest   = 75
	demoHand   = 20
	demoRoll   = demoEmpty + demoTumble + demoRest + demoHand
	demoWait   = demoEmpty + demoTumble + demoRest - 1 // the frame of rest shown until the table is ready
	demoW      = 640
	demoH      = 480
	demoSide   = 48 // die side in pixels
)

// NewDemo returns a source that renders rolls of dice, so dicecam can be
// tried on a machine with no camera (--source demo).
func NewDemo(opts DemoOptions) Source {
	if opts.Dice <= 0 {
		opts.Dice = 5
	}
	fps := opts.FPS
	if fps <= 0 {
		fps = 30
	}
	d := &demo{opts: opts, ahead: map[int]gocv.Mat{}, readied: -1}
	return startFeed(context.Background(), d, feedConfig{fps: fps, live: opts.Live})
}

func demoScene() synth.Scene {
	return synth.Scene{Width: demoW, Height: demoH, Surface: synth.Felt, Tray: true, Noise: 1,
		Light: synth.Light{Azimuth: 40, Shadow: 0.3, Length: 0.35}}
}

// demoLayout is where roll k comes to rest: a function of seed and k only.
func demoLayout(opts DemoOptions, k int) []synth.Die {
	rng := rand.New(rand.NewPCG(opts.Seed, uint64(k)))
	sc := demoScene()
	p := synth.Placer{Scene: &sc, Rng: rng}
	for range opts.Dice {
		p.Add(synth.StyleNamed("white"), synth.Pips, 1+rng.IntN(6), demoSide)
	}
	return sc.Dice
}

// demo renders its frames with synth. A render takes tens of milliseconds,
// so a frame that looks like the one before (the tray at rest) reuses it,
// the tumble is rendered every other frame and the hand every fourth.
// Renders are made ahead, while the dice lie long settled, so that none
// competes with the reader while the dice come to rest and are read.
type demo struct {
	opts    DemoOptions
	frame   int
	ahead   map[int]gocv.Mat // pictures by key, for this frame and those to come
	readied int              // the last roll whose frames to come are all rendered
	renders int              // renders made while a frame waited, for tests
}

// demoQuiet is the frame of a roll from which on its dice have long been
// read and the demo renders ahead: ten frames after the watcher's default
// settling.
const demoQuiet = demoEmpty + demoTumble + 17

func (d *demo) grab(dst *gocv.Mat) error {
	k, t := d.frame/demoRoll, d.frame%demoRoll
	if d.opts.Rolls > 0 && k >= d.opts.Rolls {
		return io.EOF
	}
	if t != demoWait || d.opts.Ready == nil || d.opts.Ready() {
		d.frame++
	}
	sc, key := demoFrame(d.opts, k, t)
	for old, m := range d.ahead {
		if old < key {
			m.Close()
			delete(d.ahead, old)
		}
	}
	img, ok := d.ahead[key]
	if !ok {
		var err error
		if img, err = d.render(sc, key); err != nil {
			return err
		}
		d.renders++
	}
	img.CopyTo(dst)
	if t >= demoQuiet && t < demoEmpty+demoTumble+demoRest && d.readied < k {
		return d.renderAhead(k, t)
	}
	return nil
}

func (d *demo) render(sc synth.Scene, key int) (gocv.Mat, error) {
	img, _, err := synth.Render(sc, d.opts.Seed+uint64(key))
	if err != nil {
		return gocv.Mat{}, err
	}
	d.ahead[key] = img
	return img, nil
}

// renderAhead renders one picture not yet made of the frames from t of roll
// k to the next roll's dice at rest: the hand sweeping these dice out, the
// next tumble. One a frame spreads the work over the quiet frames.
func (d *demo) renderAhead(k, t int) error {
	end := (k+1)*demoRoll + demoEmpty + demoTumble
	for f := k*demoRoll + t + 1; f <= end; f++ {
		if d.opts.Rolls > 0 && f/demoRoll >= d.opts.Rolls {
			break
		}
		sc, key := demoFrame(d.opts, f/demoRoll, f%demoRoll)
		if _, ok := d.ahead[key]; !ok {
			_, err := d.render(sc, key)
			return err
		}
	}
	d.readied = k
	return nil
}

func (d *demo) close() error {
	for _, m := range d.ahead {
		m.Close()
	}
	return nil
}

// demoFrame is the scene of frame t of roll k, and a key that is the same
// for frames that look the same.
func demoFrame(opts DemoOptions, k, t int) (synth.Scene, int) {
	sc := demoScene()
	key := k * demoRoll
	rest := demoLayout(opts, k)
	switch {
	case t < demoEmpty:
		return sc, key
	case t < demoEmpty+demoTumble:
		f := (t - demoEmpty) &^ 1
		rng := rand.New(rand.NewPCG(opts.Seed^uint64(k), uint64(f/4)))
		for _, die := range rest {
			sc.Dice = append(sc.Dice, tumbling(die, float64(f)/demoTumble, rng))
		}
		return sc, key + demoEmpty + f
	case t < demoEmpty+demoTumble+demoRest:
		sc.Dice = rest
		return sc, key + demoEmpty + demoTumble
	}
	// A hand reaches in from the right, takes the dice and leaves.
	h := (t - demoEmpty - demoTumble - demoRest) &^ 3 // a hand costs the most to render
	reach := 1 - math.Abs(float64(h)/(demoHand/2)-1)
	if h < demoHand/2 {
		sc.Dice = rest
	}
	sc.Hands = []synth.Hand{{X: demoW + 60 - reach*(demoW/2+60), Y: demoH / 2, Size: 0.3 * demoH, From: 90, Grasp: h >= demoHand/2}}
	return sc, key + demoEmpty + demoTumble + demoRest + h
}

// tumbling is die at fraction t of its way in from the left, spinning and
// showing random faces until near the end.
func tumbling(die synth.Die, t float64, rng *rand.Rand) synth.Die {
	e := 1 - math.Pow(1-t, 1.5)
	from := 320.0
	die.X -= from * (1 - e)
	die.Angle += 540 * (1 - e)
	die.Lift = 0.8 * demoSide * math.Abs(math.Sin(3*math.Pi*t)) * (1 - t) * (1 - t)
	speed := 1.5 * from * math.Sqrt(1-t) / demoTumble // pixels a frame, from de/dt
	die.Motion = image.Pt(int(speed/2), 0)
	die.Moving = true
	if t < 0.65 {
		die.Value = 1 + rng.IntN(6)
	}
	return die
}
