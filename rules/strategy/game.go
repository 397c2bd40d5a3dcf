package strategy

import (
	"fmt"
	"slices"

	"github.com/dicecam/dicecam/rules"
)

// game is a rule set flattened into the arrays the solver reads: what every
// roll scores in every box, and the bonuses and joker that couple the boxes.
type game struct {
	set   *rules.Set
	boxes []rules.Box
	dice  *multisets

	points [][numRolls]float64 // plain points of each roll in each box
	// scoring lists the rolls that score more than 0 in each box: most
	// rolls score nothing in most boxes, and a 0 is the same for all of them.
	scoring [][]uint8

	// Every box takes few distinct scores (an upper box a face counted
	// zero to five times, a lower box at most the 26 totals of five dice),
	// so a roll's score there is a class and the future is looked up per
	// class.
	scoreClass [][numRolls]int8
	scores     [][]int
	zeroClass  []int8 // the class of a 0 in each box; -1 where a box never scores 0
	most       []int  // the most each box can take, joker values included

	bonusAt, bonus int // upper bonus; bonusAt 0 when the set has none

	five      int // the five-alike box that earns fiveBonus and wakes the joker; -1 when none
	fiveBonus int // points for each further five alike while the five box holds its top score
	joker     rules.Joker
	jokerPts  [][faces]float64 // what each lower box pays five alike under the joker
	matching  [faces]int       // the upper box counting each face
	fiveRolls [faces]int       // the roll number of five alike of each face
}

// maxScores is how many distinct scores a box may take: the turn chances
// look up the future of each (win.go).
const maxScores = 32

// Variant changes the rules the solver plays beyond the rule set's options.
type Variant int

const (
	// Official plays the rule set as it stands.
	Official Variant = iota
	// Plain drops the 100 bonuses and the joker from yahtzee, as in the
	// simplified game Glenn and others solve; a five alike is then only the
	// dice it shows. Other rule sets are unchanged.
	Plain
)

func (v Variant) String() string {
	if v == Plain {
		return "plain"
	}
	return "official"
}

func newGame(set *rules.Set, variant Variant) (*game, error) {
	bonus, bonusAt := set.UpperBonus()
	g := &game{set: set, boxes: set.Boxes(), dice: newMultisets(), bonusAt: bonusAt, bonus: bonus, five: -1}
	if len(g.boxes) > 16 {
		return nil, fmt.Errorf("rule set %s has %d boxes: the solver handles at most 16", set.Name(), len(g.boxes))
	}
	n := len(g.boxes)
	g.points = make([][numRolls]float64, n)
	g.scoring = make([][]uint8, n)
	g.scoreClass = make([][numRolls]int8, n)
	g.scores = make([][]int, n)
	g.jokerPts = make([][faces]float64, n)
	for f := range faces {
		g.matching[f] = -1
		g.fiveRolls[f] = g.dice.index[fiveAlike(f)]
	}
	for b, box := range g.boxes {
		// A box that pays one value to every roll that fits (full house: 25)
		// pays that value to five alike under the joker; the others pay the dice.
		fixed, varies := 0, false
		for r := range numRolls {
			p, fits := set.Points(box.ID, g.dice.rollOf(r))
			g.points[b][r] = float64(p)
			if p > 0 {
				g.scoring[b] = append(g.scoring[b], uint8(r))
			}
			g.scoreClass[b][r] = int8(classOf(&g.scores[b], p))
			if fits && fixed != 0 && p != fixed {
				varies = true
			}
			if fits {
				fixed = p
			}
		}
		if varies {
			fixed = 0
		}
		g.zeroClass = append(g.zeroClass, int8(slices.Index(g.scores[b], 0)))
		if len(g.scores[b]) > maxScores {
			return nil, fmt.Errorf("box %q takes %d different scores: the solver handles at most %d", box.ID, len(g.scores[b]), maxScores)
		}
		if box.Upper && len(g.scores[b]) > dice+1 {
			return nil, fmt.Errorf("upper box %q takes %d different scores: the solver expects a face counted 0 to 5 times", box.ID, len(g.scores[b]))
		}
		for f := range faces {
			p, fits := set.Points(box.ID, g.dice.rollOf(g.fiveRolls[f]))
			if !fits && fixed > 0 {
				p = fixed
			}
			g.jokerPts[b][f] = float64(p)
			if box.Upper && fits {
				g.matching[f] = b
			}
		}
		most := slices.Max(g.points[b][:])
		for _, p := range g.jokerPts[b] {
			most = max(most, p)
		}
		g.most = append(g.most, int(most))
		if set.FiveBonus() > 0 && variant == Official && onlyFiveAlikeFits(g, b) {
			// The set pays for further five alike, and with that comes the joker.
			g.five, g.fiveBonus, g.joker = b, set.FiveBonus(), set.Joker()
		}
	}
	return g, nil
}

// onlyFiveAlikeFits finds the five-alike box: the lower box that every five
// alike fills and nothing else does.
func onlyFiveAlikeFits(g *game, b int) bool {
	if g.upper(b) {
		return false
	}
	for r := range numRolls {
		_, fits := g.set.Points(g.boxes[b].ID, g.dice.rollOf(r))
		if fits != g.dice.keeps[r].isFiveAlike() {
			return false
		}
	}
	return true
}

func fiveAlike(f int) counts {
	var c counts
	c[f] = dice
	return c
}

func classOf(values *[]int, p int) int {
	for i, v := range *values {
		if v == p {
			return i
		}
	}
	*values = append(*values, p)
	return len(*values) - 1
}

// upper reports whether a box counts toward the upper bonus.
func (g *game) upper(b int) bool { return g.boxes[b].Upper }
