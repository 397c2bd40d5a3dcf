package rules

import (
	"fmt"
	"strings"
)

// boxDef is a box with its scoring rule.
type boxDef struct {
	Box
	face  Face                   // the face a number box counts; 0 for the others
	score func(hand) (int, bool) // points and whether the dice fit the pattern
	joker int                    // what the box pays under the joker: a fixed value, or 0 for the dice total
	par   int                    // a number box's score with three of its face, the pace toward the bonus
}

func (b *boxDef) jokerPoints(h hand) int {
	if b.joker > 0 {
		return b.joker
	}
	return h.sum
}

// number counts one face: perDie points for each die that shows it.
func number(id BoxID, name string, f Face, perDie int, help string) boxDef {
	return boxDef{
		Box:  Box{ID: id, Name: name, Help: help, Upper: true},
		face: f,
		par:  3 * perDie,
		score: func(h hand) (int, bool) {
			return h.count[f] * perDie, h.count[f] > 0
		},
	}
}

// pays gives a fixed value when the dice fit.
func pays(id BoxID, name string, value int, fits func(hand) bool, help string) boxDef {
	return boxDef{
		Box: Box{ID: id, Name: name, Help: fmt.Sprintf("%s: %d", help, value)},
		score: func(h hand) (int, bool) {
			if fits(h) {
				return value, true
			}
			return 0, false
		},
		joker: value,
	}
}

// totals gives the total of all five dice when they fit.
func totals(id BoxID, name string, fits func(hand) bool, help string) boxDef {
	return boxDef{
		Box: Box{ID: id, Name: name, Help: help + ": total of all five dice"},
		score: func(h hand) (int, bool) {
			if fits(h) {
				return h.sum, true
			}
			return 0, false
		},
	}
}

// matching gives the sum of the n dice that match, the highest face first:
// 6-6-6-6-2 is 24 as four of a kind, the 2 left out.
func matching(id BoxID, name string, n int, help string) boxDef {
	return boxDef{
		Box: Box{ID: id, Name: name, Help: help},
		score: func(h hand) (int, bool) {
			f := h.alike(n)
			return n * int(f), f != 0
		},
	}
}

// twoPairs gives the sum of two pairs of different faces.
func twoPairs(id BoxID, name string, help string) boxDef {
	return boxDef{
		Box: Box{ID: id, Name: name, Help: help},
		score: func(h hand) (int, bool) {
			hi, lo := h.pairs()
			if lo == 0 {
				return 0, false
			}
			return 2*int(hi) + 2*int(lo), true
		},
	}
}

// The patterns a box may ask of the dice.

func always(hand) bool { return true }

func atLeast(n int) func(hand) bool {
	return func(h hand) bool { return h.alike(n) != 0 }
}

func fullHouse(h hand) bool { return h.fullHouse() }

func fullHouseOrFive(h hand) bool { return h.fullHouse() || h.alike(5) != 0 }

func hasTwoPairs(h hand) bool {
	_, lo := h.pairs()
	return lo != 0
}

// straight fits when any of the runs shows in full.
func straight(runs ...[2]Face) func(hand) bool {
	return func(h hand) bool {
		for _, r := range runs {
			if h.run(r[0], r[1]) {
				return true
			}
		}
		return false
	}
}

// numberBoxes makes the six boxes of the upper section in card order, each
// counting the face at the same place in faces. perDie 0 counts each die's pips.
func numberBoxes(ids []BoxID, names []string, faces []Face, perDie int, help string) []boxDef {
	boxes := make([]boxDef, len(ids))
	for i, f := range faces {
		per := perDie
		if per == 0 {
			per = int(f)
		}
		boxes[i] = number(ids[i], names[i], f, per, fmt.Sprintf(help, strings.ToLower(names[i])))
	}
	return boxes
}
