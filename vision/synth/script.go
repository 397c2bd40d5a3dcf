package synth

import (
	"image"
	"math"
	"math/rand/v2"
)

// pose is where a die lies and which face is up.
type pose struct {
	x, y, angle float64
	value       int
}

// motion is one stretch of a die's life: frames [from, to) and where it is
// on each; a frame no motion covers has the die out of the tray.
type motion struct {
	from, to int
	at       func(f int) Die
}

// script builds a sequence frame by frame from the dice's motions and the
// hand's reaches, so the truth follows from the same numbers as the pictures.
type script struct {
	scene  Scene // everything but dice and hands
	frames int
	rng    *rand.Rand
	dice   [][]motion
	looks  []Die // style, faces and size of each die
	hands  []func(f int) (Hand, bool)
	throws []int
}

func (s *script) die(look Die) int {
	s.looks = append(s.looks, look)
	s.dice = append(s.dice, nil)
	return len(s.looks) - 1
}

func (s *script) place(i int, p pose) Die {
	d := s.looks[i]
	d.X, d.Y, d.Angle, d.Value = p.x, p.y, p.angle, p.value
	return d
}

// rest keeps die i still at p over frames [from, to).
func (s *script) rest(i int, p pose, from, to int) {
	d := s.place(i, p)
	s.dice[i] = append(s.dice[i], motion{from, to, func(int) Die { return d }})
}

// roll throws die i from start (usually off the tray's edge) to end over
// frames [from, from+dur): fast at first, bouncing and tumbling, slowing
// down, its face settling on end.value in the last third.
func (s *script) roll(i int, start, end pose, from, dur int) {
	spin := (s.rng.Float64() - 0.5) * 1440
	hop := s.looks[i].Size * (0.6 + 0.6*s.rng.Float64())
	seed := s.rng.Uint64()
	pos := func(t float64) (x, y, ang, lift float64) {
		// Dice lose speed to friction yet still creep a pixel a frame just
		// before they stop, so the rest frame is where movement really ends.
		e := 1 - math.Pow(1-t, 1.5)
		lift = hop * math.Abs(math.Sin(3*math.Pi*t)) * (1 - t) * (1 - t)
		return start.x + (end.x-start.x)*e, start.y + (end.y-start.y)*e, end.angle - spin*(1-e), lift
	}
	s.dice[i] = append(s.dice[i], motion{from, from + dur, func(f int) Die {
		t := float64(f-from) / float64(dur)
		x, y, ang, lift := pos(t)
		v := end.value
		if t < 0.65 {
			// Tumbling: a new face every few frames.
			r := rand.New(rand.NewPCG(seed, uint64(f/3)))
			v = 1 + r.IntN(6)
		}
		d := s.place(i, pose{x, y, ang, v})
		d.Lift = lift
		// The exposure lasts about half a frame.
		x0, y0, _, _ := pos(math.Max(0, t-0.25/float64(dur)))
		x1, y1, _, _ := pos(math.Min(1, t+0.25/float64(dur)))
		d.Motion = image.Pt(int(math.Round(x1-x0)), int(math.Round(y1-y0)))
		d.Moving = true
		return d
	}})
}

// slide moves die i from a to b over frames [from, from+dur) keeping its
// face, as a finger nudges it.
func (s *script) slide(i int, a, b pose, from, dur int) {
	s.dice[i] = append(s.dice[i], motion{from, from + dur, func(f int) Die {
		t := smooth(0, 1, float64(f-from)/float64(dur))
		d := s.place(i, pose{a.x + (b.x-a.x)*t, a.y + (b.y-a.y)*t, a.angle + (b.angle-a.angle)*t, a.value})
		d.Moving = true
		return d
	}})
}

// reach brings a hand in from direction from to (x, y) over frames
// [start, start+dur): in during the first 40 %, holding still, out in the
// last 40 %. It returns the frames at which it arrives and starts to leave.
func (s *script) reach(x, y, from float64, start, dur int, grasp bool) (arrive, leave int) {
	w, h := float64(s.scene.Width), float64(s.scene.Height)
	size := 0.3 * math.Min(w, h)
	a := from * math.Pi / 180
	ox, oy := x+math.Sin(a)*(w+h)*0.7, y-math.Cos(a)*(w+h)*0.7
	in, out := start+dur*2/5, start+dur*3/5
	s.hands = append(s.hands, func(f int) (Hand, bool) {
		if f < start || f >= start+dur {
			return Hand{}, false
		}
		t := 1.0
		switch {
		case f < in:
			t = smooth(0, 1, float64(f-start)/float64(in-start))
		case f >= out:
			t = 1 - smooth(0, 1, float64(f-out)/float64(start+dur-out))
		}
		hd := Hand{X: ox + (x-ox)*t, Y: oy + (y-oy)*t, Size: size, From: from, Grasp: grasp && f >= in}
		if f < in || f >= out {
			hd.Blur = math.Hypot(x-ox, y-oy) / float64(in-start) * 0.5
		}
		return hd, true
	})
	return in, out
}

// sequence renders the script's motions into one scene per frame.
func (s *script) sequence(name, about string, seed uint64) Sequence {
	q := Sequence{Name: name, About: about, Seed: seed, throws: s.throws}
	for f := range s.frames {
		sc := s.scene
		sc.Dice = nil
		sc.Hands = nil
		for _, ms := range s.dice {
			for _, m := range ms {
				if f >= m.from && f < m.to {
					sc.Dice = append(sc.Dice, m.at(f))
					break
				}
			}
		}
		for _, h := range s.hands {
			if hd, ok := h(f); ok {
				sc.Hands = append(sc.Hands, hd)
			}
		}
		q.Frames = append(q.Frames, sc)
	}
	return q
}
