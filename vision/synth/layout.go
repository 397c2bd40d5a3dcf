package synth

import (
	"math"
	"math/rand/v2"
)

// Placer scatters dice over a scene's free floor without overlaps.
type Placer struct {
	Scene *Scene
	Rng   *rand.Rand
}

// floor returns the region dice may stand in, in pixels.
func (p Placer) floor(size float64) (x0, y0, x1, y1 float64) {
	w, h := float64(p.Scene.Width), float64(p.Scene.Height)
	m := size*0.8 + 4
	if p.Scene.Tray {
		m += 0.09*math.Min(w, h) + 0.05*math.Min(w, h)
	}
	if p.Scene.Tilt > 0 {
		// The far edge of a tilted view packs the table tightly; leave room for tops.
		return m, m + size, w - m, h - m
	}
	return m, m, w - m, h - m
}

func (p Placer) free(x, y, size float64) bool {
	if p.Scene.Tray {
		// A tilted camera sees the tray as a trapezoid: check on the table.
		t, at := trayOf(*p.Scene), newCamera(*p.Scene).onTable(x, y)
		m := size * 0.8
		if at.X < t.x0+m || at.X > t.x1-m || at.Y < t.y0+m || at.Y > t.y1-m {
			return false
		}
	}
	for _, d := range p.Scene.Dice {
		if math.Hypot(d.X-x, d.Y-y) < (d.Size+size)*0.78 {
			return false
		}
	}
	return true
}

// Add places a die of the given look, value and size at a random free spot
// with a random rotation; it reports false when no spot was found.
func (p Placer) Add(st Style, faces Faces, value int, size float64) bool {
	x0, y0, x1, y1 := p.floor(size)
	for range 400 {
		x, y := x0+p.Rng.Float64()*(x1-x0), y0+p.Rng.Float64()*(y1-y0)
		if p.free(x, y, size) {
			p.Scene.Dice = append(p.Scene.Dice, st.Dress(Die{Value: value, Faces: faces, X: x, Y: y, Size: size, Angle: p.Rng.Float64() * 90}))
			return true
		}
	}
	return false
}

// AddTouching places a row of n dice side by side, faces touching, as
// dice that rolled against each other lie; it reports false when the row
// does not fit.
func (p Placer) AddTouching(st Style, n int, size float64) bool {
	x0, y0, x1, y1 := p.floor(size)
	for range 400 {
		ang := p.Rng.Float64() * 90
		x, y := x0+p.Rng.Float64()*(x1-x0), y0+p.Rng.Float64()*(y1-y0)
		dx, dy := math.Cos(ang*math.Pi/180), math.Sin(ang*math.Pi/180)
		var row []Die
		ok := true
		for i := range n {
			// Touching dice are seldom perfectly aligned: a little slip and twist.
			slip := (p.Rng.Float64() - 0.5) * 0.4 * size
			cx := x + dx*size*1.01*float64(i) - dy*slip
			cy := y + dy*size*1.01*float64(i) + dx*slip
			if cx < x0 || cx > x1 || cy < y0 || cy > y1 || !p.free(cx, cy, size) {
				ok = false
				break
			}
			row = append(row, st.Dress(Die{Value: 1 + p.Rng.IntN(6), X: cx, Y: cy, Size: size, Angle: ang + (p.Rng.Float64()-0.5)*3}))
		}
		if ok {
			p.Scene.Dice = append(p.Scene.Dice, row...)
			return true
		}
	}
	return false
}
