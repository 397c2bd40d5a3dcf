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
	}
	for _, tc := range cases {
		_, err := ParseLog(strings.NewReader(tc.log), s)
		assert.ErrorContains(t, err, tc.want, tc.log)
	}
	turns, err := ParseLog(strings.NewReader("  # only a comment\n\n1 1 2 2 2->Full-House # box ids in any case\n"), s)
	require.NoError(t, err)
	assert.Equal(t, []Turn{{Line: 3, Roll: Roll{1, 1, 2, 2, 2}, Box: "full-house"}}, turns)
}
