package rules

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustParse(t testing.TB, spec string) *Set {
	t.Helper()
	s, err := Parse(spec)
	require.NoError(t, err, spec)
	return s
}

func TestParseKnowsEveryRuleSetByName(t *testing.T) {
	assert.Equal(t, []string{"yahtzee", "yacht", "poker", "yatzy"}, Names())
	for _, name := range Names() {
		s := mustParse(t, name)
		assert.Equal(t, name, s.Name())
		assert.Equal(t, name, s.Spec())
	}
}

func TestSpecRoundTripsThroughParse(t *testing.T) {
	cases := []struct{ spec, want string }{
		{"yahtzee", "yahtzee"},
		{"Yahtzee:joker=forced", "yahtzee"},
		{"yahtzee:joker=free", "yahtzee:joker=free"},
		{"yahtzee:full-house-five=yes,joker=free", "yahtzee:joker=free,full-house-five=yes"},
		{"yacht:straights=sum, big-straight=40", "yacht:big-straight=40,straights=sum"},
		{"poker:games=1", "poker:games=1"},
		{"poker:games=3", "poker"},
		{" yatzy ", "yatzy"},
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) {
			s := mustParse(t, tc.spec)
			assert.Equal(t, tc.want, s.Spec())
			again := mustParse(t, s.Spec())
			assert.Equal(t, s.Spec(), again.Spec())
			assert.Equal(t, s.MaxScore(), again.MaxScore())
		})
	}
}

func TestParseRefusesUnknownSetsAndOptionsListingValidOnes(t *testing.T) {
	cases := []struct{ spec, mention string }{
		{"", "yahtzee, yacht, poker, yatzy"},
		{"kniffel", "yahtzee, yacht, poker, yatzy"},
		{"yahtzee:joker=wild", "forced, free"},
		{"yahtzee:bonus=no", "joker=forced|free, full-house-five=no|yes"},
		{"yacht:big-straight=50", "30, 40"},
		{"yatzy:joker=free", "yatzy takes no options"},
		{"poker:games=0", "1, 2"},
		{"yahtzee:joker=free,joker=forced", "twice"},
	}
	for _, tc := range cases {
		t.Run(tc.spec, func(t *testing.T) {
			_, err := Parse(tc.spec)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.mention)
		})
	}
}

func TestGamesInASeries(t *testing.T) {
	assert.Equal(t, 3, mustParse(t, "poker").Games())
	assert.Equal(t, 5, mustParse(t, "poker:games=5").Games())
	assert.Equal(t, 1, mustParse(t, "yahtzee").Games())
}

func TestBonusesEachSetPays(t *testing.T) {
	cases := []struct {
		spec               string
		bonus, at, yahtzee int
	}{
		{"yahtzee", 35, 63, 100},
		{"yacht", 0, 0, 0},
		{"poker", 10, 90, 0},
		{"yatzy", 50, 63, 0},
	}
	for _, tc := range cases {
		s := mustParse(t, tc.spec)
		bonus, at := s.UpperBonus()
		assert.Equal(t, tc.bonus, bonus, tc.spec)
		assert.Equal(t, tc.at, at, tc.spec)
		assert.Equal(t, tc.yahtzee, s.FiveBonus(), tc.spec)
	}
}

func TestBoxLookupAndBadInput(t *testing.T) {
	s := mustParse(t, "yacht")
	b, ok := s.Box("little-straight")
	require.True(t, ok)
	assert.Equal(t, Box{ID: "little-straight", Name: "Little Straight", Help: "1-2-3-4-5: 30"}, b)
	_, ok = s.Box("small-straight")
	assert.False(t, ok, "yacht names it the little straight")

	p, fits := s.Points("small-straight", Roll{1, 2, 3, 4, 5})
	assert.Equal(t, 0, p)
	assert.False(t, fits)
	p, fits = s.Points("choice", Roll{1, 2, 3, 4, 0})
	assert.Equal(t, 0, p, "a roll with a non-face scores nothing")
	assert.False(t, fits)
	assert.Nil(t, NewCard(s).Options(Roll{7, 1, 1, 1, 1}))
	assert.Equal(t, "?7", s.FaceLabel(7))
	assert.Equal(t, "2 3 4 5 6", s.FormatRoll(Roll{2, 3, 4, 5, 6}))
}
