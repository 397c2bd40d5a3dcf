package strategy

import (
	"math"
	"slices"

	"github.com/dicecam/dicecam/rules"
)

// The solver never looks at dice in order: a roll or a keep is a multiset of
// faces, and there are only 252 rolls of five dice and 462 keeps of zero to
// five dice. Numbering them once turns every step of a turn into work on
// small arrays.
const (
	numRolls = 252
	numKeeps = 462
	dice     = 5
	faces    = 6
)

// counts is a multiset of faces: counts[f-1] dice show face f.
type counts [faces]int8

func (c counts) size() int {
	n := 0
	for _, k := range c {
		n += int(k)
	}
	return n
}

// multisets numbers every keep. Keeps are ordered by size, largest first, so
// the five-dice keeps are the rolls and share their numbers (0 to 251), and
// adding a die always leads to a smaller number, removing one to a larger.
type multisets struct {
	keeps [numKeeps]counts
	index map[counts]int
	add   [numKeeps][faces]uint16 // add[k][f]: k with one more die showing f+1; unused for full keeps
	prob  [numRolls]float64       // chance of each roll when all five dice are thrown
	empty int                     // the keep of no dice
	// fewer lists pairs (k, k less one die showing f) face by face, and for
	// each face by how many dice of it k holds, fewest first: the order in
	// which taking the larger of the two, pair by pair, gives every keep the
	// best of all its sub-keeps.
	fewer []keepPair
	// subs lists, for every keep, the distinct keeps of one die fewer,
	// repeating the first to fill the row (the keep itself where there is
	// none), so that a keep takes the best of its sub-keeps in one go.
	subs [numKeeps][dice]uint16
	// subKeeps lists, for every roll, the distinct keeps of fewer dice it holds.
	subKeeps [numRolls][]uint16
}

type keepPair struct{ keep, sub uint16 }

// keepValues is a number for every keep; it is longer than numKeeps so
// that an index masked to 9 bits needs no bounds check.
type keepValues [512]float64

// keepBits is keepValues as their bits, which order non-negative floats the
// way the floats order.
type keepBits [512]uint64

func newMultisets() *multisets {
	m := &multisets{index: make(map[counts]int, numKeeps)}
	n := 0
	for size := dice; size >= 0; size-- {
		var walk func(c counts, face, left int)
		walk = func(c counts, face, left int) {
			if face == faces-1 {
				c[face] = int8(left)
				m.keeps[n] = c
				m.index[c] = n
				n++
				return
			}
			for k := left; k >= 0; k-- {
				c[face] = int8(k)
				walk(c, face+1, left-k)
			}
		}
		walk(counts{}, 0, size)
	}
	m.empty = m.index[counts{}]
	for i, c := range m.keeps {
		for f := range faces {
			if c.size() < dice {
				d := c
				d[f]++
				m.add[i][f] = uint16(m.index[d])
			}
		}
	}
	for r := range numRolls {
		seen := map[int]bool{r: true}
		roll := m.rollOf(r)
		for sub := range 1 << dice {
			var held []rules.Face
			for i, f := range roll {
				if sub&(1<<i) != 0 {
					held = append(held, f)
				}
			}
			if k := m.index[countsOf(held)]; !seen[k] {
				seen[k] = true
				m.subKeeps[r] = append(m.subKeeps[r], uint16(k))
			}
		}
		// Larger keeps first (keep numbers grow as keeps shrink), so that
		// the first of equals holds the most dice.
		slices.Sort(m.subKeeps[r])
	}
	for f := range faces {
		for held := int8(1); held <= dice; held++ {
			for i, c := range m.keeps {
				if c[f] == held {
					d := c
					d[f]--
					m.fewer = append(m.fewer, keepPair{uint16(i), uint16(m.index[d])})
				}
			}
		}
	}
	for k, c := range m.keeps {
		n := 0
		for f := range faces {
			if c[f] > 0 {
				d := c
				d[f]--
				m.subs[k][n] = uint16(m.index[d])
				n++
			}
		}
		if n == 0 {
			m.subs[k][0] = uint16(k)
			n = 1
		}
		for i := n; i < dice; i++ {
			m.subs[k][i] = m.subs[k][0]
		}
	}
	for r := range numRolls {
		m.prob[r] = multinomial(m.keeps[r])
	}
	return m
}

// multinomial is the chance that five fair dice show exactly these counts.
func multinomial(c counts) float64 {
	ways := 120.0 // 5!
	for _, k := range c {
		for i := 2; i <= int(k); i++ {
			ways /= float64(i)
		}
	}
	return ways / 7776
}

// rollOf gives back five dice for a numbered roll, in ascending order.
func (m *multisets) rollOf(r int) rules.Roll {
	var roll rules.Roll
	i := 0
	for f, k := range m.keeps[r] {
		for range k {
			roll[i] = rules.Face(f + 1)
			i++
		}
	}
	return roll
}

func countsOf(faces []rules.Face) counts {
	var c counts
	for _, f := range faces {
		c[f-1]++
	}
	return c
}

// facesOf lists a keep's dice in ascending order.
func (c counts) facesOf() []rules.Face {
	var out []rules.Face
	for f, k := range c {
		for range k {
			out = append(out, rules.Face(f+1))
		}
	}
	return out
}

