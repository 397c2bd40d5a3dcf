package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/dicecam/dicecam/rules"
)

const tallyUsage = `[--rules R] [--json] LOG

Plays a game log and prints the card and its totals. A game log has one
turn a line, "D D D D D -> BOX", and '#' starts a comment; "-> BOX = N" is a
score typed by hand in place of what the box held, and "-> BOX clear"
empties the box. A poker series (best of 3, or --rules poker:games=N) goes
in one log with a line "---" between the games; each game's card must be
full before the next starts. A series prints each game's card, then the
games' grand totals and the series total. A log of a whole table, as the
scoreboard exports it, starts each player's turns with a line
player "NAME"; it prints each player's cards, then who stands where.

With --json it prints one object: "rules", then the card's fields "boxes"
(box id to points, filled boxes only), "upper_subtotal", "upper_bonus",
"upper_total", "bonus_count", "lower_total" and "grand_total". For a log
of two or more games those fields are the last game's, and two more
follow: "games", a list with one object of the same card fields for each
game in order (no "rules"), and "series_total", the sum of the games'
grand totals. A log of one game never has them. A log of a table prints
"rules", "players", a list with one object for each player of "name" and
the fields above, and "winners", the names of the winners once the game is
over (more than one on a tie).
`

// cardJSON is one card and its totals in the --json output of dicecam tally.
type cardJSON struct {
	Boxes         map[rules.BoxID]int `json:"boxes"`
	UpperSubtotal int                 `json:"upper_subtotal"`
	UpperBonus    int                 `json:"upper_bonus"`
	UpperTotal    int                 `json:"upper_total"`
	BonusCount    int                 `json:"bonus_count"`
	LowerTotal    int                 `json:"lower_total"`
	GrandTotal    int                 `json:"grand_total"`
}

// tallyJSON is the --json output of dicecam tally for one game; its card
// fields sit at the top level, beside the rules.
type tallyJSON struct {
	Rules string `json:"rules"`
	cardJSON
}

// seriesJSON is the --json output for a series: the single-game shape for
// the last game, so that readers of one game keep working, and every game.
type seriesJSON struct {
	tallyJSON
	Games       []cardJSON `json:"games"`
	SeriesTotal int        `json:"series_total"`
}

// runTally plays a game log and prints the card it makes, or the cards of
// a series and their total.
func runTally(ctx context.Context, e *env, args []string) error {
	set, path, asJSON, err := logFlags(e, "tally", tallyUsage, "print the card and its totals as JSON", args)
	if err != nil {
		return err
	}
	l, err := readTableLog(set, path)
	if err != nil {
		return err
	}
	if len(l.Players) > 0 {
		tb, err := rules.ReplayTable(set, l)
		if err != nil {
			return atLine(path, err)
		}
		if asJSON {
			return writeTableJSON(e.stdout, l.Players, tb)
		}
		writeTableTable(e.stdout, path, l.Players, tb)
		return nil
	}
	series, err := rules.Replay(set, l.Turns)
	if err != nil {
		return atLine(path, err)
	}
	cards := series.Cards()
	switch {
	case asJSON && len(cards) == 1:
		return json.NewEncoder(e.stdout).Encode(tallyJSON{Rules: set.Spec(), cardJSON: cardOf(cards[0])})
	case asJSON:
		return writeSeriesJSON(e.stdout, series)
	case len(cards) == 1:
		writeTallyTable(e.stdout, path+"  "+set.Spec(), cards[0])
	default:
		writeSeriesTable(e.stdout, path, series)
	}
	return nil
}

// loadCard replays a game log and returns the card in play: the only card
// of one game, the current game's card of a series.
func loadCard(set *rules.Set, path string) (*rules.Card, error) {
	series, err := loadSeries(set, path)
	if err != nil {
		return nil, err
	}
	return series.Current(), nil
}

// loadSeries replays a game log of one game or a series, naming the file
// and line of the first turn the rules refuse, as compilers do:
// "game.log:7: box "threes" is already filled".
func loadSeries(set *rules.Set, path string) (*rules.Series, error) {
	turns, err := readLog(set, path)
	if err != nil {
		return nil, err
	}
	series, err := rules.Replay(set, turns)
	if err != nil {
		return nil, atLine(path, err)
	}
	return series, nil
}

// readLog reads a game log's turns, naming the file and line of a bad one.
func readLog(set *rules.Set, path string) ([]rules.Turn, error) {
	return readLogWith(set, path, rules.ParseLog)
}

// readTableLog reads a game log of one player or of a whole table, naming
// the file and line of a bad one.
func readTableLog(set *rules.Set, path string) (*rules.Log, error) {
	return readLogWith(set, path, rules.ReadLog)
}

func readLogWith[T any](set *rules.Set, path string, parse func(io.Reader, *rules.Set) (T, error)) (T, error) {
	var none T
	f, err := os.Open(path)
	if err != nil {
		return none, fmt.Errorf("open game log: %w", err)
	}
	defer f.Close()
	l, err := parse(f, set)
	if err != nil {
		return none, atLine(path, err)
	}
	return l, nil
}

