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

const tallyUsage = "[--rules R] [--json] LOG"

// tallyJSON is the --json output of dicecam tally.
type tallyJSON struct {
	Rules         string              `json:"rules"`
	Boxes         map[rules.BoxID]int `json:"boxes"`
	UpperSubtotal int                 `json:"upper_subtotal"`
	UpperBonus    int                 `json:"upper_bonus"`
	UpperTotal    int                 `json:"upper_total"`
	BonusCount    int                 `json:"bonus_count"`
	LowerTotal    int                 `json:"lower_total"`
	GrandTotal    int                 `json:"grand_total"`
}

// runTally plays a game log and prints the card it makes.
func runTally(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "tally", tallyUsage)
	spec := rulesFlag(fs)
	asJSON := fs.Bool("json", false, "print the card and its totals as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("name one game log, a file with a turn on each line: D D D D D -> BOX")
	}
	set, err := rules.Parse(*spec)
	if err != nil {
		return usagef("--rules: %v", err)
	}
	card, err := loadCard(set, pos[0])
	if err != nil {
		return err
	}
	if *asJSON {
		return writeTallyJSON(e.stdout, card)
	}
	writeTallyTable(e.stdout, pos[0], card)
	return nil
}

// loadCard replays a game log, naming the file and line of the first turn
// the rules refuse, as compilers do: "game.log:7: box "threes" is already filled".
func loadCard(set *rules.Set, path string) (*rules.Card, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open game log: %w", err)
	}
	defer f.Close()
	turns, err := rules.ParseLog(f, set)
	if err == nil {
		var card *rules.Card
		if card, err = rules.Replay(set, turns); err == nil {
			return card, nil
		}
	}
	if le := new(rules.LineError); errors.As(err, &le) {
		return nil, fmt.Errorf("%s:%d: %v", path, le.Line, le.Err)
	}
	return nil, fmt.Errorf("%s: %w", path, err)
}

func writeTallyJSON(w io.Writer, card *rules.Card) error {
	set, t := card.Set(), card.Totals()
	out := tallyJSON{
		Rules: set.Spec(), Boxes: map[rules.BoxID]int{},
		UpperSubtotal: t.UpperSubtotal, UpperBonus: t.UpperBonus, UpperTotal: t.UpperTotal,
		BonusCount: t.BonusCount, LowerTotal: t.LowerTotal, GrandTotal: t.GrandTotal,
	}
	for _, b := range set.Boxes() {
		if p, ok := card.Filled(b.ID); ok {
			out.Boxes[b.ID] = p
		}
	}
	return json.NewEncoder(w).Encode(out)
}

// writeTallyTable prints the card as a printed score card reads: the upper
// section and its sums, the lower section and its sums, the grand total.
func writeTallyTable(w io.Writer, path string, card *rules.Card) {
	set, t := card.Set(), card.Totals()
	boxes := set.Boxes()
	filled := 0
	for _, b := range boxes {
		if _, ok := card.Filled(b.ID); ok {
			filled++
		}
	}
	fmt.Fprintf(w, "%s  %s, %d of %d boxes filled\n\n", path, set.Spec(), filled, len(boxes))

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
