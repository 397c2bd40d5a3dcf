package strategy

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dicecam/dicecam/rules"
)

// Review grades a game the way a chess engine reviews one: each decision
// against optimal play, by the expected final score it gave up.
type Review struct {
	Turns []TurnReview
	// TotalLoss is the expected score all decisions gave up together.
	TotalLoss float64
	// Decisions counts the decisions graded: a box for every turn, and a
	// keep for every earlier roll the log records.
	Decisions int
}

// MeanLoss is the expected score given up a decision, the figure
// Verhoeff's proficiency test grades a player by.
func (r *Review) MeanLoss() float64 {
	if r.Decisions == 0 {
		return 0
	}
	return r.TotalLoss / float64(r.Decisions)
}

// TurnReview is one turn of a reviewed game.
type TurnReview struct {
	Turn int // turn of its game, from 1
	Game int // game of the series, from 0
	Line int // line of the log, from 1; 0 when the turn came from no log
	// Keeps grades the dice held after each earlier roll the log records,
	// and, when the turn stopped before its third roll, holding all five
	// to score.
	Keeps []KeepReview
	Dice  rules.Roll
	// Box is the box chosen for the final dice, BestBox the box optimal
	// play fills with them on that card, and Loss what the choice gave up
	// against it (0 when it is the best).
	Box, BestBox rules.BoxID
	Loss         float64
}

// KeepReview is one choice of dice to hold.
type KeepReview struct {
	Roll     int // roll of the turn, 1 or 2
	Dice     rules.Roll
	Kept     []rules.Face // in ascending order; all five to score now
	BestKept []rules.Face // what optimal play holds; all five to score now
	Loss     float64
}

// Review grades the turns of a game log, or of a series game by game, each
// against the best play for the card it was played on. A turn the rules do
// not allow stops it with a *rules.LineError that says what was legal.
func (t *Table) Review(turns []rules.Turn) (*Review, error) {
	set := t.g.set
	rev := &Review{}
	series := rules.NewSeries(set)
	turn := 0
	for _, tn := range turns {
		for tn.Game > len(series.Cards())-1 {
			if err := series.NextGame(); err != nil {
				return nil, &rules.LineError{Line: tn.Line, Err: err}
			}
			turn = 0
		}
		if tn.Game < len(series.Cards())-1 {
			return nil, &rules.LineError{Line: tn.Line, Err: fmt.Errorf(
				"this turn belongs to game %d, but game %d is in play: games follow one another", tn.Game+1, len(series.Cards()))}
		}
		card := series.Current()
		if tn.Entry != rules.Scored {
			// A box changed by hand has no roll to grade; the card takes it.
			if err := tn.Play(card); err != nil {
				return nil, &rules.LineError{Line: tn.Line, Err: err}
			}
			continue
		}
		turn++
		tr, err := t.reviewTurn(card, tn)
		if err != nil {
			return nil, &rules.LineError{Line: tn.Line, Err: err}
		}
		tr.Turn = turn
		if _, err := card.Score(tn.Roll, tn.Box); err != nil {
			return nil, &rules.LineError{Line: tn.Line, Err: err}
		}
		rev.Turns = append(rev.Turns, tr)
		for _, k := range tr.Keeps {
			rev.TotalLoss += k.Loss
		}
		rev.TotalLoss += tr.Loss
		rev.Decisions += len(tr.Keeps) + 1
	}
	return rev, nil
}

// reviewTurn grades one turn on the card before it.
func (t *Table) reviewTurn(card *rules.Card, tn rules.Turn) (TurnReview, error) {
	tr := TurnReview{Game: tn.Game, Line: tn.Line, Dice: tn.Roll, Box: tn.Box}
	if card.Full() {
		return tr, errors.New("the card is already full")
	}
	if err := legalBox(card, tn.Roll, tn.Box); err != nil {
		return tr, err
	}
	if len(tn.Holds) > 2 {
		return tr, fmt.Errorf("%d earlier rolls: a turn has 3 rolls in all", len(tn.Holds))
	}
	for i, h := range tn.Holds {
		kr, err := t.reviewKeep(card, i+1, h.Roll, countsOf(h.Kept))
		if err != nil {
			return tr, err
		}
		tr.Keeps = append(tr.Keeps, kr)
	}
	if len(tn.Holds) == 1 {
		// The turn stopped after its second roll: holding all five to score.
		kr, err := t.reviewKeep(card, 2, tn.Roll, countsOf(tn.Roll[:]))
		if err != nil {
			return tr, err
		}
		tr.Keeps = append(tr.Keeps, kr)
	}
	boxes, err := t.Advise(card, tn.Roll, 3)
	if err != nil {
		return tr, err
	}
	tr.BestBox = boxes[0].Box
	for _, m := range boxes {
		if m.Box == tn.Box {
			tr.Loss = m.Cost
		}
	}
	return tr, nil
}

// reviewKeep grades holding kept from a roll; holding all five is scoring
// now in the best box.
func (t *Table) reviewKeep(card *rules.Card, rollNo int, roll rules.Roll, kept counts) (KeepReview, error) {
	moves, err := t.Advise(card, roll, rollNo)
	if err != nil {
		return KeepReview{}, err
	}
	kr := KeepReview{Roll: rollNo, Dice: roll, Kept: kept.facesOf(), BestKept: moves[0].Keep}
	for _, m := range moves {
		if countsOf(m.Keep) == kept {
			kr.Loss = m.Cost
			return kr, nil
		}
	}
	return kr, fmt.Errorf("roll %d holds %v, which is not part of %v", rollNo, kr.Kept, roll)
}

// legalBox says why a box may not take the roll, naming the boxes that may.
func legalBox(card *rules.Card, roll rules.Roll, box rules.BoxID) error {
	var legal []string
	why := ""
	for _, o := range card.Options(roll) {
		if o.Legal {
			legal = append(legal, string(o.Box))
		} else if o.Box == box {
			why = o.Reason
		}
	}
	for _, id := range legal {
		if rules.BoxID(id) == box {
			return nil
		}
	}
	set := card.Set()
	if _, ok := set.Box(box); ok && why == "" {
		why = fmt.Sprintf("box %q is already filled", box)
	} else if !ok {
		why = fmt.Sprintf("%s has no box %q", set.Name(), box)
	}
	return fmt.Errorf("%s: %s may go in %s", why, set.FormatRoll(roll), strings.Join(legal, ", "))
}
