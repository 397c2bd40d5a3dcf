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
