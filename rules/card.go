package rules

import (
	"errors"
	"fmt"
)

// Option is what one open box offers for a roll. Joker marks a lower box
// paid at its joker value (25, 30, 40 or the dice total): five alike stand in
// for its pattern once the yahtzee box and the matching number box are
// filled. Under the forced joker those lower boxes are then the only legal
// ones while any is open.
type Option struct {
	Box    BoxID  `json:"box"`
	Points int    `json:"points"`
	Legal  bool   `json:"legal"`  // may be chosen now
	Joker  bool   `json:"joker"`  // paid at its joker value
	Reason string `json:"reason"` // why not, when !Legal
}

// Card is one player's card for one game under one Set.
type Card struct {
	set    *Set
	points []int
	filled []bool
	marked []bool // typed scores five dice cannot make
	bonus  []bool // the score in this box earned a five-alike bonus
}

// NewCard returns an empty card.
func NewCard(s *Set) *Card {
	n := len(s.boxes)
	return &Card{set: s, points: make([]int, n), filled: make([]bool, n), marked: make([]bool, n), bonus: make([]bool, n)}
}

// Set is the rule set the card is played under.
func (c *Card) Set() *Set { return c.set }

// Clone returns a card that changes independently of c.
func (c *Card) Clone() *Card {
	return &Card{
		set:    c.set,
		points: append([]int(nil), c.points...),
		filled: append([]bool(nil), c.filled...),
		marked: append([]bool(nil), c.marked...),
		bonus:  append([]bool(nil), c.bonus...),
	}
}

// Options lists every open box in card order with what the roll scores there
// and whether the rules allow it now.
func (c *Card) Options(r Roll) []Option {
	if !r.valid() {
		return nil
	}
	h := handOf(r)
	var opts []Option
	for i := range c.set.boxes {
		if !c.filled[i] {
			opts = append(opts, c.option(i, h))
		}
	}
	return opts
}

// option applies the joker, which only wakes for five alike once the
// five-alike box is filled, with its 50 or a zero.
func (c *Card) option(i int, h hand) Option {
	s := c.set
	b := &s.boxes[i]
	points, _ := b.score(h)
	o := Option{Box: b.ID, Points: points, Legal: true}
	five := h.alike(5)
	if s.joker == JokerNone || five == 0 || !c.filled[s.fiveBox] {
		return o
	}
	match := s.numberBox(five)
	matchOpen := match >= 0 && !c.filled[match]
	switch s.joker {
	case JokerFree:
		// Any box is legal; the lower ones pay in full only once the
		// matching number box, the natural home, is used up.
		if !b.Upper && !matchOpen {
			o.Points, o.Joker = b.jokerPoints(h), true
		}
	case JokerForced:
		switch {
		case matchOpen && i != match:
			o.Legal = false
			o.Reason = fmt.Sprintf("joker rule: five %ss must go in %q while it is open", s.FaceLabel(five), s.boxes[match].ID)
		case matchOpen:
			// The matching number box itself scores plainly.
		case !b.Upper:
			o.Points, o.Joker = b.jokerPoints(h), true
		case c.lowerOpen():
			o.Legal = false
			o.Reason = fmt.Sprintf("joker rule: five %ss must go in an open lower box before a number box takes a zero", s.FaceLabel(five))
		}
	}
	return o
}

func (s *Set) numberBox(f Face) int {
	for i, b := range s.boxes {
		if b.Upper && b.face == f {
			return i
		}
	}
	return -1
}

func (c *Card) lowerOpen() bool {
	for i, b := range c.set.boxes {
		if !b.Upper && !c.filled[i] {
			return true
		}
	}
	return false
}

// Score puts the roll in a box: its points, or the zero where the dice do not
// fit. A choice the rules forbid is refused with the rule's reason.
func (c *Card) Score(r Roll, id BoxID) (Option, error) {
	i, err := c.set.boxIndex(id)
	if err != nil {
		return Option{}, err
	}
	if !r.valid() {
		return Option{}, fmt.Errorf("roll %v has a die that is not a face 1 to 6", r)
	}
	if c.filled[i] {
		return Option{}, fmt.Errorf("box %q is already filled", id)
	}
	h := handOf(r)
	o := c.option(i, h)
	if !o.Legal {
		return o, errors.New(o.Reason)
	}
	s := c.set
	// The bonus needs the yahtzee box to hold its 50, not a zero nor a
	// mistyped score.
	earned := s.fiveBox >= 0 && h.alike(5) != 0 && c.filled[s.fiveBox] && c.points[s.fiveBox] == s.boxes[s.fiveBox].joker
	c.points[i], c.filled[i], c.marked[i], c.bonus[i] = o.Points, true, false, earned
	return o, nil
}

