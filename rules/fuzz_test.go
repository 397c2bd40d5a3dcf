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
	f.Add(uint8(0), "player \"Ann\"\n-> aces = 3\n-> aces clear\nplayer \"B#b\" # two\n1 1 1 2 2 -> aces\n")
	f.Add(uint8(poker), "player \"Ann\"\nA A A A A -> yacht\n---\n-> yacht = 7\nplayer \"Bob\"\n")
	f.Add(uint8(3), "player Ann\n-> yacht = 2.5\n-> yacht\n1 1 1 1 1 -> yacht = 5\n")
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		s, err := Parse(fuzzSpecs[int(which)%len(fuzzSpecs)])
		if err != nil {
			t.Fatal(err)
		}
		l, err := ReadLog(strings.NewReader(text), s)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "line ") && !strings.HasPrefix(err.Error(), "read game log") {
				t.Fatalf("error does not name the line: %v", err)
			}
			return
		}
		back, err := ReadLog(strings.NewReader(l.Format(s)), s)
		if err != nil {
			t.Fatalf("formatted log does not parse: %v", err)
		}
		if !slices.Equal(back.Players, l.Players) {
			t.Fatalf("players %q became %q", l.Players, back.Players)
		}
		turns, again := l.Turns, back.Turns
		if len(again) != len(turns) {
			t.Fatalf("%d turns became %d", len(turns), len(again))
		}
		for i := range turns {
			if again[i].Game != turns[i].Game || again[i].Roll != turns[i].Roll || again[i].Box != turns[i].Box ||
				again[i].Player != turns[i].Player || again[i].Entry != turns[i].Entry || again[i].Points != turns[i].Points ||
				!slices.EqualFunc(again[i].Holds, turns[i].Holds, sameHold) {
				t.Fatalf("turn %d: %+v became %+v", i, turns[i], again[i])
			}
			if turns[i].Entry == Typed && CheckTypedScore(turns[i].Box, turns[i].Points) != nil {
				t.Fatalf("turn %d types a score no box may hold: %+v", i, turns[i])
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

// FuzzTableLogKeepsEveryTotal plays random games at a table, boxes scored,
// typed over and cleared as players do on the page, writes them as one log
// of every player, and replays it: every card, series total and winner
// comes back the same.
func FuzzTableLogKeepsEveryTotal(f *testing.F) {
	f.Add(uint8(0), uint8(2), []byte{})
	f.Add(uint8(0), uint8(3), []byte{0x80, 1, 0x83, 0x81, 3, 0x90, 7, 7})
	f.Add(uint8(5), uint8(2), []byte("poker dice, by hand"))
	f.Add(uint8(2), uint8(1), []byte{0xff, 0x85, 0x83, 2, 9, 9, 9})
	f.Fuzz(func(t *testing.T, which, players uint8, data []byte) {
		s, err := Parse(fuzzSpecs[int(which)%len(fuzzSpecs)])
		if err != nil {
			t.Fatal(err)
		}
		src := &fuzzRolls{data: data}
		names := []string{"Ann", "B\"o#b", "Cleo", "Dev"}[:int(players)%4+1]
		tb := NewTable(s, len(names))
		l := &Log{Players: names}
		// Corrections and clears fill no open box, so each is capped: the
		// moves that remain fill one, and the table must end within the bound.
		clears, corrections := 0, 0
		for n := 0; !tb.Over(); n++ {
			if n > 4*len(s.boxes)*len(names)*s.games {
				t.Fatalf("%s: the table is not over after %d moves", s.Spec(), n)
			}
			who, game := tb.ToMove(), tb.Game()
			c := tb.Card(who)
			var open, filled []BoxID
			for _, b := range s.boxes {
				if _, ok := c.Filled(b.ID); ok {
					filled = append(filled, b.ID)
				} else {
					open = append(open, b.ID)
				}
			}
			tn := Turn{Player: who, Game: game, Box: open[src.next()%len(open)]}
			switch k := src.next() % 16; {
			case k == 0 && len(filled) > 0 && corrections < 8: // a correction typed over a filled box
				tn.Box = filled[src.next()%len(filled)]
				corrections++
				fallthrough
			case k < 3:
				tn.Entry, tn.Points = Typed, src.next()%(MaxTypedPoints+1)
				err = tb.Enter(who, tn.Box, tn.Points)
			case k == 3 && len(filled) > 0 && clears < 8:
				tn.Entry, tn.Box = Cleared, filled[src.next()%len(filled)]
				clears++
				err = tb.Clear(who, tn.Box)
			default: // a box the rules allow for the roll, so every turn fills one
				tn.Roll = src.roll()
				var legal []BoxID
				for _, o := range c.Options(tn.Roll) {
					if o.Legal {
						legal = append(legal, o.Box)
					}
				}
				tn.Box = legal[src.next()%len(legal)]
				_, err = tb.Score(who, tn.Roll, tn.Box)
			}
			if err == nil {
				l.Turns = append(l.Turns, tn)
			}
		}
		back, err := ReadLog(strings.NewReader(l.Format(s)), s)
		if err != nil {
			t.Fatalf("%s: the log does not read back: %v\n%s", s.Spec(), err, l.Format(s))
		}
		again, err := ReplayTable(s, back)
		if err != nil {
			t.Fatalf("%s: the log does not replay: %v\n%s", s.Spec(), err, l.Format(s))
		}
		for p := range names {
			played, replayed := tb.Series(p).Cards(), again.Series(p).Cards()
			if len(played) != len(replayed) {
				t.Fatalf("%s: %s played %d games, the log %d", s.Spec(), names[p], len(played), len(replayed))
			}
			for g := range played {
				if played[g].Totals() != replayed[g].Totals() {
					t.Fatalf("%s: %s's game %d totals %+v, replayed %+v", s.Spec(), names[p], g+1, played[g].Totals(), replayed[g].Totals())
				}
			}
		}
		if !slices.Equal(tb.Winners(), again.Winners()) {
			t.Fatalf("%s: winners %v, replayed %v", s.Spec(), tb.Winners(), again.Winners())
		}
	})
}
