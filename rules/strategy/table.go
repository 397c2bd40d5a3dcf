package strategy

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/bits"

	"github.com/dicecam/dicecam/rules"
)

// Table holds, for one rule set, the expected further score of optimal play
// from the start of every turn. It is read-only once made and safe for
// concurrent use.
type Table struct {
	variant Variant
	solver
	states int
}

// Options tune how a table is made.
type Options struct {
	Variant Variant
	// CacheDir holds solved tables; empty means os.UserCacheDir()/dicecam.
	CacheDir string
	// NoCache solves without reading or writing the cache.
	NoCache bool
	// Progress, when set, hears how many states are solved out of how many,
	// from one goroutine at a time.
	Progress func(done, total int)
	// Log hears about the cache; nil discards.
	Log *slog.Logger
}

// Solve computes the table for a rule set, ignoring any cache.
func Solve(ctx context.Context, set *rules.Set, opts Options) (*Table, error) {
	g, err := newGame(set, opts.Variant)
	if err != nil {
		return nil, err
	}
	t := &Table{variant: opts.Variant, solver: solver{g: g, sp: newSpace(g)}}
	t.states, err = t.solve(ctx, opts.Progress)
	if err != nil {
		return nil, fmt.Errorf("solve %s: %w", set.Spec(), err)
	}
	return t, nil
}

// Set is the rule set the table was solved for.
func (t *Table) Set() *rules.Set { return t.g.set }

// Variant is the variant of the rules the table was solved for.
func (t *Table) Variant() Variant { return t.variant }

// States is how many turn states the table holds.
func (t *Table) States() int { return t.states }

// ExpectedScore is the expected final score of optimal play from an empty card.
func (t *Table) ExpectedScore() float64 { return t.value[t.sp.index(0, 0, 0)] }

// Expected is the expected final score of a card before its next turn, with
// optimal play from here on.
func (t *Table) Expected(card *rules.Card) (float64, error) {
	st, err := t.stateOf(card)
	if err != nil {
		return 0, err
	}
	return float64(card.Totals().GrandTotal) + t.value[t.sp.index(st.mask, st.up, st.y)], nil
}

// state is a card as the table sees it.
type state struct {
	mask  uint32
	up, y int
}

var errFull = errors.New("the card is full: there is no move left to advise")

func (t *Table) stateOf(card *rules.Card) (state, error) {
	if card.Set().Spec() != t.g.set.Spec() {
		return state{}, fmt.Errorf("the card is for %s but the table was solved for %s: load the table for %s",
			card.Set().Spec(), t.g.set.Spec(), card.Set().Spec())
	}
	var st state
	for b, box := range t.g.boxes {
		points, ok := card.Filled(box.ID)
		if !ok {
			continue
		}
		if card.Marked(box.ID) {
			return state{}, fmt.Errorf("box %q holds %d, which five dice cannot make: correct it before asking for advice", box.ID, points)
		}
		st.mask |= 1 << b
		if b == t.g.five && t.sp.ys == 2 && points > 0 {
			st.y = 1
		}
	}
	if bits.OnesCount32(st.mask) == len(t.g.boxes) {
		return state{}, errFull
	}
	st.up = t.g.capUp(card.Totals().UpperSubtotal)
	for _, up := range t.sp.reach[st.mask] {
		if int(up) == st.up {
			return st, nil
		}
	}
	// Typed scores that five dice can make always add up to a reachable
	// subtotal, so this is a card the rules engine would not build.
	return state{}, fmt.Errorf("upper subtotal %d cannot be reached with these boxes filled: check the number boxes", st.up)
}
