package strategy

import (
	"context"
	"maps"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sort"
	"sync"
)

// Distribution is the chance of every final score of a game played
// optimally, for the expected score, from an empty card.
type Distribution struct {
	// Chance[i] is the chance of finishing with exactly Low+i points.
	Low    int
	Chance []float64
}

// Mean is the expected final score; it is the table's ExpectedScore, summed
// another way.
func (d *Distribution) Mean() float64 {
	m := 0.0
	for i, p := range d.Chance {
		m += p * float64(d.Low+i)
	}
	return m
}

// StdDev is the standard deviation of the final score.
func (d *Distribution) StdDev() float64 {
	mean, v := d.Mean(), 0.0
	for i, p := range d.Chance {
		x := float64(d.Low+i) - mean
		v += p * x * x
	}
	return math.Sqrt(v)
}

// Percentile is the lowest score that at least pct percent of games do not
// exceed: Percentile(50) is the median.
func (d *Distribution) Percentile(pct float64) int {
	want, sum := pct/100, 0.0
	for i, p := range d.Chance {
		sum += p
		// Rounding in the sums must not move a score that the exact
		// arithmetic would reach.
		if sum >= want-1e-12 {
			return d.Low + i
		}
	}
	return d.Low + len(d.Chance) - 1
}

// outcome is one way a turn can end: the points it earns and the state after.
type outcome struct {
	now, next int
	p         float64
}

// Distribution follows optimal play forward from the empty card, turn by
// turn, carrying the chance of every score so far at every state. States
// of one bonus class have the same future, so their scores are pooled.
func (t *Table) Distribution(ctx context.Context) (*Distribution, error) {
	sp := t.sp
	scores := map[int][]float64{sp.index(0, 0, 0): {1}}
	levels := make([][]uint32, sp.boxes+1)
	for mask := uint32(0); mask < 1<<sp.boxes; mask++ {
		levels[bits.OnesCount32(mask)] = append(levels[bits.OnesCount32(mask)], mask)
	}
	rep := make([]int32, sp.size())
	for i := range rep {
		rep[i] = -1
	}
	pooled := func(i int) int {
		if rep[i] < 0 {
			rep[i] = int32(t.pooled(i))
		}
		return int(rep[i])
	}
	for level := range sp.boxes {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		var here []int // the level's states with scores, in a fixed order
		for _, mask := range levels[level] {
			for _, up := range sp.reach[mask] {
				for y := range sp.yStates(t.g, mask) {
					if i := sp.index(mask, int(up), y); scores[i] != nil {
						here = append(here, i)
					}
				}
			}
		}
		outs := t.outcomesOf(here)
		next := spreadScores(here, outs, scores, pooled)
		scores = next
	}
	// Sum the full cards in a fixed order, so the figures are the same
	// from run to run to the last bit.
	var final []float64
	for _, i := range slices.Sorted(maps.Keys(scores)) {
		d := scores[i]
		if len(final) < len(d) {
			final = append(final, make([]float64, len(d)-len(final))...)
		}
		for s, p := range d {
			final[s] += p
		}
	}
	low := 0
	for low < len(final) && final[low] == 0 {
		low++
	}
	return &Distribution{Low: low, Chance: final[low:]}, nil
}

// spreadScores carries the scores of every state of a level through the
// outcomes of its turn into the states of the next. Each worker owns a share
// of the next states and adds into them in the same order as the others
// would, so the sums are the same whatever the number of workers.
func spreadScores(here []int, outs [][]outcome, scores map[int][]float64, pooled func(int) int) map[int][]float64 {
	owner := map[int][]int{} // next state: the pooled index, once for each outcome
	for n := range here {
		for _, o := range outs[n] {
			owner[o.next] = nil
		}
	}
	for j := range owner {
		owner[j] = []int{pooled(j)}
	}
	workers := runtime.GOMAXPROCS(0)
	parts := make([]map[int][]float64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			next := map[int][]float64{}
			for n, i := range here {
				dist := scores[i]
				for _, o := range outs[n] {
					j := owner[o.next][0]
					if j%workers != w {
						continue
					}
					d := next[j]
					if need := len(dist) + o.now; len(d) < need {
						d = append(d, make([]float64, need-len(d))...)
					}
					into := d[o.now : o.now+len(dist)]
					for s, p := range dist {
						into[s] += p * o.p
					}
					next[j] = d
				}
			}
			parts[w] = next
		}()
	}
	wg.Wait()
	next := map[int][]float64{}
	for _, part := range parts {
		maps.Copy(next, part)
	}
	return next
}

// outcomesOf works out the outcomes of a turn from each state, spread
// over the processors.
func (t *Table) outcomesOf(states []int) [][]outcome {
	out := make([][]outcome, len(states))
	type scratch struct {
		tn *turn
		po *policy
	}
	inParallel(len(states), func() scratch { return scratch{new(turn), new(policy)} }, func() bool { return false }, func(s scratch, n int) {
		i, sp := states[n], t.sp
		y, up, mask := i%sp.ys, i/sp.ys%sp.ups, uint32(i/sp.ys/sp.ups)
		out[n] = t.turnOutcomes(s.tn, s.po, mask, up, y, nil)
	})
	return out
}

