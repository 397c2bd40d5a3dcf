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
		return fmt.Errorf("game %d is not over: its card has %d of %d boxes filled", n, sr.Current().filledCount(), len(sr.set.boxes))
	}
	if n >= sr.set.games {
		return fmt.Errorf("game %d was the last: a %s series is best of %d", n, sr.set.spec, sr.set.games)
	}
	sr.cards = append(sr.cards, NewCard(sr.set))
	return nil
}

// Done says whether every game of the series has been played to a full
// card. A series that other players' results decide sooner is over earlier:
// see SeriesWinners.
func (sr *Series) Done() bool {
	return len(sr.cards) == sr.set.games && sr.Current().Full()
}

// Total is the series total: the grand totals of its games added up.
func (sr *Series) Total() int {
	t := 0
	for _, c := range sr.cards {
		t += c.Totals().GrandTotal
	}
	return t
}

func (c *Card) filledCount() int {
	n := 0
	for _, f := range c.filled {
		if f {
			n++
		}
	}
	return n
}

// ReplaySeries plays the turns of a series, game by game, each turn on the
// card of its Game. A game may start only once the card before it is full,
// and the games count up from 0 by one, as ParseLog numbers them. Turns of a
// single game (all Game 0) replay as Replay does. An illegal turn stops it
// with a *LineError naming the turn's line and the rule it breaks.
func ReplaySeries(s *Set, turns []Turn) (*Series, error) {
	sr := NewSeries(s)
	for _, t := range turns {
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
		if c.Full() {
			return sr, &LineError{Line: t.Line, Err: sr.fullError()}
		}
		if _, err := c.Score(t.Roll, t.Box); err != nil {
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

// Standing is where the players of a series stand, each player's series in
// the order given.
type Standing struct {
	Played  int   // games every player has finished, the ones that count
	Wins    []int // games each player won
	Totals  []int // each player's grand totals over the games that count
	Leaders []int // the players ahead, in order; more than one while tied
	Decided bool  // the series is over and Leaders won it
}

// SeriesWinners decides a series across its players. A game counts once
// every player's card for it is full. It is won by the one player with the
// highest grand total; a tie for the highest wins it for no one. The leaders
// have won the most games, and among them have the highest total over the
// games that count; players level on both lead together. The series is
// decided as soon as one player has won more than half its games (2 of
// best of 3), or when every game has been played; a tie then stands as a
// shared win.
func SeriesWinners(series []*Series) (Standing, error) {
	if len(series) == 0 {
		return Standing{}, errors.New("no players: a series needs at least one")
	}
	set := series[0].set
	st := Standing{Played: set.games, Wins: make([]int, len(series)), Totals: make([]int, len(series))}
	for i, sr := range series {
		if sr.set.spec != set.spec {
			return Standing{}, fmt.Errorf("player %d plays %s, player 1 %s: a series has one rule set", i+1, sr.set.spec, set.spec)
		}
		st.Played = min(st.Played, sr.finished())
	}
	for g := range st.Played {
		top := []int{}
		best := 0
		for i, sr := range series {
			total := sr.cards[g].Totals().GrandTotal
			st.Totals[i] += total
			switch {
			case len(top) == 0 || total > best:
				top, best = []int{i}, total
			case total == best:
				top = append(top, i)
			}
		}
		if len(top) == 1 {
			st.Wins[top[0]]++
		}
	}
	for i := range series {
		switch {
		case len(st.Leaders) == 0 || st.ahead(i, st.Leaders[0]):
			st.Leaders = []int{i}
		case !st.ahead(st.Leaders[0], i):
			st.Leaders = append(st.Leaders, i)
		}
	}
	st.Decided = st.Played == set.games || 2*st.Wins[st.Leaders[0]] > set.games
	return st, nil
}

// ahead says whether player i stands before player j: more games won, then
// the higher total.
func (st Standing) ahead(i, j int) bool {
	if st.Wins[i] != st.Wins[j] {
		return st.Wins[i] > st.Wins[j]
	}
	return st.Totals[i] > st.Totals[j]
}

// finished counts the games played to a full card.
func (sr *Series) finished() int {
	if sr.Current().Full() {
		return len(sr.cards)
	}
	return len(sr.cards) - 1
}
