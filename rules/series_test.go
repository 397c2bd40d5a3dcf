package rules

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pokerLow is a full poker card worked out by hand: six multiples of one
// die each (30, short of the bonus), a straight 40, a full house 30, two
// pair 10, one pair 5 and three zeros: 115.
const pokerLow = `A 9 9 10 J -> aces
K 9 9 10 J -> kings
Q 9 9 10 J -> queens
J 9 9 10 Q -> jacks
10 9 9 J Q -> tens
9 10 J Q A -> nines
9 10 J Q K -> straight
9 9 9 10 10 -> full-house
9 9 10 J Q -> yacht
9 9 10 J Q -> four-of-a-kind
9 9 10 J Q -> three-of-a-kind
9 9 10 10 J -> two-pair
9 9 10 J Q -> one-pair
`

// pokerHigh is rules/testdata/poker-highest.log, a 360 card.
func pokerHigh(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "poker-highest.log"))
	require.NoError(t, err)
	return string(b)
}

// seriesLog joins the games of a series with the separator line.
func seriesLog(games ...string) string {
	return strings.Join(games, Separator+"\n")
}

func replaySeriesText(t *testing.T, spec, text string) (*Series, error) {
	t.Helper()
	s := mustParse(t, spec)
	turns, err := ParseLog(strings.NewReader(text), s)
	require.NoError(t, err)
	return Replay(s, turns)
}

func TestReplayPlaysEachGameOnItsOwnCard(t *testing.T) {
	high := pokerHigh(t)
	cases := []struct {
		name   string
		spec   string
		games  []string
		totals []int // each game's grand total, worked out by hand
		done   bool
	}{
		{"one game of three", "poker", []string{high}, []int{360}, false},
		{"two games of three", "poker", []string{pokerLow, high}, []int{115, 360}, false},
		{"all three", "poker", []string{high, pokerLow, high}, []int{360, 115, 360}, true},
		{"third game half played", "poker", []string{high, pokerLow, "A A A A A -> yacht\n"}, []int{360, 115, 50}, false},
		{"best of one", "poker:games=1", []string{pokerLow}, []int{115}, true},
		{"best of five", "poker:games=5", []string{high, high, high, high, pokerLow}, []int{360, 360, 360, 360, 115}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sr, err := replaySeriesText(t, tc.spec, seriesLog(tc.games...))
			require.NoError(t, err)
			cards := sr.Cards()
			require.Len(t, cards, len(tc.totals))
			sum := 0
			for i, c := range cards {
				assert.Equal(t, tc.totals[i], c.Totals().GrandTotal, "game %d", i+1)
				sum += tc.totals[i]
			}
			assert.Same(t, cards[len(cards)-1], sr.Current())
			assert.Equal(t, sum, sr.Total())
			assert.Equal(t, tc.done, sr.Done())
		})
	}
}

func TestReplayOfOneGameGivesOneCard(t *testing.T) {
	for spec, log := range map[string]string{
		"yahtzee": "yahtzee-joker.log", "yahtzee:joker=free": "yahtzee-highest.log",
		"yacht": "yacht-highest.log", "yatzy": "yatzy-highest.log", "poker": "poker-highest.log",
	} {
		s, turns, card, err := replayFile(t, spec, log)
		require.NoError(t, err)
		sr, err := Replay(s, turns)
		require.NoError(t, err)
		require.Len(t, sr.Cards(), 1, spec)
		assert.Equal(t, card.Totals(), sr.Current().Totals(), spec)
		assert.Equal(t, card.Totals().GrandTotal, sr.Total(), spec)
	}
}

func TestParseLogNumbersTheGamesBetweenSeparators(t *testing.T) {
	s := mustParse(t, "poker")
	text := "A A A A A -> yacht\n# game 2\n  ---  # a separator may carry a comment\n\nK K K K K -> yacht\n---\n9 9 9 9 9 -> yacht\n"
	turns, err := ParseLog(strings.NewReader(text), s)
	require.NoError(t, err)
	assert.Equal(t, []Turn{
		{Line: 1, Game: 0, Roll: Roll{6, 6, 6, 6, 6}, Box: "yacht"},
		{Line: 5, Game: 1, Roll: Roll{5, 5, 5, 5, 5}, Box: "yacht"},
		{Line: 7, Game: 2, Roll: Roll{1, 1, 1, 1, 1}, Box: "yacht"},
	}, turns)
}

