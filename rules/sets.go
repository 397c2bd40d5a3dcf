package rules

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// ruleSet is one game of the family: its options and how to build it.
type ruleSet struct {
	name     string
	settings []setting
	build    func(settings map[string]string) *Set
}

// setting is an option agreed before play; its first value is the default.
type setting struct {
	name   string
	values []string
}

var ruleSets = []ruleSet{
	{
		name: "yahtzee",
		settings: []setting{
			{"joker", []string{"forced", "free"}},
			{"full-house-five", []string{"no", "yes"}},
		},
		build: yahtzee,
	},
	{
		name: "yacht",
		settings: []setting{
			{"big-straight", []string{"30", "40"}},
			{"straights", []string{"fixed", "sum"}},
		},
		build: yacht,
	},
	{
		name:     "poker",
		settings: []setting{{"games", []string{"3", "1", "2", "4", "5", "6", "7", "8", "9"}}},
		build:    poker,
	},
	{name: "yatzy", build: yatzy},
}

var pipFaces = []Face{1, 2, 3, 4, 5, 6}

func yahtzee(v map[string]string) *Set {
	fh := fullHouse
	if v["full-house-five"] == "yes" {
		fh = fullHouseOrFive
	}
	s := &Set{bonusAt: 63, bonus: 35, joker: JokerForced, fiveBonus: 100}
	if v["joker"] == "free" {
		s.joker = JokerFree
	}
	s.boxes = append(numberBoxes(
		[]BoxID{"aces", "twos", "threes", "fours", "fives", "sixes"},
		[]string{"Aces", "Twos", "Threes", "Fours", "Fives", "Sixes"},
		pipFaces, 0, "total of the %s"),
		totals("three-of-a-kind", "Three of a Kind", atLeast(3), "three or more alike"),
		totals("four-of-a-kind", "Four of a Kind", atLeast(4), "four or more alike"),
		pays("full-house", "Full House", 25, fh, "three of one number and two of another"),
		pays("small-straight", "Small Straight", 30, straight([2]Face{1, 4}, [2]Face{2, 5}, [2]Face{3, 6}), "four in a row"),
		pays("large-straight", "Large Straight", 40, straight([2]Face{1, 5}, [2]Face{2, 6}), "five in a row"),
		pays("yahtzee", "Yahtzee", 50, atLeast(5), "five alike"),
		totals("chance", "Chance", always, "anything"),
	)
	return s.finish("yahtzee")
}

func yacht(v map[string]string) *Set {
	little := pays("little-straight", "Little Straight", 30, straight([2]Face{1, 5}), "1-2-3-4-5")
	bigValue, _ := strconv.Atoi(v["big-straight"])
	big := pays("big-straight", "Big Straight", bigValue, straight([2]Face{2, 6}), "2-3-4-5-6")
	if v["straights"] == "sum" {
		little = totals("little-straight", "Little Straight", straight([2]Face{1, 5}), "1-2-3-4-5")
		// An explicit big-straight=40 is the table's word on that box, sums or not.
		if v["big-straight"] == "30" {
			big = totals("big-straight", "Big Straight", straight([2]Face{2, 6}), "2-3-4-5-6")
		}
	}
	s := &Set{}
	s.boxes = append(numberBoxes(
		[]BoxID{"ones", "twos", "threes", "fours", "fives", "sixes"},
		[]string{"Ones", "Twos", "Threes", "Fours", "Fives", "Sixes"},
		pipFaces, 0, "total of the %s"),
		totals("full-house", "Full House", fullHouse, "three of one number and two of another"),
		matching("four-of-a-kind", "Four of a Kind", 4, "four alike: total of those four dice"),
		little,
		big,
		totals("choice", "Choice", always, "anything"),
		pays("yacht", "Yacht", 50, atLeast(5), "five alike"),
	)
	return s.finish("")
}

func poker(v map[string]string) *Set {
	s := &Set{faces: PokerFaces, bonusAt: 90, bonus: 10}
	s.games, _ = strconv.Atoi(v["games"])
	s.boxes = append(numberBoxes(
		[]BoxID{"aces", "kings", "queens", "jacks", "tens", "nines"},
		[]string{"Aces", "Kings", "Queens", "Jacks", "Tens", "Nines"},
		[]Face{6, 5, 4, 3, 2, 1}, 5, "5 for each die in %s"),
		pays("yacht", "Yacht", 50, atLeast(5), "five alike"),
		pays("four-of-a-kind", "Four of a Kind", 45, atLeast(4), "four alike"),
		pays("straight", "Straight", 40, straight([2]Face{1, 5}, [2]Face{2, 6}), "9 to K or 10 to A"),
		pays("full-house", "Full House", 30, fullHouse, "three alike and a pair"),
		pays("three-of-a-kind", "Three of a Kind", 20, atLeast(3), "three alike"),
		pays("two-pair", "Two Pair", 10, hasTwoPairs, "two pairs of different faces"),
		pays("one-pair", "One Pair", 5, atLeast(2), "a pair"),
	)
	return s.finish("")
}

