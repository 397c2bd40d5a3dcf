package strategy

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"sort"

	"github.com/dicecam/dicecam/rules"
)

// Playing to win asks a different question of every state: not the points
// to expect but the chance of scoring at least n more, for every n the game
// can still need. That chance is exact dynamic programming as for the
// expected score, over the same turn states, with a vector over n in place
// of one value, solved afresh for each target from the states the card can
// still reach. A state only reads the states one box fuller, so two levels
// of the card are held at a time.

// block is how many needed totals a turn is played for at once: enough to
// spread the cost of walking the keep tables, few enough that a turn's
// arrays stay in the processor's cache.
const block = 32

type chances [block]float64

// winTurn is one worker's scratch space for playing out a turn for a block
// of needed totals.
type winTurn struct {
	keep    [numKeeps]chances
	best    [numKeeps][block]uint64 // best[:numRolls] is also where lastRoll takes its maxima
	window  [maxScores]chances
	zero    [block]uint64
	options []option
}

// band is the chance of scoring at least n more from one state, for n from
// lo to hi; below lo it is 1 and above hi it is 0.
type band struct {
	lo, hi int
	at     []float64
}

func (b *band) chance(n int) float64 {
	switch {
	case n < b.lo:
		return 1
	case n > b.hi:
		return 0
	}
	return b.at[n-b.lo]
}

// window fills dst with the chances of scoring at least from, from+1, ...
func (b *band) window(dst *chances, from int) {
	i := 0
	for ; i < block && from+i < b.lo; i++ {
		dst[i] = 1
	}
	if i < block && from+i <= b.hi {
		i += copy(dst[i:], b.at[from+i-b.lo:])
	}
	for ; i < block; i++ {
		dst[i] = 0
	}
}

// winSolver holds, for one target, the chance bands of the states a card
// can still reach.
type winSolver struct {
	*Table
	from  state  // the state the card is in
	need  int    // points still needed from the start state
	bands []band // by state index; nil chances for states not solved
}

// winFrom solves every state reachable after the card's state, for needed
// totals up to need.
func (t *Table) winFrom(ctx context.Context, st state, need int, progress func(done, total int)) (*winSolver, error) {
	ws := &winSolver{Table: t, from: st, need: need, bands: make([]band, t.sp.size())}
	reach := t.reachableFrom(st)
	levels := make([][]uint32, t.sp.boxes+1)
	statesOf := make(map[uint32]int)
	total := 0
	for mask := uint32(0); mask < 1<<t.sp.boxes; mask++ {
		if mask&st.mask == st.mask && mask != st.mask {
			n := bits.OnesCount32(mask)
			levels[n] = append(levels[n], mask)
			for _, up := range t.sp.reach[mask] {
				for y := range t.sp.ys {
					if reach[t.sp.index(mask, int(up), y)] {
						statesOf[mask]++
					}
				}
			}
			total += statesOf[mask]
		}
	}
	report := newReporter(progress, total)
	report.add(statesOf[1<<t.sp.boxes-1])
	for i := range ws.bands {
		ws.bands[i] = band{lo: 1, hi: 0} // a full card needs nothing more
	}
	first := bits.OnesCount32(st.mask) + 1
	for level := t.sp.boxes - 1; level >= first; level-- {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		masks := levels[level]
		type scratch struct {
			wt    *winTurn
			first []int
		}
		inParallel(len(masks), func() *scratch { return &scratch{wt: new(winTurn)} }, stopped(ctx), func(s *scratch, i int) {
			s.first = ws.solveMask(s.wt, masks[i], reach, s.first)
			report.add(statesOf[masks[i]])
		})
		if level+2 < t.sp.boxes {
			for _, mask := range levels[level+2] {
				ws.release(mask)
			}
		}
	}
	report.finish()
	return ws, ctx.Err()
}

func (ws *winSolver) release(mask uint32) {
	for up := range ws.sp.ups {
		for y := range ws.sp.ys {
			ws.bands[ws.sp.index(mask, up, y)].at = nil
		}
	}
}