func TestParseLogRefusesAMisplacedSeparator(t *testing.T) {
	cases := []struct{ spec, log, want string }{
		{"poker", "---\nA A A A A -> yacht\n", "line 1: --- comes before any turn"},
		{"poker", "# note\nA A A A A -> yacht\n---\n# note\n---\nA A A A A -> yacht\n", "line 5: a second --- with no turn since line 3"},
		{"poker", "A A A A A -> yacht\n---\n\n", "line 2: --- ends the log"},
		{"poker", seriesLog("A A A A A -> yacht\n", "A A A A A -> yacht\n", "A A A A A -> yacht\n", "A A A A A -> yacht\n"),
			"line 6: --- starts game 4, but a poker series is best of 3"},
		{"poker:games=1", "A A A A A -> yacht\n---\nA A A A A -> yacht\n", "line 2: --- starts a second game, but poker is played one game at a time"},
		{"yahtzee", "6 6 6 6 6 -> yahtzee\n---\n6 6 6 6 6 -> sixes\n", "line 2: --- starts a second game, but yahtzee is played one game at a time"},
	}
	for _, tc := range cases {
		_, err := ParseLog(strings.NewReader(tc.log), mustParse(t, tc.spec))
		var le *LineError
		require.True(t, errors.As(err, &le), "%s %q: got %v", tc.spec, tc.log, err)
		assert.ErrorContains(t, err, tc.want, tc.log)
	}
}

func TestReplayRefusesAGameOutOfTurn(t *testing.T) {
	high := pokerHigh(t)
	cases := []struct {
		name, log, want string
		games           int // cards begun when it stops
	}{
		{"a game starts before the card is full", seriesLog("A A A A A -> yacht\n", high),
			"line 4: this turn starts game 2, but game 1 is not over: its card has 1 of 13 boxes filled: fill every box of game 1 before the --- line", 1},
		{"the card is full with no separator", high + "A A A A A -> yacht\n",
			"line 15: the card of game 1 is already full: start game 2 with a line ---", 1},
		{"the last game's card is full", seriesLog(high, high, high+"A A A A A -> yacht\n"),
			"line 45: the card of game 3 is already full, and a poker series is best of 3", 3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			sr, err := replaySeriesText(t, "poker", tc.log)
			assert.EqualError(t, err, tc.want)
			assert.Len(t, sr.Cards(), tc.games)
		})
	}
}

func TestReplayRefusesTurnsWhoseGamesSkipOrGoBack(t *testing.T) {
	s := mustParse(t, "poker")
	yacht := Roll{6, 6, 6, 6, 6}
	_, err := Replay(s, []Turn{{Line: 1, Roll: yacht, Box: "yacht"}, {Line: 2, Game: 2, Roll: yacht, Box: "yacht"}})
	assert.EqualError(t, err, "line 2: this turn belongs to game 3, but game 1 is in play: games follow one another")

	turns, err := ParseLog(strings.NewReader(seriesLog(pokerHigh(t), pokerLow)), s)
	require.NoError(t, err)
	turns = append(turns, Turn{Line: 99, Game: 0, Roll: yacht, Box: "yacht"})
	_, err = Replay(s, turns)
	assert.EqualError(t, err, "line 99: this turn belongs to game 1, but game 2 is in play: games follow one another")
}

func TestFormatLogKeepsTheGamesOfASeries(t *testing.T) {
	s := mustParse(t, "poker")
	turns, err := ParseLog(strings.NewReader(seriesLog(pokerLow, pokerHigh(t), pokerLow)), s)
	require.NoError(t, err)
	text := FormatLog(s, turns)
	assert.Equal(t, 2, strings.Count(text, "\n"+Separator+"\n"))
	again, err := ParseLog(strings.NewReader(text), s)
	require.NoError(t, err)
	require.Len(t, again, len(turns))
	for i := range turns {
		assert.Equal(t, turns[i].Game, again[i].Game, "turn %d", i)
		assert.Equal(t, turns[i].Roll, again[i].Roll, "turn %d", i)
		assert.Equal(t, turns[i].Box, again[i].Box, "turn %d", i)
	}
}

