package synth

import (
	"context"
	"fmt"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// FPS is the frame rate of every sequence.
const FPS = 30

// State is what a watcher should make of one frame.
type State string

const (
	Empty  State = "empty"  // no dice, no hand
	Moving State = "moving" // a die moves or a hand is in view
	Still  State = "still"  // dice lie still and nothing else is there
)

// State returns what a watcher should make of the frame t describes.
func (t Truth) State() State {
	switch {
	case t.Moving || t.Hands > 0:
		return Moving
	case len(t.Dice) == 0:
		return Empty
	}
	return Still
}

// Roll is one roll a watcher must report: the frame on which the dice come
// to rest and their values, sorted.
type Roll struct {
	Number int
	Frame  int
	Values []int
}

// Sequence is a recorded clip at FPS frames a second: the scene of every
// frame, and the rolls it holds.
type Sequence struct {
	Name   string
	About  string
	Frames []Scene
	Seed   uint64
	throws []int // frames at which a new throw begins
}

// Render draws every frame in order and hands each to fn with its truth;
// the Mat is closed when fn returns, so fn must copy what it keeps.
func (q Sequence) Render(ctx context.Context, fn func(i int, img gocv.Mat, t Truth) error) error {
	if len(q.Frames) == 0 {
		return fmt.Errorf("sequence %s has no frames", q.Name)
	}
	if err := q.Frames[0].validate(); err != nil {
		return fmt.Errorf("sequence %s: %w", q.Name, err)
	}
	bg := background(q.Frames[0], q.Seed)
	defer bg.Close()
	for i, s := range q.Frames {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.validate(); err != nil {
			return fmt.Errorf("sequence %s frame %d: %w", q.Name, i, err)
		}
		img, truth := renderOver(bg, s, q.Seed*100003+uint64(i))
		err := fn(i, img, truth)
		img.Close()
		if err != nil {
			return err
		}
	}
	return nil
}

// Truths returns the truth of every frame without drawing pictures, so
// with every die's Shown left zero.
func (q Sequence) Truths() []Truth {
	out := make([]Truth, len(q.Frames))
	for i, s := range q.Frames {
		cam := newCamera(s)
		for _, k := range depthOrder(s, cam) {
			d := s.Dice[k]
			if dt, ok := dieTruth(d, cam, s.Width, s.Height); ok {
				dt.Index = k
				out[i].Dice = append(out[i].Dice, dt)
				out[i].Moving = out[i].Moving || d.Moving
			}
		}
		for _, h := range s.Hands {
			if handInView(h, s.Width, s.Height) {
				out[i].Hands++
				out[i].Moving = true
			}
		}
	}
	return out
}

// Rolls returns the rolls a watcher must report: after each throw, the
// first frame on which everything is still, with the values then in view.
// Nudging a die or putting one back as it was is no throw.
func (q Sequence) Rolls() []Roll {
	truths := q.Truths()
	var rolls []Roll
	for _, start := range q.throws {
		for f := start; f < len(truths); f++ {
			if truths[f].State() == Still {
				rolls = append(rolls, Roll{Number: len(rolls) + 1, Frame: f, Values: slices.Sorted(slices.Values(truths[f].Values()))})
				break
			}
		}
	}
	return rolls
}

// handInView tells whether any of the hand or arm is in the picture: the
// palm or the arm's line from it to far off the picture.
func handInView(h Hand, w, ht int) bool {
	a := h.From * math.Pi / 180
	ax, ay := math.Sin(a), -math.Cos(a)
	r := h.Size
	for t := 0.0; t < float64(w+ht)*2; t += r / 2 {
		x, y := h.X+ax*t, h.Y+ay*t
		if x > -r && y > -r && x < float64(w)+r && y < float64(ht)+r {
			return true
		}
	}
	return false
}