// solveMask solves the reachable states of one mask, each class of upper
// subtotals once, as the expected-score solver does.
func (ws *winSolver) solveMask(wt *winTurn, mask uint32, reach []bool, first []int) []int {
	return ws.sp.byClass(ws.g, mask, reach, first, func(i, up, y, same int) {
		if same >= 0 {
			ws.bands[i] = ws.bands[same]
			return
		}
		ws.bands[i] = ws.stateBand(wt, mask, up, y)
	})
}

// stateBand plays a turn from the state for every needed total any earlier
// state can ask it about, block by block, and keeps the chances that are
// neither 1 nor 0. Getting to the state scored at least the upper points it
// added and at most what its newly filled boxes can hold, which bounds the
// totals asked about from above and below.
func (ws *winSolver) stateBand(wt *winTurn, mask uint32, up, y int) band {
	gained := up - ws.from.up
	if up >= ws.sp.ups-1 && ws.from.up < ws.sp.ups-1 {
		gained += ws.g.bonus
	}
	first := max(1, ws.need-ws.mostGained(mask, y))
	var all []float64
	for start := first; start <= ws.need-gained; start += block {
		var w chances
		if ws.turnChances(wt, mask, up, y, start, &w) {
			all = append(all, w[:]...)
			continue
		}
		// No roll can score that much: nor can any larger total.
		break
	}
	lo, hi := 0, len(all)-1
	for lo <= hi && all[lo] == 1 {
		lo++
	}
	for hi >= lo && all[hi] == 0 {
		hi--
	}
	if lo > hi {
		return band{lo: first + lo, hi: first + lo - 1}
	}
	return band{lo: first + lo, hi: first + hi, at: append([]float64(nil), all[lo:hi+1]...)}
}

// mostGained bounds the points scored between the card's state and a state
// of the mask: what the boxes filled since can hold, the upper bonus if one
// of them is a number box, and a five-alike bonus a box once the five box
// holds its top score (y 1; at y 0 none was ever earned). Every turn adds
// at most what the bound grows by, so a state is never asked about fewer
// points than need less the bound.
func (ws *winSolver) mostGained(mask uint32, y int) int {
	g, newly := ws.g, mask&^ws.from.mask
	most, upper := 0, false
	for b := range g.boxes {
		if newly&(1<<b) != 0 {
			most += g.most[b]
			upper = upper || g.upper(b)
		}
	}
	if upper && ws.from.up < ws.sp.ups-1 {
		most += g.bonus
	}
	if y == 1 {
		most += g.fiveBonus * bits.OnesCount32(newly)
	}
	return most
}

// turnChances fills w with the chance of scoring at least start, start+1,
// ... from the start of a turn in the state. It reports false, leaving w
// alone, when no last roll gives any chance at all.
func (ws *winSolver) turnChances(wt *winTurn, mask uint32, up, y, start int, w *chances) bool {
	if !ws.lastRoll(wt, mask, up, y, start) {
		return false
	}
	m := ws.g.dice
	m.bestKeepsBlock(nil, &wt.best)
	m.bestKeepsBlock(nil, &wt.best)
	if vectorBlocks {
		averageRollsBlockVector(&wt.best, &m.prob, w)
	} else {
		averageRollsBlockGo(&wt.best, &m.prob, w)
	}
	return true
}

// averageRollsBlockGo adds to w each roll's chances times the roll's
// chance, in roll order.
func averageRollsBlockGo(best *[numKeeps][block]uint64, prob *[numRolls]float64, w *chances) {
	for r, p := range prob {
		b := &best[r]
		for i := range w {
			w[i] += p * math.Float64frombits(b[i])
		}
	}
}

// maxClassBlock raises the chances of every roll r listed to win[class[r]].
func maxClassBlock(rows [][block]uint64, scoring []uint8, class *[numRolls]int8, win *[maxScores]chances) {
	if vectorBlocks {
		if len(scoring) > 0 {
			maxClassBlockVector(&rows[0], &scoring[0], len(scoring), class, win)
		}
		return
	}
	maxClassBlockGo(rows, scoring, class, win)
}

func maxClassBlockGo(rows [][block]uint64, scoring []uint8, class *[numRolls]int8, win *[maxScores]chances) {
	for _, r := range scoring {
		maxInto(&rows[r], &win[class[r]&(maxScores-1)])
	}
}