// atLine writes a *rules.LineError the way compilers do, "game.log:7: ...".
func atLine(path string, err error) error {
	if le := new(rules.LineError); errors.As(err, &le) {
		return fmt.Errorf("%s:%d: %v", path, le.Line, le.Err)
	}
	return fmt.Errorf("%s: %w", path, err)
}

// logFlags parses the command line of a command that reads one game log:
// --rules, --json and the log.
func logFlags(e *env, name, usage, jsonHelp string, args []string) (set *rules.Set, path string, asJSON bool, err error) {
	fs := newFlags(e, name, usage)
	spec := rulesFlag(fs)
	js := fs.Bool("json", false, jsonHelp)
	pos, err := parseFlags(fs, args)
	if err != nil {
		return nil, "", false, err
	}
	if len(pos) != 1 {
		return nil, "", false, usagef("name one game log, a file with a turn on each line: D D D D D -> BOX")
	}
	set, err = rules.Parse(*spec)
	if err != nil {
		return nil, "", false, usagef("--rules: %v", err)
	}
	return set, pos[0], *js, nil
}

func cardOf(card *rules.Card) cardJSON {
	t := card.Totals()
	out := cardJSON{
		Boxes:         map[rules.BoxID]int{},
		UpperSubtotal: t.UpperSubtotal, UpperBonus: t.UpperBonus, UpperTotal: t.UpperTotal,
		BonusCount: t.BonusCount, LowerTotal: t.LowerTotal, GrandTotal: t.GrandTotal,
	}
	for _, b := range card.Set().Boxes() {
		if p, ok := card.Filled(b.ID); ok {
			out.Boxes[b.ID] = p
		}
	}
	return out
}

func writeSeriesJSON(w io.Writer, series *rules.Series) error {
	out := seriesJSON{SeriesTotal: series.Total()}
	for _, c := range series.Cards() {
		out.Games = append(out.Games, cardOf(c))
	}
	out.tallyJSON = tallyJSON{Rules: series.Set().Spec(), cardJSON: out.Games[len(out.Games)-1]}
	return json.NewEncoder(w).Encode(out)
}

// tableJSON is the --json output of dicecam tally for a log of a table.
type tableJSON struct {
	Rules   string       `json:"rules"`
	Players []playerJSON `json:"players"`
	Winners []string     `json:"winners"`
}

// playerJSON is one player of a table: the fields of a log of their own.
type playerJSON struct {
	Name string `json:"name"`
	cardJSON
	Games       []cardJSON `json:"games,omitempty"`
	SeriesTotal *int       `json:"series_total,omitempty"`
}

func writeTableJSON(w io.Writer, names []string, tb *rules.Table) error {
	out := tableJSON{Rules: tb.Set().Spec(), Winners: []string{}}
	for p, name := range names {
		sr := tb.Series(p)
		pj := playerJSON{Name: name, cardJSON: cardOf(sr.Current())}
		if cards := sr.Cards(); len(cards) > 1 {
			for _, c := range cards {
				pj.Games = append(pj.Games, cardOf(c))
			}
			total := sr.Total()
			pj.SeriesTotal = &total
		}
		out.Players = append(out.Players, pj)
	}
	for _, p := range tb.Winners() {
		out.Winners = append(out.Winners, names[p])
	}
	return json.NewEncoder(w).Encode(out)
}

// writeTableTable prints each player's cards as a log of their own prints
// them, then the standing: games won, where a series is played, and totals.
func writeTableTable(w io.Writer, path string, names []string, tb *rules.Table) {
	set := tb.Set()
	for p, name := range names {
		sr, who := tb.Series(p), path+", "+name
		if set.Games() == 1 {
			writeTallyTable(w, who+"  "+set.Spec(), sr.Current())
		} else {
			writeSeriesTable(w, who, sr)
		}
		fmt.Fprintln(w)
	}
	st := tb.Standing()
	state := "in play"
	if st.Decided {
		var won []string
		for _, p := range st.Leaders {
			won = append(won, names[p])
		}
		state = strings.Join(won, " and ") + " won"
		if len(won) > 1 {
			state = strings.Join(won, " and ") + " tied"
		}
	}
	fmt.Fprintf(w, "%s  %s, %d players, %s\n\n", path, set.Spec(), len(names), state)
	tab := scoreTable{header: []string{"Player", "Grand total"}, right: []bool{false, true}}
	if set.Games() > 1 {
		tab = scoreTable{header: []string{"Player", "Games won", "Series total"}, right: []bool{false, true, true}}
	}
	for p, name := range names {
		if set.Games() > 1 {
			tab.add(name, fmt.Sprint(st.Wins[p]), fmt.Sprint(tb.Series(p).Total()))
		} else {
			tab.add(name, fmt.Sprint(tb.Series(p).Total()))
		}
	}
	tab.write(w)
}

