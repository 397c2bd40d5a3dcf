package vision

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/detect"
	"github.com/dicecam/dicecam/vision/model"
)

// reads is the model's reading of a face v at p, the rest not a die.
func reads(v int, p float64) [model.Classes]float64 {
	var pr [model.Classes]float64
	pr[v] = p
	pr[model.NotADie] = 1 - p
	return pr
}

func TestDecideFoundAsksWhereTheDetectorOrTheModelIsUnsure(t *testing.T) {
	at := func(x, y int, s, seen float64) proposal {
		return proposal{die: Die{Center: image.Pt(x, y)}, s: s, seen: seen, detected: true}
	}
	cases := []struct {
		name  string
		props []proposal
		probs [][model.Classes]float64
		want  []Die
	}{
		{"both sure: read", []proposal{at(50, 50, 40, 0.9)}, [][model.Classes]float64{reads(4, 0.95)},
			[]Die{{Value: 4, Face: "4", Center: image.Pt(50, 50), Confidence: 0.95}}},
		{"the model unsure: asked", []proposal{at(50, 50, 40, 0.9)}, [][model.Classes]float64{reads(4, 0.8)},
			[]Die{{Value: 4, Face: "4", Center: image.Pt(50, 50), Confidence: 0.8, Uncertain: true}}},
		{"the detector unsure, the model sure: asked", []proposal{at(50, 50, 40, 0.45)}, [][model.Classes]float64{reads(4, 0.95)},
			[]Die{{Value: 4, Face: "4", Center: image.Pt(50, 50), Confidence: 0.95, Uncertain: true}}},
		{"the detector unsure, the model all but certain: read", []proposal{at(50, 50, 40, 0.45)}, [][model.Classes]float64{reads(4, 0.99)},
			[]Die{{Value: 4, Face: "4", Center: image.Pt(50, 50), Confidence: 0.99}}},
		{"not a die: dropped", []proposal{at(50, 50, 40, 0.9)}, [][model.Classes]float64{reads(4, 0.3)}, []Die{}},
		{"an unsure smaller read beside a sure die is its side: dropped",
			[]proposal{at(50, 50, 40, 0.9), at(70, 50, 20, 0.6)}, [][model.Classes]float64{reads(6, 0.97), reads(2, 0.7)},
			[]Die{{Value: 6, Face: "6", Center: image.Pt(50, 50), Confidence: 0.97}}},
		{"a touching die of its own size stays",
			[]proposal{at(50, 50, 40, 0.9), at(90, 50, 40, 0.6)}, [][model.Classes]float64{reads(6, 0.97), reads(2, 0.7)},
			[]Die{{Value: 6, Face: "6", Center: image.Pt(50, 50), Confidence: 0.97},
				{Value: 2, Face: "2", Center: image.Pt(90, 50), Confidence: 0.7, Uncertain: true}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, decideFound(c.props, c.probs, rules.PipFaces, nil))
		})
	}
}

func TestDecideFoundTakesAPipCountThatAgreesWithTheModelAsAVouch(t *testing.T) {
	p := []proposal{{die: Die{Center: image.Pt(50, 50)}, s: 40, seen: 0.9, detected: true}}
	unsure := func(v int, none float64) [][model.Classes]float64 {
		var pr [model.Classes]float64
		pr[v], pr[model.NotADie] = 0.6, none
		pr[v%6+1] = 0.4 - none
		return [][model.Classes]float64{pr}
	}
	// counts is a pip count that finds n pips on every die.
	counts := func(n int) func(Die) bool { return func(d Die) bool { return d.Value == n } }
	cases := []struct {
		name  string
		probs [][model.Classes]float64
		agree func(Die) bool
		asked bool
	}{
		{"the count agrees: read", unsure(4, 0.01), counts(4), false},
		{"a lone pip agrees with a 1: read", unsure(1, 0.01), counts(1), false},
		{"no count: asked", unsure(4, 0.01), nil, true},
		{"the count says another face: asked", unsure(4, 0.01), counts(5), true},
		{"the pips lie as no face's do: asked", unsure(4, 0.01), counts(0), true},
		{"the model doubts it is a die: asked", unsure(4, 0.1), counts(4), true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dice := decideFound(p, c.probs, rules.PipFaces, c.agree)
			require.Len(t, dice, 1)
			assert.Equal(t, likeliest(c.probs[0]), dice[0].Value)
			assert.Equal(t, c.asked, dice[0].Uncertain)
		})
	}
}