// pooled is the state whose scores stand for every state of its bonus
// class: the lowest upper subtotal of the class.
func (t *Table) pooled(i int) int {
	sp := t.sp
	y, up, mask := i%sp.ys, i/sp.ys%sp.ups, uint32(i/sp.ys/sp.ups)
	c := sp.bonusClass(mask, up)
	for _, u := range sp.reach[mask] {
		if sp.bonusClass(mask, int(u)) == c {
			return sp.index(mask, int(u), y)
		}
	}
	return i
}

// policy is scratch space for one turn of optimal play: the worth of every
// keep at each reroll, to choose among them.
type policy struct {
	last, first  keepValues // keep values for the second and the first reroll
	mass, spread keepValues
	roll         keepValues
	choice       [numRolls][2]int // points now and the state after, for each last roll
}

// turnOutcomes lists the ways a turn from the state ends under optimal play,
// with their chances. Among moves of equal worth it takes the one the advice
// ranks first: more dice held, and the box first on the card.
func (t *Table) turnOutcomes(tn *turn, po *policy, mask uint32, up, y int, out []outcome) []outcome {
	m := t.g.dice
	t.lastRoll(tn, mask, up, y)
	po.roll = tn.keep
	m.bestKeeps(&tn.keep, &tn.best)
	po.last = tn.keep
	rollValues(&tn.best, &tn.keep)
	m.bestKeeps(&tn.keep, &tn.best)
	po.first = tn.keep

	clear(po.mass[:])
	copy(po.mass[:numRolls], m.prob[:])
	m.reroll(&po.mass, &po.first, &po.spread)
	m.reroll(&po.spread, &po.last, &po.mass)

	t.bestBoxes(tn, po, mask, up, y)
	byOutcome := map[[2]int]float64{}
	for r := range numRolls {
		if po.mass[r] > 0 {
			byOutcome[po.choice[r]] += po.mass[r]
		}
	}
	for k, p := range byOutcome {
		out = append(out, outcome{now: k[0], next: k[1], p: p})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].next != out[j].next {
			return out[i].next < out[j].next
		}
		return out[i].now < out[j].now
	})
	return out
}

// reroll moves the chance of every roll in mass to the keep worth most by
// value among its sub-keeps, and from every keep to the rolls it can become,
// one die at a time, into out.
func (m *multisets) reroll(mass, value, out *keepValues) {
	clear(out[:])
	for r := range numRolls {
		if mass[r] == 0 {
			continue
		}
		// Sub-keeps come larger first, so the first of equals holds most.
		best, top := r, value[r]
		for _, k := range m.subKeeps[r] {
			if v := value[k]; v > top {
				best, top = int(k), v
			}
		}
		out[best] += mass[r]
	}
	for k := numKeeps - 1; k >= numRolls; k-- {
		p := out[k] / 6
		if p == 0 {
			continue
		}
		for _, next := range m.add[k] {
			out[next] += p
		}
		out[k] = 0
	}
}

// bestBoxes is, for every last roll, the points and the state after the
// box optimal play fills, the first on the card among equals.
func (t *Table) bestBoxes(tn *turn, po *policy, mask uint32, up, y int) {
	g := t.g
	var best [numRolls]float64
	for r := range best {
		best[r] = math.Inf(-1)
	}
	for b := range g.boxes {
		if mask&(1<<b) != 0 {
			continue
		}
		if g.upper(b) {
			var now, next [dice + 1]int
			var worth [dice + 1]float64
			for c, p := range g.scores[b] {
				now[c], next[c] = t.scoring(mask, up, y, b, p, false)
				worth[c] = float64(now[c]) + t.value[next[c]]
			}
			for r := range numRolls {
				if c := g.scoreClass[b][r]; worth[c] > best[r] {
					best[r], po.choice[r] = worth[c], [2]int{now[c], next[c]}
				}
			}
			continue
		}
		for r := range numRolls {
			now, next := t.scoring(mask, up, y, b, int(g.points[b][r]), false)
			if v := float64(now) + t.value[next]; v > best[r] {
				best[r], po.choice[r] = v, [2]int{now, next}
			}
		}
	}
	if g.five < 0 || mask&(1<<g.five) == 0 {
		return
	}
	for f := range faces {
		r := g.fiveRolls[f]
		best[r] = math.Inf(-1)
		tn.options = g.fiveAlikeOptions(tn.options[:0], mask, f)
		sort.Slice(tn.options, func(i, j int) bool { return tn.options[i].box < tn.options[j].box })
		for _, o := range tn.options {
			now, next := t.scoring(mask, up, y, o.box, o.points, true)
			if v := float64(now) + t.value[next]; v > best[r] {
				best[r], po.choice[r] = v, [2]int{now, next}
			}
		}
	}
}
