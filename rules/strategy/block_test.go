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
		start := bestGo
		m.averageKeeps(&kvGo, &bestGo)
		m.takeLarger(&bestGo)
		versions := map[string]func(*[numKeeps]chances, *[numKeeps][block]uint64){
			"AVX2": func(kv *[numKeeps]chances, best *[numKeeps][block]uint64) {
				averageKeepsVector(kv, best, &m.add)
				takeLargerVector(best, &m.subs)
			},
		}
		if wideBlocks {
			versions["AVX-512"] = func(kv *[numKeeps]chances, best *[numKeeps][block]uint64) {
				averageKeepsVector512(kv, best, &m.add)
				takeLargerVector512(best, &m.subs)
			}
		}
		for name, steps := range versions {
			kvVec, bestVec = kvGo, start
			clear(kvVec[numRolls:])
			steps(&kvVec, &bestVec)
			require.Equal(t, kvGo, kvVec, "%s, round %d: averages", name, round)
			assert.Equal(t, bestGo, bestVec, "%s, round %d: maxima", name, round)
			bestAlone := start
			steps(nil, &bestAlone)
			assert.Equal(t, bestGo, bestAlone, "%s, round %d: maxima without the averages kept", name, round)
		}
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

// So must the vector steps of a lane turn's last roll and its average.
func TestVectorLastRollStepsGiveTheSameBitsAsGo(t *testing.T) {
	if !vectorBlocks {
		t.Skip("this processor has no vector version")
	}
	g, err := newGame(mustSet(t, "yahtzee"), Official)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(7, 8))
	value := func() float64 {
		if rng.IntN(4) == 0 {
			return float64(rng.IntN(3)) // ties and zeros
		}
		return rng.Float64() * 300
	}
	for b := range g.boxes {
		var goRows, vecRows laneRows
		for r := range numRolls {
			for l := range lanes {
				goRows[r][l] = math.Float64bits(value())
			}
		}
		vecRows = goRows
		var later [lanes]float64
		var classLater [8][lanes]uint64
		for l := range lanes {
			later[l] = value()
			for c := range classLater {
				classLater[c][l] = math.Float64bits(value())
			}
		}
		if g.upper(b) {
			maxClassLanesGo(goRows[:numRolls], g.scoring[b], &g.scoreClass[b], &classLater)
			maxClassLanes(vecRows[:numRolls], g.scoring[b], &g.scoreClass[b], &classLater)
		} else {
			addMaxLanesGo(goRows[:numRolls], g.scoring[b], &g.points[b], &later)
			addMaxLanes(vecRows[:numRolls], g.scoring[b], &g.points[b], &later)
		}
		require.Equal(t, goRows, vecRows, "box %s", g.boxes[b].ID)
		var goSum, vecSum [lanes]float64
		averageRollsGo(&goRows, &g.dice.prob, &goSum)
		averageRollsVector(&vecRows, &g.dice.prob, &vecSum)
		assert.Equal(t, goSum, vecSum, "box %s: averages", g.boxes[b].ID)
	}
}

// And the vector steps of a turn's chances over a block of totals.
func TestVectorTurnChanceStepsGiveTheSameBitsAsGo(t *testing.T) {
	if !vectorBlocks {
		t.Skip("this processor has no vector version")
	}
	g, err := newGame(mustSet(t, "yahtzee"), Official)
	require.NoError(t, err)
	rng := rand.New(rand.NewPCG(9, 10))
	chance := func() float64 {
		switch rng.IntN(4) {
		case 0:
			return 0
		case 1:
			return 1
		}
		return rng.Float64()
	}
	for b := range g.boxes {
		var goRows, vecRows [numKeeps][block]uint64
		var win [maxScores]chances
		for r := range numRolls {
			for i := range block {
				goRows[r][i] = math.Float64bits(chance())
			}
		}
		for c := range win {
			for i := range block {
				win[c][i] = chance()
			}
		}
		vecRows = goRows
		maxClassBlockGo(goRows[:numRolls], g.scoring[b], &g.scoreClass[b], &win)
		maxClassBlock(vecRows[:numRolls], g.scoring[b], &g.scoreClass[b], &win)
		require.Equal(t, goRows, vecRows, "box %s", g.boxes[b].ID)
		var goSum, vecSum chances
		averageRollsBlockGo(&goRows, &g.dice.prob, &goSum)
		averageRollsBlockVector(&vecRows, &g.dice.prob, &vecSum)
		assert.Equal(t, goSum, vecSum, "box %s: averages", g.boxes[b].ID)
	}
}
