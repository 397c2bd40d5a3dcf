package strategy

import (
	"fmt"
	"sort"

	"github.com/dicecam/dicecam/rules"
)

// Move is one choice for a roll with what it is worth.
type Move struct {
	// Keep is the dice to hold before rolling again (after rolls 1 and 2),
	// in ascending order; all five means stop and score now.
	Keep []rules.Face
	// Box is the box to fill after roll 3; after rolls 1 and 2 it is set
	// only when Keep holds all five dice, to the best box to fill now.
	Box rules.BoxID
	// Points is what Box takes now, joker values and bonuses aside; Joker
	// marks a box paid at its joker value.
	Points int
	Joker  bool
	// Expected is the expected final score after this move, playing
	// optimally from then on.
	Expected float64
	// Cost is how many expected points this move gives up against the best.
	Cost float64
	// WinChance, from WinPlan.Advise alone, is the chance of finishing the
	// card above the plan's target after this move, playing to win from
	// then on.
	WinChance float64
}

// ScoresNow says whether the move stops rolling and fills a box.
func (m Move) ScoresNow() bool { return m.Box != "" }

// Advise ranks every move for a roll of a turn on the card, best first.
// rollNo is 1 or 2 for a roll that may be rerolled, 3 for the last.
func (t *Table) Advise(card *rules.Card, roll rules.Roll, rollNo int) ([]Move, error) {
	if err := checkRoll(roll, rollNo); err != nil {
		return nil, err
	}
	st, err := t.stateOf(card)
	if err != nil {
		return nil, err
	}
	total := float64(card.Totals().GrandTotal)
	boxes := t.boxMoves(card, st, roll, total)
	var moves []Move
	if rollNo == 3 {
		moves = boxes
	} else {
		moves = t.keepMoves(st, roll, rollNo, total)
		for i := range moves {
			if len(moves[i].Keep) == dice {
				// Holding all five only to reroll some next time is never
				// better than rerolling them now, so holding all five means
				// scoring now, in the best box.
				best := boxes[0]
				best.Keep = moves[i].Keep
				moves[i] = best
			}
		}
		sortMoves(moves)
	}
	for i := range moves {
		moves[i].Cost = moves[0].Expected - moves[i].Expected
	}
	return moves, nil
}

func checkRoll(roll rules.Roll, rollNo int) error {
	if rollNo < 1 || rollNo > 3 {
		return fmt.Errorf("roll number %d: a turn has rolls 1, 2 and 3", rollNo)
	}
	for _, f := range roll {
		if f < 1 || f > faces {
			return fmt.Errorf("die %d is not a face 1 to 6", f)
		}
	}
	return nil
}

// boxMoves values every legal box for the roll, best first, using the rules
// engine's own options so the advice never offers a box the card refuses.
func (t *Table) boxMoves(card *rules.Card, st state, roll rules.Roll, total float64) []Move {
	five := countsOf(roll[:]).isFiveAlike()
	var moves []Move
	for _, o := range card.Options(roll) {
		if !o.Legal {
			continue
		}
		b := t.boxIndex(o.Box)
		v := t.afterScoring(st.mask, st.up, st.y, b, o.Points, five)
		moves = append(moves, Move{Box: o.Box, Points: o.Points, Joker: o.Joker, Expected: total + v})
	}
	sortMoves(moves)
	return moves
}

// keepMoves values every distinct set of dice that can be held from the roll.
func (t *Table) keepMoves(st state, roll rules.Roll, rollNo int, total float64) []Move {
	tn := new(turn)
	t.lastRoll(tn, st.mask, st.up, st.y)
	t.g.dice.bestKeeps(&tn.keep, &tn.best)
	if rollNo == 1 {
		rollValues(&tn.best, &tn.keep)
		t.g.dice.bestKeeps(&tn.keep, &tn.best)
	}
	seen := map[int]bool{}
	var moves []Move
	for sub := range 1 << dice {
		var held []rules.Face
		for i, f := range roll {
			if sub&(1<<i) != 0 {
				held = append(held, f)
			}
		}
		k := t.g.dice.index[countsOf(held)]
		if seen[k] {
			continue
		}
		seen[k] = true
		moves = append(moves, Move{Keep: t.g.dice.keeps[k].facesOf(), Expected: total + tn.keep[k]})
	}
	sortMoves(moves)
	return moves
}

// sortMoves puts the best first; among equals, holding more dice first, as
// fewer dice to pick up is the simpler move to make.
func sortMoves(moves []Move) {
	sort.SliceStable(moves, func(i, j int) bool {
		if moves[i].Expected != moves[j].Expected {
			return moves[i].Expected > moves[j].Expected
		}
		return len(moves[i].Keep) > len(moves[j].Keep)
	})
}

func (c counts) isFiveAlike() bool {
	for _, k := range c {
		if k == dice {
			return true
		}
	}
	return false
}

func (t *Table) boxIndex(id rules.BoxID) int {
	for b, box := range t.g.boxes {
		if box.ID == id {
			return b
		}
	}
	return -1
}

// Held marks which of the roll's dice, by position, the move holds, so a
// page can mark them where they lie. Equal faces are taken left to right.
func (m Move) Held(roll rules.Roll) [dice]bool {
	var held [dice]bool
	want := countsOf(m.Keep)
	for i, f := range roll {
		if f >= 1 && f <= faces && want[f-1] > 0 {
			want[f-1]--
			held[i] = true
		}
	}
	return held
}
