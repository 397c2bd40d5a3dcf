package synth

import (
	"math"
	"math/rand/v2"
)

// noise is smooth value noise on a lattice, seeded so pictures repeat.
type noise struct {
	perm [512]uint8
	vals [256]float64
}

func newNoise(rng *rand.Rand) *noise {
	n := &noise{}
	for i, p := range rng.Perm(256) {
		n.perm[i], n.perm[i+256] = uint8(p), uint8(p)
		n.vals[i] = rng.Float64()*2 - 1
	}
	return n
}

func (n *noise) lattice(i, j int) float64 {
	return n.vals[n.perm[int(n.perm[i&255])+(j&255)]]
}

// at returns smooth noise in [-1, 1] with features about one unit apart.
func (n *noise) at(x, y float64) float64 {
	fx, fy := math.Floor(x), math.Floor(y)
	i, j := int(fx), int(fy)
	tx, ty := x-fx, y-fy
	tx, ty = tx*tx*(3-2*tx), ty*ty*(3-2*ty)
	a := n.lattice(i, j) + tx*(n.lattice(i+1, j)-n.lattice(i, j))
	b := n.lattice(i, j+1) + tx*(n.lattice(i+1, j+1)-n.lattice(i, j+1))
	return a + ty*(b-a)
}

// fbm sums octaves of noise for natural-looking blotches.
func (n *noise) fbm(x, y float64, octaves int) float64 {
	sum, amp, norm := 0.0, 1.0, 0.0
	for range octaves {
		sum += amp * n.at(x, y)
		norm += amp
		x, y, amp = x*2.03+17.1, y*2.03+5.3, amp*0.5
	}
	return sum / norm
}

func clamp255(v float64) uint8 {
	switch {
	case v <= 0:
		return 0
	case v >= 255:
		return 255
	}
	return uint8(v + 0.5)
}
