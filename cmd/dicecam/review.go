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

const reviewUsage = "[--rules R] [--json] LOG"

// reviewJSON is the --json output of dicecam review.
type reviewJSON struct {
	Rules     string           `json:"rules"`
	Turns     []turnReviewJSON `json:"turns"`
	TotalLoss float64          `json:"total_loss"`
	Decisions int              `json:"decisions"`
	MeanLoss  float64          `json:"mean_loss"`
}

type turnReviewJSON struct {
	Turn    int              `json:"turn"`
	Game    int              `json:"game,omitempty"` // from 1, for a series
	Dice    []string         `json:"dice"`
	Box     rules.BoxID      `json:"box"`
	BestBox rules.BoxID      `json:"best_box"`
	Loss    float64          `json:"loss"`
	Keeps   []keepReviewJSON `json:"keeps,omitempty"`
}

type keepReviewJSON struct {
	Roll     int      `json:"roll"`
	Dice     []string `json:"dice"`
	Keep     []string `json:"keep"`
	BestKeep []string `json:"best_keep"`
	Loss     float64  `json:"loss"`
}

// runReview grades every decision of a game log against optimal play, the
// way a chess engine reviews a game.
func runReview(ctx context.Context, e *env, args []string) error {
	set, path, asJSON, err := logFlags(e, "review", reviewUsage, "print the review as JSON", args)
	if err != nil {
		return err
	}
	turns, err := readLog(set, path)
	if err != nil {
		return err
	}
	tb, err := loadTable(ctx, e, set, strategy.Official)
	if err != nil {
		return err
	}
	rev, err := tb.Review(turns)
	if err != nil {
		return atLine(path, err)
	}
	if asJSON {
		return json.NewEncoder(e.stdout).Encode(reviewToJSON(set, rev))
	}
	writeReview(e.stdout, set, rev)
	return nil
}

func reviewToJSON(set *rules.Set, rev *strategy.Review) reviewJSON {
	out := reviewJSON{Rules: set.Spec(), Turns: []turnReviewJSON{}, TotalLoss: rev.TotalLoss, Decisions: rev.Decisions, MeanLoss: rev.MeanLoss()}
	for _, tr := range rev.Turns {
		tj := turnReviewJSON{Turn: tr.Turn, Dice: labels(set, tr.Dice[:]), Box: tr.Box, BestBox: tr.BestBox, Loss: tr.Loss}
		if set.Games() > 1 {
			tj.Game = tr.Game + 1
		}
		for _, k := range tr.Keeps {
			tj.Keeps = append(tj.Keeps, keepReviewJSON{Roll: k.Roll, Dice: labels(set, k.Dice[:]),
				Keep: labels(set, k.Kept), BestKeep: labels(set, k.BestKept), Loss: k.Loss})
		}
		out.Turns = append(out.Turns, tj)
	}
	return out
}

func writeReview(w io.Writer, set *rules.Set, rev *strategy.Review) {
	t := scoreTable{header: []string{"Turn", "Decision", "Chosen", "Best", "Loss"}, right: []bool{true, false, false, false, true}}
	for _, tr := range rev.Turns {
		turn := fmt.Sprint(tr.Turn)
		if set.Games() > 1 {
			turn = fmt.Sprintf("%d.%d", tr.Game+1, tr.Turn)
		}
		for _, k := range tr.Keeps {
			t.add(turn, fmt.Sprintf("roll %d: %s", k.Roll, set.FormatRoll(k.Dice)), keepText(set, k.Kept), keepText(set, k.BestKept), lossText(k.Loss))
			turn = ""
		}
		b, _ := set.Box(tr.Box)
		best, _ := set.Box(tr.BestBox)
		t.add(turn, "box for "+set.FormatRoll(tr.Dice), b.Name, best.Name, lossText(tr.Loss))
	}
	t.write(w)
	fmt.Fprintf(w, "\n%d decisions gave up %.2f expected points: %.3f a decision.\n", rev.Decisions, rev.TotalLoss, rev.MeanLoss())
	fmt.Fprintln(w, "Loss: the expected final score a decision gave up against optimal play from the same card and dice.")
}

func keepText(set *rules.Set, kept []rules.Face) string {
	switch len(kept) {
	case 0:
		return "reroll all"
	case 5:
		return "score now"
	}
	return "keep " + strings.Join(labels(set, kept), " ")
}

func lossText(loss float64) string {
	if loss == 0 {
		return "best"
	}
	return fmt.Sprintf("-%.2f", loss)
}
