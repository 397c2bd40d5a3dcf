package vision

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"
)

func die(v, x, y int, uncertain bool) Die {
	return Die{Value: v, Center: image.Pt(x, y), Uncertain: uncertain}
}

func TestScoreMatchesGreedilyInsideTheGrownBox(t *testing.T) {
	box := func(x0, y0, x1, y1 float64) [4]float64 { return [4]float64{x0, y0, x1, y1} }
	cases := []struct {
		name     string
		labelled []Labelled
		reported []Die
		want     Accuracy
	}{
		{"empty tray read empty", nil, nil, Accuracy{Photos: 1, Exact: 1}},
		{"right die at the centre",
			[]Labelled{{3, box(10, 10, 30, 30)}}, []Die{die(3, 20, 20, false)},
			Accuracy{Photos: 1, Exact: 1, Labelled: 1, Matched: 1, Right: 1}},
		{"centre inside the box grown by half counts",
			[]Labelled{{3, box(10, 10, 30, 30)}}, []Die{die(3, 39, 1, false)},
			Accuracy{Photos: 1, Exact: 1, Labelled: 1, Matched: 1, Right: 1}},
		{"centre beyond the grown box is a false die and a miss",
			[]Labelled{{3, box(10, 10, 30, 30)}}, []Die{die(3, 41, 20, false)},
			Accuracy{Photos: 1, Exact: 1, Labelled: 1, False: 1}},
		{"confident wrong value is silently wrong",
			[]Labelled{{3, box(10, 10, 30, 30)}}, []Die{die(5, 20, 20, false)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Wrong: 1}},
		{"uncertain die is asked, neither right nor wrong",
			[]Labelled{{3, box(10, 10, 30, 30)}}, []Die{die(5, 20, 20, true)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Asked: 1}},
		{"nearest pair wins, one to one",
			[]Labelled{{2, box(0, 0, 20, 20)}, {4, box(20, 0, 40, 20)}},
			[]Die{die(4, 19, 10, false), die(2, 26, 10, false)},
			Accuracy{Photos: 1, Exact: 1, Labelled: 2, Matched: 2, Wrong: 2}},
		{"two reports on one die: one matches, one is false",
			[]Labelled{{6, box(0, 0, 20, 20)}}, []Die{die(6, 10, 10, false), die(6, 12, 12, false)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Right: 1, False: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Measure(c.labelled, c.reported))
		})
	}
}

func TestTallyRatesLeaveAskedDiceOutOfAccuracy(t *testing.T) {
	tl := Accuracy{Photos: 4, Exact: 3, Labelled: 10, Matched: 8, False: 2, Right: 6, Wrong: 1, Asked: 1}
	assert.InDelta(t, 0.8, tl.Recall(), 1e-9)
	assert.InDelta(t, 6.0/7, tl.ValueAccuracy(), 1e-9)
	assert.InDelta(t, 0.1, tl.SilentlyWrong(), 1e-9)
	assert.InDelta(t, 0.125, tl.AskedShare(), 1e-9)
	assert.InDelta(t, 0.75, tl.ExactShare(), 1e-9)
	assert.InDelta(t, 0.5, tl.FalsePerPhoto(), 1e-9)
	assert.Equal(t, Accuracy{Photos: 8, Exact: 6, Labelled: 20, Matched: 16, False: 4, Right: 12, Wrong: 2, Asked: 2}, tl.Add(tl))
}

func TestFoldSplitsByBasenameChecksum(t *testing.T) {
	in, err := ParseFold("0/5", false)
	assert.NoError(t, err)
	out, err := ParseFold("0/5", true)
	assert.NoError(t, err)
	names := []string{"a/dice_1.jpg", "b/dice_1.jpg", "x/IMG_1.jpg", "four_1.jpg", "three_45.jpg", "q.png"}
	for _, n := range names {
		assert.NotEqual(t, in.Holds(n), out.Holds(n), n)
	}
	assert.Equal(t, in.Holds("a/dice_1.jpg"), in.Holds("b/dice_1.jpg"), "only the basename counts")
	for _, bad := range []string{"5/5", "x", "1/0", "-1/5"} {
		_, err := ParseFold(bad, false)
		assert.Error(t, err, bad)
	}
}
