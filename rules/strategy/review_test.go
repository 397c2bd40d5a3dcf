package strategy

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/dicecam/dicecam/rules"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func reviewOf(t *testing.T, tb *Table, log string) *Review {
	t.Helper()
	turns, err := rules.ParseLog(strings.NewReader(log), tb.Set())
	require.NoError(t, err)
	rev, err := tb.Review(turns)
	require.NoError(t, err)
	return rev
}

func TestReviewGradesAKeepThatThrowsAwayAYacht(t *testing.T) {
	tb := solved(t, "yacht", Official)
	rev := reviewOf(t, tb, "4 4 4 4 4 keep 4 4, 4 4 1 2 6 keep 4 4, 4 4 4 3 3 -> fours\n")
	require.Len(t, rev.Turns, 1)
	keeps := rev.Turns[0].Keeps
	require.Len(t, keeps, 2)
	assert.Equal(t, []rules.Face{4, 4, 4, 4, 4}, keeps[0].BestKept, "five alike on the first roll is scored at once")
	assert.Equal(t, []rules.Face{4, 4}, keeps[0].Kept)
	assert.Greater(t, keeps[0].Loss, 10.0, "throwing away 50 points costs at least a good part of them")
	assert.Equal(t, 3, rev.Decisions)
	assert.InDelta(t, keeps[0].Loss+keeps[1].Loss+rev.Turns[0].Loss, rev.TotalLoss, 1e-9)
}

func TestReviewOfOptimalPlayLosesNothing(t *testing.T) {
	tb := solved(t, "yacht", Official)
	rng := rand.New(rand.NewPCG(7, 7))
	log := playedLog(t, tb, rng, best)
	rev := reviewOf(t, tb, log)
	require.Len(t, rev.Turns, len(tb.Set().Boxes()))
	assert.Zero(t, rev.TotalLoss, log)
	for _, tr := range rev.Turns {
		assert.Equal(t, tr.BestBox, tr.Box)
	}
	assert.Greater(t, rev.Decisions, len(rev.Turns), "the keeps are graded too")
}

// A player who takes the second-best move whenever there is one loses, at
// each decision, exactly what the advice says that move costs.
func TestReviewLossIsWhatTheAdviceSaysAMoveCosts(t *testing.T) {
	tb := solved(t, "yacht", Official)
	rng := rand.New(rand.NewPCG(8, 8))
	var costs float64
	log := playedLog(t, tb, rng, func(moves []Move, rollNo int) Move {
		m := moves[min(1, len(moves)-1)]
		if rollNo == 1 && m.ScoresNow() {
			// A log cannot say a turn stopped after its first roll.
			m = moves[2]
		}
		costs += m.Cost
		return m
	})
	rev := reviewOf(t, tb, log)
	assert.InDelta(t, costs, rev.TotalLoss, 1e-9)
	assert.Greater(t, rev.TotalLoss, 0.0)
	assert.InDelta(t, rev.TotalLoss/float64(rev.Decisions), rev.MeanLoss(), 1e-12)
}

func best(moves []Move, _ int) Move { return moves[0] }

// playedLog plays a game with random dice, choosing each move with pick
// among the advice, and writes it as a log with every roll recorded.
func playedLog(t *testing.T, tb *Table, rng *rand.Rand, pick func(moves []Move, rollNo int) Move) string {
	t.Helper()
	set := tb.Set()
	card := rules.NewCard(set)
	var turns []rules.Turn
	for !card.Full() {
		var tn rules.Turn
		roll := randomRoll(rng)
		for rollNo := 1; ; rollNo++ {
			moves, err := tb.Advise(card, roll, rollNo)
			require.NoError(t, err)
			m := pick(moves, rollNo)
			if m.ScoresNow() {
				tn.Roll, tn.Box = roll, m.Box
				break
			}
			tn.Holds = append(tn.Holds, rules.Hold{Roll: roll, Kept: m.Keep})
			next := randomRoll(rng)
			copy(next[:], m.Keep)
			roll = next
		}
		_, err := card.Score(tn.Roll, tn.Box)
		require.NoError(t, err)
		turns = append(turns, tn)
	}
	return rules.FormatLog(set, turns)
}

func TestReviewSaysWhichBoxesWereLegal(t *testing.T) {
	tb := solved(t, "yacht", Official)
	turns, err := rules.ParseLog(strings.NewReader("1 1 1 2 3 -> ones\n# again\n1 1 2 2 3 -> ones\n"), tb.Set())
	require.NoError(t, err)
	_, err = tb.Review(turns)
	var le *rules.LineError
	require.ErrorAs(t, err, &le)
	assert.Equal(t, 3, le.Line)
	assert.ErrorContains(t, err, `box "ones" is already filled: 1 1 2 2 3 may go in twos, threes,`)
}

func TestReviewNumbersTheTurnsOfEachGameOfASeries(t *testing.T) {
	tb := solved(t, "poker", Official)
	set := tb.Set()
	rng := rand.New(rand.NewPCG(9, 9))
	var log strings.Builder
	for game := range set.Games() {
		if game > 0 {
			log.WriteString(rules.Separator + "\n")
		}
		log.WriteString(playedLog(t, tb, rng, best))
	}
	rev := reviewOf(t, tb, log.String())
	require.Len(t, rev.Turns, set.Games()*len(set.Boxes()))
	last := rev.Turns[len(rev.Turns)-1]
	assert.Equal(t, set.Games()-1, last.Game)
	assert.Equal(t, len(set.Boxes()), last.Turn)
	assert.Zero(t, rev.TotalLoss)
}

func TestReviewGradesTheRollsAndTakesTheBoxesTypedByHand(t *testing.T) {
	tb := solved(t, "yacht", Official)
	rev := reviewOf(t, tb, "-> yacht = 50\n-> yacht clear\n-> choice = 20\n6 6 6 6 6 -> yacht\n")
	require.Len(t, rev.Turns, 1, "only the scored roll is graded")
	assert.Equal(t, 1, rev.Turns[0].Turn)
	assert.Equal(t, rules.BoxID("yacht"), rev.Turns[0].Box, "the cleared yacht box took the roll")
	assert.Zero(t, rev.Turns[0].Loss, "a yacht in the yacht box with choice gone is the best move")
}
