package vision

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func die(v, x, y int, uncertain bool) Die {
	return Die{Value: v, Center: image.Pt(x, y), Uncertain: uncertain}
}

func TestMeasureMatchesGreedilyInsideTheGrownBox(t *testing.T) {
	box := func(v int, x0, y0, x1, y1 float64) Labelled {
		return Labelled{Value: v, Box: [4]float64{x0, y0, x1, y1}, Boxed: true}
	}
	frame := image.Pt(100, 100)
	cases := []struct {
		name     string
		labelled []Labelled
		reported []Die
		want     Accuracy
	}{
		{"empty tray read empty", nil, nil, Accuracy{Photos: 1, Clean: 1, Confirmed: 1}},
		{"right die at the centre",
			[]Labelled{box(3, 10, 10, 30, 30)}, []Die{die(3, 20, 20, false)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Right: 1, Clean: 1, Confirmed: 1}},
		{"centre inside the box grown by half counts",
			[]Labelled{box(3, 10, 10, 30, 30)}, []Die{die(3, 39, 1, false)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Right: 1, Clean: 1, Confirmed: 1}},
		{"centre beyond the grown box is a false die and a miss",
			[]Labelled{box(3, 10, 10, 30, 30)}, []Die{die(3, 41, 20, false)},
			Accuracy{Photos: 1, Labelled: 1, False: 1, Confirmed: 1}},
		{"confident wrong value is silently wrong",
			[]Labelled{box(3, 10, 10, 30, 30)}, []Die{die(5, 20, 20, false)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Wrong: 1}},
		{"uncertain die is asked, neither right nor wrong, and right once confirmed",
			[]Labelled{box(3, 10, 10, 30, 30)}, []Die{die(3, 20, 20, true)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Asked: 1, Confirmed: 1}},
		{"nearest pair wins, one to one",
			[]Labelled{box(2, 0, 0, 20, 20), box(4, 20, 0, 40, 20)},
			[]Die{die(4, 19, 10, false), die(2, 26, 10, false)},
			Accuracy{Photos: 1, Labelled: 2, Matched: 2, Wrong: 2, Confirmed: 1}},
		{"two reports on one die: one matches, one is false",
			[]Labelled{box(6, 0, 0, 20, 20)}, []Die{die(6, 10, 10, false), die(6, 12, 12, false)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Right: 1, False: 1}},
		{"a die without a box matches the report nearest the centre",
			[]Labelled{{Value: 2}}, []Die{die(5, 5, 5, false), die(2, 55, 45, false)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Right: 1, False: 1}},
		{"a die without a box matches a report anywhere",
			[]Labelled{{Value: 2}}, []Die{die(2, 99, 0, false)},
			Accuracy{Photos: 1, Labelled: 1, Matched: 1, Right: 1, Clean: 1, Confirmed: 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, Measure(c.labelled, c.reported, frame))
		})
	}
}

func TestPairSaysWhatBecameOfEveryDie(t *testing.T) {
	box := func(v int, x0, y0 float64) Labelled {
		return Labelled{Value: v, Box: [4]float64{x0, y0, x0 + 20, y0 + 20}, Boxed: true}
	}
	labelled := []Labelled{box(1, 0, 0), box(2, 40, 0), box(3, 80, 0), box(4, 0, 60)}
	reported := []Die{
		die(5, 90, 10, false), // on the 3: silently wrong
		die(2, 49, 11, true),  // on the 2: asked
		die(9, 60, 90, false), // near nothing: false
		die(1, 10, 10, false), // on the 1: right
	}
	got := Pair(labelled, reported, image.Pt(100, 100))
	want := []Match{
		{Label: 0, Read: 3, Outcome: Right},
		{Label: 2, Read: 0, Outcome: Wrong},
		{Label: 1, Read: 1, Outcome: Asked},
		{Label: 3, Read: -1, Outcome: Missed},
		{Label: -1, Read: 2, Outcome: False},
	}
	assert.Equal(t, want, got, "matches nearest first, then the misses, then the false dice")

	a := Measure(labelled, reported, image.Pt(100, 100))
	assert.Equal(t, Accuracy{Photos: 1, Labelled: 4, Matched: 3, Right: 1, Wrong: 1, Asked: 1, False: 1}, a,
		"Measure counts what Pair says")
}

func TestAccuracyRatesLeaveAskedDiceOutOfValueAccuracy(t *testing.T) {
	a := Accuracy{Photos: 4, Labelled: 10, Matched: 8, False: 2, Right: 6, Wrong: 1, Asked: 1, Clean: 1, Confirmed: 3}
	assert.InDelta(t, 0.8, a.Recall(), 1e-9)
	assert.InDelta(t, 0.6, a.FirstTime(), 1e-9)
	assert.InDelta(t, 6.0/7, a.ValueAccuracy(), 1e-9)
	assert.InDelta(t, 0.1, a.SilentlyWrong(), 1e-9)
	assert.InDelta(t, 0.125, a.AskedShare(), 1e-9)
	assert.InDelta(t, 0.25, a.CleanShare(), 1e-9)
	assert.InDelta(t, 0.75, a.ConfirmedShare(), 1e-9)
	assert.InDelta(t, 0.5, a.FalsePerPhoto(), 1e-9)
	assert.Equal(t, Accuracy{Photos: 8, Labelled: 20, Matched: 16, False: 4, Right: 12, Wrong: 2, Asked: 2, Clean: 2, Confirmed: 6}, a.Add(a))
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

func TestLoadFolderReadsBoxesAndValuesOnly(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("images.csv", "image,n_dice,values\nimages/a.jpg,2,3 5\nimages/b.jpg,1,6\n")
	write("dice.csv", "image,value,xmin,ymin,xmax,ymax\nimages/a.jpg,3,1,2,11,12\nimages/a.jpg,5,20,2,30,12\nimages/b.jpg,6,,,,\n")
	photos, err := LoadFolder(dir)
	require.NoError(t, err)
	require.Len(t, photos, 2)
	assert.Equal(t, []Labelled{{Value: 3, Box: [4]float64{1, 2, 11, 12}, Boxed: true}, {Value: 5, Box: [4]float64{20, 2, 30, 12}, Boxed: true}}, photos[0].Dice)
	assert.Equal(t, []Labelled{{Value: 6}}, photos[1].Dice)

	write("dice.csv", "image,value,xmin,ymin,xmax,ymax\nimages/a.jpg,3,1,2,,12\nimages/a.jpg,5,20,2,30,12\nimages/b.jpg,6,,,,\n")
	_, err = LoadFolder(dir)
	assert.ErrorContains(t, err, "bad row for images/a.jpg", "a box half given is a mistake, not values only")
}
