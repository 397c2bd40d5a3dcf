package strategy

import (
	"context"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// A state is the card between turns as far as the future is concerned: which
// boxes are filled, the upper subtotal capped at the bonus line (only whether
// the bonus is still to earn matters, and how far off), and whether the five
// box holds its top score (so each further five alike earns its bonus).
type space struct {
	boxes int
	ups   int // upper subtotals tracked: 0..bonusAt
	ys    int // 2 when five-alike bonuses exist, else 1
	// reach[mask] lists the upper subtotals some play reaches with exactly
	// those boxes filled; the solver skips the rest.
	reach [][]int8
	// hope[mask] is the lowest upper subtotal from which the open number
	// boxes can still earn the bonus. Below it, and at the bonus line, the
	// bonus is decided and the subtotal no longer changes what play is worth.
	hope []int
}

func newSpace(g *game) *space {
	s := &space{boxes: len(g.boxes), ups: g.bonusAt + 1, ys: 1}
	if g.fiveBonus > 0 {
		s.ys = 2
	}
	var upperBits uint32
	for b := range g.boxes {
		if g.upper(b) {
			upperBits |= 1 << b
		}
	}
	// Reachable subtotals depend only on which upper boxes are filled: build
	// them box by box over the upper masks, then share them out.
	byUpper := map[uint32][]bool{0: reachOne(s.ups)}
	for mask := uint32(0); mask < 1<<s.boxes; mask++ {
		if mask&^upperBits != 0 || mask == 0 {
			continue
		}
		b := bits.TrailingZeros32(mask)
		prev := byUpper[mask&^(1<<b)]
		cur := make([]bool, s.ups)
		for up, ok := range prev {
			if !ok {
				continue
			}
			for _, v := range g.upperValues[b] {
				cur[g.capUp(up+v)] = true
			}
		}
		byUpper[mask] = cur
	}
	s.reach = make([][]int8, 1<<s.boxes)
	s.hope = make([]int, 1<<s.boxes)
	for mask := range s.reach {
		s.hope[mask] = g.bonusAt
		for b := range g.boxes {
			if g.upper(b) && mask&(1<<b) == 0 {
				s.hope[mask] -= slices.Max(g.upperValues[b])
			}
		}
		for up, ok := range byUpper[uint32(mask)&upperBits] {
			if ok {
				s.reach[mask] = append(s.reach[mask], int8(up))
			}
		}
	}
	return s
}

func reachOne(n int) []bool {
	r := make([]bool, n)
	r[0] = true
	return r
}

func (g *game) capUp(up int) int { return min(up, g.bonusAt) }

// decided says whether the upper bonus is already earned or out of reach, so
// that every such subtotal of the mask has the same worth.
func (s *space) decided(mask uint32, up int) bool {
	return up >= s.ups-1 || up < s.hope[mask]
}

func (s *space) size() int { return (1 << s.boxes) * s.ups * s.ys }

func (s *space) index(mask uint32, up, y int) int {
	return (int(mask)*s.ups+up)*s.ys + y
}

// yStates is how many five-box states a mask has: the flag means something
// only once the five box is filled.
func (s *space) yStates(g *game, mask uint32) int {
	if g.fiveBonus > 0 && mask&(1<<g.five) != 0 {
		return 2
	}
	return 1
}

// solver fills the table of expected further points from every state.
type solver struct {
	g     *game
	sp    *space
	value []float64
}

// turn is one worker's scratch space for playing out a turn.
type turn struct {
	roll3, roll2, roll1 [numRolls]float64
	keep, best          [numKeeps]float64
	options             []option
}

// solve works back from the full card. States with the same number of filled
// boxes only read states with more, so each level is split among workers.
// Every state's value is the same arithmetic whichever worker computes it, so
// the table is the same bit for bit from run to run.
func (s *solver) solve(ctx context.Context, progress func(done, total int)) (states int, err error) {
	s.value = make([]float64, s.sp.size())
	levels := make([][]uint32, s.sp.boxes+1)
	total := 0
	for mask := uint32(0); mask < 1<<s.sp.boxes; mask++ {
		n := bits.OnesCount32(mask)
		levels[n] = append(levels[n], mask)
		total += s.sp.statesOf(s.g, mask)
	}
	report := newReporter(progress, total)
	full := levels[s.sp.boxes][0]
	report.add(s.sp.statesOf(s.g, full)) // the full card is worth nothing more
	workers := runtime.GOMAXPROCS(0)
	for level := s.sp.boxes - 1; level >= 0; level-- {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		masks := levels[level]
		var next atomic.Int64
		var wg sync.WaitGroup
		for range min(workers, len(masks)) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				t := new(turn)
				for {
					i := int(next.Add(1)) - 1
					if i >= len(masks) || ctx.Err() != nil {
						return
					}
					s.solveMask(t, masks[i])
					report.add(s.sp.statesOf(s.g, masks[i]))
				}
			}()
		}
		wg.Wait()
	}
	report.finish()
	return total, ctx.Err()
}

// solveMask values every state of one set of filled boxes. The subtotals at
// which the bonus is decided share one value, worked out once.
func (s *solver) solveMask(t *turn, mask uint32) {
	for y := range s.sp.yStates(s.g, mask) {
		shared := -1
		for _, up := range s.sp.reach[mask] {
			i := s.sp.index(mask, int(up), y)
			switch {
			case !s.sp.decided(mask, int(up)):
				s.value[i] = s.stateValue(t, mask, int(up), y)
			case shared < 0:
				s.value[i] = s.stateValue(t, mask, int(up), y)
				shared = i
			default:
				s.value[i] = s.value[shared]
			}
		}
	}
}

func (s *space) statesOf(g *game, mask uint32) int {
	return len(s.reach[mask]) * s.yStates(g, mask)
}

