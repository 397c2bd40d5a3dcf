package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustRoll(t testing.TB, s *Set, dice string) Roll {
	t.Helper()
	r, err := s.ParseRoll(strings.Fields(dice))
	require.NoError(t, err)
	return r
}

type boxCase struct {
	dice   string
	box    BoxID
	points int
	fits   bool
}

func checkBoxes(t *testing.T, spec string, cases []boxCase) {
	s := mustParse(t, spec)
	seen := map[BoxID]bool{}
	for _, tc := range cases {
		seen[tc.box] = true
		t.Run(fmt.Sprintf("%s in %s", tc.dice, tc.box), func(t *testing.T) {
			points, fits := s.Points(tc.box, mustRoll(t, s, tc.dice))
			assert.Equal(t, tc.points, points)
			assert.Equal(t, tc.fits, fits)
		})
	}
	for _, b := range s.Boxes() {
		assert.True(t, seen[b.ID], "no case for box %s of %s", b.ID, spec)
	}
}

func TestYahtzeeBoxes(t *testing.T) {
	checkBoxes(t, "yahtzee", []boxCase{
		{"1 1 2 3 1", "aces", 3, true},
		{"2 3 4 5 6", "aces", 0, false},
		{"2 2 2 2 2", "twos", 10, true},
		{"3 1 3 6 6", "threes", 6, true},
		{"4 4 4 1 2", "fours", 12, true},
		{"5 1 1 1 1", "fives", 5, true},
		{"6 6 6 6 5", "sixes", 24, true},
		{"3 3 3 2 6", "three-of-a-kind", 17, true},
		{"3 3 2 2 6", "three-of-a-kind", 0, false},
		{"5 5 5 5 5", "three-of-a-kind", 25, true},
		{"4 4 4 4 1", "four-of-a-kind", 17, true},
		{"4 4 4 1 1", "four-of-a-kind", 0, false},
		{"2 2 3 3 3", "full-house", 25, true},
		{"6 6 6 6 6", "full-house", 0, false},
		{"2 2 3 3 4", "full-house", 0, false},
		{"1 2 3 4 6", "small-straight", 30, true},
		{"6 5 3 4 3", "small-straight", 30, true},
		{"2 3 4 5 6", "small-straight", 30, true},
		{"1 2 3 5 6", "small-straight", 0, false},
		{"1 2 3 4 5", "large-straight", 40, true},
		{"6 2 4 5 3", "large-straight", 40, true},
		{"1 2 3 4 6", "large-straight", 0, false},
		{"4 4 4 4 4", "yahtzee", 50, true},
		{"4 4 4 4 3", "yahtzee", 0, false},
		{"1 3 5 6 6", "chance", 21, true},
	})
}

func TestYahtzeeFiveAlikeIsAFullHouseOnlyByOption(t *testing.T) {
	plain, five := mustParse(t, "yahtzee"), mustParse(t, "yahtzee:full-house-five=yes")
	r := mustRoll(t, plain, "2 2 2 2 2")
	p, fits := plain.Points("full-house", r)
	assert.Equal(t, 0, p)
	assert.False(t, fits)
	p, fits = five.Points("full-house", r)
	assert.Equal(t, 25, p)
	assert.True(t, fits)
	assert.True(t, five.Possible("full-house", 25))
}

func TestYachtBoxes(t *testing.T) {
	checkBoxes(t, "yacht", []boxCase{
		{"1 1 1 2 3", "ones", 3, true},
		{"2 6 6 6 2", "twos", 4, true},
		{"3 3 3 3 3", "threes", 15, true},
		{"4 1 1 1 1", "fours", 4, true},
		{"5 5 1 2 3", "fives", 10, true},
		{"1 2 3 4 5", "sixes", 0, false},
		{"6 6 6 5 5", "full-house", 28, true},
		{"1 1 1 1 1", "full-house", 0, false},
		{"6 6 6 6 5", "full-house", 0, false},
		{"6 6 6 6 5", "four-of-a-kind", 24, true},
		{"2 2 2 2 2", "four-of-a-kind", 8, true},
		{"2 2 2 3 3", "four-of-a-kind", 0, false},
		{"5 4 3 2 1", "little-straight", 30, true},
		{"2 3 4 5 6", "little-straight", 0, false},
		{"2 3 4 5 6", "big-straight", 30, true},
		{"1 2 3 4 5", "big-straight", 0, false},
		{"6 6 5 1 3", "choice", 21, true},
		{"3 3 3 3 3", "yacht", 50, true},
		{"3 3 3 3 1", "yacht", 0, false},
	})
}

func TestYachtStraightOptions(t *testing.T) {
	cases := []struct {
		spec          string
		little, big   int
		littleMax, mx int
	}{
		{"yacht", 30, 30, 30, 297},
		{"yacht:big-straight=40", 30, 40, 30, 307},
		{"yacht:straights=sum", 15, 20, 15, 272},
		{"yacht:big-straight=40,straights=sum", 15, 40, 15, 292},
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) {
			s := mustParse(t, tc.spec)
			little, _ := s.Points("little-straight", mustRoll(t, s, "1 2 3 4 5"))
			big, _ := s.Points("big-straight", mustRoll(t, s, "6 5 4 3 2"))
			assert.Equal(t, tc.little, little)
			assert.Equal(t, tc.big, big)
			assert.Equal(t, tc.mx, s.MaxScore())
		})
	}
}

