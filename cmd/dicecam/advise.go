package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
)

const adviseUsage = "[--rules R] [--card LOG] --roll 1|2|3 [--to-beat T] [--top N] [--json] D D D D D"

// adviseJSON is the --json output of dicecam advise.
type adviseJSON struct {
	Rules  string     `json:"rules"`
	Roll   int        `json:"roll"`
	Dice   []string   `json:"dice"`
	ToBeat *int       `json:"to_beat,omitempty"`
	Moves  []moveJSON `json:"moves"`
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
	// WinChance, with --to-beat, is the chance of finishing above T after
	// the move, playing to win.
	WinChance *float64 `json:"win_chance,omitempty"`
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
	toBeat := fs.Int("to-beat", 0, "advise the moves most likely to finish above `T` points (the leader's score), not the highest expected score")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if *rollNo < 1 || *rollNo > 3 {
		return usagef("--roll %d: say which roll of the turn the dice are, --roll 1, 2 or 3", *rollNo)
	}
	var target *int
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "to-beat" {
			target = toBeat
		}
	})
	if target != nil && *target < 0 {
		return usagef("--to-beat %d: give the score to beat, 0 or more", *target)
	}
	set, roll, card, err := readTurn(*spec, *logPath, pos)
	if err != nil {
		return err
	}
	tb, err := loadTable(ctx, e, set, strategy.Official)
	if err != nil {
		return err
	}
	var moves []strategy.Move
	if target == nil {
		moves, err = tb.Advise(card, roll, *rollNo)
	} else {
		moves, err = adviseToBeat(ctx, e, tb, card, roll, *rollNo, *target)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		return writeAdviseJSON(e.stdout, set, roll, *rollNo, target, moves)
	}
	if *top > 0 && len(moves) > *top {
		moves = moves[:*top]
	}
	writeAdviseTable(e.stdout, set, card, roll, *rollNo, target, moves)
	return nil
}

// adviseToBeat solves playing to win for the card, with a progress bar on
// a terminal, for from an empty card it takes a while.
func adviseToBeat(ctx context.Context, e *env, tb *strategy.Table, card *rules.Card, roll rules.Roll, rollNo, target int) ([]strategy.Move, error) {
	bar := &progressBar{w: e.stderr, label: fmt.Sprintf("playing to beat %d", target)}
	var progress func(done, total int)
	if isTerminal(e.stderr) {
		progress = bar.show
	}
	plan, err := tb.ToBeat(ctx, card, target, progress)
	bar.done()
	if err != nil {
		return nil, err
	}
	return plan.Advise(roll, rollNo)
}

func labels(set *rules.Set, faces []rules.Face) []string {
	out := make([]string, len(faces))
	for i, f := range faces {
		out[i] = set.FaceLabel(f)
	}
	return out
}

func writeAdviseJSON(w io.Writer, set *rules.Set, roll rules.Roll, rollNo int, target *int, moves []strategy.Move) error {
	out := adviseJSON{Rules: set.Spec(), Roll: rollNo, Dice: labels(set, roll[:]), ToBeat: target, Moves: []moveJSON{}}
	for _, m := range moves {
		mj := moveJSON{Box: m.Box, Expected: m.Expected, Cost: m.Cost}
		if target != nil {
			mj.WinChance = &m.WinChance
		}
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

func writeAdviseTable(w io.Writer, set *rules.Set, card *rules.Card, roll rules.Roll, rollNo int, target *int, moves []strategy.Move) {
	fmt.Fprintf(w, "%s, roll %d of 3, under %s with %d points on the card",
		set.FormatRoll(roll), rollNo, set.Spec(), card.Totals().GrandTotal)
	if target != nil {
		fmt.Fprintf(w, ", playing to beat %d", *target)
	}
	fmt.Fprint(w, "\n\n")
	t := scoreTable{header: []string{"#", "Move", "Expected", "Cost"}, right: []bool{true, false, true, true}}
	if target != nil {
		t.header = append(t.header, "Chance")
		t.right = append(t.right, true)
	}
	for i, m := range moves {
		cost := "best"
		if m.Cost > 0 || (target == nil && i > 0) {
			cost = fmt.Sprintf("-%.2f", m.Cost)
		}
		row := []string{fmt.Sprint(i + 1), describeMove(set, m, rollNo), fmt.Sprintf("%.2f", m.Expected), cost}
		if target != nil {
			row = append(row, fmt.Sprintf("%.4f %%", 100*m.WinChance))
		}
		t.add(row...)
	}
	t.write(w)
	fmt.Fprintln(w, "\nExpected: the final score to expect after this move with optimal play; Cost: what it gives up against the best.")
	if target != nil {
		fmt.Fprintf(w, "Chance: of finishing above %d after this move, playing to win; the moves are in that order.\n", *target)
	}
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