// MaxTypedPoints bounds a score typed by hand. No box of any rule set holds
// more than 50, so this leaves room for house rules while a mistyped or
// hostile number can never make a card's totals overflow.
const MaxTypedPoints = 1000

// CheckTypedScore says why points may not be typed into box id, so an API can
// refuse the number before it is made a move.
func CheckTypedScore(id BoxID, points int) error {
	switch {
	case points < 0:
		return fmt.Errorf("score %d for %q is negative: scores are 0 to %d", points, id, MaxTypedPoints)
	case points > MaxTypedPoints:
		return fmt.Errorf("score %d for %q is more than %d, which no box holds even under house rules: check the number",
			points, id, MaxTypedPoints)
	}
	return nil
}

// Enter writes a score typed by hand into an open box. The card keeps it
// even when no five dice could make it, and marks it so a person can look
// again; it refuses a score outside 0 to MaxTypedPoints.
func (c *Card) Enter(id BoxID, points int) (possible bool, err error) {
	i, err := c.set.boxIndex(id)
	if err != nil {
		return false, err
	}
	if c.filled[i] {
		return false, fmt.Errorf("box %q is already filled: clear it first to correct it", id)
	}
	if err := CheckTypedScore(id, points); err != nil {
		return false, err
	}
	possible = c.set.Possible(id, points)
	c.points[i], c.filled[i], c.marked[i], c.bonus[i] = points, true, !possible, false
	return possible, nil
}

// Retype writes a score typed by hand into a box in place of what it held,
// as Enter does into an open one; a refused score leaves the old one.
func (c *Card) Retype(id BoxID, points int) error {
	if err := CheckTypedScore(id, points); err != nil {
		return err
	}
	if _, ok := c.Filled(id); ok {
		if err := c.Clear(id); err != nil {
			return err
		}
	}
	_, err := c.Enter(id, points)
	return err
}

// Clear empties a box to correct it, with any bonus its score earned.
func (c *Card) Clear(id BoxID) error {
	i, err := c.set.boxIndex(id)
	if err != nil {
		return err
	}
	if !c.filled[i] {
		return fmt.Errorf("box %q is already empty", id)
	}
	c.points[i], c.filled[i], c.marked[i], c.bonus[i] = 0, false, false, false
	return nil
}

// Filled returns a box's score and whether it has one.
func (c *Card) Filled(id BoxID) (points int, ok bool) {
	i, found := c.set.index[id]
	if !found || !c.filled[i] {
		return 0, false
	}
	return c.points[i], true
}

// Marked says whether the box holds a typed score five dice cannot make.
func (c *Card) Marked(id BoxID) bool {
	i, ok := c.set.index[id]
	return ok && c.marked[i]
}

// Bonus says whether the score in the box earned a five-alike bonus.
func (c *Card) Bonus(id BoxID) bool {
	i, ok := c.set.index[id]
	return ok && c.bonus[i]
}

// Full says whether every box is filled.
func (c *Card) Full() bool { return c.FilledCount() == len(c.filled) }

// FilledCount is how many boxes are filled.
func (c *Card) FilledCount() int {
	n := 0
	for _, f := range c.filled {
		if f {
			n++
		}
	}
	return n
}

// Totals are the sums a printed card has lines for.
type Totals struct {
	UpperSubtotal int `json:"upper_subtotal"`
	UpperBonus    int `json:"upper_bonus"`
	UpperTotal    int `json:"upper_total"`
	BonusCount    int `json:"bonus_count"` // five-alike (100) bonuses earned
	LowerTotal    int `json:"lower_total"` // includes the five-alike bonuses
	GrandTotal    int `json:"grand_total"`
	// Pace is how far the filled upper boxes are ahead of (or behind) three
	// dice in each, the par that just earns the bonus.
	Pace int `json:"pace"`
}

// Totals adds up the card as it stands.
func (c *Card) Totals() Totals {
	var t Totals
	s := c.set
	for i, b := range s.boxes {
		if c.bonus[i] {
			t.BonusCount++
		}
		if !c.filled[i] {
			continue
		}
		if b.Upper {
			t.UpperSubtotal += c.points[i]
			t.Pace += c.points[i] - b.par
		} else {
			t.LowerTotal += c.points[i]
		}
	}
	if s.bonus > 0 && t.UpperSubtotal >= s.bonusAt {
		t.UpperBonus = s.bonus
	}
	t.UpperTotal = t.UpperSubtotal + t.UpperBonus
	t.LowerTotal += t.BonusCount * s.fiveBonus
	t.GrandTotal = t.UpperTotal + t.LowerTotal
	return t
}
