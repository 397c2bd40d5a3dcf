package rules

import (
	"errors"
	"fmt"
)

// Table is a game, or a series of games, as the players at one table play
// it: each player's Series, whose turn it is, and who is winning. Every
// player plays the same game of the series; the next one starts for all of
// them once every card of the game in play is full, unless the series is
// decided.
type Table struct {
	set     *Set
	players []*Series
}

// NewTable seats players at a new game of set, each with an empty card.
func NewTable(set *Set, players int) *Table {
	t := &Table{set: set}
	for range players {
		t.players = append(t.players, NewSeries(set))
	}
	return t
}

// Set is the rule set the table plays.
func (t *Table) Set() *Set { return t.set }

// Players is how many players sit at the table.
func (t *Table) Players() int { return len(t.players) }

// Series is one player's games so far. The caller must not change it: the
// table's moves keep the players' games in step.
func (t *Table) Series(player int) *Series { return t.players[player] }

// Game is the game of the series in play, from 0; the last one played once
// the series is over.
func (t *Table) Game() int {
	if len(t.players) == 0 {
		return 0
	}
	return len(t.players[0].cards) - 1
}

// Card is a player's card of the game in play.
func (t *Table) Card(player int) *Card { return t.players[player].Current() }

// Clone is a deep copy, to try a move on.
func (t *Table) Clone() *Table {
	return &Table{set: t.set, players: cloneEach(t.players, (*Series).clone)}
}

// ToMove is the player whose turn it is: the first with the fewest boxes
// filled, so a score typed by hand or a box cleared moves the turn as a
// paper card would. It is -1 when the series is over.
func (t *Table) ToMove() int {
	if t.Over() {
		return -1
	}
	best, who := 0, -1
	for i := range t.players {
		if n := t.Card(i).FilledCount(); who < 0 || n < best {
			best, who = n, i
		}
	}
	return who
}

// Score puts the roll in a box of the player's card, as Card.Score does,
// and starts the next game when this one is over.
func (t *Table) Score(player int, r Roll, id BoxID) (Option, error) {
	if t.Over() {
		return Option{}, errors.New("the game is over: start a new one")
	}
	c, err := t.card(player)
	if err != nil {
		return Option{}, err
	}
	o, err := c.Score(r, id)
	if err == nil {
		t.advance()
	}
	return o, err
}

// Enter writes a score typed by hand into a box of the player's card of the
// game in play, in place of what it held, as Card.Enter does. A finished
// game's card may be corrected so.
func (t *Table) Enter(player int, id BoxID, points int) error {
	c, err := t.card(player)
	if err != nil {
		return err
	}
	if err := c.Retype(id, points); err != nil {
		return err
	}
	t.advance()
	return nil
}

// Clear empties a box of the player's card in the game in play.
func (t *Table) Clear(player int, id BoxID) error {
	c, err := t.card(player)
	if err != nil {
		return err
	}
	return c.Clear(id)
}

// Join seats one more player, with an empty card. A player may join only
// during the first game of a series, so that every game counts for all.
func (t *Table) Join() error {
	if g := t.Game(); g > 0 {
		return fmt.Errorf("the series is in game %d: a player can join only in game 1; start a new game to add one", g+1)
	}
	t.players = append(t.players, NewSeries(t.set))
	return nil
}

func (t *Table) card(player int) (*Card, error) {
	if player < 0 || player >= len(t.players) {
		return nil, fmt.Errorf("player %d: there are players 0 to %d", player, len(t.players)-1)
	}
	return t.Card(player), nil
}

// advance starts the next game once every card of this one is full, unless
// the series is decided.
func (t *Table) advance() {
	if !t.gameFull(t.Game()) || t.Over() {
		return
	}
	for _, sr := range t.players {
		// Every card is full and a game is left, so NextGame cannot refuse.
		if err := sr.NextGame(); err != nil {
			panic("rules: a table's players fell out of step: " + err.Error())
		}
	}
}

func (t *Table) gameFull(game int) bool {
	for _, sr := range t.players {
		if !sr.cards[game].Full() {
			return false
		}
	}
	return len(t.players) > 0
}

// Over says whether the game, or the whole series, has ended.
func (t *Table) Over() bool { return t.Standing().Decided }

// Winners are the winners of the finished game or series, more than one on
// a tie; none while it is in play.
func (t *Table) Winners() []int {
	st := t.Standing()
	if !st.Decided {
		return nil
	}
	return st.Leaders
}

// Standing is where the players of a series stand, each player in the
// order seated.
type Standing struct {
	Played  int   // games every player has finished, the ones that count
	Wins    []int // games each player won
	Totals  []int // each player's grand totals over the games that count
	Leaders []int // the players ahead, in order; more than one while tied
	Decided bool  // the series is over and Leaders won it
}

// Standing decides the series so far. A game counts once every player's
// card for it is full. It is won by the one player with the highest grand
// total; a tie for the highest wins it for no one. The leaders have won the
// most games, and among them have the highest total over the games that
// count; players level on both lead together. The series is decided as
// soon as one player has won more than half its games (2 of best of 3), or
// when every game has been played; a tie then stands as a shared win.
func (t *Table) Standing() Standing {
	n := len(t.players)
	st := Standing{Wins: make([]int, n), Totals: make([]int, n)}
	if n == 0 {
		return st
	}
	for g := 0; g <= t.Game() && t.gameFull(g); g++ {
		st.Played++
		top, best := []int{}, 0
		for i, sr := range t.players {
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
	for i := range t.players {
		switch {
		case len(st.Leaders) == 0 || st.ahead(i, st.Leaders[0]):
			st.Leaders = []int{i}
		case !st.ahead(st.Leaders[0], i):
			st.Leaders = append(st.Leaders, i)
		}
	}
	st.Decided = st.Played == t.set.games || 2*st.Wins[st.Leaders[0]] > t.set.games
	return st
}

// ahead says whether player i stands before player j: more games won, then
// the higher total.
func (st Standing) ahead(i, j int) bool {
	if st.Wins[i] != st.Wins[j] {
		return st.Wins[i] > st.Wins[j]
	}
	return st.Totals[i] > st.Totals[j]
}