func TestNextGameWaitsForAFullCardAndStopsAtTheLastGame(t *testing.T) {
	s := mustParse(t, "poker")
	sr := NewSeries(s)
	assert.EqualError(t, sr.NextGame(), "game 1 is not over: its card has 0 of 13 boxes filled")
	for game := 1; game <= s.Games(); game++ {
		require.Len(t, sr.Cards(), game)
		assert.False(t, sr.Done(), "game %d", game)
		fillCard(t, sr.Current(), 10*game)
		if game < s.Games() {
			require.NoError(t, sr.NextGame())
			assert.Zero(t, sr.Current().FilledCount(), "a new game starts on an empty card")
		}
	}
	assert.True(t, sr.Done())
	assert.EqualError(t, sr.NextGame(), "game 3 was the last: a poker series is best of 3")
	assert.Equal(t, 10+20+30, sr.Total())
}

// fillCard fills every open box, zeros but for the total typed in the
// yacht box, so that the card's grand total is total.
func fillCard(t *testing.T, c *Card, total int) {
	t.Helper()
	for _, b := range c.Set().Boxes() {
		if _, ok := c.Filled(b.ID); ok {
			continue
		}
		points := 0
		if b.ID == "yacht" {
			points = total
		}
		_, err := c.Enter(b.ID, points)
		require.NoError(t, err)
	}
	require.Equal(t, total, c.Totals().GrandTotal)
}

// FuzzReplayKeepsTheSeriesTotal plays random poker series, the games
// split where the data says, and checks that the log round-trips and that
// the series total is the sum of its cards'.
func FuzzReplayKeepsTheSeriesTotal(f *testing.F) {
	f.Add(uint8(3), []byte{})
	f.Add(uint8(1), []byte("poker dice"))
	f.Add(uint8(5), []byte{0x80, 1, 2, 0x81, 3, 0x90})
	f.Add(uint8(2), []byte{0xff, 0x85, 0x83, 2, 9, 9, 9})
	f.Fuzz(func(t *testing.T, games uint8, data []byte) {
		s, err := Parse("poker:games=5")
		if err != nil {
			t.Fatal(err)
		}
		src := &fuzzRolls{data: data}
		sr := NewSeries(s)
		var turns []Turn
		for game := range int(games)%s.Games() + 1 {
			if game > 0 {
				if err := sr.NextGame(); err != nil {
					t.Fatal(err)
				}
			}
			for c := sr.Current(); !c.Full(); {
				r := src.roll()
				var legal []Option
				for _, o := range c.Options(r) {
					if o.Legal {
						legal = append(legal, o)
					}
				}
				choice := legal[src.next()%len(legal)]
				if _, err := c.Score(r, choice.Box); err != nil {
					t.Fatal(err)
				}
				turns = append(turns, Turn{Game: game, Roll: r, Box: choice.Box})
			}
		}
		sum := 0
		for _, c := range sr.Cards() {
			sum += checkTotals(t, c).GrandTotal
		}
		if sr.Total() != sum {
			t.Fatalf("series total %d, the cards add to %d", sr.Total(), sum)
		}
		again, err := ParseLog(strings.NewReader(FormatLog(s, turns)), s)
		if err != nil {
			t.Fatalf("formatted series does not parse: %v", err)
		}
		replayed, err := Replay(s, again)
		if err != nil {
			t.Fatalf("replaying the series: %v", err)
		}
		if len(replayed.Cards()) != len(sr.Cards()) || replayed.Total() != sr.Total() {
			t.Fatalf("replay has %d games and %d, played %d and %d",
				len(replayed.Cards()), replayed.Total(), len(sr.Cards()), sr.Total())
		}
	})
}

func replayFile(t *testing.T, spec, name string) (*Set, []Turn, *Card, error) {
	t.Helper()
	s := mustParse(t, spec)
	f, err := os.Open(filepath.Join("testdata", name))
	require.NoError(t, err)
	defer f.Close()
	turns, err := ParseLog(f, s)
	require.NoError(t, err)
	sr, err := Replay(s, turns)
	return s, turns, sr.Current(), err
}

