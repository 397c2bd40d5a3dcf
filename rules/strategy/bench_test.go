package strategy

import (
	"context"
	"testing"

	"github.com/dicecam/dicecam/rules"
	"github.com/stretchr/testify/require"
)

func BenchmarkSolveYahtzee(b *testing.B) {
	set := mustSet(b, "yahtzee")
	for b.Loop() {
		_, err := Solve(context.Background(), set, Options{})
		require.NoError(b, err)
	}
}

func BenchmarkLoadYahtzeeFromCache(b *testing.B) {
	set := mustSet(b, "yahtzee")
	dir := b.TempDir()
	_, err := Load(context.Background(), set, Options{CacheDir: dir})
	require.NoError(b, err)
	b.ResetTimer()
	for b.Loop() {
		_, err := Load(context.Background(), set, Options{CacheDir: dir})
		require.NoError(b, err)
	}
}

// The first roll of a turn is the costliest advice: two reroll steps.
func BenchmarkAdviseFirstRoll(b *testing.B) {
	tb := solved(b, "yahtzee", Official)
	card := rules.NewCard(tb.Set())
	roll := rules.Roll{6, 6, 5, 2, 1}
	for b.Loop() {
		_, err := tb.Advise(card, roll, 1)
		require.NoError(b, err)
	}
}

func BenchmarkSolveYatzy(b *testing.B) {
	set := mustSet(b, "yatzy")
	for b.Loop() {
		_, err := Solve(context.Background(), set, Options{})
		require.NoError(b, err)
	}
}

// Playing to win from a card with four boxes open, the 100 bonus still to
// earn and the 35 in reach: the case a last player is in late in a game.
func BenchmarkToBeatFourOpenBoxes(b *testing.B) {
	tb := solved(b, "yahtzee", Official)
	card := cardOf(b, tb.Set(), "yahtzee-four-open.log")
	for b.Loop() {
		_, err := tb.AdviseToBeat(context.Background(), card, rules.Roll{6, 6, 5, 2, 1}, 1, card.Totals().GrandTotal+120)
		require.NoError(b, err)
	}
}

// From an empty card, to beat the expected score of optimal play.
func BenchmarkToBeatFromAnEmptyCard(b *testing.B) {
	tb := solved(b, "yahtzee", Official)
	card := rules.NewCard(tb.Set())
	for b.Loop() {
		_, err := tb.AdviseToBeat(context.Background(), card, rules.Roll{6, 6, 5, 2, 1}, 1, 254)
		require.NoError(b, err)
	}
}