// writeSeriesTable prints each game's card, then the games' grand totals
// and the series total as the score sheet beside the cards reads.
func writeSeriesTable(w io.Writer, path string, series *rules.Series) {
	set, cards := series.Set(), series.Cards()
	for i, c := range cards {
		writeTallyTable(w, fmt.Sprintf("%s  %s, game %d of %d", path, set.Spec(), i+1, set.Games()), c)
		fmt.Fprintln(w)
	}
	state := fmt.Sprintf("%d games played", len(cards))
	switch {
	case series.Done():
		state = "every game played"
	case !series.Current().Full():
		state = fmt.Sprintf("game %d in play", len(cards))
	}
	fmt.Fprintf(w, "%s  %s, best of %d, %s\n\n", path, set.Spec(), set.Games(), state)
	tab := scoreTable{header: []string{"Game", "Grand total", ""}, right: []bool{false, true, false}}
	for i, c := range cards {
		note := ""
		if filled, all := filledBoxes(c); filled < all {
			note = fmt.Sprintf("in play, %d of %d boxes filled", filled, all)
		}
		tab.add(fmt.Sprintf("Game %d", i+1), fmt.Sprint(c.Totals().GrandTotal), note)
	}
	tab.line()
	tab.add("Series total", fmt.Sprint(series.Total()), "")
	tab.write(w)
}

func filledBoxes(card *rules.Card) (filled, all int) {
	boxes := card.Set().Boxes()
	for _, b := range boxes {
		if _, ok := card.Filled(b.ID); ok {
			filled++
		}
	}
	return filled, len(boxes)
}

// writeTallyTable prints the card as a printed score card reads, under a
// title: the upper section and its sums, the lower section and its sums,
// the grand total.
func writeTallyTable(w io.Writer, title string, card *rules.Card) {
	set, t := card.Set(), card.Totals()
	boxes := set.Boxes()
	filled, all := filledBoxes(card)
	fmt.Fprintf(w, "%s, %d of %d boxes filled\n\n", title, filled, all)

	tab := scoreTable{header: []string{"Box", "Points", ""}, right: []bool{false, true, false}}
	addBoxes := func(upper bool) {
		for _, b := range boxes {
			if b.Upper != upper {
				continue
			}
			p, ok := card.Filled(b.ID)
			switch {
			case !ok:
				tab.add(b.Name, "-", "")
			case card.Bonus(b.ID):
				tab.add(b.Name, fmt.Sprint(p), fmt.Sprintf("+%d bonus", set.FiveBonus()))
			case card.Marked(b.ID):
				tab.add(b.Name, fmt.Sprint(p), "typed by hand; no five dice make it")
			default:
				tab.add(b.Name, fmt.Sprint(p), "")
			}
		}
		tab.line()
	}
	addBoxes(true)
	if bonus, at := set.UpperBonus(); bonus > 0 {
		tab.add("Upper subtotal", fmt.Sprint(t.UpperSubtotal), fmt.Sprintf("pace %+d", t.Pace))
		note := fmt.Sprintf("%d to go for %d", at-t.UpperSubtotal, bonus)
		if t.UpperBonus > 0 {
			note = fmt.Sprintf("%d reached", at)
		}
		tab.add("Upper bonus", fmt.Sprint(t.UpperBonus), note)
	}
	tab.add("Upper total", fmt.Sprint(t.UpperTotal), "")
	tab.line()
	addBoxes(false)
	if five := set.FiveBonus(); five > 0 {
		tab.add("Yahtzee bonuses", fmt.Sprint(t.BonusCount*five), fmt.Sprintf("%d × %d", t.BonusCount, five))
	}
	tab.add("Lower total", fmt.Sprint(t.LowerTotal), "")
	tab.line()
	tab.add("Grand total", fmt.Sprint(t.GrandTotal), "")
	tab.write(w)
}

// scoreTable lines up columns for a person to read: names to the left,
// numbers to the right, rules between sections.
type scoreTable struct {
	header []string
	right  []bool
	rows   [][]string // a nil row draws a rule
}

func (t *scoreTable) add(cells ...string) { t.rows = append(t.rows, cells) }
func (t *scoreTable) line()               { t.rows = append(t.rows, nil) }

func (t *scoreTable) write(w io.Writer) {
	widths := make([]int, len(t.header))
	for _, row := range append([][]string{t.header}, t.rows...) {
		for i, cell := range row {
			widths[i] = max(widths[i], len([]rune(cell)))
		}
	}
	total := 0
	for _, wd := range widths {
		total += wd + 2
	}
	rule := "  " + strings.Repeat("─", total-2)
	for i, row := range append([][]string{t.header}, t.rows...) {
		if row == nil {
			if i < len(t.rows) { // no rule after the last row
				fmt.Fprintln(w, rule)
			}
			continue
		}
		var b strings.Builder
		for j, cell := range row {
			pad := strings.Repeat(" ", widths[j]-len([]rune(cell)))
			b.WriteString("  ")
			if t.right[j] {
				b.WriteString(pad + cell)
			} else {
				b.WriteString(cell + pad)
			}
		}
		fmt.Fprintln(w, strings.TrimRight(b.String(), " "))
	}
}
