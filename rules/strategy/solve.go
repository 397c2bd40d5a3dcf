package strategy

import (
	"context"
	"math"
	"math/bits"
	"slices"
	"sync"

	"github.com/dicecam/dicecam/rules"
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
	// sums[mask] lists, in order, the totals the open number boxes can
	// still add to the upper subtotal, capped at the bonus line. The
	// subtotal matters to the future only through which of them would
	// earn the bonus, so subtotals that agree on that are worth the same.
	sums [][]int
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
			for _, v := range g.scores[b] {
				cur[g.capUp(up+v)] = true
			}
		}
		byUpper[mask] = cur
	}
	s.reach = make([][]int8, 1<<s.boxes)
	for mask := range s.reach {
		for up, ok := range byUpper[uint32(mask)&upperBits] {
			if ok {
				s.reach[mask] = append(s.reach[mask], int8(up))
			}
		}
	}
	// What the open number boxes can add depends only on which they are:
	// build it box by box over the open upper masks, as for reach.
	open := map[uint32][]int{0: {0}}
	for m := uint32(1); m <= upperBits; m++ {
		if m&^upperBits != 0 {
			continue
		}
		b := bits.TrailingZeros32(m)
		seen := make([]bool, s.ups)
		for _, a := range open[m&^(1<<b)] {
			for _, v := range g.scores[b] {
				seen[g.capUp(a+v)] = true
			}
		}
		for a, ok := range seen {
			if ok {
				open[m] = append(open[m], a)
			}
		}
	}
	s.sums = make([][]int, 1<<s.boxes)
	for mask := range s.sums {
		s.sums[mask] = open[^uint32(mask)&upperBits]
	}
	return s
}

func reachOne(n int) []bool {
	r := make([]bool, n)
	r[0] = true
	return r
}

func (g *game) capUp(up int) int { return min(up, g.bonusAt) }

// bonusClass numbers the upper subtotals of a mask by how many of the totals
// still to come would fall short of the bonus: subtotals of one class are
// worth the same, for every later turn treats them alike. Class 0 is the
// bonus earned (even adding nothing reaches the line).
func (s *space) bonusClass(mask uint32, up int) int {
	if s.ups == 1 {
		return 0
	}
	short, _ := slices.BinarySearch(s.sums[mask], s.ups-1-up)
	return short
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
	keep    keepValues
	best    keepBits
	options []option
	first   []int // per bonus class, the state that holds its value, plus 1
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
	for level := s.sp.boxes - 1; level >= 0; level-- {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		masks := levels[level]
		inParallel(len(masks), func() *maskTurn { return new(maskTurn) }, stopped(ctx), func(t *maskTurn, i int) {
			s.solveMask(t, masks[i])
			report.add(s.sp.statesOf(s.g, masks[i]))
		})
	}
	report.finish()
	return total, ctx.Err()
}

// solveMask values every state of one set of filled boxes: the first of
// each bonus class lanes at a time, the others by copying.
func (s *solver) solveMask(t *maskTurn, mask uint32) {
	t.todo, t.same = t.todo[:0], t.same[:0]
	t.first = s.sp.byClass(s.g, mask, nil, t.first, func(i, up, y, same int) {
		if same >= 0 {
			t.same = append(t.same, [2]int{i, same})
			return
		}
		t.todo = append(t.todo, pending{i, up, y})
	})
	for n := 0; n < len(t.todo); n += lanes {
		// A last group short of states plays its last state in the
		// spare lanes too, and drops what they give.
		var group [lanes]pending
		for l := range group {
			group[l] = t.todo[min(n+l, len(t.todo)-1)]
		}
		v := s.laneValues(t, mask, &group)
		for l := range min(lanes, len(t.todo)-n) {
			s.value[group[l].i] = v[l]
		}
	}
	for _, p := range t.same {
		s.value[p[0]] = s.value[p[1]]
	}
}

