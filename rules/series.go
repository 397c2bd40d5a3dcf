package rules

import (
	"errors"
	"fmt"
)

// Series is one player's games in a series, a card for each game in the
// order played. Poker is played best of three; the other sets are a series
// of one game. A game starts only once the card before it is full.
type Series struct {
	set   *Set
	cards []*Card
}

// NewSeries returns a series with its first game's empty card.
func NewSeries(s *Set) *Series {
	return &Series{set: s, cards: []*Card{NewCard(s)}}
}

// Set is the rule set the series is played under.
func (sr *Series) Set() *Set { return sr.set }

// Cards returns the cards of the games begun so far, the first game first.
func (sr *Series) Cards() []*Card { return append([]*Card(nil), sr.cards...) }

// Current is the card of the game in play, or of the last game when the
// series is done.
func (sr *Series) Current() *Card { return sr.cards[len(sr.cards)-1] }

// NextGame starts the next game on a new card. It is refused while the
// current card has open boxes and once every game of the series has begun.
func (sr *Series) NextGame() error {
	n := len(sr.cards)
	if !sr.Current().Full() {
		return fmt.Errorf("game %d is not over: its card has %d of %d boxes filled", n, sr.Current().FilledCount(), len(sr.set.boxes))
	}
	if n >= sr.set.games {
		return fmt.Errorf("game %d was the last: a %s series is best of %d", n, sr.set.spec, sr.set.games)
	}
	sr.cards = append(sr.cards, NewCard(sr.set))
	return nil
}

// Done says whether every game of the series has been played to a full
// card. A series that other players' results decide sooner is over earlier:
// see Table.
func (sr *Series) Done() bool {
	return len(sr.cards) == sr.set.games && sr.Current().Full()
}

// clone is a deep copy, for a Table to try a move on.
func (sr *Series) clone() *Series {
	return &Series{set: sr.set, cards: cloneEach(sr.cards, (*Card).Clone)}
}

// cloneEach is a copy of xs made of a clone of each.
func cloneEach[T any](xs []T, clone func(T) T) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = clone(x)
	}
	return out
}

// Total is the series total: the grand totals of its games added up.
func (sr *Series) Total() int {
	t := 0
	for _, c := range sr.cards {
		t += c.Totals().GrandTotal
	}
	return t
}

// Replay plays the turns of one player's game log, game by game, each turn
// on the card of its Game: a set of one game has one card. A game may start
// only once the card before it is full, and the games count up from 0 by
// one, as ParseLog numbers them. An illegal turn stops it with a *LineError
// naming the turn's line and the rule it breaks. A log of several players
// is ReplayTable's.
func Replay(s *Set, turns []Turn) (*Series, error) {
	sr := NewSeries(s)
	for _, t := range turns {
		if t.Player != 0 {
			return sr, &LineError{Line: t.Line, Err: errors.New(
				"this turn goes on another player's card, and this plays one player's: dicecam tally plays a log of several")}
		}
		game := len(sr.cards) - 1
		switch {
		case t.Game == game+1:
			if err := sr.NextGame(); err != nil {
				if !sr.Current().Full() {
					err = fmt.Errorf("%w: fill every box of game %d before the %s line", err, game+1, Separator)
				}
				return sr, &LineError{Line: t.Line, Err: fmt.Errorf("this turn starts game %d, but %w", t.Game+1, err)}
			}
		case t.Game != game:
			return sr, &LineError{Line: t.Line, Err: fmt.Errorf(
				"this turn belongs to game %d, but game %d is in play: games follow one another", t.Game+1, game+1)}
		}
		c := sr.Current()
		// A full card may still be corrected by hand.
		if t.Entry == Scored && c.Full() {
			return sr, &LineError{Line: t.Line, Err: sr.fullError()}
		}
		if err := t.Play(c); err != nil {
			return sr, &LineError{Line: t.Line, Err: err}
		}
	}
	return sr, nil
}

// fullError says why no turn fits on the current card, and what to do.
func (sr *Series) fullError() error {
	n := len(sr.cards)
	switch {
	case sr.set.games == 1:
		return errors.New("the card is already full")
	case n < sr.set.games:
		return fmt.Errorf("the card of game %d is already full: start game %d with a line %s", n, n+1, Separator)
	default:
		return fmt.Errorf("the card of game %d is already full, and a %s series is best of %d", n, sr.set.spec, sr.set.games)
	}
}