func TestPokerBoxes(t *testing.T) {
	checkBoxes(t, "poker", []boxCase{
		{"A A A K Q", "aces", 15, true},
		{"9 9 9 9 9", "aces", 0, false},
		{"K k 9 10 J", "kings", 10, true},
		{"Q Q Q Q Q", "queens", 25, true},
		{"J 9 9 9 9", "jacks", 5, true},
		{"10 10 A A A", "tens", 10, true},
		{"9 9 9 10 10", "nines", 15, true},
		{"K K K K K", "yacht", 50, true},
		{"K K K K A", "yacht", 0, false},
		{"J J J J 9", "four-of-a-kind", 45, true},
		{"J J J J J", "four-of-a-kind", 45, true},
		{"J J J 9 9", "four-of-a-kind", 0, false},
		{"9 10 J Q K", "straight", 40, true},
		{"A K Q J 10", "straight", 40, true},
		{"9 10 J Q A", "straight", 0, false},
		{"Q Q Q 10 10", "full-house", 30, true},
		{"Q Q Q Q Q", "full-house", 0, false},
		{"Q Q Q Q 10", "full-house", 0, false},
		{"A A A 9 K", "three-of-a-kind", 20, true},
		{"A A 9 9 9", "three-of-a-kind", 20, true},
		{"A A A A A", "three-of-a-kind", 20, true},
		{"A A 9 9 K", "three-of-a-kind", 0, false},
		{"A A 9 9 K", "two-pair", 10, true},
		{"A A 9 9 9", "two-pair", 10, true},
		{"A A A A A", "two-pair", 0, false},
		{"A A A A 9", "two-pair", 0, false},
		{"10 10 J Q K", "one-pair", 5, true},
		{"10 10 10 10 10", "one-pair", 5, true},
		{"9 10 J Q K", "one-pair", 0, false},
	})
}

func TestYatzyBoxes(t *testing.T) {
	checkBoxes(t, "yatzy", []boxCase{
		{"1 1 4 5 6", "ones", 2, true},
		{"2 2 2 2 2", "twos", 10, true},
		{"3 4 5 6 6", "threes", 3, true},
		{"4 4 1 2 3", "fours", 8, true},
		{"1 2 3 4 6", "fives", 0, false},
		{"6 6 6 1 1", "sixes", 18, true},
		{"3 3 5 5 1", "one-pair", 10, true},
		{"6 6 6 6 6", "one-pair", 12, true},
		{"1 2 3 4 5", "one-pair", 0, false},
		{"3 3 5 5 1", "two-pairs", 16, true},
		{"2 2 2 6 6", "two-pairs", 16, true},
		{"4 4 4 4 1", "two-pairs", 0, false},
		{"4 4 4 4 4", "two-pairs", 0, false},
		{"5 5 5 2 3", "three-of-a-kind", 15, true},
		{"2 2 2 2 2", "three-of-a-kind", 6, true},
		{"5 5 2 2 3", "three-of-a-kind", 0, false},
		{"6 6 6 6 1", "four-of-a-kind", 24, true},
		{"6 6 6 1 1", "four-of-a-kind", 0, false},
		{"1 2 3 4 5", "small-straight", 15, true},
		{"2 3 4 5 6", "small-straight", 0, false},
		{"2 3 4 5 6", "large-straight", 20, true},
		{"1 2 3 4 5", "large-straight", 0, false},
		{"6 6 6 5 5", "full-house", 28, true},
		{"6 6 6 6 6", "full-house", 0, false},
		{"1 2 3 3 6", "chance", 15, true},
		{"5 5 5 5 5", "yatzy", 50, true},
		{"5 5 5 5 1", "yatzy", 0, false},
	})
}

func TestHighestCards(t *testing.T) {
	cases := []struct {
		spec string
		max  int
	}{
		{"yahtzee", 1575},
		{"yahtzee:joker=free,full-house-five=yes", 1575},
		{"yacht", 297},
		{"yatzy", 374},
		// Poker: six multiples of five dice at 5 each, the bonus, and every hand.
		{"poker", 6*25 + 10 + 50 + 45 + 40 + 30 + 20 + 10 + 5},
	}
	for _, tc := range cases {
		assert.Equal(t, tc.max, mustParse(t, tc.spec).MaxScore(), tc.spec)
	}
}

func TestFacesAndLabels(t *testing.T) {
	poker, pips := mustParse(t, "poker"), mustParse(t, "yahtzee")
	for text, want := range map[string]Face{"9": 1, "10": 2, "j": 3, "Q": 4, "k": 5, " a ": 6} {
		f, err := poker.ParseFace(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, f, text)
	}
	assert.Equal(t, "J", poker.FaceLabel(3))
	assert.Equal(t, "3", pips.FaceLabel(3))
	for _, bad := range []string{"7", "0", "J", "1.5", ""} {
		_, err := pips.ParseFace(bad)
		assert.ErrorContains(t, err, "use 1, 2, 3, 4, 5 or 6", bad)
	}
	_, err := poker.ParseFace("1")
	assert.ErrorContains(t, err, "use 9, 10, J, Q, K or A")
	_, err = pips.ParseRoll([]string{"1", "2", "3", "4"})
	assert.ErrorContains(t, err, "five dice, got 4")
}

func TestEveryBoxHasAnIDNameHelpAndSection(t *testing.T) {
	sizes := map[string]int{"yahtzee": 13, "yacht": 12, "poker": 13, "yatzy": 15}
	for _, name := range Names() {
		s := mustParse(t, name)
		boxes := s.Boxes()
		assert.Len(t, boxes, sizes[name], name)
		ids, upper := map[BoxID]bool{}, 0
		for i, b := range boxes {
			assert.NotEmpty(t, b.Name, b.ID)
			assert.NotEmpty(t, b.Help, b.ID)
			assert.False(t, ids[b.ID], "%s has box %s twice", name, b.ID)
			ids[b.ID] = true
			if b.Upper {
				upper++
				assert.Less(t, i, 6, "%s: the number boxes come first", name)
			}
		}
		assert.Equal(t, 6, upper, name)
	}
}
