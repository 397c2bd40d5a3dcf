package vision

import (
	"context"
	"image"
	"image/color"
	"io"
	"math"
	"math/rand/v2"

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
}

// A demo roll is shown in phases, in frames at 30 fps: the empty tray, the
// dice tumbling in, the dice at rest, a hand sweeping them out.
const (
	demoEmpty  = 15
	demoTumble = 20
	demoRest   = 75
	demoHand   = 20
	demoRoll   = demoEmpty + demoTumble + demoRest + demoHand
	demoW      = 640
	demoH      = 480
	demoSide   = 56 // die side in pixels
)

var (
	demoBody  = color.RGBA{235, 235, 235, 0}
	demoPip   = color.RGBA{20, 20, 20, 0}
	demoSkin  = color.RGBA{120, 160, 215, 0}
	demoCells = image.Point{5, 3} // rest positions never overlap: one die a cell
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
	d := &demo{opts: opts}
	return startFeed(context.Background(), d, feedConfig{fps: fps, live: opts.Live})
}

// DemoRolls is the face values of the first n rolls the demo with opts shows.
func DemoRolls(opts DemoOptions, n int) [][]int {
	if opts.Dice <= 0 {
		opts.Dice = 5
	}
	rolls := make([][]int, n)
	for k := range rolls {
		for _, d := range demoLayout(opts, k) {
			rolls[k] = append(rolls[k], d.value)
		}
	}
	return rolls
}

type demo struct {
	opts  DemoOptions
	frame int
}

type demoDie struct {
	center image.Point
	angle  float64 // radians
	value  int
}

// demoLayout is where roll k comes to rest: a function of seed and k only.
func demoLayout(opts DemoOptions, k int) []demoDie {
	rng := rand.New(rand.NewPCG(opts.Seed, uint64(k)))
	cells := rng.Perm(demoCells.X * demoCells.Y)[:opts.Dice]
	cw, ch := demoW/demoCells.X, demoH/demoCells.Y
	dice := make([]demoDie, len(cells))
	for i, c := range cells {
		x := (c%demoCells.X)*cw + cw/2 + rng.IntN(cw/3) - cw/6
		y := (c/demoCells.X)*ch + ch/2 + rng.IntN(ch/3) - ch/6
		dice[i] = demoDie{center: image.Pt(x, y), angle: rng.Float64() * math.Pi / 2, value: 1 + rng.IntN(6)}
	}
	return dice
}

func (d *demo) grab(dst *gocv.Mat) error {
	k, t := d.frame/demoRoll, d.frame%demoRoll
	if d.opts.Rolls > 0 && k >= d.opts.Rolls {
		return io.EOF
	}
	d.frame++
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 110, 45, 0), demoH, demoW, gocv.MatTypeCV8UC3) // green felt
	defer img.Close()
	dice := demoLayout(d.opts, k)
	switch {
	case t < demoEmpty:
	case t < demoEmpty+demoTumble:
		// Ease in from the left, spinning and showing random faces.
		rest := 1 - float64(t-demoEmpty+1)/demoTumble
		for i, die := range dice {
			die.center.X -= int(300 * rest * rest)
			die.angle += 4 * math.Pi * rest
			if rest > 0 {
				die.value = 1 + (i+t/3)%6
			}
			drawDie(&img, die)
		}
	case t < demoEmpty+demoTumble+demoRest:
		for _, die := range dice {
			drawDie(&img, die)
		}
	default:
		h := t - (demoEmpty + demoTumble + demoRest)
		if h < demoHand/2 {
			for _, die := range dice {
				drawDie(&img, die)
			}
		}
		x := demoW + 120 - (demoW+240)*h/demoHand
		gocv.Ellipse(&img, image.Pt(x, demoH/2), image.Pt(130, 90), 0, 0, 360, demoSkin, -1)
	}
	img.CopyTo(dst)
	return nil
}

func (d *demo) close() error { return nil }

// pipSpots are the pip places of each face in quarters of the die's side.
var pipSpots = [7][][2]float64{
	1: {{0, 0}},
	2: {{-1, -1}, {1, 1}},
	3: {{-1, -1}, {0, 0}, {1, 1}},
	4: {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}},
	5: {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	6: {{-1, -1}, {-1, 0}, {-1, 1}, {1, -1}, {1, 0}, {1, 1}},
}

func drawDie(img *gocv.Mat, d demoDie) {
	sin, cos := math.Sincos(d.angle)
	at := func(u, v float64) image.Point {
		return image.Pt(d.center.X+int(math.Round(u*cos-v*sin)), d.center.Y+int(math.Round(u*sin+v*cos)))
	}
	h := float64(demoSide) / 2
	body := gocv.NewPointsVectorFromPoints([][]image.Point{{at(-h, -h), at(h, -h), at(h, h), at(-h, h)}})
	defer body.Close()
	gocv.FillPoly(img, body, demoBody)
	q := float64(demoSide) / 4
	for _, s := range pipSpots[d.value] {
		gocv.Circle(img, at(s[0]*q, s[1]*q), demoSide/10, demoPip, -1)
	}
}
