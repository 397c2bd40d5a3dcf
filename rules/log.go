package rules

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Turn is one line of a game log: the dice and the box they went in.
type Turn struct {
	Line int // line in the log, from 1; 0 for turns not read from a log
	Roll Roll
	Box  BoxID
}

// LineError is a problem with one line of a game log, so that a command can
// name the file and line the way compilers do.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// ParseLog reads a game log: one turn a line, "D D D D D -> BOX", with '#'
// starting a comment and blank lines skipped. An error is a *LineError.
func ParseLog(r io.Reader, s *Set) ([]Turn, error) {
	var turns []Turn
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(text) == "" {
			continue
		}
		t, err := parseTurn(text, s)
		if err != nil {
			return nil, &LineError{Line: n, Err: err}
		}
		t.Line = n
		turns = append(turns, t)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read game log: %w", err)
	}
	return turns, nil
}

func parseTurn(text string, s *Set) (Turn, error) {
	dice, box, ok := strings.Cut(text, "->")
	if !ok {
		return Turn{}, fmt.Errorf("%q is not a turn: write the dice, an arrow and the box, as in %q",
			strings.TrimSpace(text), s.exampleRoll()+" -> chance")
	}
	r, err := s.ParseRoll(strings.Fields(dice))
	if err != nil {
		return Turn{}, err
	}
	id := BoxID(strings.ToLower(strings.TrimSpace(box)))
	if _, err := s.boxIndex(id); err != nil {
		return Turn{}, err
	}
	return Turn{Roll: r, Box: id}, nil
}

// Replay plays the turns on a new card. An illegal turn stops it with a
// *LineError naming the turn's line and the rule it breaks.
func Replay(s *Set, turns []Turn) (*Card, error) {
	c := NewCard(s)
	for _, t := range turns {
		if c.Full() {
			return c, &LineError{Line: t.Line, Err: errors.New("the card is already full")}
		}
		if _, err := c.Score(t.Roll, t.Box); err != nil {
			return c, &LineError{Line: t.Line, Err: err}
		}
	}
	return c, nil
}

// FormatLog writes turns as a game log that ParseLog reads back.
func FormatLog(s *Set, turns []Turn) string {
	var b strings.Builder
	for _, t := range turns {
		fmt.Fprintf(&b, "%s -> %s\n", s.FormatRoll(t.Roll), t.Box)
	}
	return b.String()
}
