package rules

import (
	"slices"
	"strings"
	"testing"
)

var fuzzSpecs = []string{
	"yahtzee", "yahtzee:joker=free", "yahtzee:full-house-five=yes",
	"yacht", "yacht:big-straight=40,straights=sum", "poker", "yatzy",
}

// fuzzRolls turns bytes into rolls and choices. A byte with its high bit set
// makes the roll five alike, so the joker gets exercised far more often
// than 6 in 7,776 would.
type fuzzRolls struct {
	data []byte
	n    int
}

func (f *fuzzRolls) next() int {
	if len(f.data) == 0 {
		f.n++
		return f.n * 7
	}
	b := int(f.data[f.n%len(f.data)]) + f.n/len(f.data)
	f.n++
	return b
}

func (f *fuzzRolls) roll() Roll {
	var r Roll
	for i := range r {
		r[i] = Face(f.next()%6 + 1)
	}
	if f.next()&0x80 != 0 {
		r = Roll{r[0], r[0], r[0], r[0], r[0]}
	}
	return r
}

func FuzzRandomGameKeepsTotalsConsistent(f *testing.F) {
	f.Add(uint8(0), []byte{})
	f.Add(uint8(0), []byte{0x80, 1, 2, 0x81, 3, 0x90})
	f.Add(uint8(1), []byte{0xff, 0x85, 0x83, 2})
	f.Add(uint8(5), []byte("poker dice"))
	f.Add(uint8(6), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		s, err := Parse(fuzzSpecs[int(which)%len(fuzzSpecs)])
		if err != nil {
			t.Fatal(err)
		}
		src := &fuzzRolls{data: data}
		c := NewCard(s)
		var turns []Turn
		last := 0
		for n := 0; !c.Full(); n++ {
			if n >= len(s.boxes) {
				t.Fatalf("%s: card not full after %d turns", s.Spec(), n)
			}
			r := src.roll()
			var ok []Option
			for _, o := range c.Options(r) {
				if o.Legal {
					ok = append(ok, o)
				}
				if o.Points < 0 || (o.Legal && !s.Possible(o.Box, o.Points)) {
					t.Fatalf("%s: %v offers %d in %s, which five dice cannot make", s.Spec(), r, o.Points, o.Box)
				}
			}
			if len(ok) == 0 {
				t.Fatalf("%s: no legal box for %v", s.Spec(), r)
			}
			choice := ok[src.next()%len(ok)]
			got, err := c.Score(r, choice.Box)
			if err != nil || got != choice {
				t.Fatalf("%s: scoring %v in %s offered %+v, got %+v, %v", s.Spec(), r, choice.Box, choice, got, err)
			}
			turns = append(turns, Turn{Line: n + 1, Roll: r, Box: choice.Box})
			tot := checkTotals(t, c)
			if tot.GrandTotal < last {
				t.Fatalf("%s: total fell from %d to %d", s.Spec(), last, tot.GrandTotal)
			}
			last = tot.GrandTotal
		}
		again, err := ParseLog(strings.NewReader(FormatLog(s, turns)), s)
		if err != nil {
			t.Fatal(err)
		}
		sr, err := Replay(s, again)
		if err != nil {
			t.Fatalf("%s: replaying the game: %v", s.Spec(), err)
		}
		if replayed := sr.Current(); replayed.Totals() != c.Totals() {
			t.Fatalf("%s: replay totals %+v, played %+v", s.Spec(), replayed.Totals(), c.Totals())
		}
	})
}

func sameHold(a, b Hold) bool { return a.Roll == b.Roll && slices.Equal(a.Kept, b.Kept) }