// bestKeeps runs one reroll step. keepValue[:numRolls] holds what each roll
// is worth just after it lands; keepValue receives, for every other keep, the
// expected worth after rerolling the other dice, and best receives, for every
// keep, the best of its own sub-keeps (so best[r] for a roll r is the value
// of keeping well). Expectation rerolls one die at a time: the dice are
// independent, so the average over one more die, repeated, is the average
// over all of them.
//
// Every value must be zero or more: the maximum compares the bits of the
// floats as integers, which orders them the same way for such values and
// lets the compiler pick the larger without a branch the data would
// mispredict. A maximum is exact, so its order does not change the result.
func (m *multisets) bestKeeps(keepValue *keepValues, best *keepBits) {
	for k := numRolls; k < numKeeps; k++ {
		a := &m.add[k]
		keepValue[k] = (keepValue[a[0]&511] + keepValue[a[1]&511] + keepValue[a[2]&511] +
			keepValue[a[3]&511] + keepValue[a[4]&511] + keepValue[a[5]&511]) * (1.0 / 6)
	}
	for k := range numKeeps {
		best[k] = math.Float64bits(keepValue[k])
	}
	for _, p := range m.fewer {
		k, sub := p.keep&511, p.sub&511
		best[k] = max(best[k], best[sub])
	}
}

// rollValues turns the best of each roll's keeps back into floats, as the
// worth of each roll one step earlier in the turn.
func rollValues(best *keepBits, out *keepValues) {
	for r := range numRolls {
		out[r] = math.Float64frombits(best[r])
	}
}

// bestKeepsBlock is bestKeeps for a block of needed totals at once, each
// total on its own: the keep tables are walked once for all of them. The
// rolls' chances must be in best[:numRolls], as bits, already; the averages
// read them, and the averages already made, from best, for best only takes
// its maxima once every average is made. keepValue, unless it is nil (a
// solve needs only the rolls), receives the averages, and best the best of
// each keep's sub-keeps, so best[:numRolls] is ready for the next step at
// once.
// Where the processor has vector instructions (block_amd64.s) four or
// eight totals go through each step at once, with the same arithmetic in
// the same order, so the results are the same to the last bit.
func (m *multisets) bestKeepsBlock(keepValue *[numKeeps]chances, best *[numKeeps][block]uint64) {
	switch {
	case wideBlocks:
		averageKeepsVector512(keepValue, best, &m.add)
		takeLargerVector512(best, &m.subs)
	case vectorBlocks:
		averageKeepsVector(keepValue, best, &m.add)
		takeLargerVector(best, &m.subs)
	default:
		m.averageKeeps(keepValue, best)
		m.takeLarger(best)
	}
}

// averageKeeps fills every keep of fewer than five dice with the average
// of the keeps one die larger, as bits in best and, unless it is nil, as
// floats in keepValue.
func (m *multisets) averageKeeps(keepValue *[numKeeps]chances, best *[numKeeps][block]uint64) {
	f := math.Float64frombits
	for k := numRolls; k < numKeeps; k++ {
		a := &m.add[k]
		a0, a1, a2, a3, a4, a5 := &best[a[0]], &best[a[1]], &best[a[2]], &best[a[3]], &best[a[4]], &best[a[5]]
		b := &best[k]
		for i := range block {
			b[i] = math.Float64bits((f(a0[i]) + f(a1[i]) + f(a2[i]) + f(a3[i]) + f(a4[i]) + f(a5[i])) * (1.0 / 6))
		}
		if keepValue != nil {
			out := &keepValue[k]
			for i := range block {
				out[i] = f(b[i])
			}
		}
	}
}

// takeLarger gives every keep the best of its sub-keeps, pair by pair.
func (m *multisets) takeLarger(best *[numKeeps][block]uint64) {
	for _, p := range m.fewer {
		b, sub := &best[p.keep], &best[p.sub]
		// Four at a time: the compiler does not unroll, and the loop's
		// own counting would cost as much as the maxima.
		for i := 0; i < block; i += 4 {
			b[i] = max(b[i], sub[i])
			b[i+1] = max(b[i+1], sub[i+1])
			b[i+2] = max(b[i+2], sub[i+2])
			b[i+3] = max(b[i+3], sub[i+3])
		}
	}
}

// bestKeepsLanes is bestKeeps for the lanes of rows, each on its own, in
// place: rows[:numRolls] holds what each roll is worth as it lands, and
// receives what it is worth holding its best keep. The averages are all made
// before any maximum is taken, so they read the rolls' worth as they land.
func (m *multisets) bestKeepsLanes(rows *laneRows) {
	if vectorBlocks {
		averageKeepsLanesVector(rows, &m.add)
		takeLargerLanesVector(rows, &m.subs)
		return
	}
	m.averageKeepsLanesGo(rows)
	m.takeLargerLanesGo(rows)
}

func (m *multisets) averageKeepsLanesGo(rows *laneRows) {
	f := math.Float64frombits
	for k := numRolls; k < numKeeps; k++ {
		a := &m.add[k]
		a0, a1, a2, a3, a4, a5 := &rows[a[0]], &rows[a[1]], &rows[a[2]], &rows[a[3]], &rows[a[4]], &rows[a[5]]
		out := &rows[k]
		for l := range lanes {
			out[l] = math.Float64bits((f(a0[l]) + f(a1[l]) + f(a2[l]) + f(a3[l]) + f(a4[l]) + f(a5[l])) * (1.0 / 6))
		}
	}
}

func (m *multisets) takeLargerLanesGo(rows *laneRows) {
	for _, p := range m.fewer {
		rows[p.keep] = maxLanes(rows[p.keep], rows[p.sub])
	}
}