// byClass visits the states of a mask (those marked in only, unless it is
// nil) with, for each, the index of the state of the same bonus class (see
// bonusClass) visited before it, or -1 for the first of its class: only
// that one needs solving. first is scratch space, returned for reuse.
func (s *space) byClass(g *game, mask uint32, only []bool, first []int, visit func(i, up, y, same int)) []int {
	if len(first) < s.ups+1 {
		first = make([]int, s.ups+1)
	}
	for y := range s.yStates(g, mask) {
		clear(first)
		for _, up := range s.reach[mask] {
			i := s.index(mask, int(up), y)
			if only != nil && !only[i] {
				continue
			}
			c := s.bonusClass(mask, int(up))
			visit(i, int(up), y, first[c]-1)
			if first[c] == 0 {
				first[c] = i + 1
			}
		}
	}
	return first
}

func (s *space) statesOf(g *game, mask uint32) int {
	return len(s.reach[mask]) * s.yStates(g, mask)
}

func stopped(ctx context.Context) func() bool { return func() bool { return ctx.Err() != nil } }

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
	s.g.dice.bestKeeps(&t.keep, &t.best)
	rollValues(&t.best, &t.keep)
	s.g.dice.bestKeeps(&t.keep, &t.best)
	v := 0.0
	for r, p := range &s.g.dice.prob {
		v += p * math.Float64frombits(t.best[r])
	}
	return v
}

// lastRoll fills, for every roll, the best points now plus expected points
// later over the boxes the roll may go in. Points and values are never
// negative, so the maximum compares bits as bestKeeps does. A box adds to
// the maximum of every roll what a 0 there is worth, and then looks only at
// the rolls that score in it.
func (s *solver) lastRoll(t *turn, mask uint32, up, y int) {
	g := s.g
	var v [256]uint64 // indexed by a roll's uint8 number, with no bounds check
	zero := uint64(0)
	for b := range g.boxes {
		if mask&(1<<b) != 0 {
			continue
		}
		next := mask | 1<<b
		scoring := g.scoring[b]
		switch {
		case g.upper(b):
			var later [8]uint64 // a power of two, so the class needs no bounds check
			for c, p := range g.scores[b] {
				later[c] = math.Float64bits(float64(p+g.bonusFor(up, p)) + s.value[s.sp.index(next, g.capUp(up+p), y)])
			}
			class := &g.scoreClass[b]
			zero = max(zero, later[g.zeroClass[b]&7])
			for _, r := range scoring {
				v[r] = max(v[r], later[class[r]&7])
			}
		case b == g.five && s.sp.ys == 2:
			missed, made := s.value[s.sp.index(next, up, 0)], s.value[s.sp.index(next, up, 1)]
			pts := &g.points[b]
			zero = max(zero, math.Float64bits(missed))
			for _, r := range scoring {
				v[r] = max(v[r], math.Float64bits(pts[r]+made))
			}
		default:
			later := s.value[s.sp.index(next, up, y)]
			pts := &g.points[b]
			zero = max(zero, math.Float64bits(later))
			for _, r := range scoring {
				v[r] = max(v[r], math.Float64bits(pts[r]+later))
			}
		}
	}
	out := &t.keep
	for r := range numRolls {
		out[r] = math.Float64frombits(max(v[r], zero))
	}
	if g.five >= 0 && mask&(1<<g.five) != 0 {
		for f := range faces {
			out[g.fiveRolls[f]] = s.bestFiveAlike(t, mask, up, y, f)
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
	now, next := s.scoring(mask, up, y, b, points, five)
	return float64(now) + s.value[next]
}

// scoring is what putting points in box b does: the points it earns now,
// bonuses included, and the state that follows. five says whether the dice
// are five alike, which earns the further bonus while the five box holds
// its top score.
func (s *solver) scoring(mask uint32, up, y, b, points int, five bool) (now, next int) {
	g := s.g
	now = points
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
	return now, s.sp.index(mask|1<<b, up, y)
}

type option struct{ box, points int }

// fiveAlikeOptions appends to out the legal boxes and points for five alike
// of face f+1 with the five box filled.
func (g *game) fiveAlikeOptions(out []option, mask uint32, f int) []option {
	open := func(b int) bool { return mask&(1<<b) == 0 }
	r := g.fiveRolls[f]
	switch g.joker {
	case rules.JokerForced:
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
	case rules.JokerFree:
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
