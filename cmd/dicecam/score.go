package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/dicecam/dicecam/rules"
)

const scoreUsage = "[--rules R] [--card LOG] [--json] D D D D D"

// scoreJSON is the --json output of dicecam score.
type scoreJSON struct {
	Rules   string            `json:"rules"`
	Dice    []string          `json:"dice"`
	Options []scoreOptionJSON `json:"options"`
}

type scoreOptionJSON struct {
	Box    rules.BoxID `json:"box"`
	Points int         `json:"points"`
	Joker  bool        `json:"joker"`
}

// runScore tells a player what each open box is worth for the dice on the
// table, given the card so far.
func runScore(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "score", scoreUsage)
	spec := rulesFlag(fs)
	logPath := fs.String("card", "", "game `LOG` of the turns played so far (default: an empty card)")
	asJSON := fs.Bool("json", false, "print the options as JSON")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	set, roll, card, err := readTurn(*spec, *logPath, pos)
	if err != nil {
		return err
	}
	var legal []rules.Option
	for _, o := range card.Options(roll) {
		if o.Legal {
			legal = append(legal, o)
		}
	}
	if *asJSON {
		return writeScoreJSON(e.stdout, set, roll, legal)
	}
	writeScoreTable(e.stdout, set, roll, legal, len(card.Options(roll)))
	return nil
}

// readTurn reads what a player asks about: the rule set, the dice on the
// table and the card so far from its game log ("" for an empty card). A full
// card is an error, for no box is left to put the dice in.
func readTurn(spec, logPath string, dice []string) (*rules.Set, rules.Roll, *rules.Card, error) {
	set, err := rules.Parse(spec)
	if err != nil {
		return nil, rules.Roll{}, nil, usagef("--rules: %v", err)
	}
	roll, err := set.ParseRoll(dice)
	if err != nil {
		return nil, rules.Roll{}, nil, usagef("%v", err)
	}
	card := rules.NewCard(set)
	if logPath != "" {
		if card, err = loadCard(set, logPath); err != nil {
			return nil, rules.Roll{}, nil, err
		}
	}
	if card.Full() {
		return nil, rules.Roll{}, nil, fmt.Errorf("the card in %s is full: no box is left to score", logPath)
	}
	return set, roll, card, nil
}

// rulesFlag adds the --rules flag that score and tally share.
func rulesFlag(fs *flag.FlagSet) *string {
	return fs.String("rules", "yahtzee", "the rule set `R`, one of "+strings.Join(rules.Names(), ", ")+
		", with any options, e.g. yahtzee:joker=free or yacht:big-straight=40")
}

func writeScoreJSON(w io.Writer, set *rules.Set, roll rules.Roll, legal []rules.Option) error {
	out := scoreJSON{Rules: set.Spec(), Options: []scoreOptionJSON{}}
	for _, f := range roll {
		out.Dice = append(out.Dice, set.FaceLabel(f))
	}
	for _, o := range legal {
		out.Options = append(out.Options, scoreOptionJSON{Box: o.Box, Points: o.Points, Joker: o.Joker})
	}
	return json.NewEncoder(w).Encode(out)
}

func writeScoreTable(w io.Writer, set *rules.Set, roll rules.Roll, legal []rules.Option, open int) {
	fmt.Fprintf(w, "%s under %s: %d of %d open boxes may take them\n\n", set.FormatRoll(roll), set.Spec(), len(legal), open)
	t := scoreTable{header: []string{"Box", "ID", "Points", ""}, right: []bool{false, false, true, false}}
	jokers := false
	for _, o := range legal {
		b, _ := set.Box(o.Box)
		note := ""
		if o.Joker {
			note, jokers = "joker", true
		}
		t.add(b.Name, string(o.Box), fmt.Sprint(o.Points), note)
	}
	t.write(w)
	if jokers {
		fmt.Fprintln(w, "\njoker: five alike standing in for the box's pattern at its full value")
	}
}
