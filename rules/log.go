package rules

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Turn is one line of a game log: the dice and the box they went in.
type Turn struct {
	Line int // line in the log, from 1; 0 for turns not read from a log
	Game int // game of the series the turn belongs to, from 0
	Roll Roll
	Box  BoxID
	// Holds are the turn's earlier rolls, first first, with the dice held
	// from each, where the log records them; Roll is the roll after the
	// last of them. Without them the turn is the final dice alone.
	Holds []Hold
}

// Hold is an earlier roll of a turn and the dice held from it for the next
// roll. Kept is a part of Roll, in the order written; empty when every die
// was rolled again.
type Hold struct {
	Roll Roll
	Kept []Face
}

// Keyword and separator of the earlier rolls in a turn line, as in
// "6 6 5 2 1 keep 6 6, 6 6 6 3 4 keep 6 6 6, 6 6 6 6 2 -> sixes".
const (
	keepWord  = "keep"
	keptNone  = "none"
	rollSep   = ","
	turnArrow = "->"
)

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
// starting a comment and blank lines skipped. A turn may record its earlier
// rolls before the final dice, each with the dice held from it and a comma
// after it: "6 6 5 2 1 keep 6 6, 6 6 6 3 4 keep 6 6 6, 6 6 6 6 2 -> sixes"
// ("keep none" when every die is rolled again). The dice held must show in
// the next roll. For a set played as a series (poker), a line "---" ends
// each game and starts the next; it goes between two games' turns, never
// first, last or twice in a row, so every game in the log has turns. A
// log with no "---" is one game, as it always was. A line longer than
// MaxLogLine is refused. An error is a *LineError, or one from reading r.
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
	dice, box, ok := strings.Cut(text, turnArrow)
	if !ok {
		return Turn{}, fmt.Errorf("%q is not a turn: write the dice, an arrow and the box, as in %q",
			strings.TrimSpace(text), s.exampleRoll()+" -> chance")
	}
	rolls := strings.Split(dice, rollSep)
	var t Turn
	if len(rolls) > 3 {
		return Turn{}, fmt.Errorf("%d rolls in one turn: a turn has at most 3", len(rolls))
	}
	for i, text := range rolls[:len(rolls)-1] {
		h, err := s.parseHold(text)
		if err != nil {
			return Turn{}, fmt.Errorf("roll %d: %w", i+1, err)
		}
		t.Holds = append(t.Holds, h)
	}
	last := strings.Fields(rolls[len(rolls)-1])
	if slices.ContainsFunc(last, isKeepWord) {
		return Turn{}, fmt.Errorf("roll %d holds dice but no roll follows: write the next roll after a comma, or the box after the arrow", len(rolls))
	}
	r, err := s.ParseRoll(last)
	if err != nil {
		if len(rolls) > 1 {
			err = fmt.Errorf("roll %d: %w", len(rolls), err)
		}
		return Turn{}, err
	}
	t.Roll = r
	for i, h := range t.Holds {
		next := t.Roll
		if i+1 < len(t.Holds) {
			next = t.Holds[i+1].Roll
		}
		if !contains(next[:], h.Kept) {
			return Turn{}, fmt.Errorf("roll %d shows %s, which lacks the %s held from roll %d: correct either roll or the dice held",
				i+2, s.FormatRoll(next), s.formatFaces(h.Kept), i+1)
		}
	}
	id := BoxID(strings.ToLower(strings.TrimSpace(box)))
	if _, err := s.boxIndex(id); err != nil {
		return Turn{}, err
	}
	t.Box = id
	return t, nil
}

func isKeepWord(w string) bool { return strings.EqualFold(w, keepWord) }

// parseHold reads "D D D D D keep D D", or "keep none" for no die held.
func (s *Set) parseHold(text string) (Hold, error) {
	fields := strings.Fields(text)
	at := slices.IndexFunc(fields, isKeepWord)
	if at < 0 {
		return Hold{}, fmt.Errorf("%q does not say which dice were held: write the roll, %q and the dice held (%q for none), as in %q",
			strings.TrimSpace(text), keepWord, keepWord+" "+keptNone, s.exampleRoll()+" "+keepWord+" "+s.FaceLabel(1)+" "+s.FaceLabel(1))
	}
	r, err := s.ParseRoll(fields[:at])
	if err != nil {
		return Hold{}, err
	}
	h := Hold{Roll: r}
	kept := fields[at+1:]
	switch {
	case len(kept) == 1 && strings.EqualFold(kept[0], keptNone):
		return h, nil
	case len(kept) == 0:
		return Hold{}, fmt.Errorf("%q names no dice: write %q when every die is rolled again", keepWord, keepWord+" "+keptNone)
	case len(kept) == len(r):
		return Hold{}, errors.New("holding all five dice ends the turn: write the box after the arrow instead of another roll")
	}
	for _, k := range kept {
		f, err := s.ParseFace(k)
		if err != nil {
			return Hold{}, err
		}
		h.Kept = append(h.Kept, f)
	}
	if !contains(r[:], h.Kept) {
		return Hold{}, fmt.Errorf("%s holds %s, which the roll does not show: hold only dice of the roll", s.FormatRoll(r), s.formatFaces(h.Kept))
	}
	return h, nil
}

// contains says whether every die of part is among dice, each die once.
func contains(dice, part []Face) bool {
	var n [7]int
	for _, f := range dice {
		n[f]++
	}
	for _, f := range part {
		if n[f]--; n[f] < 0 {
			return false
		}
	}
	return true
}

func (s *Set) formatFaces(fs []Face) string {
	labels := make([]string, len(fs))
	for i, f := range fs {
		labels[i] = s.FaceLabel(f)
	}
	return strings.Join(labels, " ")
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
		for _, h := range t.Holds {
			kept := keptNone
			if len(h.Kept) > 0 {
				kept = s.formatFaces(h.Kept)
			}
			fmt.Fprintf(&b, "%s %s %s%s ", s.FormatRoll(h.Roll), keepWord, kept, rollSep)
		}
		fmt.Fprintf(&b, "%s %s %s\n", s.FormatRoll(t.Roll), turnArrow, t.Box)
	}
	return b.String()
}