// lastRoll fills wt.best[:numRolls] with the bits of the chance each last
// roll leaves of scoring at least start, start+1, ... with the best box for
// each, and says whether any of them is above 0. Like the expected-score lastRoll it
// takes maxima of bits, chances being never negative.
func (ws *winSolver) lastRoll(wt *winTurn, mask uint32, up, y, start int) bool {
	g := ws.g
	roll := wt.best[:numRolls]
	win := &wt.window
	// What a 0 is worth, the most over the open boxes, is where every roll
	// starts; then each box raises the rolls that score in it.
	clear(wt.zero[:])
	for b := range g.boxes {
		if mask&(1<<b) == 0 {
			now, next := ws.scoring(mask, up, y, b, 0, false)
			ws.bands[next].window(&win[0], start-now)
			maxInto(&wt.zero, &win[0])
		}
	}
	for r := range roll {
		roll[r] = wt.zero
	}
	for b := range g.boxes {
		if mask&(1<<b) != 0 {
			continue
		}
		// A roll's chance depends only on what it scores in the box: one
		// window for each score, then every roll that scores takes its own.
		for c, p := range g.scores[b] {
			if p > 0 {
				now, next := ws.scoring(mask, up, y, b, p, false)
				ws.bands[next].window(&win[c], start-now)
			}
		}
		maxClassBlock(roll, g.scoring[b], &g.scoreClass[b], win)
	}
	if g.five >= 0 && mask&(1<<g.five) != 0 {
		for f := range faces {
			r := g.fiveRolls[f]
			clear(roll[r][:])
			wt.options = g.fiveAlikeOptions(wt.options[:0], mask, f)
			for _, o := range wt.options {
				now, next := ws.scoring(mask, up, y, o.box, o.points, true)
				ws.bands[next].window(&win[1], start-now)
				maxInto(&roll[r], &win[1])
			}
		}
	}
	// Chances fall as the total needed grows, so a roll with none at the
	// block's first total has none at all.
	var any uint64
	for r := range roll {
		any |= roll[r][0]
	}
	return any != 0
}

func maxInto(dst *[block]uint64, src *chances) {
	for i := 0; i < block; i += 4 {
		dst[i] = max(dst[i], math.Float64bits(src[i]))
		dst[i+1] = max(dst[i+1], math.Float64bits(src[i+1]))
		dst[i+2] = max(dst[i+2], math.Float64bits(src[i+2]))
		dst[i+3] = max(dst[i+3], math.Float64bits(src[i+3]))
	}
}

// reachableFrom marks the states that play from st can lead to.
func (t *Table) reachableFrom(st state) []bool {
	reach := make([]bool, t.sp.size())
	reach[t.sp.index(st.mask, st.up, st.y)] = true
	for mask := st.mask; mask < 1<<t.sp.boxes; mask++ {
		if mask&st.mask != st.mask {
			continue
		}
		for _, up := range t.sp.reach[mask] {
			for y := range t.sp.ys {
				if !reach[t.sp.index(mask, int(up), y)] {
					continue
				}
				for b := range t.g.boxes {
					if mask&(1<<b) != 0 {
						continue
					}
					if t.g.upper(b) {
						for _, p := range t.g.scores[b] {
							_, next := t.scoring(mask, int(up), y, b, p, false)
							reach[next] = true
						}
						continue
					}
					_, zero := t.scoring(mask, int(up), y, b, 0, false)
					_, some := t.scoring(mask, int(up), y, b, 1, false)
					reach[zero], reach[some] = true, true
				}
			}
		}
	}
	return reach
}

// WinPlan is what advising a card to beat a target needs, solved once for
// the card and the target: every roll of the card's next turn is then
// answered at once. It is read-only and safe for concurrent use.
type WinPlan struct {
	ws     *winSolver
	card   *rules.Card
	st     state
	target int
}

// ToBeat solves the chance of finishing the card with more than target
// points, playing to make that chance as high as it can be, from every
// state the card can still reach. The cost grows with the open boxes and
// the points still needed; the README gives figures. progress, when not
// nil, hears how many states are solved out of how many, as for Options.
func (t *Table) ToBeat(ctx context.Context, card *rules.Card, target int, progress func(done, total int)) (*WinPlan, error) {
	st, err := t.stateOf(card)
	if err != nil {
		return nil, err
	}
	p := &WinPlan{card: card.Clone(), st: st, target: target}
	p.ws, err = t.winFrom(ctx, st, p.need(), progress)
	if err != nil {
		return nil, fmt.Errorf("solve the chance to beat %d: %w", target, err)
	}
	return p, nil
}