func TestWholeGames(t *testing.T) {
	cases := []struct {
		spec, log    string
		upper, lower int // totals worked out by hand from the log
		bonuses      int
	}{
		{"yahtzee", "yahtzee-highest.log", 105 + 35, 235 + 1200, 12},
		{"yahtzee:joker=free", "yahtzee-highest.log", 105 + 35, 235 + 1200, 12},
		{"yahtzee", "yahtzee-one-five-alike.log", 84 + 35, 29 + 29 + 25 + 30 + 40 + 50 + 29, 0},
		{"yahtzee", "yahtzee-joker.log", 89 + 35, 15 + 26 + 25 + 30 + 40 + 50 + 25 + 500, 5},
		{"yahtzee", "yahtzee-zeroed.log", 71 + 35, 30 + 13 + 25 + 30 + 40 + 0 + 5, 0},
		{"yacht", "yacht-highest.log", 105, 28 + 24 + 30 + 30 + 30 + 50, 0},
		{"yatzy", "yatzy-highest.log", 105 + 50, 12 + 22 + 18 + 24 + 15 + 20 + 28 + 30 + 50, 0},
		{"poker", "poker-highest.log", 150 + 10, 50 + 45 + 40 + 30 + 20 + 10 + 5, 0},
	}
	for _, tc := range cases {
		t.Run(tc.spec+" "+tc.log, func(t *testing.T) {
			s, turns, c, err := replayFile(t, tc.spec, tc.log)
			require.NoError(t, err)
			assert.True(t, c.Full())
			tot := c.Totals()
			assert.Equal(t, tc.upper, tot.UpperTotal)
			assert.Equal(t, tc.lower, tot.LowerTotal)
			assert.Equal(t, tc.bonuses, tot.BonusCount)
			assert.Equal(t, tc.upper+tc.lower, tot.GrandTotal)
			assert.LessOrEqual(t, tot.GrandTotal, s.MaxScore())

			again, err := ParseLog(strings.NewReader(FormatLog(s, turns)), s)
			require.NoError(t, err)
			require.Len(t, again, len(turns))
			for i := range turns {
				assert.Equal(t, turns[i].Roll, again[i].Roll)
				assert.Equal(t, turns[i].Box, again[i].Box)
			}
		})
	}
}

func TestHighestCardsAreReachedInPlay(t *testing.T) {
	for spec, log := range map[string]string{
		"yahtzee": "yahtzee-highest.log", "yacht": "yacht-highest.log",
		"yatzy": "yatzy-highest.log", "poker": "poker-highest.log",
	} {
		s, _, c, err := replayFile(t, spec, log)
		require.NoError(t, err)
		assert.Equal(t, s.MaxScore(), c.Totals().GrandTotal, spec)
	}
}

func TestReplayStopsAtTheIllegalLine(t *testing.T) {
	_, _, c, err := replayFile(t, "yahtzee", "yahtzee-refused.log")
	var le *LineError
	require.True(t, errors.As(err, &le), "got %v", err)
	assert.Equal(t, 4, le.Line)
	assert.EqualError(t, err, `line 4: joker rule: five 3s must go in "threes" while it is open`)
	_, filled := c.Filled("chance")
	assert.False(t, filled)

	_, _, _, err = replayFile(t, "yahtzee:joker=free", "yahtzee-refused.log")
	assert.NoError(t, err, "the free-choice joker allows it")
}

func TestReplayRefusesATurnAfterTheCardIsFull(t *testing.T) {
	s := mustParse(t, "yacht")
	f, err := os.ReadFile(filepath.Join("testdata", "yacht-highest.log"))
	require.NoError(t, err)
	turns, err := ParseLog(strings.NewReader(string(f)+"1 1 1 1 1 -> yacht\n"), s)
	require.NoError(t, err)
	_, err = Replay(s, turns)
	assert.EqualError(t, err, "line 13: the card is already full")
}

func TestParseLogNamesTheBadLine(t *testing.T) {
	s := mustParse(t, "yahtzee")
	cases := []struct{ log, want string }{
		{"1 2 3 4 5 -> chance\n1 2 3 4 -> aces", `line 2: a roll is five dice, got 4`},
		{"# comment\n\n1 2 3 4 7 -> chance", `line 3: die "7" is not a face of yahtzee`},
		{"1 2 3 4 5 chance", `line 1: "1 2 3 4 5 chance" is not a turn`},
		{"1 2 3 4 5 -> ones", `line 1: unknown box "ones" for yahtzee`},
		{"1 2 3 4 5 6 -> chance", `line 1: a roll is five dice, got 6`},
		{"1 2 3 4 5 -> chance\n# " + strings.Repeat("x", 4<<20), `line 2: the line is longer than 64 KB`},
	}
	for _, tc := range cases {
		_, err := ParseLog(strings.NewReader(tc.log), s)
		assert.ErrorContains(t, err, tc.want, tc.log)
	}
	turns, err := ParseLog(strings.NewReader("  # only a comment\n\n1 1 2 2 2->Full-House # box ids in any case\n"), s)
	require.NoError(t, err)
	assert.Equal(t, []Turn{{Line: 3, Roll: Roll{1, 1, 2, 2, 2}, Box: "full-house"}}, turns)
}
