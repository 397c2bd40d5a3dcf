package rules

import (
	"fmt"
	"strings"
)

// ReplayTable plays a log of every player at a table, as ReadLog reads it,
// on one Table: game by game, each player's turns of the game on their card
// of it, so that the next game starts, as in play, once every card of this
// one is full. A log that names no player is one player's table. An illegal
// turn stops it with a *LineError naming the turn's line and the rule it
// breaks; a turn of a game the table has not reached says whose card is
// still open.
func ReplayTable(s *Set, l *Log) (*Table, error) {
	t := NewTable(s, max(len(l.Players), 1))
	games := 0
	for _, tn := range l.Turns {
		games = max(games, tn.Game+1)
	}
	for g := range games {
		for _, tn := range l.Turns {
			if tn.Game != g {
				continue
			}
			if at := t.Game(); at != g {
				return t, &LineError{Line: tn.Line, Err: fmt.Errorf("this turn is of game %d, but game %d is in play%s",
					g+1, at+1, openCards(t, l.Players))}
			}
			if err := playAt(t, tn); err != nil {
				return t, &LineError{Line: tn.Line, Err: err}
			}
		}
	}
	return t, nil
}

// playAt makes a turn of a log on its player's card at the table.
func playAt(t *Table, tn Turn) error {
	switch tn.Entry {
	case Typed:
		return t.Enter(tn.Player, tn.Box, tn.Points)
	case Cleared:
		return t.Clear(tn.Player, tn.Box)
	}
	if c := t.Card(tn.Player); c.Full() {
		return fmt.Errorf("the card of game %d is already full", t.Game()+1)
	}
	_, err := t.Score(tn.Player, tn.Roll, tn.Box)
	return err
}

// openCards names the players whose card of the game in play has open
// boxes, which keep the table from the next game.
func openCards(t *Table, names []string) string {
	var open []string
	for p := range t.Players() {
		if c := t.Card(p); !c.Full() {
			name := fmt.Sprintf("player %d", p+1)
			if p < len(names) {
				name = names[p]
			}
			n := len(c.set.boxes) - c.FilledCount()
			open = append(open, fmt.Sprintf("%s has %d %s open", name, n, map[bool]string{true: "box", false: "boxes"}[n == 1]))
		}
	}
	if len(open) == 0 {
		return ": the series was decided"
	}
	return ": " + strings.Join(open, ", ")
}