// need is how many more points the card must score to finish above the target.
func (p *WinPlan) need() int { return p.target + 1 - p.card.Totals().GrandTotal }

// Target is the score the plan plays to beat.
func (p *WinPlan) Target() int { return p.target }

// Chance is the chance of finishing above the target before the next
// turn's first roll, playing to win.
func (p *WinPlan) Chance() float64 {
	if p.need() <= 0 {
		return 1
	}
	var w chances
	if !p.ws.turnChances(new(winTurn), p.st.mask, p.st.up, p.st.y, p.need(), &w) {
		return 0
	}
	return w[0]
}

// AdviseToBeat ranks every move for a roll by the chance it leaves of
// finishing the card with more than target points, best first, each with
// its WinChance; it solves a WinPlan for the one answer.
func (t *Table) AdviseToBeat(ctx context.Context, card *rules.Card, roll rules.Roll, rollNo, target int) ([]Move, error) {
	if err := checkRoll(roll, rollNo); err != nil {
		return nil, err
	}
	p, err := t.ToBeat(ctx, card, target, nil)
	if err != nil {
		return nil, err
	}
	return p.Advise(roll, rollNo)
}

// Advise ranks every move for a roll of the plan's turn by WinChance, best
// first; among equal chances the higher expected score comes first. Expected
// and Cost are as Table.Advise gives them: a move that plays to win may give
// up expected points, and Cost says how many.
func (p *WinPlan) Advise(roll rules.Roll, rollNo int) ([]Move, error) {
	if err := checkRoll(roll, rollNo); err != nil {
		return nil, err
	}
	t := p.ws.Table
	total := float64(p.card.Totals().GrandTotal)
	need := p.need()
	boxes := t.boxMoves(p.card, p.st, roll, total)
	five := countsOf(roll[:]).isFiveAlike()
	for i := range boxes {
		m := &boxes[i]
		now, next := t.scoring(p.st.mask, p.st.up, p.st.y, t.boxIndex(m.Box), m.Points, five)
		m.WinChance = p.ws.bands[next].chance(need - now)
	}
	sortByChance(boxes)
	moves := boxes
	if rollNo < 3 {
		moves = t.keepMoves(p.st, roll, rollNo, total)
		keep := p.keepChances(rollNo)
		for i := range moves {
			if len(moves[i].Keep) == dice {
				best := boxes[0]
				best.Keep = moves[i].Keep
				moves[i] = best
				continue
			}
			moves[i].WinChance = keep[t.g.dice.index[countsOf(moves[i].Keep)]]
		}
		sortByChance(moves)
	}
	top := moves[0].Expected
	for _, m := range moves {
		top = max(top, m.Expected)
	}
	for i := range moves {
		moves[i].Cost = top - moves[i].Expected
	}
	return moves, nil
}

// keepChances is, for every keep, the chance of finishing above the target
// after holding it and rolling the rest, rollNo being the roll just made.
func (p *WinPlan) keepChances(rollNo int) []float64 {
	out := make([]float64, numKeeps)
	need := p.need()
	if need <= 0 {
		for k := range out {
			out[k] = 1
		}
		return out
	}
	ws, wt := p.ws, new(winTurn)
	m := ws.g.dice
	ws.lastRoll(wt, p.st.mask, p.st.up, p.st.y, need)
	m.bestKeepsBlock(&wt.keep, &wt.best)
	if rollNo == 1 {
		m.bestKeepsBlock(&wt.keep, &wt.best)
	}
	for k := range out {
		out[k] = wt.keep[k][0]
	}
	return out
}

func sortByChance(moves []Move) {
	sort.SliceStable(moves, func(i, j int) bool {
		if moves[i].WinChance != moves[j].WinChance {
			return moves[i].WinChance > moves[j].WinChance
		}
		if moves[i].Expected != moves[j].Expected {
			return moves[i].Expected > moves[j].Expected
		}
		return len(moves[i].Keep) > len(moves[j].Keep)
	})
}
