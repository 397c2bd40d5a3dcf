package synth

import (
	"math/rand/v2"
)

// Sequence pictures are small so six clips fit in testdata's budget.
const seqWidth, seqHeight = 400, 300

func newScript(seed uint64, frames int) *script {
	rng := rand.New(rand.NewPCG(seed, 0x5e9))
	return &script{
		scene:  Scene{Width: seqWidth, Height: seqHeight, Surface: Felt, Tray: true, Light: Light{Azimuth: rng.Float64() * 360, Shadow: 0.3, Length: 0.35}, Noise: 1},
		frames: frames,
		rng:    rng,
	}
}

// scatter adds n dice of the given style and returns where they come to
// rest, clear of the dice in keep.
func (s *script) scatter(n int, st Style, size float64, keep []pose) []pose {
	sc := s.scene
	for _, k := range keep {
		sc.Dice = append(sc.Dice, Die{X: k.x, Y: k.y, Size: size})
	}
	p := Placer{Scene: &sc, Rng: s.rng}
	for range n {
		p.Add(st, Pips, 1+s.rng.IntN(6), size)
	}
	var out []pose
	for _, d := range sc.Dice[len(keep):] {
		out = append(out, pose{d.X, d.Y, d.Angle, d.Value})
	}
	return out
}

// settled adds n dice of style st lying at rest from frame 0, which makes
// roll 1 at frame 0; the first busy of them are left for the caller to move.
func (s *script) settled(n, busy int, st Style, size float64) ([]int, []pose) {
	rest := s.scatter(n, st, size, nil)
	s.throws = append(s.throws, 0)
	ids := make([]int, n)
	for k, p := range rest {
		ids[k] = s.die(st.Dress(Die{Size: size}))
		if k >= busy {
			s.rest(ids[k], p, 0, s.frames)
		}
	}
	return ids, rest
}

// throwIn rolls dice ids in from the bottom edge at frame start to ends,
// with a hand that lets them go, and keeps them there until the end.
func (s *script) throwIn(ids []int, ends []pose, start int) {
	w, h := float64(s.scene.Width), float64(s.scene.Height)
	hx := w * (0.3 + 0.4*s.rng.Float64())
	s.reach(hx, h*0.92, 180, start-8, 18, false)
	s.throws = append(s.throws, start)
	for k, id := range ids {
		size := s.looks[id].Size
		from := pose{hx + (s.rng.Float64()-0.5)*2*size, h + size*0.6, s.rng.Float64() * 90, 1}
		begin, dur := start+k, 26+s.rng.IntN(10)
		s.roll(id, from, ends[k], begin, dur)
		s.rest(id, ends[k], begin+dur, s.frames)
	}
}

// Sequences returns the recorded clips committed under testdata/sequences.
// The list is fixed: changing it changes the committed files.
func Sequences() []Sequence {
	white := Styles()[0]
	const size = 30
	var out []Sequence

	{ // Dice thrown into an empty tray.
		s := newScript(1, 90)
		ends := s.scatter(5, white, size, nil)
		var ids []int
		for range ends {
			ids = append(ids, s.die(white.Dress(Die{Size: size})))
		}
		s.throwIn(ids, ends, 14)
		out = append(out, s.sequence("roll-in", "five dice thrown into an empty tray, tumbling with motion blur, settling", 1))
	}
	{ // Keep two, pick up three one by one, throw them again.
		s := newScript(2, 150)
		ids, rest := s.settled(5, 3, StyleNamed("red"), size)
		for k := range 3 {
			arrive, _ := s.reach(rest[k].x, rest[k].y, 150+float64(k)*20, 14+k*18, 18, true)
			s.rest(ids[k], rest[k], 0, arrive)
		}
		ends := s.scatter(3, white, size, rest[3:])
		s.throwIn(ids[:3], ends, 80)
		out = append(out, s.sequence("reroll", "five dice at rest; a hand takes three away one by one and throws them again", 2))
	}
	{ // A finger nudges one die: same roll.
		s := newScript(3, 80)
		ids, rest := s.settled(5, 1, StyleNamed("ivory"), size)
		p := rest[0]
		arrive, leave := s.reach(p.x+size*0.6, p.y+size*0.3, 200, 15, 30, false)
		moved := pose{p.x - 10, p.y - 4, p.angle + 8, p.value}
		s.rest(ids[0], p, 0, arrive)
		s.slide(ids[0], p, moved, arrive, leave-arrive)
		s.rest(ids[0], moved, leave, s.frames)
		out = append(out, s.sequence("nudge", "five dice at rest; a finger nudges one a little, same face up: no new roll", 3))
	}
	{ // One die picked up and put back as it was: same roll.
		s := newScript(4, 100)
		ids, rest := s.settled(5, 1, StyleNamed("black"), size)
		p := rest[0]
		taken, _ := s.reach(p.x, p.y, 120, 15, 24, true)
		back, _ := s.reach(p.x, p.y, 120, 50, 24, true)
		s.rest(ids[0], p, 0, taken)
		s.rest(ids[0], p, back, s.frames)
		out = append(out, s.sequence("put-back", "five dice at rest; a hand picks one up and puts it back as it was: no new roll", 4))
	}
	{ // Two dice taken away: a message, not a roll.
		s := newScript(5, 90)
		ids, rest := s.settled(5, 2, white, size)
		for k := range 2 {
			end, _ := s.reach(rest[k].x, rest[k].y, 90, 12+k*28, 22, true)
			s.rest(ids[k], rest[k], 0, end)
		}
		out = append(out, s.sequence("remove", "five dice at rest; a hand takes two away, leaving three: no new roll", 5))
	}
	{ // A fast throw across a wooden table seen at an angle.
		s := newScript(6, 80)
		s.scene.Surface, s.scene.Tray, s.scene.Tilt = Wood, false, 25
		sc := s.scene
		p := Placer{Scene: &sc, Rng: s.rng}
		p.AddTouching(white, 2, size+6)
		for range 3 {
			p.Add(white, Pips, 1+s.rng.IntN(6), size+6)
		}
		s.throws = append(s.throws, 6)
		for k, d := range sc.Dice {
			id := s.die(white.Dress(Die{Size: size + 6}))
			end := pose{d.X, d.Y, d.Angle, d.Value}
			from := pose{-size * 2, float64(seqHeight)*0.3 + float64(k)*30, 0, 1}
			dur := 16 + s.rng.IntN(6)
			s.roll(id, from, end, 6+k, dur)
			s.rest(id, end, 6+k+dur, s.frames)
		}
		out = append(out, s.sequence("fast-throw", "five dice thrown hard across a wooden table seen at an angle; two land touching", 6))
	}
	return out
}
