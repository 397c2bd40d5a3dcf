package rules

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// Turn is one line of a game log: the dice and the box they went in, or a
// score typed into a box by hand, or a box emptied.
type Turn struct {
	Line int // line in the log, from 1; 0 for turns not read from a log
	Game int // game of the series the turn belongs to, from 0
	// Player is the log's player whose card the turn goes on, from 0, in a
	// log that names its players; 0 in one that does not.
	Player int
	Roll   Roll
	Box    BoxID
	// Holds are the turn's earlier rolls, first first, with the dice held
	// from each, where the log records them; Roll is the roll after the
	// last of them. Without them the turn is the final dice alone.
	Holds []Hold
	// Entry is how the turn fills Box: scored from Roll, or by hand, when
	// Points were typed in place of what the box held, or emptied. The last
	// two have no dice.
	Entry  Entry
	Points int
}

// Entry is how a turn of a game log changes its box.
type Entry int

const (
	Scored  Entry = iota // the roll scored in the box, as the rules say: "6 6 6 2 1 -> sixes"
	Typed                // a score typed by hand, in place of what the box held: "-> sixes = 18"
	Cleared              // the box emptied, to be filled again: "-> sixes clear"
)

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
	typedSign = "="
	clearWord = "clear"
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

// ParseLog reads a game log of one player's card: one turn a line, "D D D D D
// -> BOX", with '#' starting a comment and blank lines skipped. A turn may
// record its earlier rolls before the final dice, each with the dice held
// from it and a comma after it: "6 6 5 2 1 keep 6 6, 6 6 6 3 4 keep 6 6 6,
// 6 6 6 6 2 -> sixes" ("keep none" when every die is rolled again). The
// dice held must show in the next roll. A line with no dice changes a box
// by hand: "-> sixes = 18" types 18 into it, in place of what it held,
// and "-> sixes clear" empties it. For a set played as a series (poker), a
// line "---" ends each game and starts the next; it goes between two
// games' turns, never first, last or twice in a row, so every game in the
// log has turns. A log with no "---" is one game, as it always was. A line
// longer than MaxLogLine is refused, and so is a log of several players'
// cards, which ReadLog reads. An error is a *LineError, or one from reading r.
func ParseLog(r io.Reader, s *Set) ([]Turn, error) {
	l, err := ReadLog(r, s)
	if err != nil {
		return nil, err
	}
	if len(l.Players) > 1 {
		return nil, &LineError{Line: l.playerLines[1], Err: fmt.Errorf(
			"the log holds the cards of %d players (%s), and this reads one player's: dicecam tally reads them all",
			len(l.Players), strings.Join(l.Players, ", "))}
	}
	return l.Turns, nil
}

// Log is a game log as ReadLog reads it: its turns, and the players whose
// cards they go on where the log names them.
type Log struct {
	// Players are the names of the log's "player" lines, in order: one for
	// each card of a table. A log of one player's card may name none.
	Players []string
	Turns   []Turn

	playerLines []int // the line of each player's name
}

// ReadLog reads a game log of one player's card, as ParseLog does, or of
// every player at a table: a line `player "Ann"` starts each player's turns,
// which read as one player's log, and the first comes before any turn. An
// error is a *LineError, or one from reading r.
func ReadLog(r io.Reader, s *Set) (*Log, error) {
	l := &Log{}
	game, sepLine := 0, 0 // sepLine: the "---" no turn has followed yet
	played := 0           // turns of the player named last
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, MaxLogLine)
	n := 1
	for ; sc.Scan(); n++ {
		if name, ok, err := parsePlayer(sc.Text()); ok {
			switch {
			case err != nil:
				return nil, &LineError{Line: n, Err: err}
			case len(l.Players) == 0 && len(l.Turns) > 0:
				return nil, &LineError{Line: n, Err: fmt.Errorf(
					"a player is named after %d turns of no one's: name the player before their first turn", len(l.Turns))}
			case sepLine > 0:
				return nil, separatorEnds(sepLine, game, l.Players[len(l.Players)-1]+"'s turns")
			}
			l.Players, l.playerLines = append(l.Players, name), append(l.playerLines, n)
			game, played = 0, 0
			continue
		}
		text, _, _ := strings.Cut(sc.Text(), "#")
		text = strings.TrimSpace(text)
		switch {
		case text == "":
			continue
		case text == Separator:
			if err := checkSeparator(s, played, sepLine, game); err != nil {
				return nil, &LineError{Line: n, Err: err}
			}
			game, sepLine = game+1, n
			continue
		}
		t, err := parseTurn(text, s)
		if err != nil {
			return nil, &LineError{Line: n, Err: err}
		}
		t.Line, t.Game, t.Player, sepLine = n, game, max(len(l.Players)-1, 0), 0
		l.Turns = append(l.Turns, t)
		played++
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, &LineError{Line: n, Err: fmt.Errorf(
			"the line is longer than %d KB, and a turn is one short line (%q): is this a game log?",
			MaxLogLine>>10, s.exampleRoll()+" -> chance")}
	} else if err != nil {
		return nil, fmt.Errorf("read game log: %w", err)
	}
	if sepLine > 0 {
		return nil, separatorEnds(sepLine, game, "the log")
	}
	return l, nil
}

// separatorEnds refuses a "---" that no turn follows before the end of what.
func separatorEnds(line, game int, what string) error {
	return &LineError{Line: line, Err: fmt.Errorf(
		"%s ends %s: it goes between two games, so remove it or add the turns of game %d after it",
		Separator, what, game+1)}
}

// playerWord starts the line that names the player whose turns follow.
const playerWord = "player"