func TestSecondOpinionSettlesAsksAndAddsDice(t *testing.T) {
	die := func(x, y int, s float64, v int, unsure bool) Die {
		c := newCandidate(float64(x), float64(y), s, s, 1, 0)
		return Die{Value: v, Center: c.center, Box: c.box, Uncertain: unsure, Confidence: 0.5}
	}
	faint := func(d Die) Die { d.Confidence = 0.15; return d }
	askedBy := func(d Die, r Rule) Die { d.askedBy = r; return d }
	cases := []struct {
		name    string
		seen    []Die
		classic []Die
		knows   []bool
		want    []Die
	}{
		{"an unsure die the pips read alike with confidence: sure",
			[]Die{die(50, 50, 40, 4, true)}, []Die{die(52, 50, 36, 4, false)}, []bool{false},
			[]Die{die(50, 50, 40, 4, false)}},
		{"an unsure die the pips read otherwise: still asked, as the model left it",
			[]Die{die(50, 50, 40, 4, true)}, []Die{die(52, 50, 36, 5, false)}, []bool{false},
			[]Die{die(50, 50, 40, 4, true)}},
		{"a sure die the pips read otherwise: asked, by the pip search",
			[]Die{die(50, 50, 40, 4, false)}, []Die{die(52, 50, 36, 5, false)}, []bool{false},
			[]Die{askedBy(die(50, 50, 40, 4, true), PipSearchDiffers)}},
		{"a classical reading unsure itself says nothing",
			[]Die{die(50, 50, 40, 4, false)}, []Die{die(52, 50, 36, 5, true)}, []bool{false},
			[]Die{die(50, 50, 40, 4, false)}},
		{"a die only the classical search found: added",
			[]Die{die(50, 50, 40, 4, false)}, []Die{die(150, 50, 40, 2, false)}, []bool{false},
			[]Die{die(50, 50, 40, 4, false), die(150, 50, 40, 2, false)}},
		{"a classical reading that knows more, a logo by template: taken",
			[]Die{die(50, 50, 40, 4, false)}, []Die{die(52, 50, 36, 1, false)}, []bool{true},
			[]Die{die(52, 50, 36, 1, false)}},
		{"unsure pips of a die the classical search found whole: dropped for it",
			[]Die{die(40, 40, 10, 2, true), die(60, 60, 10, 2, true)}, []Die{die(50, 50, 40, 2, false)}, []bool{false},
			[]Die{die(50, 50, 40, 2, false)}},
		{"a sure die under a larger reading of another value: one die, asked",
			[]Die{die(40, 40, 10, 3, false)}, []Die{die(50, 50, 40, 2, false)}, []bool{false},
			[]Die{askedBy(die(40, 40, 10, 3, true), PipSearchDiffers)}},
		{"a faint read only the detector saw: dropped",
			[]Die{faint(die(50, 50, 40, 4, true)), die(150, 50, 40, 2, false)}, nil, nil,
			[]Die{die(150, 50, 40, 2, false)}},
		{"a faint read the classical search saw too: kept, and settled where it reads alike",
			[]Die{faint(die(50, 50, 40, 4, true))}, []Die{die(52, 50, 36, 4, false)}, []bool{false},
			[]Die{faint(die(50, 50, 40, 4, false))}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, secondOpinion(c.seen, c.classic, c.knows))
		})
	}
}

