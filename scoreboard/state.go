package scoreboard

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dicecam/dicecam/rules"
)

// State is where a game stands: the replay of its moves.
type State struct {
	Set     *rules.Set
	Players []Player
	Round   int // which game of a series, from 0
	Roll    Roll
}

// Player is one column of the card, with a card for each game of the series
// played so far.
type Player struct {
	Name  string
	Cards []*rules.Card
}

// Card is the player's card for the game being played.
func (p Player) Card(round int) *rules.Card { return p.Cards[round] }

// Roll is the current throw of the player to move.
type Roll struct {
	Dice      [5]rules.Face // 0 where a die was not seen
	Uncertain [5]bool       // the reader was unsure: a person must check it
	Throw     int           // 1, 2 or 3 within the turn; 0 before the first
	Confirmed bool
}

// Complete reports whether all five dice are known and checked.
func (r Roll) Complete() error {
	for i, f := range r.Dice {
		if f == 0 {
			return fmt.Errorf("die %d has no value yet: type it or roll again", i+1)
		}
		if r.Uncertain[i] {
			return fmt.Errorf("die %d is uncertain: correct it or accept it", i+1)
		}
	}
	return nil
}

func newState(set *rules.Set, names []string) *State {
	st := &State{Set: set}
	for _, n := range names {
		st.Players = append(st.Players, Player{Name: n, Cards: []*rules.Card{rules.NewCard(set)}})
	}
	return st
}

func (st *State) clone() *State {
	c := *st
	c.Players = make([]Player, len(st.Players))
	for i, p := range st.Players {
		cards := make([]*rules.Card, len(p.Cards))
		for j, card := range p.Cards {
			cards[j] = card.Clone()
		}
		c.Players[i] = Player{Name: p.Name, Cards: cards}
	}
	return &c
}

// filled counts the boxes a card has filled.
func (st *State) filled(c *rules.Card) int {
	n := 0
	for _, b := range st.Set.Boxes() {
		if _, ok := c.Filled(b.ID); ok {
			n++
		}
	}
	return n
}

// ToMove is the player whose turn it is: the first with the fewest boxes
// filled, so a score typed by hand or a box cleared moves the turn as a
// paper card would. It is -1 when the series is over.
func (st *State) ToMove() int {
	if st.Over() {
		return -1
	}
	best, who := 0, -1
	for i, p := range st.Players {
		n := st.filled(p.Card(st.Round))
		if who < 0 || n < best {
			best, who = n, i
		}
	}
	return who
}

func (st *State) roundFull(round int) bool {
	for _, p := range st.Players {
		if !p.Card(round).Full() {
			return false
		}
	}
	return len(st.Players) > 0
}

// RoundWinners are the players with the best grand total in one game of
// the series, once every card of it is full.
func (st *State) RoundWinners(round int) []int {
	if round >= len(st.Players[0].Cards) || !st.roundFull(round) {
		return nil
	}
	return best(len(st.Players), func(i int) int { return st.Players[i].Card(round).Totals().GrandTotal })
}

// Wins counts the games of the series a player won outright.
func (st *State) Wins(player int) int {
	n := 0
	for r := 0; r <= st.Round; r++ {
		if w := st.RoundWinners(r); len(w) == 1 && w[0] == player {
			n++
		}
	}
	return n
}

// SeriesTotal adds a player's grand totals over the games of the series.
func (st *State) SeriesTotal(player int) int {
	t := 0
	for _, c := range st.Players[player].Cards {
		t += c.Totals().GrandTotal
	}
	return t
}

// decided reports whether someone has won more than half the series.
func (st *State) decided() bool {
	for i := range st.Players {
		if st.Wins(i)*2 > st.Set.Games() {
			return true
		}
	}
	return false
}

// Over reports whether the game (or the whole series) has ended.
func (st *State) Over() bool {
	return st.roundFull(st.Round) && (st.Round+1 >= st.Set.Games() || st.decided())
}

// Winners are the winners of the finished game or series: most games won,
// then the highest series total; more than one on a tie.
func (st *State) Winners() []int {
	if !st.Over() {
		return nil
	}
	return best(len(st.Players), func(i int) int { return st.Wins(i)*1_000_000 + st.SeriesTotal(i) })
}

func best(n int, score func(int) int) []int {
	var who []int
	top := 0
	for i := range n {
		s := score(i)
		switch {
		case len(who) == 0 || s > top:
			who, top = []int{i}, s
		case s == top:
			who = append(who, i)
		}
	}
	return who
}

var errNothingToUndo = errors.New("nothing to undo")

// apply plays one move (not undo) on the state, or says why it may not be made.
func (st *State) apply(m Move) error {
	before, round := st.ToMove(), st.Round
	filled := 0
	if before >= 0 {
		filled = st.filled(st.Players[before].Card(round))
	}
	if err := st.applyMove(m); err != nil {
		return err
	}
	// The turn ends when the player to move fills a box, even when the
	// turn comes straight back to them (a game of one).
	turnOver := st.ToMove() != before || (before >= 0 && st.filled(st.Players[before].Card(round)) != filled)
	if st.roundFull(st.Round) && !st.Over() {
		st.Round++
		for i := range st.Players {
			st.Players[i].Cards = append(st.Players[i].Cards, rules.NewCard(st.Set))
		}
	}
	if turnOver {
		st.Roll = Roll{}
	}
	return nil
}

