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
	// Holds are the turn's earlier rolls, first first, each with the dice
	// the players marked as held from it: one for every throw before this
	// one, or none when the players did not mark them all. An unmarked
	// roll is not "keep none": guessing what was held would mis-grade the
	// keep, so such a turn's review grades its box alone.
	Holds []rules.Hold
}

// Throw is the current throw of the player to move: the dice as the camera
// or the players gave them, not yet scored.
type Throw struct {
	Dice      [5]rules.Face // 0 where a die was not seen
	Uncertain [5]bool       // the reader was unsure: a person must check it
	Number    int           // 1, 2 or 3 within the turn; 0 before the first
	Confirmed bool
	// Held marks, by position, the dice the players hold for the next
	// roll, once HeldMarked says they marked them; none held is then
	// "roll all five again". Only the advice's own marks are never taken
	// as the players'.
	Held       [5]bool
	HeldMarked bool
	// HeldOver marks the dice held from the throw before, which keep its
	// values in their places.
	HeldOver [5]bool

	given [5]int // the dice as the roll move gave them, before the held dice took their places
	// places says where each die of given lies on the card: one more than
	// the place it fills, heldOnTray for a die that stands for one held
	// from the throw before, or notGiven (the zero value) where the move
	// gave none.
	places [5]int
}

// What places says of a die given that fills no place of its own.
const (
	notGiven   = 0
	heldOnTray = -1
)

// asConfirmed is, for each die of given, the face the throw shows for it
// now, 0 where none was given; whole says that every die on the card that
// was not held and set aside is one of them: none was typed in for a die
// the camera did not read.
func (r Throw) asConfirmed() (faces [5]int, whole bool) {
	var filled [5]bool
	for i, at := range r.places {
		switch {
		case at > notGiven:
			faces[i], filled[at-1] = int(r.Dice[at-1]), true
		case at == heldOnTray:
			faces[i] = r.given[i]
		}
	}
	for p, f := range filled {
		if !f && !r.HeldOver[p] {
			return faces, false
		}
	}
	return faces, true
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

// faces are the dice as the API gives them: 0 for a die not seen.
func (r Throw) faces() [5]int {
	var d [5]int
	for i, f := range r.Dice {
		d[i] = int(f)
	}
	return d
}

func newState(set *rules.Set, names []string) *State {
	return &State{Table: rules.NewTable(set, len(names)), Names: slices.Clone(names)}
}

func (st *State) clone() *State {
	c := *st
	c.Table = st.Table.Clone()
	c.Names = slices.Clone(st.Names)
	c.Holds = slices.Clone(st.Holds)
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
		st.Throw, st.Holds = Throw{}, nil
	}
	return nil
}

