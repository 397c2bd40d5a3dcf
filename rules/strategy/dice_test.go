package strategy

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMultisetsNumberEveryRollAndKeep(t *testing.T) {
	m := newMultisets()
	require.Len(t, m.index, numKeeps)
	total := 0.0
	for r := range numRolls {
		assert.Equal(t, dice, m.keeps[r].size(), "roll %d", r)
		total += m.prob[r]
	}
	assert.InDelta(t, 1.0, total, 1e-12)
	assert.Equal(t, 0, m.keeps[m.empty].size())
	for k := numRolls; k < numKeeps; k++ {
		for f, next := range m.add[k] {
			want := m.keeps[k]
			want[f]++
			assert.Equal(t, want, m.keeps[next])
			assert.Less(t, int(next), k, "adding a die leads to a smaller number")
		}
	}
}

func TestBestKeepsAveragesRerolledDice(t *testing.T) {
	m := newMultisets()
	// Worth of a roll is its number of sixes: holding k sixes and
	// rerolling the rest is worth k + (5-k)/6.
	var keep keepValues
	var best keepBits
	for r := range numRolls {
		keep[r] = float64(m.keeps[r][5])
	}
	m.bestKeeps(&keep, &best)
	assert.InDelta(t, 5.0/6, keep[m.empty], 1e-12)
	twoSixes := m.index[counts{0, 0, 0, 0, 0, 2}]
	assert.InDelta(t, 2+3.0/6, keep[twoSixes], 1e-12)
	// The best keep from 1 1 2 6 6 holds the sixes and nothing else.
	roll := m.index[counts{2, 1, 0, 0, 0, 2}]
	assert.InDelta(t, 2+3.0/6, math.Float64frombits(best[roll]), 1e-12)
}