func (st *State) applyMove(m Move) error {
	switch m.Kind {
	case MoveRoll:
		return st.setRoll(m)
	case MoveDie:
		return st.setDie(m.Die, m.Face)
	case MoveConfirm:
		if st.Roll.Confirmed {
			return errors.New("the roll is already confirmed")
		}
		if err := st.Roll.Complete(); err != nil {
			return err
		}
		st.Roll.Confirmed = true
		return nil
	case MoveScore:
		return st.score(m.Box)
	case MoveEnter:
		return st.enter(m.Player, m.Box, m.Points)
	case MoveClear:
		c, err := st.card(m.Player, m.Box)
		if err != nil {
			return err
		}
		return c.Clear(m.Box)
	case MoveRename:
		if err := st.player(m.Player); err != nil {
			return err
		}
		name, err := cleanName(m.Name)
		if err != nil {
			return err
		}
		st.Players[m.Player].Name = name
		return nil
	case MoveAdd:
		return st.add(m.Name)
	case MoveUndo:
		return errors.New("undo is replayed by the game, not the state")
	}
	return fmt.Errorf("unknown move %q", m.Kind)
}

func (st *State) setRoll(m Move) error {
	if st.Over() {
		return errors.New("the game is over: start a new one")
	}
	if m.Throw < 0 || m.Throw > 3 {
		return fmt.Errorf("throw %d: a turn has throws 1, 2 and 3", m.Throw)
	}
	var r Roll
	for i, d := range m.Dice {
		if d < 0 || d > 6 {
			return fmt.Errorf("die %d is %d: dice show 1 to 6 (0 for a die not seen)", i+1, d)
		}
		r.Dice[i] = rules.Face(d)
		r.Uncertain[i] = m.Uncertain[i] && d != 0
	}
	r.Throw = m.Throw
	if r.Throw == 0 {
		r.Throw = min(st.Roll.Throw+1, 3)
	}
	st.Roll = r
	return nil
}

func (st *State) setDie(i, face int) error {
	if i < 0 || i > 4 {
		return fmt.Errorf("die %d: there are dice 0 to 4", i)
	}
	if face < 1 || face > 6 {
		return fmt.Errorf("die %d cannot show %d: dice show 1 to 6", i+1, face)
	}
	if st.Roll.Throw == 0 {
		return errors.New("there is no roll to correct: set the roll first")
	}
	st.Roll.Dice[i] = rules.Face(face)
	st.Roll.Uncertain[i] = false
	st.Roll.Confirmed = false
	return nil
}

func (st *State) score(id rules.BoxID) error {
	who := st.ToMove()
	if who < 0 {
		return errors.New("the game is over: start a new one")
	}
	if !st.Roll.Confirmed {
		return errors.New("confirm the roll before scoring it")
	}
	c, err := st.card(who, id)
	if err != nil {
		return err
	}
	_, err = c.Score(rules.Roll(st.Roll.Dice), id)
	return err
}

func (st *State) enter(player int, id rules.BoxID, points int) error {
	c, err := st.card(player, id)
	if err != nil {
		return err
	}
	if points < 0 {
		return fmt.Errorf("%d points: a box holds zero or more", points)
	}
	if _, ok := c.Filled(id); ok {
		if err := c.Clear(id); err != nil {
			return err
		}
	}
	_, err = c.Enter(id, points)
	return err
}

func (st *State) player(i int) error {
	if i < 0 || i >= len(st.Players) {
		return fmt.Errorf("player %d: there are players 0 to %d", i, len(st.Players)-1)
	}
	return nil
}

// card is a player's card in the current game, checking the box exists.
func (st *State) card(player int, id rules.BoxID) (*rules.Card, error) {
	if err := st.player(player); err != nil {
		return nil, err
	}
	if _, ok := st.Set.Box(id); !ok {
		var ids []string
		for _, b := range st.Set.Boxes() {
			ids = append(ids, string(b.ID))
		}
		return nil, fmt.Errorf("no box %q in %s: the boxes are %s", id, st.Set.Name(), strings.Join(ids, ", "))
	}
	return st.Players[player].Card(st.Round), nil
}

func (st *State) add(name string) error {
	if len(st.Players) >= MaxPlayers {
		return fmt.Errorf("the card has room for %d players", MaxPlayers)
	}
	name, err := cleanName(name)
	if err != nil {
		return err
	}
	p := Player{Name: name}
	for range st.Round + 1 {
		p.Cards = append(p.Cards, rules.NewCard(st.Set))
	}
	st.Players = append(st.Players, p)
	return nil
}

func cleanName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	if name == "" {
		return "", errors.New("a player needs a name")
	}
	if len([]rune(name)) > 24 {
		return "", fmt.Errorf("name %q is too long: keep it to 24 letters", name)
	}
	return name, nil
}