func (st *State) applyMove(m Move) error {
	switch m.Kind {
	case MoveRoll:
		return st.setRoll(m)
	case MoveDie:
		return st.setDie(m.Die, m.Face)
	case MoveHold:
		return st.hold(m.Held)
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

// setRoll makes the move's dice the current throw. A die held from the
// throw before keeps its value and place, and the dice given fill the other
// places (see placeHeld); the throw before is then recorded with the dice
// held from it, when the players marked them.
func (st *State) setRoll(m Move) error {
	if st.Table.Over() {
		return errors.New("the game is over: start a new one")
	}
	if m.Throw < 0 || m.Throw > 3 {
		return fmt.Errorf("throw %d: a turn has throws 1, 2 and 3", m.Throw)
	}
	for i, d := range m.Dice {
		if d < 0 || d > 6 {
			return fmt.Errorf("die %d is %d: dice show 1 to 6 (0 for a die not seen)", i+1, d)
		}
	}
	prev := st.Throw
	r := Throw{Number: m.Throw, given: m.Dice}
	if r.Number == 0 {
		r.Number = min(prev.Number+1, 3)
	}
	holds := st.Holds
	switch {
	case r.Number == prev.Number+1 && prev.HeldMarked:
		r.HeldOver = prev.Held
		holds = append(slices.Clip(holds), rules.Hold{Roll: rules.Roll(prev.Dice), Kept: heldFaces(prev.Dice, prev.Held)})
	case r.Number == prev.Number:
		// The same throw given again, corrected: the dice held into it
		// stay as they were.
		r.HeldOver = prev.HeldOver
	}
	if len(holds) != r.Number-1 {
		holds = nil // a throw before this one was not marked
	}
	if err := r.placeHeld(st.Table.Set(), prev.Dice, m, r.Number == prev.Number); err != nil {
		return err
	}
	st.Throw, st.Holds = r, holds
	return nil
}

// placeHeld fills r's dice: the held-over ones with their values from the
// throw before, the others with the move's dice in order. When the move
// gives more dice than there are places left, the held dice were left on
// the tray and read with the rest: that many of the dice given must match
// held ones, which they stand for. The players' word on what they held is
// kept rather than the camera's on what lies there, so a roll that lacks a
// held die is refused, not taken as a change of mind. again says the move
// gives the throw before again, corrected.
func (r *Throw) placeHeld(set *rules.Set, before [5]rules.Face, m Move, again bool) error {
	if r.HeldOver == [5]bool{} {
		// Every die rolled: each keeps the place it was given in, a die
		// not seen too.
		for i, d := range m.Dice {
			r.Dice[i], r.Uncertain[i] = rules.Face(d), m.Uncertain[i] && d != 0
			if d != 0 {
				r.places[i] = i + 1
			}
		}
		return nil
	}
	var free []int
	var held [7]int // held faces not yet matched by a die given
	for i := range r.Dice {
		if r.HeldOver[i] {
			r.Dice[i] = before[i]
			held[before[i]]++
		} else {
			free = append(free, i)
		}
	}
	type die struct {
		face      int
		uncertain bool
		at        int // its index in the move
	}
	var given []die
	for i, d := range m.Dice {
		if d != 0 {
			given = append(given, die{d, m.Uncertain[i], i})
		}
	}
	for excess := len(given) - len(free); excess > 0; excess-- {
		at := slices.IndexFunc(given, func(d die) bool { return held[d.face] > 0 })
		if at < 0 {
			return r.lacksHeld(set, m, again)
		}
		held[given[at].face]--
		r.places[given[at].at] = heldOnTray
		given = slices.Delete(given, at, at+1)
	}
	for j, d := range given {
		r.Dice[free[j]], r.Uncertain[free[j]] = rules.Face(d.face), d.uncertain
		r.places[d.at] = free[j] + 1
	}
	return nil
}

// lacksHeld refuses a roll of more dice than were rolled again that does
// not show the dice held, saying what to do.
func (r *Throw) lacksHeld(set *rules.Set, m Move, again bool) error {
	var shown []string
	for _, d := range m.Dice {
		if d != 0 {
			shown = append(shown, set.FaceLabel(rules.Face(d)))
		}
	}
	held := heldFaces(r.Dice, r.HeldOver)
	fix := "change which dice are held under the dice, then set the roll again"
	if again {
		fix = fmt.Sprintf("undo back to roll %d to change which dice are held", r.Number-1)
	}
	return fmt.Errorf("roll %d shows %s, which lacks the %s held from roll %d: give all five dice as they lie, the held ones too, "+
		"or only the %d rolled again; if a held die was rolled after all, %s",
		r.Number, strings.Join(shown, " "), set.FormatFaces(held), r.Number-1, 5-len(held), fix)
}

// heldFaces are the faces of dice at the held places, in order.
func heldFaces(dice [5]rules.Face, held [5]bool) []rules.Face {
	var fs []rules.Face
	for i, h := range held {
		if h {
			fs = append(fs, dice[i])
		}
	}
	return fs
}

// hold marks the dice the players hold from the current throw for the
// next: the record the review grades the keep by.
func (st *State) hold(held [5]bool) error {
	r := st.Throw
	switch {
	case st.Table.Over():
		return errors.New("the game is over: start a new one")
	case r.Number == 0:
		return errors.New("there is no roll yet: set the roll, then mark the dice held from it")
	case r.Number == 3:
		return errors.New("roll 3 is the last of the turn, so no dice are held from it: score it")
	}
	if err := r.Complete(); err != nil {
		return fmt.Errorf("mark the dice held once the roll is right: %w", err)
	}
	if !slices.Contains(held[:], false) {
		return errors.New("holding all five dice ends the turn: confirm the roll and score it instead")
	}
	st.Throw.Held, st.Throw.HeldMarked = held, true
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
	if r := st.Throw; r.HeldOver[i] && int(r.Dice[i]) != face {
		return fmt.Errorf("die %d was held from roll %d, so it still shows %s: to change it, undo back to roll %d and correct it there",
			i+1, r.Number-1, st.Table.Set().FaceLabel(r.Dice[i]), r.Number-1)
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
