package vision

import (
	"image"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/model"
)

// probs makes a probability vector from class: probability pairs.
func probs(pairs map[int]float64) [model.Classes]float64 {
	var p [model.Classes]float64
	for c, v := range pairs {
		p[c] = v
	}
	return p
}

func TestDecideReadsAnUnsureDieAsItsCropsFavourTogether(t *testing.T) {
	blob := func(x, y int, s float64) proposal {
		c := newCandidate(float64(x), float64(y), s, s, 1, 0)
		return proposal{die: Die{Box: c.box, Center: c.center}, s: s, seen: 0.9}
	}
	tests := []struct {
		name      string
		props     []proposal
		probs     [][model.Classes]float64
		want      int
		uncertain bool
	}{
		{
			name:  "the other crops outvote the likeliest reading of the kept one",
			props: []proposal{blob(100, 100, 40), blob(102, 101, 38), blob(99, 98, 42)},
			probs: [][model.Classes]float64{
				probs(map[int]float64{2: 0.5, 3: 0.45, 0: 0.05}),
				probs(map[int]float64{3: 0.6, 2: 0.35, 0: 0.05}),
				probs(map[int]float64{3: 0.55, 2: 0.4, 0: 0.05}),
			},
			want: 3, uncertain: true,
		},
		{
			name:  "a die read alone keeps its likeliest reading",
			props: []proposal{blob(100, 100, 40), blob(300, 300, 40)},
			probs: [][model.Classes]float64{
				probs(map[int]float64{2: 0.5, 3: 0.45, 0: 0.05}),
				probs(map[int]float64{5: 0.99, 0: 0.01}),
			},
			want: 2, uncertain: true,
		},
		{
			name:  "crops far smaller than the die, its pips taken for dice, have no vote",
			props: []proposal{blob(100, 100, 200), blob(60, 60, 40), blob(140, 60, 40), blob(60, 140, 40)},
			probs: [][model.Classes]float64{
				probs(map[int]float64{6: 0.6, 2: 0.3, 0: 0.01}),
				probs(map[int]float64{2: 0.6, 1: 0.35, 0: 0.05}),
				probs(map[int]float64{2: 0.6, 1: 0.35, 0: 0.05}),
				probs(map[int]float64{2: 0.6, 1: 0.35, 0: 0.05}),
			},
			want: 6, uncertain: true,
		},
		{
			name:  "a sure die is not outvoted",
			props: []proposal{blob(100, 100, 40), blob(102, 101, 38), blob(99, 98, 42)},
			probs: [][model.Classes]float64{
				probs(map[int]float64{4: 0.95, 0: 0.05}),
				probs(map[int]float64{5: 0.6, 4: 0.35, 0: 0.05}),
				probs(map[int]float64{5: 0.6, 4: 0.35, 0: 0.05}),
			},
			want: 4, uncertain: false,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice, _ := decide(tt.props, tt.probs, rules.PipFaces)
			i := slices.IndexFunc(dice, func(d Die) bool { return d.Center == image.Pt(100, 100) })
			require.GreaterOrEqual(t, i, 0, "the die at (100, 100) is read")
			assert.Equal(t, tt.want, dice[i].Value)
			assert.Equal(t, tt.uncertain, dice[i].Uncertain)
		})
	}
}

func TestDecideDropsASideFaceTheDetectorDoesNotSee(t *testing.T) {
	face := func(x, y int, s float64, pips int, seen float64) proposal {
		c := newCandidate(float64(x), float64(y), s, s, 1, 0)
		return proposal{die: Die{Box: c.box, Center: c.center}, s: s, pips: pips, seen: seen}
	}
	top := face(240, 140, 49, 6, 0.6)
	sure6 := probs(map[int]float64{6: 0.99, 0: 0.01})
	read4 := probs(map[int]float64{4: 0.84, 5: 0.15, 0: 0.01})
	tests := []struct {
		name  string
		other proposal
		kept  bool
	}{
		{"right beside a top face it sees, unseen", face(250, 175, 37, 4, 0), false},
		{"right beside a top face it sees, seen itself", face(250, 175, 37, 4, 0.7), true},
		{"unseen but a die's length away", face(340, 175, 37, 4, 0), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice, _ := decide([]proposal{top, tt.other}, [][model.Classes]float64{sure6, read4}, rules.PipFaces)
			got := slices.ContainsFunc(dice, func(d Die) bool { return d.Center == tt.other.die.Center })
			assert.Equal(t, tt.kept, got)
			assert.True(t, slices.ContainsFunc(dice, func(d Die) bool { return d.Value == 6 }), "the top face stays")
		})
	}
}