// checkTotals checks the sums against each other and against the boxes.
func checkTotals(t *testing.T, c *Card) Totals {
	t.Helper()
	s, tot := c.Set(), c.Totals()
	upper, lower, filled := 0, 0, 0
	for _, b := range s.Boxes() {
		p, ok := c.Filled(b.ID)
		if !ok {
			continue
		}
		filled++
		if b.Upper {
			upper += p
		} else {
			lower += p
		}
	}
	wantBonus := 0
	if s.bonus > 0 && upper >= s.bonusAt {
		wantBonus = s.bonus
	}
	switch {
	case tot.UpperSubtotal != upper, tot.UpperBonus != wantBonus, tot.UpperTotal != upper+wantBonus:
		t.Fatalf("%s: upper totals %+v, boxes add to %d", s.Spec(), tot, upper)
	case tot.LowerTotal != lower+tot.BonusCount*s.fiveBonus:
		t.Fatalf("%s: lower total %+v, boxes add to %d", s.Spec(), tot, lower)
	case tot.GrandTotal != tot.UpperTotal+tot.LowerTotal:
		t.Fatalf("%s: grand total %+v", s.Spec(), tot)
	case tot.BonusCount < 0 || tot.BonusCount > max(filled-1, 0) || (s.fiveBonus == 0 && tot.BonusCount > 0):
		t.Fatalf("%s: %d bonuses with %d boxes filled", s.Spec(), tot.BonusCount, filled)
	case tot.GrandTotal > s.MaxScore():
		t.Fatalf("%s: total %d beats the highest card %d", s.Spec(), tot.GrandTotal, s.MaxScore())
	}
	return tot
}

// FuzzParseLogRoundTrips reads any text as a game log of any rule set: it is
// refused with the line named, or written back with every turn and game kept.
func FuzzParseLogRoundTrips(f *testing.F) {
	const poker = 5
	f.Add(uint8(0), "1 2 3 4 5 -> chance\n# note\n6 6 6 6 6 -> yahtzee # yes\n")
	f.Add(uint8(poker), "9 10 j q K -> straight\n")
	f.Add(uint8(3), "1 1 1 -> ones\n")
	f.Add(uint8(3), "->\n->->\n")
	f.Add(uint8(poker), "A A A A A -> yacht\n---\nK K K K K -> yacht\n")
	f.Add(uint8(poker), "---\n9 9 9 9 9 -> nines\n")
	f.Add(uint8(poker), "9 10 J Q K -> straight\n  --- # game 2\n---\n")
	f.Add(uint8(poker), "A A A A A -> yacht\n---\nA A A A A -> yacht\n---\nA A A A A -> yacht\n---\n")
	f.Add(uint8(0), "6 6 5 2 1 keep 6 6, 6 6 6 3 4 keep 6 6 6, 6 6 6 6 2 -> sixes\n")
	f.Add(uint8(0), "1 2 3 5 5 keep none,2 3 4 4 6 keep 2 3 4 6 , 2 3 4 5 6->large-straight\n")
	f.Add(uint8(poker), "9 10 J Q A keep 9 10 J Q, 9 10 J Q K -> straight\n")
	f.Add(uint8(6), "1 1 2 3 4 keep 1 1, 1 1 5 5 6 keep 1 1 5 5 -> two-pairs\n")
	f.Add(uint8(3), "1 1 2 3 4 keep , 2 2 2 2 2 -> yacht\n, -> yacht\nkeep -> yacht\n")
	f.Add(uint8(4), "1 2 3 4 5 keep 1 2 3 4 5, 1 2 3 4 5 -> little-straight\n")
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		s, err := Parse(fuzzSpecs[int(which)%len(fuzzSpecs)])
		if err != nil {
			t.Fatal(err)
		}
		turns, err := ParseLog(strings.NewReader(text), s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") && !strings.HasPrefix(err.Error(), "read game log") {
				t.Fatalf("error does not name the line: %v", err)
			}
			return
		}
		again, err := ParseLog(strings.NewReader(FormatLog(s, turns)), s)
		if err != nil {
			t.Fatalf("formatted log does not parse: %v", err)
		}
		if len(again) != len(turns) {
			t.Fatalf("%d turns became %d", len(turns), len(again))
		}
		for i := range turns {
			if again[i].Game != turns[i].Game || again[i].Roll != turns[i].Roll || again[i].Box != turns[i].Box ||
				!slices.EqualFunc(again[i].Holds, turns[i].Holds, sameHold) {
				t.Fatalf("turn %d: %+v became %+v", i, turns[i], again[i])
			}
			if turns[i].Game >= s.Games() {
				t.Fatalf("turn %d is in game %d of a best of %d", i, turns[i].Game+1, s.Games())
			}
			for j, h := range turns[i].Holds {
				next := turns[i].Roll
				if j+1 < len(turns[i].Holds) {
					next = turns[i].Holds[j+1].Roll
				}
				if len(turns[i].Holds) > 2 || len(h.Kept) >= len(h.Roll) || !contains(h.Roll[:], h.Kept) || !contains(next[:], h.Kept) {
					t.Fatalf("turn %d holds dice it could not: %+v", i, turns[i])
				}
			}
		}
	})
}
