package scoreboard

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode"

	"github.com/dicecam/dicecam/rules"
)

// State is where a game stands: the replay of its moves.
type State struct {
	Table *rules.Table
	Names []string // the players' names, in the order they sit
	Throw Throw
}

// Throw is the current throw of the player to move: the dice as the camera
// or the players gave them, not yet scored.
type Throw struct {
	Dice      [5]rules.Face // 0 where a die was not seen
	Uncertain [5]bool       // the reader was unsure: a person must check it
	Number    int           // 1, 2 or 3 within the turn; 0 before the first
	Confirmed bool
}

// Complete reports whether all five dice are known and checked.
func (r Throw) Complete() error {
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
	return &State{Table: rules.NewTable(set, len(names)), Names: slices.Clone(names)}
}

func (st *State) clone() *State {
	c := *st
	c.Table = st.Table.Clone()
	c.Names = slices.Clone(st.Names)
	return &c
}

var errNothingToUndo = errors.New("nothing to undo")

// apply plays one move (not undo) on the state, or says why it may not be made.
func (st *State) apply(m Move) error {
	tb := st.Table
	before, game := tb.ToMove(), tb.Game()
	filled := 0
	if before >= 0 {
		filled = tb.Card(before).FilledCount()
	}
	if err := st.applyMove(m); err != nil {
		return err
	}
	// The turn ends when the player to move fills a box, even when the
	// turn comes straight back to them (a game of one), or when the next
	// game of a series begins.
	if tb.ToMove() != before || tb.Game() != game || (before >= 0 && tb.Card(before).FilledCount() != filled) {
		st.Throw = Throw{}
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
		if st.Throw.Confirmed {
			return errors.New("the roll is already confirmed")
		}
		if err := st.Throw.Complete(); err != nil {
			return err
		}
		st.Throw.Confirmed = true
		return nil
	case MoveScore:
		return st.score(m.Box)
	case MoveEnter:
		if err := st.box(m.Box); err != nil {
			return err
		}
		return st.Table.Enter(m.Player, m.Box, m.Points)
	case MoveClear:
		if err := st.box(m.Box); err != nil {
			return err
		}
		return st.Table.Clear(m.Player, m.Box)
	case MoveRename:
		if m.Player < 0 || m.Player >= len(st.Names) {
			return fmt.Errorf("player %d: there are players 0 to %d", m.Player, len(st.Names)-1)
		}
		name, err := cleanName(m.Name)
		if err != nil {
			return err
		}
		st.Names[m.Player] = name
		return nil
	case MoveAdd:
		return st.add(m.Name)
	case MoveUndo:
		return errors.New("undo is replayed by the game, not the state")
	}
	return fmt.Errorf("unknown move %q", m.Kind)
}

func (st *State) setRoll(m Move) error {
	if st.Table.Over() {
		return errors.New("the game is over: start a new one")
	}
	if m.Throw < 0 || m.Throw > 3 {
		return fmt.Errorf("throw %d: a turn has throws 1, 2 and 3", m.Throw)
	}
	var r Throw
	for i, d := range m.Dice {
		if d < 0 || d > 6 {
			return fmt.Errorf("die %d is %d: dice show 1 to 6 (0 for a die not seen)", i+1, d)
		}
		r.Dice[i] = rules.Face(d)
		r.Uncertain[i] = m.Uncertain[i] && d != 0
	}
	r.Number = m.Throw
	if r.Number == 0 {
		r.Number = min(st.Throw.Number+1, 3)
	}
	st.Throw = r
	return nil
}

func (st *State) setDie(i, face int) error {
	if i < 0 || i > 4 {
		return fmt.Errorf("die %d: there are dice 0 to 4", i)
	}
	if face < 1 || face > 6 {
		return fmt.Errorf("die %d cannot show %d: dice show 1 to 6", i+1, face)
	}
	if st.Throw.Number == 0 {
		return errors.New("there is no roll to correct: set the roll first")
	}
	st.Throw.Dice[i] = rules.Face(face)
	st.Throw.Uncertain[i] = false
	st.Throw.Confirmed = false
	return nil
}

func (st *State) score(id rules.BoxID) error {
	who := st.Table.ToMove()
	if who < 0 {
		return errors.New("the game is over: start a new one")
	}
	if !st.Throw.Confirmed {
		return errors.New("confirm the roll before scoring it")
	}
	if err := st.box(id); err != nil {
		return err
	}
	_, err := st.Table.Score(who, rules.Roll(st.Throw.Dice), id)
	return err
}

// box checks that the rule set has the box, naming those it has.
func (st *State) box(id rules.BoxID) error {
	set := st.Table.Set()
	if _, ok := set.Box(id); ok {
		return nil
	}
	var ids []string
	for _, b := range set.Boxes() {
		ids = append(ids, string(b.ID))
	}
	return fmt.Errorf("no box %q in %s: the boxes are %s", id, set.Name(), strings.Join(ids, ", "))
}

func (st *State) add(name string) error {
	if len(st.Names) >= MaxPlayers {
		return fmt.Errorf("the card has room for %d players", MaxPlayers)
	}
	name, err := cleanName(name)
	if err != nil {
		return err
	}
	if err := st.Table.Join(); err != nil {
		return err
	}
	st.Names = append(st.Names, name)
	return nil
}

// cleanNames cleans each of the names a game starts with.
func cleanNames(names []string) ([]string, error) {
	clean := make([]string, len(names))
	for i, n := range names {
		c, err := cleanName(n)
		if err != nil {
			return nil, fmt.Errorf("player %d: %w", i+1, err)
		}
		clean[i] = c
	}
	return clean, nil
}

func cleanName(name string) (string, error) {
	name = strings.Join(strings.Fields(name), " ")
	if name == "" {
		return "", errors.New("a player needs a name")
	}
	if len([]rune(name)) > 24 {
		return "", fmt.Errorf("name %q is too long: keep it to 24 letters", name)
	}
	for _, r := range name {
		switch {
		case unicode.Is(unicode.Bidi_Control, r):
			// U+202E and its kin turn the text after them around, on the
			// card and in the recent games alike.
			return "", fmt.Errorf("name %q holds %U, which reverses the text around it: type the name without it", name, r)
		case unicode.IsControl(r):
			return "", fmt.Errorf("name %q holds the control character %U: type the name in letters, digits and spaces", name, r)
		}
	}
	return name, nil
}