func TestDecideDropsWhatIsNoDieBesideNoOther(t *testing.T) {
	at := func(pips int, unseen, plain bool) proposal {
		c := newCandidate(200, 200, 40, 40, 1, 0)
		return proposal{die: Die{Box: c.box, Center: c.center}, s: 40, pips: pips, unseen: unseen, plain: plain, seen: 0.6}
	}
	unsure3 := probs(map[int]float64{3: 0.6, 2: 0.3, 0: 0.1})
	sure1 := probs(map[int]float64{1: 0.98, 0: 0.02})
	sure5 := probs(map[int]float64{5: 0.99, 0: 0.01})
	tests := []struct {
		name string
		prop proposal
		pr   [model.Classes]float64
		kept bool
	}{
		{"an unsure face the detector did not see", at(4, true, false), unsure3, false},
		{"an unsure face the detector saw", at(4, false, false), unsure3, true},
		{"a sure face the detector did not see", at(5, true, false), sure5, true},
		{"a 1 whose face is the tray's colour", at(1, false, true), sure1, false},
		{"a 1 on a body of its own", at(1, false, false), sure1, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice, _ := decide([]proposal{tt.prop}, [][model.Classes]float64{tt.pr}, rules.PipFaces)
			assert.Equal(t, tt.kept, len(dice) == 1)
		})
	}
}

func TestDecideAsksABlindFaceOnlyWhereItMayBeALogoOrAFront(t *testing.T) {
	// A large face on which the pip finder saw no pip: a logo, a
	// translucent die, pips of the body's colour, or a die's front.
	blindAt := func(x, y int, s float64) proposal {
		c := newCandidate(float64(x), float64(y), s, s, 1, 0)
		return proposal{die: Die{Box: c.box, Center: c.center}, s: s, large: true, seen: 0.9}
	}
	top := func(x, y int, s float64) proposal {
		p := blindAt(x, y, s)
		p.pips, p.large = 4, false
		return p
	}
	sure4 := probs(map[int]float64{4: 0.98, 0: 0.02})
	tests := []struct {
		name      string
		props     []proposal
		pr        [model.Classes]float64
		uncertain bool
	}{
		{"read surely as five pips", []proposal{blindAt(200, 200, 60)}, probs(map[int]float64{5: 0.97, 0: 0.03}), false},
		{"read as five pips, not surely", []proposal{blindAt(200, 200, 60)}, probs(map[int]float64{5: 0.85, 3: 0.12, 0: 0.03}), true},
		{"read surely as a 1, as the model reads logos", []proposal{blindAt(200, 200, 60)}, probs(map[int]float64{1: 0.97, 0: 0.03}), true},
		{"read surely as five pips just below a die's top", []proposal{blindAt(200, 200, 60), top(200, 140, 48)}, probs(map[int]float64{5: 0.97, 0: 0.03}), true},
		{"read surely as five pips a die's length beside it", []proposal{blindAt(200, 200, 60), top(280, 140, 48)}, probs(map[int]float64{5: 0.97, 0: 0.03}), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pr := [][model.Classes]float64{tt.pr, sure4}[:len(tt.props)]
			dice, _ := decide(tt.props, pr, rules.PipFaces)
			i := slices.IndexFunc(dice, func(d Die) bool { return d.Center == image.Pt(200, 200) })
			require.GreaterOrEqual(t, i, 0, "the blind face is read")
			assert.Equal(t, tt.uncertain, dice[i].Uncertain)
		})
	}
}

func TestDecideReadsAOneItsPipAgreesWithAsAnyFace(t *testing.T) {
	// A lone pip agreeing with the model is held to the bar of any face
	// whose pips agree: a higher bar for 1s cost more dice read right than
	// it kept from being read wrong, on every row it moved.
	face := func(v int) proposal {
		c := newCandidate(200, 200, 60, 60, 1, 0)
		return proposal{die: Die{Box: c.box, Center: c.center, Value: v}, s: 60, pips: v, seen: 0.9}
	}
	tests := []struct {
		name      string
		p         proposal
		pr        [model.Classes]float64
		uncertain bool
	}{
		{"a 1 read surely", face(1), probs(map[int]float64{1: 0.97, 0: 0.03}), false},
		{"a 1 read fairly surely", face(1), probs(map[int]float64{1: 0.8, 3: 0.17, 0: 0.03}), false},
		{"a 4 read fairly surely", face(4), probs(map[int]float64{4: 0.8, 3: 0.17, 0: 0.03}), false},
		{"a 1 read unsurely", face(1), probs(map[int]float64{1: 0.6, 3: 0.37, 0: 0.03}), true},
		{"a 4 read unsurely", face(4), probs(map[int]float64{4: 0.6, 3: 0.37, 0: 0.03}), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dice, _ := decide([]proposal{tt.p}, [][model.Classes]float64{tt.pr}, rules.PipFaces)
			require.Len(t, dice, 1, "the face is read")
			assert.Equal(t, tt.p.pips, dice[0].Value)
			assert.Equal(t, tt.uncertain, dice[0].Uncertain)
		})
	}
}
