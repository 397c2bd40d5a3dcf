package vision

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dicecam/dicecam/vision/detect"
	"github.com/dicecam/dicecam/vision/model"
)

func TestLieOnWantsMostPipsTwoAtLeastOnTheDice(t *testing.T) {
	dice := []detect.Candidate{{X: 100, Y: 100, Side: 80}, {X: 300, Y: 100, Side: 80}}
	pip := func(x, y float64) detect.Candidate { return detect.Candidate{X: x, Y: y, Side: 14} }
	for _, c := range []struct {
		name string
		pips []detect.Candidate
		want bool
	}{
		{"the pips of two faces", []detect.Candidate{pip(80, 80), pip(120, 120), pip(290, 100), pip(310, 100)}, true},
		{"two pips on one face", []detect.Candidate{pip(80, 80), pip(120, 120)}, true},
		{"one die inside a box drawn around it is no pips", []detect.Candidate{pip(100, 100)}, false},
		{"most off the dice", []detect.Candidate{pip(80, 80), pip(120, 120), pip(500, 300), pip(520, 300), pip(540, 300)}, false},
		{"half on them", []detect.Candidate{pip(80, 80), pip(120, 120), pip(500, 300), pip(520, 300)}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, lieOn(c.pips, dice))
		})
	}
}

func TestLegibilityOfIsHowSurelyTheModelReadsAFace(t *testing.T) {
	torn := [model.Classes]float64{0.05, 0.2, 0.25, 0.2, 0.1, 0.1, 0.1}
	for _, c := range []struct {
		name  string
		probs [][model.Classes]float64
		want  float64
	}{
		{"faces read surely", [][model.Classes]float64{reads(5, 0.95), reads(1, 0.99)}, 0.97},
		{"pips read as no face in particular", [][model.Classes]float64{torn, torn}, 0.25},
		{"no die counts nothing", [][model.Classes]float64{reads(5, 0.95), reads(3, 0.3)}, 0.475},
		{"nothing to read", nil, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.InDelta(t, c.want, legibilityOf(c.probs), 1e-9)
		})
	}
}

// A part of a die shows no more pips than the die, so a part read fairly
// surely as two pips or more over its whole shows the die itself, seen
// small inside a box too large: the huddle check takes it for one.
func TestShowsMoreWantsTwoPipsOverTheWholeFairlySure(t *testing.T) {
	for _, c := range []struct {
		name  string
		whole int
		part  [model.Classes]float64
		more  bool
	}{
		{"a die seen small in a box too large reads as a 1; its part as a 5", 1, reads(5, 0.8), true},
		{"a 2 read in a box too large; its part a 6", 2, reads(6, 0.6), true},
		{"a pip seen close can pass for a 2", 1, reads(2, 0.91), false},
		{"a part of a 4 read as a 5 is no more than one pip over", 4, reads(5, 0.9), false},
		{"a part read as fewer pips is a part", 5, reads(1, 0.99), false},
		{"a part torn between faces", 1, [model.Classes]float64{0.2, 0, 0, 0, 0.35, 0.45, 0}, false},
		{"a part that is no die", 1, reads(5, 0.45), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.more, showsMore(c.part, c.whole))
		})
	}
}

// The pips of a face, each read alone, look like 1s or like no die; dice
// lying apart read as faces of their own.
func TestDiceApartWantsTwoFacesOrOneShowingMore(t *testing.T) {
	for _, c := range []struct {
		name  string
		parts [][model.Classes]float64
		whole int
		apart bool
	}{
		{"a 6 and a 3 apart, taken for a 2", [][model.Classes]float64{reads(6, 0.7), reads(3, 0.55)}, 2, true},
		{"a 4 alone, taken for the pip of a 1", [][model.Classes]float64{reads(4, 0.6)}, 1, true},
		{"a 3 alone on a 2 is one pip over", [][model.Classes]float64{reads(3, 0.9)}, 2, false},
		{"a 5's pips read as 1s", [][model.Classes]float64{reads(1, 0.9), reads(1, 0.8), reads(1, 0.95)}, 5, false},
		{"one part a face, the other a pip", [][model.Classes]float64{reads(4, 0.9), reads(1, 0.9)}, 4, false},
		{"two faces read unsurely", [][model.Classes]float64{reads(6, 0.36), reads(5, 0.34)}, 2, false},
		{"no parts", nil, 2, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.apart, diceApart(c.parts, c.whole))
		})
	}
}