// reporter passes progress on from many workers, one call at a time and
// only when the whole percentage moves, so a page or a terminal is not
// flooded with updates.
type reporter struct {
	fn          func(done, total int)
	total       int
	mu          sync.Mutex
	done, shown int
}

func newReporter(fn func(done, total int), total int) *reporter {
	return &reporter{fn: fn, total: total}
}

func (r *reporter) add(n int) {
	if r.fn == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done += n
	if 100*r.done/max(r.total, 1) > 100*r.shown/max(r.total, 1) {
		r.shown = r.done
		r.fn(r.done, r.total)
	}
}

func (r *reporter) finish() {
	if r.fn == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.shown < r.total && r.done >= r.total {
		r.shown = r.done
		r.fn(r.done, r.total)
	}
}

// stateValue is the expected further score of a turn started in the state.
func (s *solver) stateValue(t *turn, mask uint32, up, y int) float64 {
	s.lastRoll(t, mask, up, y)
	s.g.dice.bestKeeps(&t.roll3, &t.keep, &t.best)
	copy(t.roll2[:], t.best[:numRolls])
	s.g.dice.bestKeeps(&t.roll2, &t.keep, &t.best)
	copy(t.roll1[:], t.best[:numRolls])
	v := 0.0
	for r, p := range &s.g.dice.prob {
		v += p * t.roll1[r]
	}
	return v
}

// lastRoll fills, for every roll, the best points now plus expected points
// later over the boxes the roll may go in. Points and values are never
// negative, so the maximum compares bits as bestKeeps does, starting from 0.
func (s *solver) lastRoll(t *turn, mask uint32, up, y int) {
	g := s.g
	var v [numRolls]uint64
	for b := range g.boxes {
		if mask&(1<<b) != 0 {
			continue
		}
		next := mask | 1<<b
		switch {
		case g.upper(b):
			var later [8]uint64 // a power of two, so the class needs no bounds check
			for c, p := range g.upperValues[b] {
				later[c] = math.Float64bits(float64(p+g.bonusFor(up, p)) + s.value[s.sp.index(next, g.capUp(up+p), y)])
			}
			class := &g.upperClass[b]
			for r := range v {
				v[r] = max(v[r], later[class[r]&7])
			}
		case b == g.five && s.sp.ys == 2:
			missed, made := s.value[s.sp.index(next, up, 0)], s.value[s.sp.index(next, up, 1)]
			pts := &g.points[b]
			for r := range v {
				x := pts[r] + missed
				if pts[r] > 0 {
					x = pts[r] + made
				}
				v[r] = max(v[r], math.Float64bits(x))
			}
		default:
			later := s.value[s.sp.index(next, up, y)]
			pts := &g.points[b]
			for r := range v {
				v[r] = max(v[r], math.Float64bits(pts[r]+later))
			}
		}
	}
	for r := range v {
		t.roll3[r] = math.Float64frombits(v[r])
	}
	if g.five >= 0 && mask&(1<<g.five) != 0 {
		for f := range faces {
			t.roll3[g.fiveRolls[f]] = s.bestFiveAlike(t, mask, up, y, f)
		}
	}
}

// bonusFor is the upper bonus earned by adding p to subtotal up.
func (g *game) bonusFor(up, p int) int {
	if g.bonus > 0 && up < g.bonusAt && up+p >= g.bonusAt {
		return g.bonus
	}
	return 0
}

// bestFiveAlike scores five alike once the five box is filled, where the
// joker and the further bonus change the boxes it may go in and their worth.
func (s *solver) bestFiveAlike(t *turn, mask uint32, up, y, f int) float64 {
	best := math.Inf(-1)
	t.options = s.g.fiveAlikeOptions(t.options[:0], mask, f)
	for _, o := range t.options {
		if x := s.afterScoring(mask, up, y, o.box, o.points, true); x > best {
			best = x
		}
	}
	return best
}

// afterScoring is points now, bonuses now and the expected points after
// putting points in box b.
func (s *solver) afterScoring(mask uint32, up, y, b, points int, five bool) float64 {
	g := s.g
	next := mask | 1<<b
	now := points
	if five && y == 1 {
		now += g.fiveBonus
	}
	if g.upper(b) {
		now += g.bonusFor(up, points)
		up = g.capUp(up + points)
	}
	if b == g.five && s.sp.ys == 2 && points > 0 {
		y = 1
	}
	return float64(now) + s.value[s.sp.index(next, up, y)]
}

type option struct{ box, points int }

// fiveAlikeOptions appends to out the legal boxes and points for five alike
// of face f+1 with the five box filled.
func (g *game) fiveAlikeOptions(out []option, mask uint32, f int) []option {
	open := func(b int) bool { return mask&(1<<b) == 0 }
	r := g.fiveRolls[f]
	switch g.joker {
	case jokerForced:
		n := len(out)
		if u := g.matching[f]; u >= 0 && open(u) {
			return append(out, option{u, int(g.points[u][r])})
		}
		for b := range g.boxes {
			if open(b) && !g.upper(b) {
				out = append(out, option{b, int(g.jokerPts[b][f])})
			}
		}
		if len(out) > n {
			return out
		}
		for b := range g.boxes {
			if open(b) {
				out = append(out, option{b, int(g.points[b][r])})
			}
		}
	case jokerFree:
		u := g.matching[f]
		joker := u < 0 || !open(u)
		for b := range g.boxes {
			if !open(b) {
				continue
			}
			p := g.points[b][r]
			if joker && !g.upper(b) {
				p = g.jokerPts[b][f]
			}
			out = append(out, option{b, int(p)})
		}
	default:
		for b := range g.boxes {
			if open(b) {
				out = append(out, option{b, int(g.points[b][r])})
			}
		}
	}
	return out
}
