package strategy

import "math"

// The solver plays the turns of several states of one mask side by side:
// they share the boxes a roll may go in and every step of the keep tables,
// and differ only in the values they look up. Each lane does the arithmetic
// the one-state turn (stateValue) does, in the same order, so the table is
// the same to the last bit either way.

// lanes is how many states go through a turn at once: four float64s fill a
// vector register where the processor has AVX2 (block_amd64.s).
const lanes = 4

// laneRows is a number for every keep in every lane, as bits: the keeps'
// averages and then their best sub-keeps, in place.
type laneRows [numKeeps][lanes]uint64

// pending is a state of a mask waiting for its value: i is its index.
type pending struct{ i, up, y int }

// maskTurn is one worker's scratch space for the states of one mask.
type maskTurn struct {
	turn  // for the five-alike options and the bonus classes
	rows  laneRows
	later [8][lanes]uint64
	todo  []pending
	same  [][2]int // a state and the earlier state of its bonus class
}

// laneValues is stateValue for the states in st.
func (s *solver) laneValues(t *maskTurn, mask uint32, st *[lanes]pending) [lanes]float64 {
	s.lastRollLanes(t, mask, st)
	m := s.g.dice
	m.bestKeepsLanes(&t.rows)
	m.bestKeepsLanes(&t.rows)
	var v [lanes]float64
	if vectorBlocks {
		averageRollsVector(&t.rows, &m.prob, &v)
	} else {
		averageRollsGo(&t.rows, &m.prob, &v)
	}
	return v
}

func averageRollsGo(rows *laneRows, prob *[numRolls]float64, v *[lanes]float64) {
	for r, p := range prob {
		row := &rows[r]
		v[0] += p * math.Float64frombits(row[0])
		v[1] += p * math.Float64frombits(row[1])
		v[2] += p * math.Float64frombits(row[2])
		v[3] += p * math.Float64frombits(row[3])
	}
}

// lastRollLanes is lastRoll for the states in st, into t.rows[:numRolls].
func (s *solver) lastRollLanes(t *maskTurn, mask uint32, st *[lanes]pending) {
	g, sp := s.g, s.sp
	rows := t.rows[:numRolls]
	clear(rows)
	var zero [lanes]uint64
	for b := range g.boxes {
		if mask&(1<<b) != 0 {
			continue
		}
		next := mask | 1<<b
		scoring := g.scoring[b]
		switch {
		case g.upper(b):
			later := &t.later
			for c, p := range g.scores[b] {
				for l, q := range st {
					later[c][l] = math.Float64bits(float64(p+g.bonusFor(q.up, p)) + s.value[sp.index(next, g.capUp(q.up+p), q.y)])
				}
			}
			zero = maxLanes(zero, later[g.zeroClass[b]&7])
			maxClassLanes(rows, scoring, &g.scoreClass[b], later)
		case b == g.five && sp.ys == 2:
			var missed, made [lanes]float64
			for l, q := range st {
				missed[l], made[l] = s.value[sp.index(next, q.up, 0)], s.value[sp.index(next, q.up, 1)]
			}
			zero = maxLanes(zero, lanesBits(missed))
			addMaxLanes(rows, scoring, &g.points[b], &made)
		default:
			var later [lanes]float64
			for l, q := range st {
				later[l] = s.value[sp.index(next, q.up, q.y)]
			}
			zero = maxLanes(zero, lanesBits(later))
			addMaxLanes(rows, scoring, &g.points[b], &later)
		}
	}
	for r := range rows {
		rows[r] = maxLanes(rows[r], zero)
	}
	if g.five >= 0 && mask&(1<<g.five) != 0 {
		for f := range faces {
			// The boxes five alike may go in depend on the mask alone.
			t.options = g.fiveAlikeOptions(t.options[:0], mask, f)
			row := &rows[g.fiveRolls[f]]
			for l, q := range st {
				best := math.Inf(-1)
				for _, o := range t.options {
					best = max(best, s.afterScoring(mask, q.up, q.y, o.box, o.points, true))
				}
				row[l] = math.Float64bits(best)
			}
		}
	}
}

// maxClassLanes raises every roll r listed to later[class[r]].
func maxClassLanes(rows [][lanes]uint64, scoring []uint8, class *[numRolls]int8, later *[8][lanes]uint64) {
	if vectorBlocks {
		if len(scoring) > 0 {
			maxClassLanesVector(&rows[0], &scoring[0], len(scoring), class, later)
		}
		return
	}
	maxClassLanesGo(rows, scoring, class, later)
}

func maxClassLanesGo(rows [][lanes]uint64, scoring []uint8, class *[numRolls]int8, later *[8][lanes]uint64) {
	for _, r := range scoring {
		rows[r] = maxLanes(rows[r], later[class[r]&7])
	}
}

// addMaxLanes raises every roll r listed to pts[r] + later, lane by lane.
func addMaxLanes(rows [][lanes]uint64, scoring []uint8, pts *[numRolls]float64, later *[lanes]float64) {
	if vectorBlocks {
		if len(scoring) > 0 {
			addMaxLanesVector(&rows[0], &scoring[0], len(scoring), pts, later)
		}
		return
	}
	addMaxLanesGo(rows, scoring, pts, later)
}

func addMaxLanesGo(rows [][lanes]uint64, scoring []uint8, pts *[numRolls]float64, later *[lanes]float64) {
	for _, r := range scoring {
		p, row := pts[r], &rows[r]
		row[0] = max(row[0], math.Float64bits(p+later[0]))
		row[1] = max(row[1], math.Float64bits(p+later[1]))
		row[2] = max(row[2], math.Float64bits(p+later[2]))
		row[3] = max(row[3], math.Float64bits(p+later[3]))
	}
}

func maxLanes(a, b [lanes]uint64) [lanes]uint64 {
	return [lanes]uint64{max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])}
}

func lanesBits(v [lanes]float64) [lanes]uint64 {
	return [lanes]uint64{math.Float64bits(v[0]), math.Float64bits(v[1]), math.Float64bits(v[2]), math.Float64bits(v[3])}
}
