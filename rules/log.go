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
	Game int // game of the series the turn belongs to, from 0
	Roll Roll
	Box  BoxID
}

// Separator is the line that ends one game of a series in a game log and
// starts the next. It is a line of its own rather than a comment, so that
// a comment never changes what a log means.
const Separator = "---"

// MaxLogLine is the longest line a game log may have, with room for a long
// comment; a turn takes some twenty bytes.
const MaxLogLine = 64 << 10

// LineError is a problem with one line of a game log, so that a command can
// name the file and line the way compilers do.
type LineError struct {
	Line int
	Err  error
}

func (e *LineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// ParseLog reads a game log: one turn a line, "D D D D D -> BOX", with '#'
// starting a comment and blank lines skipped. For a set played as a series
// (poker), a line "---" ends each game and starts the next; it goes between
// two games' turns, never first, last or twice in a row, so every game in
// the log has turns. A log with no "---" is one game, as it always was.
// A line longer than MaxLogLine is refused. An error is a *LineError, or
// one from reading r.
func ParseLog(r io.Reader, s *Set) ([]Turn, error) {
	var turns []Turn
	game, sepLine := 0, 0 // sepLine: the "---" no turn has followed yet
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, MaxLogLine)
	n := 1
	for ; sc.Scan(); n++ {
		text, _, _ := strings.Cut(sc.Text(), "#")
		text = strings.TrimSpace(text)
		switch {
		case text == "":
			continue
		case text == Separator:
			if err := checkSeparator(s, turns, sepLine, game); err != nil {
				return nil, &LineError{Line: n, Err: err}
			}
			game, sepLine = game+1, n
			continue
		}
		t, err := parseTurn(text, s)
		if err != nil {
			return nil, &LineError{Line: n, Err: err}
		}
		t.Line, t.Game, sepLine = n, game, 0
		turns = append(turns, t)
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, &LineError{Line: n, Err: fmt.Errorf(
			"the line is longer than %d KB, and a turn is one short line (%q): is this a game log?",
			MaxLogLine>>10, s.exampleRoll()+" -> chance")}
	} else if err != nil {
		return nil, fmt.Errorf("read game log: %w", err)
	}
	if sepLine > 0 {
		return nil, &LineError{Line: sepLine, Err: fmt.Errorf(
			"%s ends the log: it goes between two games, so remove it or add the turns of game %d after it",
			Separator, game+1)}
	}
	return turns, nil
}

// checkSeparator says why a "---" may not stand here, after the turns so far
// and with game the index of the game it would end.
func checkSeparator(s *Set, turns []Turn, sepLine, game int) error {
	switch {
	case s.games == 1:
		return fmt.Errorf("%s starts a second game, but %s is played one game at a time: remove the line",
			Separator, s.name)
	case len(turns) == 0:
		return fmt.Errorf("%s comes before any turn: it goes between the turns of two games", Separator)
	case sepLine > 0:
		return fmt.Errorf("a second %s with no turn since line %d: every game needs its turns", Separator, sepLine)
	case game+1 >= s.games:
		return fmt.Errorf("%s starts game %d, but a %s series is best of %d: the games option plays a longer one, as in %s:games=N",
			Separator, game+2, s.spec, s.games, s.name)
	}
	return nil
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

// FormatLog writes turns as a game log that ParseLog reads back: a line
// "---" before each turn whose Game differs from the turn before it, so the
// turns of a series keep their games. Games should count up from 0 by one,
// as ParseLog and Replay number them.
func FormatLog(s *Set, turns []Turn) string {
	var b strings.Builder
	for i, t := range turns {
		if i > 0 && t.Game != turns[i-1].Game {
			fmt.Fprintln(&b, Separator)
		}
		fmt.Fprintf(&b, "%s -> %s\n", s.FormatRoll(t.Roll), t.Box)
	}
	return b.String()
}