func yatzy(map[string]string) *Set {
	s := &Set{bonusAt: 63, bonus: 50}
	s.boxes = append(numberBoxes(
		[]BoxID{"ones", "twos", "threes", "fours", "fives", "sixes"},
		[]string{"Ones", "Twos", "Threes", "Fours", "Fives", "Sixes"},
		pipFaces, 0, "total of the %s"),
		matching("one-pair", "One Pair", 2, "a pair: total of the highest pair"),
		twoPairs("two-pairs", "Two Pairs", "two pairs of different faces: total of those four dice"),
		matching("three-of-a-kind", "Three of a Kind", 3, "three alike: total of those three dice"),
		matching("four-of-a-kind", "Four of a Kind", 4, "four alike: total of those four dice"),
		pays("small-straight", "Small Straight", 15, straight([2]Face{1, 5}), "1-2-3-4-5"),
		pays("large-straight", "Large Straight", 20, straight([2]Face{2, 6}), "2-3-4-5-6"),
		totals("full-house", "Full House", fullHouse, "three of one number and two of another"),
		totals("chance", "Chance", always, "anything"),
		pays("yatzy", "Yatzy", 50, atLeast(5), "five alike"),
	)
	return s.finish("")
}

// finish indexes the boxes and works out, once, every score five dice can
// put in each box and the highest card. fiveID names the box whose filling
// wakes the joker, "" when the set has no joker.
func (s *Set) finish(fiveID BoxID) *Set {
	if s.games == 0 {
		s.games = 1
	}
	s.index = make(map[BoxID]int, len(s.boxes))
	for i, b := range s.boxes {
		s.index[b.ID] = i
	}
	s.fiveBox = -1
	if fiveID != "" {
		s.fiveBox = s.index[fiveID]
	}
	s.possible = make([][]bool, len(s.boxes))
	mark := func(i, points int) {
		for len(s.possible[i]) <= points {
			s.possible[i] = append(s.possible[i], false)
		}
		s.possible[i][points] = true
	}
	distinctRolls(func(r Roll) {
		h := handOf(r)
		joker := s.fiveBox >= 0 && h.alike(5) != 0
		for i := range s.boxes {
			b := &s.boxes[i]
			p, _ := b.score(h)
			mark(i, p)
			if joker && !b.Upper && i != s.fiveBox {
				mark(i, b.jokerPoints(h))
			}
		}
	})
	upper, lower := 0, 0
	for i, b := range s.boxes {
		top := len(s.possible[i]) - 1
		if b.Upper {
			upper += top
		} else {
			lower += top
		}
	}
	s.max = upper + lower
	if s.bonus > 0 && upper >= s.bonusAt {
		s.max += s.bonus
	}
	if s.fiveBox >= 0 {
		s.max += s.fiveBonus * (len(s.boxes) - 1)
	}
	return s
}

// parseOptions reads "name=value,name=value" against the set's settings and
// returns every setting's value, defaults filled in.
func (rs ruleSet) parseOptions(text string) (map[string]string, error) {
	v := make(map[string]string, len(rs.settings))
	for _, st := range rs.settings {
		v[st.name] = st.values[0]
	}
	given := map[string]bool{}
	for _, kv := range strings.Split(text, ",") {
		kv = strings.ToLower(strings.TrimSpace(kv))
		if kv == "" {
			continue
		}
		name, value, _ := strings.Cut(kv, "=")
		st, ok := rs.setting(name)
		if !ok {
			return nil, fmt.Errorf("unknown option %q for %s: %s", name, rs.name, rs.optionList())
		}
		if given[name] {
			return nil, fmt.Errorf("option %s given twice in %s", name, text)
		}
		if !slices.Contains(st.values, value) {
			return nil, fmt.Errorf("option %s=%s for %s: the value must be one of %s (default %s)",
				name, value, rs.name, strings.Join(st.values, ", "), st.values[0])
		}
		given[name] = true
		v[name] = value
	}
	return v, nil
}

func (rs ruleSet) setting(name string) (setting, bool) {
	for _, st := range rs.settings {
		if st.name == name {
			return st, true
		}
	}
	return setting{}, false
}

func (rs ruleSet) optionList() string {
	if len(rs.settings) == 0 {
		return rs.name + " takes no options"
	}
	parts := make([]string, len(rs.settings))
	for i, st := range rs.settings {
		parts[i] = st.name + "=" + strings.Join(st.values, "|")
	}
	return "valid options are " + strings.Join(parts, ", ")
}

// spec writes the set name and the options away from their defaults.
func (rs ruleSet) spec(v map[string]string) string {
	var parts []string
	for _, st := range rs.settings {
		if v[st.name] != st.values[0] {
			parts = append(parts, st.name+"="+v[st.name])
		}
	}
	if len(parts) == 0 {
		return rs.name
	}
	return rs.name + ":" + strings.Join(parts, ",")
}