func TestWithoutPipsDropsUnsureDiceFarSmallerThanTheSureOnes(t *testing.T) {
	die := func(x int, s float64, unsure bool) Die {
		c := newCandidate(float64(x), 50, s, s, 1, 0)
		return Die{Value: 2, Center: c.center, Box: c.box, Uncertain: unsure}
	}
	cases := []struct {
		name string
		dice []Die
		kept []Die
	}{
		{"a pip-sized unsure read beside sure dice: a pip",
			[]Die{die(50, 60, false), die(150, 66, false), die(250, 12, true)},
			[]Die{die(50, 60, false), die(150, 66, false)}},
		{"a pip-sized sure read stays: the model and the detector agree",
			[]Die{die(50, 60, false), die(250, 12, false)},
			[]Die{die(50, 60, false), die(250, 12, false)}},
		{"an unsure die of a smaller set stays",
			[]Die{die(50, 60, false), die(150, 40, true)},
			[]Die{die(50, 60, false), die(150, 40, true)}},
		{"no sure die to measure by: all stay",
			[]Die{die(50, 60, true), die(250, 12, true)},
			[]Die{die(50, 60, true), die(250, 12, true)}},
		{"the median sure die sets the scale, not the largest",
			[]Die{die(50, 30, false), die(150, 32, false), die(250, 120, false), die(350, 14, true)},
			[]Die{die(50, 30, false), die(150, 32, false), die(250, 120, false), die(350, 14, true)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.kept, withoutPips(c.dice))
		})
	}
}

func TestSettledByTakesTheDiceThePipSearchReadSurely(t *testing.T) {
	die := func(x, y int, s float64, v int, p float64, unsure bool) Die {
		c := newCandidate(float64(x), float64(y), s, s, 1, 0)
		return Die{Value: v, Center: c.center, Box: c.box, Confidence: p, Uncertain: unsure}
	}
	cand := func(x, y, s, score float64) detect.Candidate {
		return detect.Candidate{X: x, Y: y, Side: s, Score: score}
	}
	in := func(d Die, f detect.Candidate) Die {
		at := seenAs(f).die
		d.Center, d.Box = at.Center, at.Box
		return d
	}
	sure, fair, unsure := die(50, 50, 30, 4, 0.99, false), die(50, 50, 30, 4, 0.95, false), die(50, 50, 30, 4, 0.99, true)
	whole, surer, pip, away := cand(51, 50, 40, 0.8), cand(52, 51, 38, 0.9), cand(45, 45, 8, 0.95), cand(150, 50, 40, 0.9)
	cases := []struct {
		name        string
		found       []detect.Candidate
		classic     []Die
		wantRest    []detect.Candidate
		wantSettled []Die
	}{
		{"a sure die: read as the pips read it, in the detector's box", []detect.Candidate{whole, away}, []Die{sure},
			[]detect.Candidate{away}, []Die{in(sure, whole)}},
		{"two crops of it: one die, in the surer's box", []detect.Candidate{whole, surer}, []Die{sure},
			nil, []Die{in(sure, surer)}},
		{"only a pip of it seen: one die, in its own box", []detect.Candidate{pip}, []Die{sure},
			nil, []Die{sure}},
		{"a pip and the whole: in the whole's box, though the pip is surer", []detect.Candidate{pip, whole}, []Die{sure},
			nil, []Die{in(sure, whole)}},
		{"the model sure but short of all but certain: the detector's crop is read", []detect.Candidate{whole}, []Die{fair},
			[]detect.Candidate{whole}, nil},
		{"an unsure die: the detector's crop is read", []detect.Candidate{whole}, []Die{unsure},
			[]detect.Candidate{whole}, nil},
		{"a sure die no candidate lies on: left to the second opinion", []detect.Candidate{away}, []Die{sure},
			[]detect.Candidate{away}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rest, settled := settledBy(c.found, c.classic)
			assert.Equal(t, c.wantRest, rest)
			assert.Equal(t, c.wantSettled, settled)
		})
	}
}
