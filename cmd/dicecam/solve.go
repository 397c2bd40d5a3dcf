package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
)

const solveUsage = "[--rules R] [--plain] [--json]"

// solveJSON is the --json output of dicecam solve.
type solveJSON struct {
	Rules         string  `json:"rules"`
	Variant       string  `json:"variant,omitempty"`
	ExpectedScore float64 `json:"expected_score"`
	States        int     `json:"states"`
	Seconds       float64 `json:"seconds"`
	// Scores is how the final score of optimal play spreads.
	Scores *scoresJSON `json:"scores,omitempty"`
}

// scoresJSON sums up the distribution of the final score of optimal play.
type scoresJSON struct {
	Mean        float64        `json:"mean"`
	StdDev      float64        `json:"std_dev"`
	Median      int            `json:"median"`
	Min         int            `json:"min"`
	Max         int            `json:"max"`
	Percentiles map[string]int `json:"percentiles"` // "5": the score 5 % of games do not exceed
}

// percentiles are the ones solve --json reports.
var percentiles = []float64{1, 5, 10, 25, 50, 75, 90, 95, 99}

func scoresOf(d *strategy.Distribution) *scoresJSON {
	out := &scoresJSON{Mean: d.Mean(), StdDev: d.StdDev(), Median: d.Percentile(50), Min: d.Low,
		Max: d.Low + len(d.Chance) - 1, Percentiles: map[string]int{}}
	for _, p := range percentiles {
		out.Percentiles[strconv.FormatFloat(p, 'f', -1, 64)] = d.Percentile(p)
	}
	return out
}

// runSolve works out optimal play for a rule set, or loads it from the
// cache, and prints what it is worth on an empty card.
func runSolve(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "solve", solveUsage)
	spec := rulesFlag(fs)
	plain := fs.Bool("plain", false, "play yahtzee without the 100 bonuses and the joker")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	if err := parseOnlyFlags(fs, args, "the rule set goes in --rules"); err != nil {
		return err
	}
	set, err := rules.Parse(*spec)
	if err != nil {
		return usagef("--rules: %v", err)
	}
	start := time.Now()
	tb, err := loadTable(ctx, e, set, variantOf(*plain))
	if err != nil {
		return err
	}
	out := solveJSON{Rules: set.Spec(), ExpectedScore: tb.ExpectedScore(), States: tb.States(), Seconds: time.Since(start).Seconds()}
	if *plain {
		out.Variant = tb.Variant().String()
	}
	if *asJSON {
		d, err := strategy.LoadDistribution(ctx, tb, strategy.Options{Log: slog.New(e.log)})
		if err != nil {
			return fmt.Errorf("score distribution for %s: %w", set.Spec(), err)
		}
		out.Scores = scoresOf(d)
		return json.NewEncoder(e.stdout).Encode(out)
	}
	name := out.Rules
	if *plain {
		name += " (plain: no 100 bonuses, no joker)"
	}
	fmt.Fprintf(e.stdout, "%s: optimal play scores %.6f on average from an empty card\n", name, out.ExpectedScore)
	fmt.Fprintf(e.stdout, "%d turn states, ready in %.2f s\n", out.States, out.Seconds)
	return nil
}

func variantOf(plain bool) strategy.Variant {
	if plain {
		return strategy.Plain
	}
	return strategy.Official
}

// loadTable loads or solves a strategy table, drawing a progress bar on a
// terminal while it solves.
func loadTable(ctx context.Context, e *env, set *rules.Set, v strategy.Variant) (*strategy.Table, error) {
	opts := strategy.Options{Variant: v, Log: slog.New(e.log)}
	bar := &progressBar{w: e.stderr, label: "solving " + set.Spec()}
	if isTerminal(e.stderr) {
		opts.Progress = bar.show
	}
	tb, err := strategy.Load(ctx, set, opts)
	bar.done()
	if err != nil {
		return nil, fmt.Errorf("strategy for %s: %w", set.Spec(), err)
	}
	return tb, nil
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// progressBar redraws one line in place.
type progressBar struct {
	w     io.Writer
	label string
	drawn bool
}

func (p *progressBar) show(done, total int) {
	const width = 30
	filled := width * done / max(total, 1)
	fmt.Fprintf(p.w, "\r%s [%s%s] %3d%%", p.label, strings.Repeat("#", filled), strings.Repeat(".", width-filled), 100*done/max(total, 1))
	p.drawn = true
}

func (p *progressBar) done() {
	if p.drawn {
		fmt.Fprintln(p.w)
	}
}