// parsePlayer reads a line `player "Ann"`, the name quoted as Go quotes a
// string so that any name, '#' and '"' included, reads back. ok says the
// line is one, even when err says what is wrong with it.
func parsePlayer(line string) (name string, ok bool, err error) {
	word, rest, _ := strings.Cut(strings.TrimSpace(line), " ")
	if !strings.EqualFold(word, playerWord) {
		return "", false, nil
	}
	rest = strings.TrimSpace(rest)
	quoted, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return "", true, fmt.Errorf("write the player's name in double quotes, as in %s %q", playerWord, "Ann")
	}
	if after := strings.TrimSpace(rest[len(quoted):]); after != "" && !strings.HasPrefix(after, "#") {
		return "", true, fmt.Errorf("%q follows the player's name: a player line names the player alone", after)
	}
	name, _ = strconv.Unquote(quoted) // QuotedPrefix has checked it
	if strings.TrimSpace(name) == "" {
		return "", true, fmt.Errorf("the player has no name: write one, as in %s %q", playerWord, "Ann")
	}
	return name, true, nil
}

// checkSeparator says why a "---" may not stand here, after the player's
// turns so far and with game the index of the game it would end.
func checkSeparator(s *Set, turns, sepLine, game int) error {
	switch {
	case s.games == 1:
		return fmt.Errorf("%s starts a second game, but %s is played one game at a time: remove the line",
			Separator, s.name)
	case turns == 0:
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
	if strings.TrimSpace(dice) == "" {
		return s.parseEntry(box)
	}
	if f := strings.Fields(box); len(f) > 1 && (f[1] == typedSign || strings.EqualFold(f[1], clearWord)) {
		return Turn{}, fmt.Errorf("a box changed by hand has no dice: write %q alone", turnArrow+" "+strings.Join(f, " "))
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
				i+2, s.FormatRoll(next), s.FormatFaces(h.Kept), i+1)
		}
	}
	id := BoxID(strings.ToLower(strings.TrimSpace(box)))
	if _, err := s.boxIndex(id); err != nil {
		return Turn{}, err
	}
	t.Box = id
	return t, nil
}

// parseEntry reads what follows the arrow of a line with no dice: "BOX =
// POINTS", a score typed by hand, or "BOX clear".
func (s *Set) parseEntry(text string) (Turn, error) {
	f := strings.Fields(text)
	var t Turn
	switch {
	case len(f) == 3 && f[1] == typedSign:
		p, err := strconv.Atoi(f[2])
		if err != nil {
			return Turn{}, fmt.Errorf("the score typed into %q is %q, not a whole number of points", f[0], f[2])
		}
		t.Entry, t.Points = Typed, p
	case len(f) == 2 && strings.EqualFold(f[1], clearWord):
		t.Entry = Cleared
	default:
		return Turn{}, fmt.Errorf("%q has no dice before the arrow: write them, as in %q, or change the box by hand, as in %q or %q",
			strings.Join(append([]string{turnArrow}, f...), " "), s.exampleRoll()+" "+turnArrow+" chance",
			turnArrow+" chance "+typedSign+" 20", turnArrow+" chance "+clearWord)
	}
	t.Box = BoxID(strings.ToLower(f[0]))
	if _, err := s.boxIndex(t.Box); err != nil {
		return Turn{}, err
	}
	if t.Entry == Typed {
		if err := CheckTypedScore(t.Box, t.Points); err != nil {
			return Turn{}, err
		}
	}
	return t, nil
}

// Play makes the turn on card c: scores its roll, types its points in
// place of what the box held, or clears the box.
func (t Turn) Play(c *Card) error {
	switch t.Entry {
	case Typed:
		return c.Retype(t.Box, t.Points)
	case Cleared:
		return c.Clear(t.Box)
	}
	_, err := c.Score(t.Roll, t.Box)
	return err
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
		return Hold{}, fmt.Errorf("%s holds %s, which the roll does not show: hold only dice of the roll", s.FormatRoll(r), s.FormatFaces(h.Kept))
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

// FormatFaces writes some dice of a roll, as FormatRoll writes all five:
// "" for none.
func (s *Set) FormatFaces(fs []Face) string {
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
		switch t.Entry {
		case Typed:
			fmt.Fprintf(&b, "%s %s %s %d\n", turnArrow, t.Box, typedSign, t.Points)
			continue
		case Cleared:
			fmt.Fprintf(&b, "%s %s %s\n", turnArrow, t.Box, clearWord)
			continue
		}
		for _, h := range t.Holds {
			kept := keptNone
			if len(h.Kept) > 0 {
				kept = s.FormatFaces(h.Kept)
			}
			fmt.Fprintf(&b, "%s %s %s%s ", s.FormatRoll(h.Roll), keepWord, kept, rollSep)
		}
		fmt.Fprintf(&b, "%s %s %s\n", s.FormatRoll(t.Roll), turnArrow, t.Box)
	}
	return b.String()
}

// Format writes the log so that ReadLog reads it back: each player's name
// line and their turns, as FormatLog writes them; a log that names no
// player is its turns alone.
func (l *Log) Format(s *Set) string {
	if len(l.Players) == 0 {
		return FormatLog(s, l.Turns)
	}
	var b strings.Builder
	for p, name := range l.Players {
		var mine []Turn
		for _, t := range l.Turns {
			if t.Player == p {
				mine = append(mine, t)
			}
		}
		fmt.Fprintf(&b, "%s %s\n%s", playerWord, strconv.Quote(name), FormatLog(s, mine))
	}
	return b.String()
}
