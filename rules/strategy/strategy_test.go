package strategy

import (
	"context"
	"math"
	"math/rand/v2"
	"sort"
	"sync"
	"testing"

	"github.com/dicecam/dicecam/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustSet(t testing.TB, spec string) *rules.Set {
	t.Helper()
	set, err := rules.Parse(spec)
	require.NoError(t, err)
	return set
}

var (
	tablesMu sync.Mutex
	tables   = map[string]*Table{}
)

// solved solves a rule set once for the whole test binary; yahtzee takes
// seconds, so tests that need it skip under -short.
func solved(t testing.TB, spec string, v Variant) *Table {
	t.Helper()
	if spec != "yacht" && testing.Short() {
		t.Skip("solving " + spec + " takes seconds")
	}
	tablesMu.Lock()
	defer tablesMu.Unlock()
	key := spec + "/" + v.String()
	if tb, ok := tables[key]; ok {
		return tb
	}
	tb, err := Solve(context.Background(), mustSet(t, spec), Options{Variant: v})
	require.NoError(t, err)
	tables[key] = tb
	return tb
}

func TestEmptyCardExpectedScoreMatchesPublishedOptimum(t *testing.T) {
	cases := []struct {
		spec    string
		variant Variant
		want    float64 // Verhoeff 1999 and Glenn 2006, to six decimals
	}{
		{"yahtzee", Official, 254.587729},
		{"yahtzee:joker=free", Official, 254.589609},
		{"yahtzee", Plain, 245.870775},
	}
	for _, c := range cases {
		t.Run(c.spec+"/"+c.variant.String(), func(t *testing.T) {
			tb := solved(t, c.spec, c.variant)
			assert.InDelta(t, c.want, tb.ExpectedScore(), 5e-6)
		})
	}
}

// randomCard plays n random legal turns.
func randomCard(rng *rand.Rand, set *rules.Set, n int) *rules.Card {
	card := rules.NewCard(set)
	for range n {
		roll := randomRoll(rng)
		var legal []rules.Option
		for _, o := range card.Options(roll) {
			if o.Legal {
				legal = append(legal, o)
			}
		}
		if len(legal) == 0 {
			break
		}
		if _, err := card.Score(roll, legal[rng.IntN(len(legal))].Box); err != nil {
			panic(err)
		}
	}
	return card
}

func randomRoll(rng *rand.Rand) rules.Roll {
	var r rules.Roll
	for i := range r {
		r[i] = rules.Face(1 + rng.IntN(6))
	}
	return r
}

// unsolved is a table whose values are all zero: enough to read cards and
// to score single moves.
func unsolved(t *testing.T, spec string) (*rules.Set, *Table) {
	t.Helper()
	set := mustSet(t, spec)
	g, err := newGame(set, Official)
	require.NoError(t, err)
	s := solver{g: g, sp: newSpace(g)}
	s.value = make([]float64, s.sp.size())
	return set, &Table{solver: s}
}

// eachSet runs a subtest for every rule set on an unsolved table, with a
// random source of its own.
func eachSet(t *testing.T, seed uint64, fn func(t *testing.T, set *rules.Set, tb *Table, rng *rand.Rand)) {
	for _, spec := range []string{"yahtzee", "yahtzee:joker=free", "yatzy", "yacht", "poker"} {
		t.Run(spec, func(t *testing.T) {
			set, tb := unsolved(t, spec)
			fn(t, set, tb, rand.New(rand.NewPCG(seed, uint64(len(spec)))))
		})
	}
}

func TestFiveAlikeOptionsAgreeWithTheRulesEngine(t *testing.T) {
	eachSet(t, 1, func(t *testing.T, set *rules.Set, tb *Table, rng *rand.Rand) {
		g := tb.g
		for range 300 {
			card := randomCard(rng, set, rng.IntN(len(g.boxes)))
			st, err := tb.stateOf(card)
			require.NoError(t, err)
			if g.five < 0 || st.mask&(1<<g.five) == 0 {
				continue
			}
			for f := range faces {
				roll := g.dice.rollOf(g.fiveRolls[f])
				var want []option
				for _, o := range card.Options(roll) {
					if o.Legal {
						want = append(want, option{tb.boxIndex(o.Box), o.Points})
					}
				}
				got := g.fiveAlikeOptions(nil, st.mask, f)
				sort.Slice(got, func(i, j int) bool { return got[i].box < got[j].box })
				assert.Equal(t, want, got, "five %ds on %v", f+1, card)
			}
		}
	})
}

// With every later value zero, the solver's step rewards of a game must add
// up to the card's grand total: this checks the bonuses the solver assumes
// against the rules engine.
func TestSolverRewardsAddUpToTheCardTotal(t *testing.T) {
	eachSet(t, 2, func(t *testing.T, set *rules.Set, tb *Table, rng *rand.Rand) {
		s := tb.solver
		for range 500 {
			card := rules.NewCard(set)
			sum := 0.0
			var st state
			for !card.Full() {
				// Lean on five alike so the bonuses come up.
				roll := randomRoll(rng)
				if rng.IntN(4) == 0 {
					roll = rules.Roll{roll[0], roll[0], roll[0], roll[0], roll[0]}
				}
				var legal []rules.Option
				for _, o := range card.Options(roll) {
					if o.Legal {
						legal = append(legal, o)
					}
				}
				o := legal[rng.IntN(len(legal))]
				b := tb.boxIndex(o.Box)
				sum += s.afterScoring(st.mask, st.up, st.y, b, o.Points, countsOf(roll[:]).isFiveAlike())
				_, err := card.Score(roll, o.Box)
				require.NoError(t, err)
				if !card.Full() {
					st, err = tb.stateOf(card)
					require.NoError(t, err)
				}
			}
			require.Equal(t, float64(card.Totals().GrandTotal), sum)
		}
	})
}

// The solver plays states lanes at a time; each must come out as it does
// played alone, to the last bit.
func TestLanesGiveEachStateTheBitsItGetsAlone(t *testing.T) {
	for _, spec := range []string{"yahtzee", "yatzy"} {
		t.Run(spec, func(t *testing.T) {
			tb := solved(t, spec, Official)
			sp, tn := tb.sp, new(turn)
			checked := 0
			for mask := uint32(0); mask < 1<<sp.boxes-1; mask += 37 {
				for _, up := range sp.reach[mask] {
					for y := range sp.yStates(tb.g, mask) {
						want := tb.stateValue(tn, mask, int(up), y)
						got := tb.value[sp.index(mask, int(up), y)]
						require.Equal(t, math.Float64bits(want), math.Float64bits(got), "mask %b up %d y %d", mask, up, y)
						checked++
					}
				}
			}
			assert.Greater(t, checked, 1000)
		})
	}
}
