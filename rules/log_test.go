package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseLogReadsTheEarlierRollsOfATurn(t *testing.T) {
	s := mustParse(t, "yahtzee")
	turns, err := ParseLog(strings.NewReader(
		"6 6 5 2 1 keep 6 6, 6 6 6 3 4 keep 6 6 6, 6 6 6 6 2 -> sixes\n"+
			"1 2 3 5 5 keep none,2 3 4 4 6 keep 2 3 4 6 , 2 3 4 5 6->large-straight # stopped early\n"+
			"3 3 3 2 2 -> full-house\n"), s)
	require.NoError(t, err)
	assert.Equal(t, []Turn{
		{Line: 1, Roll: Roll{6, 6, 6, 6, 2}, Box: "sixes", Holds: []Hold{
			{Roll: Roll{6, 6, 5, 2, 1}, Kept: []Face{6, 6}},
			{Roll: Roll{6, 6, 6, 3, 4}, Kept: []Face{6, 6, 6}},
		}},
		{Line: 2, Roll: Roll{2, 3, 4, 5, 6}, Box: "large-straight", Holds: []Hold{
			{Roll: Roll{1, 2, 3, 5, 5}},
			{Roll: Roll{2, 3, 4, 4, 6}, Kept: []Face{2, 3, 4, 6}},
		}},
		{Line: 3, Roll: Roll{3, 3, 3, 2, 2}, Box: "full-house"},
	}, turns)
}

func TestParseLogRefusesEarlierRollsThatCannotHaveHappened(t *testing.T) {
	s := mustParse(t, "yahtzee")
	cases := []struct{ line, want string }{
		{"6 6 5 2 1, 6 6 6 3 4 -> sixes", `line 1: roll 1: "6 6 5 2 1" does not say which dice were held`},
		{"6 6 5 2 1 keep 6 6 6, 6 6 6 3 4 -> sixes", `line 1: roll 1: 6 6 5 2 1 holds 6 6 6, which the roll does not show`},
		{"6 6 5 2 1 keep 6 6, 5 5 6 3 4 -> sixes", `line 1: roll 2 shows 5 5 6 3 4, which lacks the 6 6 held from roll 1`},
		{"6 6 5 2 1 keep, 6 6 6 3 4 -> sixes", `line 1: roll 1: "keep" names no dice: write "keep none"`},
		{"6 6 5 2 1 keep 6 6 5 2 1, 6 6 5 2 1 -> chance", `line 1: roll 1: holding all five dice ends the turn`},
		{"1 1 1 1 1 keep none, 1 1 1 1 1 keep none, 1 1 1 1 1 keep none, 1 1 1 1 1 -> aces", `line 1: 4 rolls in one turn: a turn has at most 3`},
		{"6 6 5 2 1 keep 6 6, 6 6 6 3 -> sixes", `line 1: roll 2: a roll is five dice, got 4`},
		{"6 6 5 2 1 keep 6 6, 6 6 6 3 4 keep 6 -> sixes", `line 1: roll 2 holds dice but no roll follows`},
		{"6 6 5 2 1 keep 6 7, 6 6 6 3 4 -> sixes", `line 1: roll 1: die "7" is not a face of yahtzee`},
	}
	for _, c := range cases {
		_, err := ParseLog(strings.NewReader(c.line), s)
		assert.ErrorContains(t, err, c.want, c.line)
	}
}

func TestFormatLogWritesTheEarlierRollsBack(t *testing.T) {
	s := mustParse(t, "poker")
	log := "9 10 J Q A keep 9 10 J Q, 9 10 J Q K -> straight\nA A K K 9 keep none, A A A K K -> full-house\n"
	turns, err := ParseLog(strings.NewReader(log), s)
	require.NoError(t, err)
	assert.Equal(t, log, FormatLog(s, turns))
}

func TestReadLogReadsEachPlayersCardAndTheBoxesChangedByHand(t *testing.T) {
	s := mustParse(t, "yacht")
	log := `# two players
player "Ann"
3 3 3 5 5 -> full-house
-> yacht = 50   # typed by hand
-> Full-House clear
player "Bob \"#2\""
-> sixes = 24
`
	l, err := ReadLog(strings.NewReader(log), s)
	require.NoError(t, err)
	assert.Equal(t, []string{"Ann", `Bob "#2"`}, l.Players)
	assert.Equal(t, []Turn{
		{Line: 3, Roll: Roll{3, 3, 3, 5, 5}, Box: "full-house"},
		{Line: 4, Box: "yacht", Entry: Typed, Points: 50},
		{Line: 5, Box: "full-house", Entry: Cleared},
		{Line: 7, Player: 1, Box: "sixes", Entry: Typed, Points: 24},
	}, l.Turns)
	assert.Equal(t, `player "Ann"
3 3 3 5 5 -> full-house
-> yacht = 50
-> full-house clear
player "Bob \"#2\""
-> sixes = 24
`, l.Format(s))
	_, err = ParseLog(strings.NewReader(log), s)
	assert.EqualError(t, err, `line 6: the log holds the cards of 2 players (Ann, Bob "#2"), and this reads one player's: dicecam tally reads them all`)
}

