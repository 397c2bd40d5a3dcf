package strategy

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The vector steps must give the plain Go steps' results to the last bit,
// ties and zeros included.
func TestVectorBlocksGiveTheSameBitsAsGo(t *testing.T) {
	if !vectorBlocks {
		t.Skip("this processor has no vector version")
	}
	m := newMultisets()
	rng := rand.New(rand.NewPCG(3, 4))
	for round := range 20 {
		var kvGo, kvVec [numKeeps]chances
		var bestGo, bestVec [numKeeps][block]uint64
		for r := range numRolls {
			for i := range block {
				x := rng.Float64()
				switch rng.IntN(4) {
				case 0:
					x = 0
				case 1:
					x = float64(rng.IntN(3)) / 2 // ties
				}
				kvGo[r][i], bestGo[r][i] = x, math.Float64bits(x)
			}
		}
		kvVec, bestVec = kvGo, bestGo
		m.averageKeeps(&kvGo, &bestGo)
		m.takeLarger(&bestGo)
		m.bestKeepsBlock(&kvVec, &bestVec)
		require.Equal(t, kvGo, kvVec, "round %d: averages", round)
		assert.Equal(t, bestGo, bestVec, "round %d: maxima", round)
	}
}

// The vector lanes must give the plain Go lanes' results to the last bit.
func TestVectorLanesGiveTheSameBitsAsGo(t *testing.T) {
	if !vectorBlocks {
		t.Skip("this processor has no vector version")
	}
	m := newMultisets()
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 20 {
		var goRows, vecRows laneRows
		for r := range numRolls {
			for l := range lanes {
				x := rng.Float64() * 100
				switch rng.IntN(4) {
				case 0:
					x = 0
				case 1:
					x = float64(rng.IntN(3)) / 2 // ties
				}
				goRows[r][l] = math.Float64bits(x)
			}
		}
		vecRows = goRows
		m.averageKeepsLanesGo(&goRows)
		m.takeLargerLanesGo(&goRows)
		m.bestKeepsLanes(&vecRows)
		assert.Equal(t, goRows, vecRows, "round %d", round)
	}
}
