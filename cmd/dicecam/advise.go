package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
)

const adviseUsage = "[--rules R] [--card LOG] --roll 1|2|3 [--top N] [--json] D D D D D"

// adviseJSON is the --json output of dicecam advise.
type adviseJSON struct {
	Rules string     `json:"rules"`
	Roll  int        `json:"roll"`
	Dice  []string   `json:"dice"`
	Moves []moveJSON `json:"moves"`
}

// moveJSON has keep after rolls 1 and 2 (empty to reroll all five), and box,
// points and joker after roll 3 or when holding all five scores now.
type moveJSON struct {
	Keep     []string    `json:"keep,omitzero"`
	Box      rules.BoxID `json:"box,omitempty"`
	Points   *int        `json:"points,omitempty"`
	Joker    *bool       `json:"joker,omitempty"`
	Expected float64     `json:"expected"`
	Cost     float64     `json:"cost"`
}

// runAdvise tells a player the best move for the dice on the table, and
// what each other move costs, assuming optimal play for the rest of the game.
func runAdvise(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "advise", adviseUsage)
	spec := rulesFlag(fs)
	logPath := fs.String("card", "", "game `LOG` of the turns played so far (default: an empty card)")
	rollNo := fs.Int("roll", 0, "which roll of the turn the dice are: 1, 2 or 3 (required)")
	top := fs.Int("top", 10, "show the best `N` moves; 0 shows all")
	asJSON := fs.Bool("json", false, "print every move as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *rollNo < 1 || *rollNo > 3 {
		return usagef("--roll %d: say which roll of the turn the dice are, --roll 1, 2 or 3", *rollNo)
	}
	set, roll, card, err := readTurn(*spec, *logPath, pos)
	if err != nil {
		return err
	}
	tb, err := loadTable(ctx, e, set, strategy.Official)
	if err != nil {
		return err
	}
	moves, err := tb.Advise(card, roll, *rollNo)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeAdviseJSON(e.stdout, set, roll, *rollNo, moves)
	}
	if *top > 0 && len(moves) > *top {
		moves = moves[:*top]
	}
	writeAdviseTable(e.stdout, set, card, roll, *rollNo, moves)
	return nil
}

func labels(set *rules.Set, faces []rules.Face) []string {
	out := make([]string, len(faces))
	for i, f := range faces {
		out[i] = set.FaceLabel(f)
	}
	return out
}

func writeAdviseJSON(w io.Writer, set *rules.Set, roll rules.Roll, rollNo int, moves []strategy.Move) error {
	out := adviseJSON{Rules: set.Spec(), Roll: rollNo, Dice: labels(set, roll[:]), Moves: []moveJSON{}}
	for _, m := range moves {
		mj := moveJSON{Box: m.Box, Expected: m.Expected, Cost: m.Cost}
		if rollNo < 3 {
			mj.Keep = labels(set, m.Keep)
		}
		if m.ScoresNow() {
			mj.Points, mj.Joker = &m.Points, &m.Joker
		}
		out.Moves = append(out.Moves, mj)
	}
	return json.NewEncoder(w).Encode(out)
}

func writeAdviseTable(w io.Writer, set *rules.Set, card *rules.Card, roll rules.Roll, rollNo int, moves []strategy.Move) {
	fmt.Fprintf(w, "%s, roll %d of 3, under %s with %d points on the card\n\n",
		set.FormatRoll(roll), rollNo, set.Spec(), card.Totals().GrandTotal)
	t := scoreTable{header: []string{"#", "Move", "Expected", "Cost"}, right: []bool{true, false, true, true}}
	for i, m := range moves {
		cost := "best"
		if i > 0 {
			cost = fmt.Sprintf("-%.2f", m.Cost)
		}
		t.add(fmt.Sprint(i+1), describeMove(set, m, rollNo), fmt.Sprintf("%.2f", m.Expected), cost)
	}
	t.write(w)
	fmt.Fprintln(w, "\nExpected: the final score to expect after this move with optimal play; Cost: what it gives up against the best.")
}

func describeMove(set *rules.Set, m strategy.Move, rollNo int) string {
	score := func() string {
		b, _ := set.Box(m.Box)
		s := fmt.Sprintf("%s for %d", b.Name, m.Points)
		if m.Joker {
			s += " (joker)"
		}
		return s
	}
	switch {
	case rollNo == 3:
		return "score " + score()
	case m.ScoresNow():
		return "keep all: score " + score() + " now, or roll on later"
	case len(m.Keep) == 0:
		return "reroll all five"
	default:
		return "keep " + strings.Join(labels(set, m.Keep), " ")
	}
}
