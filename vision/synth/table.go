package synth

import (
	"image/color"
	"math"
	"math/rand/v2"

	"gocv.io/x/gocv"
)

// tray is the dice tray's floor in table space with its wall height.
type tray struct {
	x0, y0, x1, y1, wall, rim float64
}

func trayOf(s Scene) tray {
	w, h := float64(s.Width), float64(s.Height)
	m := 0.09 * math.Min(w, h)
	return tray{-w/2 + m, -h/2 + m, w/2 - m, h/2 - m, 0.05 * math.Min(w, h), 0.025 * math.Min(w, h)}
}

func (t tray) inside(p vec3) bool { return p.X >= t.x0 && p.X <= t.x1 && p.Y >= t.y0 && p.Y <= t.y1 }

// paintTable fills pix (BGR, the scene's size) with the table or tray floor
// as the camera sees it.
func paintTable(pix []uint8, s Scene, cam camera, rng *rand.Rand) {
	n := newNoise(rng)
	tr := trayOf(s)
	// Real surfaces vary in tone from one table to the next.
	tone := 1 + (rng.Float64()-0.5)*0.12
	var floor *noise
	var corners []vec3
	if s.Walls.Sides > 0 {
		floor, corners = newNoise(rng), s.Walls.corners()
	}
	for y := range s.Height {
		for x := range s.Width {
			p := cam.onTable(float64(x)+0.5, float64(y)+0.5)
			var c [3]float64
			switch {
			case s.Tray && !tr.inside(p):
				c = lightBox(p, n)
			case floor != nil && inside(corners, p, 0):
				c = surfaceAt(s.Walls.Floor, s.Walls.Cover, p, floor)
			default:
				c = surfaceAt(s.Surface, s.Cover, p, n)
			}
			i := 3 * (y*s.Width + x)
			pix[i], pix[i+1], pix[i+2] = clamp255(c[2]*tone), clamp255(c[1]*tone), clamp255(c[0]*tone)
		}
	}
}

// surface returns the RGB colour of a surface at table point p.
func surface(kind Surface, p vec3, n *noise) [3]float64 {
	switch kind {
	case Wood, Desk:
		// Grain: wavy lines of varying strength along the boards, broad
		// streaks, and fibres.
		warp := 40 * n.fbm(p.X/300, p.Y/80, 4)
		g := math.Sin((p.Y + warp) * 2 * math.Pi / (20 + 6*n.at(p.X/500+3, 0.5)))
		line := math.Max(0, g-0.7) / 0.3 * (0.5 + 0.5*n.at(p.X/90+7, p.Y/30))
		band := n.fbm(p.X/400+20, p.Y/25, 2)
		fine := n.at(p.X/1.5, p.Y/8)
		if kind == Desk {
			k := 1 - 0.07*line + 0.04*band + 0.015*fine
			return [3]float64{224 * k, 206 * k, 176 * k}
		}
		k := 1 - 0.25*line + 0.15*band + 0.05*fine
		return [3]float64{120 * k, 72 * k, 40 * k}
	case Cloth:
		weave := 0.5 * (math.Sin(p.X*2.1) * math.Sin(p.Y*2.1))
		k := 1 + 0.08*weave + 0.12*n.fbm(p.X/80, p.Y/80, 3) + 0.08*n.at(p.X/1.2, p.Y/1.2)
		return [3]float64{38 * k, 40 * k, 48 * k}
	}
	k := 1 + 0.05*n.fbm(p.X/70, p.Y/70, 3) + 0.05*n.at(p.X/1.1, p.Y/1.1)
	return [3]float64{168 * k, 166 * k, 160 * k}
}

func lightBox(p vec3, n *noise) [3]float64 {
	k := 1 + 0.02*n.fbm(p.X/150, p.Y/150, 2)
	return [3]float64{236 * k, 236 * k, 232 * k}
}

// drawTrayWalls draws the tray's walls and rim over the painted floor.
func drawTrayWalls(img *gocv.Mat, s Scene, cam camera) {
	t := trayOf(s)
	in := [4]vec3{{t.x0, t.y0, 0}, {t.x1, t.y0, 0}, {t.x1, t.y1, 0}, {t.x0, t.y1, 0}}
	up := func(v vec3, grow float64) vec3 {
		dx, dy := math.Copysign(grow, v.X), math.Copysign(grow, v.Y)
		return vec3{v.X + dx, v.Y + dy, t.wall}
	}
	for i := range 4 {
		a, b := in[i], in[(i+1)%4]
		// Inner walls facing the camera show; the others hide behind the rim.
		mid := a.add(b).scale(0.5)
		inward := vec3{-mid.X, -mid.Y, 0}
		if inward.dot(cam.pos.sub(mid)) < 0 {
			continue
		}
		shade := 0.78 + 0.12*float64(i%2)
		fillQuad(img, cam, [4]vec3{a, b, up(b, 0), up(a, 0)}, color.RGBA{uint8(150 * shade), uint8(150 * shade), uint8(148 * shade), 255})
	}
	for i := range 4 {
		a, b := in[i], in[(i+1)%4]
		fillQuad(img, cam, [4]vec3{up(a, 0), up(b, 0), up(b, t.rim), up(a, t.rim)}, color.RGBA{34, 34, 40, 255})
	}
}

func fillQuad(img *gocv.Mat, cam camera, q [4]vec3, c color.RGBA) { fillPoly(img, cam, q[:], c) }