func TestReadLogRefusesPlayersAndHandChangesItCannotRead(t *testing.T) {
	s := mustParse(t, "poker")
	for _, c := range []struct{ log, want string }{
		{"player Ann\n", `line 1: write the player's name in double quotes, as in player "Ann"`},
		{`player "Ann" and Bob` + "\n", `line 1: "and Bob" follows the player's name`},
		{`player " "` + "\n", `line 1: the player has no name`},
		{"9 9 9 9 9 -> nines\nplayer \"Ann\"\n", `line 2: a player is named after 1 turns of no one's`},
		{"player \"Ann\"\nA A A A A -> yacht\n---\nplayer \"Bob\"\n", `line 3: --- ends Ann's turns`},
		{"player \"Ann\"\n---\n", `line 2: --- comes before any turn`},
		{"-> nines = 2.5\n", `line 1: the score typed into "nines" is "2.5", not a whole number of points`},
		{"-> nines = 1001\n", `line 1: score 1001 for "nines" is more than 1000`},
		{"-> nines = -1\n", `line 1: score -1 for "nines" is negative`},
		{"-> nines\n", `line 1: "-> nines" has no dice before the arrow`},
		{"-> ones clear\n", `line 1: unknown box "ones"`},
		{"9 9 9 9 9 -> nines = 5\n", `line 1: a box changed by hand has no dice: write "-> nines = 5" alone`},
		{"9 9 9 9 9 -> nines clear\n", `line 1: a box changed by hand has no dice`},
	} {
		_, err := ReadLog(strings.NewReader(c.log), s)
		assert.ErrorContains(t, err, c.want, c.log)
	}
}

func TestReplayPlaysTheBoxesChangedByHand(t *testing.T) {
	s := mustParse(t, "yahtzee")
	turns, err := ParseLog(strings.NewReader(`6 6 6 6 6 -> yahtzee
-> aces = 200
-> yahtzee = 50
3 3 3 3 3 -> threes
-> threes clear
3 3 3 3 3 -> threes
`), s)
	require.NoError(t, err)
	sr, err := Replay(s, turns)
	require.NoError(t, err)
	c := sr.Current()
	p, _ := c.Filled("aces")
	assert.Equal(t, 200, p, "a typed score stands whatever dice could make")
	assert.True(t, c.Marked("aces"))
	// The retyped 50 is the yahtzee box's 50, so five alike earn a bonus;
	// the one the cleared threes earned went with them.
	assert.Equal(t, 1, c.Totals().BonusCount)
	assert.Equal(t, 200+15+35+50+100, c.Totals().GrandTotal, "the upper boxes pass 63 for the 35")

	_, err = Replay(s, append(turns, Turn{Line: 7, Box: "threes", Entry: Cleared}, Turn{Line: 8, Box: "threes", Entry: Cleared}))
	assert.EqualError(t, err, `line 8: box "threes" is already empty`)
}

func TestReplayTablePlaysEveryPlayersCardGameByGame(t *testing.T) {
	s := mustParse(t, "poker")
	card := func(points int) string { // every box typed with points
		var b strings.Builder
		for _, box := range s.Boxes() {
			fmt.Fprintf(&b, "-> %s = %d\n", box.ID, points)
		}
		return b.String()
	}
	// Ann wins the first two games, which decides the best of three; Bob's
	// turns come after all of Ann's, as an export writes them.
	log := "player \"Ann\"\n" + card(10) + "---\n" + card(10) + "player \"Bob\"\n" + card(0) + "---\n" + card(1)
	l, err := ReadLog(strings.NewReader(log), s)
	require.NoError(t, err)
	tb, err := ReplayTable(s, l)
	require.NoError(t, err)
	n := len(s.Boxes())
	assert.Equal(t, []int{0}, tb.Winners())
	assert.Equal(t, 2*10*n, tb.Series(0).Total())
	assert.Equal(t, n, tb.Series(1).Total())
	assert.Equal(t, 1, tb.Game())

	// Ann's second game before Bob has filled his first card.
	short := "player \"Ann\"\n" + card(10) + "---\n" + card(10) + "player \"Bob\"\n-> nines = 3\n"
	l, err = ReadLog(strings.NewReader(short), s)
	require.NoError(t, err)
	_, err = ReplayTable(s, l)
	assert.ErrorContains(t, err, fmt.Sprintf("line %d: this turn is of game 2, but game 1 is in play: Bob has %d boxes open", n+3, n-1))
}
