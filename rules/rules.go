// Package rules knows the Yacht family of dice games: the boxes of each rule
// set, what five dice score in them, and how a card fills up and adds up.
// It knows nothing of cameras: dice arrive as faces 1 to 6.
package rules

import (
	"fmt"
	"strings"
)

// Face is the side of a die that shows, 1 to 6. Poker dice map by rank:
// 9=1, 10=2, J=3, Q=4, K=5, A=6, so every rule set scores the same numbers.
type Face int

// Roll is five dice. Their order never changes a score.
type Roll [5]Face

// BoxID names a box for files, flags and URLs; it never changes once published.
type BoxID string

// Box is one line of a score card.
type Box struct {
	ID    BoxID  `json:"id"`
	Name  string `json:"name"`  // display name, e.g. "Full House"
	Help  string `json:"help"`  // how it scores, e.g. "three of one number and two of another: 25"
	Upper bool   `json:"upper"` // counts toward the upper section (number boxes, poker multiples)
}

// Set is a rule set with its options applied. It is immutable once made by
// Parse, so one Set may serve many cards and goroutines.
type Set struct {
	name  string
	spec  string
	boxes []boxDef
	index map[BoxID]int
	faces Faces // what the dice show

	bonusAt, bonus int // upper bonus and the upper subtotal that earns it; bonus 0 when none

	joker     Joker
	fiveBox   int // index of the five-alike box that wakes the joker; -1 when none
	fiveBonus int // points for each further five alike while fiveBox holds its top score

	games    int
	possible [][]bool // possible[box][points]: five dice can score it there
	max      int
}

// Joker is the rule for where a further five alike may go once the five-alike
// box holds its top score.
type Joker int

const (
	JokerNone   Joker = iota
	JokerForced       // the printed order: matching number box, any lower box, a zero
	JokerFree         // any open box; lower boxes pay joker values once the number box is used
)

// Names lists the rule sets Parse knows, in the order a menu shows them.
func Names() []string {
	names := make([]string, len(ruleSets))
	for i, rs := range ruleSets {
		names[i] = rs.name
	}
	return names
}

// Parse reads a rule set name with its options, "yacht:big-straight=40,straights=sum".
// Options left out take their defaults.
func Parse(spec string) (*Set, error) {
	name, opts, _ := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.ToLower(strings.TrimSpace(name))
	for _, rs := range ruleSets {
		if rs.name == name {
			values, err := rs.parseOptions(opts)
			if err != nil {
				return nil, err
			}
			s := rs.build(values)
			s.name, s.spec = rs.name, rs.spec(values)
			return s, nil
		}
	}
	if name == "" {
		return nil, fmt.Errorf("no rule set given: choose one of %s", strings.Join(Names(), ", "))
	}
	return nil, fmt.Errorf("unknown rule set %q: choose one of %s", name, strings.Join(Names(), ", "))
}

// Name is the rule set's name without options, "yahtzee".
func (s *Set) Name() string { return s.name }

// Spec is the rule set with the options that differ from their defaults, in a
// fixed order, so that equal sets have equal specs and Parse(s.Spec()) is s.
func (s *Set) Spec() string { return s.spec }

// Boxes returns the boxes in card order.
func (s *Set) Boxes() []Box {
	boxes := make([]Box, len(s.boxes))
	for i, b := range s.boxes {
		boxes[i] = b.Box
	}
	return boxes
}

// Box finds a box by its id.
func (s *Set) Box(id BoxID) (Box, bool) {
	i, ok := s.index[id]
	if !ok {
		return Box{}, false
	}
	return s.boxes[i].Box, true
}

// Games is how many games make a series: poker is played best of three.
func (s *Set) Games() int { return s.games }

// UpperBonus is the bonus for the upper section and the subtotal that earns
// it; both are 0 when the set has none.
func (s *Set) UpperBonus() (bonus, threshold int) { return s.bonus, s.bonusAt }

// FiveBonus is what each further five alike earns while the five-alike box
// holds its 50 (yahtzee's 100), 0 when the set pays none.
func (s *Set) FiveBonus() int { return s.fiveBonus }

// Joker is the set's joker rule, JokerNone where it has none.
func (s *Set) Joker() Joker { return s.joker }

// MaxScore is the highest total one card can reach.
func (s *Set) MaxScore() int { return s.max }

// Faces is what the set's dice show: poker dice for poker, pips elsewhere.
func (s *Set) Faces() Faces { return s.faces }

// FaceLabel writes a face the way the rule set's dice show it.
func (s *Set) FaceLabel(f Face) string { return s.faces.Label(f) }

// ParseFace reads one die as a person types it: "3", or for poker "10", "j", "A".
func (s *Set) ParseFace(text string) (Face, error) {
	t := strings.TrimSpace(text)
	for f := Face(1); f <= 6; f++ {
		if strings.EqualFold(t, s.FaceLabel(f)) {
			return f, nil
		}
	}
	return 0, fmt.Errorf("die %q is not a face of %s: use %s", text, s.name, s.faceList())
}

func (s *Set) faceList() string {
	labels := make([]string, 5)
	for i := range labels {
		labels[i] = s.FaceLabel(Face(i + 1))
	}
	return strings.Join(labels, ", ") + " or " + s.FaceLabel(6)
}

// ParseRoll reads exactly five dice.
func (s *Set) ParseRoll(texts []string) (Roll, error) {
	var r Roll
	if len(texts) != len(r) {
		return r, fmt.Errorf("a roll is five dice, got %d: give them as %s", len(texts), s.exampleRoll())
	}
	for i, t := range texts {
		f, err := s.ParseFace(t)
		if err != nil {
			return Roll{}, err
		}
		r[i] = f
	}
	return r, nil
}

func (s *Set) exampleRoll() string {
	return s.FormatRoll(Roll{1, 1, 3, 5, 6})
}

// FormatRoll writes a roll with the set's labels, "9 9 J K A".
func (s *Set) FormatRoll(r Roll) string {
	labels := make([]string, len(r))
	for i, f := range r {
		labels[i] = s.FaceLabel(f)
	}
	return strings.Join(labels, " ")
}

// Points is what the dice are worth in a box by that box's own rule, with no
// joker, and whether they fit its pattern. Dice that do not fit score 0.
func (s *Set) Points(id BoxID, r Roll) (points int, fits bool) {
	i, ok := s.index[id]
	if !ok || !r.valid() {
		return 0, false
	}
	return s.boxes[i].score(handOf(r))
}

// Possible says whether five dice could ever put these points in the box,
// counting joker values where the rule set has a joker.
func (s *Set) Possible(id BoxID, points int) bool {
	i, ok := s.index[id]
	if !ok || points < 0 || points >= len(s.possible[i]) {
		return false
	}
	return s.possible[i][points]
}

func (s *Set) boxIndex(id BoxID) (int, error) {
	i, ok := s.index[id]
	if !ok {
		ids := make([]string, len(s.boxes))
		for j, b := range s.boxes {
			ids[j] = string(b.ID)
		}
		return 0, fmt.Errorf("unknown box %q for %s: use one of %s", id, s.name, strings.Join(ids, ", "))
	}
	return i, nil
}

func (r Roll) valid() bool {
	for _, f := range r {
		if f < 1 || f > 6 {
			return false
		}
	}
	return true
}
