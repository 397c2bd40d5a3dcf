package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// labelledFolder writes a folder in the datasets format holding one photo of
// six dice showing 1 to 6.
func labelledFolder(t *testing.T) string {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no saved profile gets in the way
	dir := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(dir, "images"), 0o755))
	fixtureRoll(t, filepath.Join(dir, "images"))
	boxes := []string{
		"1,261,150,316,205", "2,446,260,515,326", "3,126,95,202,170",
		"4,131,174,210,249", "5,482,172,560,245", "6,298,266,363,332",
	}
	dice := "image,value,xmin,ymin,xmax,ymax\n"
	for _, b := range boxes {
		dice += "images/roll.jpg," + b + "\n"
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "images.csv"), []byte("image,n_dice,values\nimages/roll.jpg,6,1 2 3 4 5 6\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "dice.csv"), []byte(dice), 0o644))
	return dir
}

func TestEvalScoresALabelledFolder(t *testing.T) {
	dir := labelledFolder(t)
	code, stdout, stderr := runCmd(t, "eval", dir)
	require.Equal(t, 0, code, stderr)
	for _, want := range []string{"found", "first time", "clean photos", "silently wrong", "asked", "false dice", "value accuracy", "confirmed", "ms/photo"} {
		assert.Contains(t, stdout, want)
	}
	assert.Regexp(t, filepath.Base(dir)+`\s+1\s+6\s+100\.0 %`, stdout, "one photo, six dice, all found")
	assert.NotContains(t, stdout, "total", "one folder has no total")
}

func TestEvalGivesARowPerFolderAndATotal(t *testing.T) {
	dir := labelledFolder(t)
	other := t.TempDir()
	require.NoError(t, os.CopyFS(other, os.DirFS(dir)))
	code, stdout, stderr := runCmd(t, "eval", "--json", dir, other)
	require.Equal(t, 0, code, stderr)
	var rows []evalRow
	require.NoError(t, json.Unmarshal([]byte(stdout), &rows))
	require.Len(t, rows, 3)
	assert.Equal(t, []string{filepath.Base(dir), filepath.Base(other), "total"}, []string{rows[0].Folder, rows[1].Folder, rows[2].Folder})
	assert.Equal(t, 1, rows[0].Photos)
	assert.Equal(t, 2, rows[2].Photos)
	assert.Equal(t, 12, rows[2].Dice)
	assert.Equal(t, rows[0].FirstTime, rows[2].FirstTime, "the same photo twice reads alike")
	assert.InDelta(t, 1.0, float64(rows[2].Found), 1e-9)
}

func TestEvalWritesEveryDieItScored(t *testing.T) {
	dir := labelledFolder(t)
	// Relabel the 1 as a 2, take the 6's label away and label a die where
	// none lies: a wrong or asked die, a false one and a missed one.
	labels := "image,value,xmin,ymin,xmax,ymax\n" +
		"images/roll.jpg,2,261,150,316,205\nimages/roll.jpg,2,446,260,515,326\nimages/roll.jpg,3,126,95,202,170\n" +
		"images/roll.jpg,4,131,174,210,249\nimages/roll.jpg,5,482,172,560,245\nimages/roll.jpg,4,10,10,40,40\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "dice.csv"), []byte(labels), 0o644))
	out := filepath.Join(t.TempDir(), "dice.csv")
	code, stdout, stderr := runCmd(t, "eval", "--json", "--dice", out, dir)
	require.Equal(t, 0, code, stderr)
	var rows []evalRow
	require.NoError(t, json.Unmarshal([]byte(stdout), &rows))
	require.Len(t, rows, 1)

	recs := readCSV(t, out)
	require.Equal(t, diceHeader, recs[0])
	byOutcome := map[string][][]string{}
	for _, r := range recs[1:] {
		assert.Equal(t, []string{filepath.Base(dir), "images/roll.jpg"}, r[:2])
		byOutcome[r[2]] = append(byOutcome[r[2]], r)
	}
	row := rows[0]
	assert.Len(t, recs, 1+6+1, "six labelled dice and the false one")
	assert.InDelta(t, float64(row.FirstTime)*6, float64(len(byOutcome["right"])), 1e-9, "the rows right are the first time's dice")
	assert.InDelta(t, float64(row.SilentlyWrong)*6, float64(len(byOutcome["wrong"])), 1e-9)
	assert.InDelta(t, float64(row.FalsePerPhoto), float64(len(byOutcome["false"])), 1e-9)

	require.Len(t, byOutcome["missed"], 1)
	assert.Equal(t, []string{"4", "", "", "", "25", "25", "30"}, byOutcome["missed"][0][3:], "a missed die lies at its box's centre")
	require.Len(t, byOutcome["false"], 1)
	assert.Equal(t, []string{"", "6", "6"}, byOutcome["false"][0][3:6], "the 6 no label matched")
	relabelled := slices.IndexFunc(recs, func(r []string) bool { return r[3] == "2" && r[4] == "1" })
	require.Positive(t, relabelled, "the 1 labelled 2 is read as a 1")
	assert.Contains(t, []string{"wrong", "asked"}, recs[relabelled][2])
}

// With --why each die read says what the reader's checks make of it, and
// the rows are those --dice writes without it. The roll's dice are read
// surely and right: each one's pips are counted as its value, and none
// lies as a front; the model takes each die but the 1 surely for one,
// and their pips agree. (A 1 agrees by its lone pip, which this photo's
// does not pass.) A die missed has the columns empty.
func TestEvalWhySaysWhatTheChecksMakeOfEveryDieRead(t *testing.T) {
	dir := labelledFolder(t)
	with := diceRows(t, dir, true)
	without := diceRows(t, dir, false)
	require.Len(t, with, len(without))
	require.Equal(t, append(slices.Clone(diceHeader), whyHeader...), with[0])
	read := 0
	for i, r := range with[1:] {
		assert.Equal(t, without[i+1], r[:len(diceHeader)], "the rows --dice writes")
		if r[2] != "right" {
			continue
		}
		read++
		why := r[len(diceHeader):]
		assert.Equal(t, "false", why[0], "not asked: %v", r)
		assert.Equal(t, r[4], why[2], "its pips counted: %v", r)
		assert.Equal(t, "false", why[4], "no front: %v", r)
		assert.Equal(t, "none", why[6], "no rule asked about it: %v", r)
		if r[4] == "1" {
			continue
		}
		none, err := strconv.ParseFloat(why[1], 64)
		require.NoError(t, err)
		assert.Less(t, none, 0.02, "the model takes it for a die: %v", r)
		assert.Equal(t, "true", why[3], "its pips agree: %v", r)
	}
	assert.Equal(t, 6, read)

	// The 6's label moved where no die lies: missed, nothing to explain.
	b, err := os.ReadFile(filepath.Join(dir, "dice.csv"))
	require.NoError(t, err)
	moved := strings.Replace(string(b), "6,298,266,363,332", "6,10,10,40,40", 1)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "dice.csv"), []byte(moved), 0o644))
	rows := diceRows(t, dir, true)
	missed := slices.IndexFunc(rows, func(r []string) bool { return r[2] == "missed" })
	require.Positive(t, missed)
	assert.Equal(t, make([]string, len(whyHeader)), rows[missed][len(diceHeader):])
}

// diceRows runs eval --dice on dir, with --why where why, and returns the
// file's records.
func diceRows(t *testing.T, dir string, why bool) [][]string {
	t.Helper()
	out := filepath.Join(t.TempDir(), "dice.csv")
	args := []string{"eval", "--dice", out, dir}
	if why {
		args = append(args, "--why")
	}
	code, _, stderr := runCmd(t, args...)
	require.Equal(t, 0, code, stderr)
	return readCSV(t, out)
}

// readCSV is the records of the CSV file at path.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	return recs
}

func TestEvalFlagMistakesAreUsageErrors(t *testing.T) {
	dir := labelledFolder(t)
	cases := [][]string{
		{"eval"},
		{"eval", "--fold", "5/5", dir},
		{"eval", "--fold", "0/5", "--exclude-fold", "0/5", dir},
		{"eval", "--why", dir},
	}
	for _, args := range cases {
		code, _, _ := runCmd(t, args...)
		assert.Equal(t, 2, code, strings.Join(args, " "))
	}
}

func TestEvalNamesAFolderWithoutLabels(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	code, _, stderr := runCmd(t, "eval", t.TempDir())
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "images.csv")
}

func TestEvalAndCalibrateOfAFolderWithoutPhotosSayWhyThereAreNone(t *testing.T) {
	empty := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(empty, "images.csv"), []byte("image,n_dice,values\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(empty, "dice.csv"), []byte("image,value,xmin,ymin,xmax,ymax\n"), 0o644))
	one := labelledFolder(t) // its one photo is in the only fold of one
	for _, tc := range []struct {
		args []string
		says string
	}{
		{[]string{"eval", empty}, "no photos in " + empty + ": its images.csv lists none"},
		{[]string{"eval", "--json", empty}, "its images.csv lists none"},
		{[]string{"calibrate", "--from", empty, "--out", filepath.Join(t.TempDir(), "p.json")}, "its images.csv lists none"},
		{[]string{"eval", "--exclude-fold", "0/1", one}, "no photos of " + one + " are in the fold that --fold or --exclude-fold chose"},
	} {
		code, stdout, stderr := runCmd(t, tc.args...)
		assert.Equal(t, 1, code, "%v", tc.args)
		assert.Contains(t, stderr, tc.says, "%v", tc.args)
		assert.NotContains(t, stdout+stderr, "NaN", "%v", tc.args)
	}
}

func TestCalibrateFromAFolderWritesAProfileReadCanUse(t *testing.T) {
	dir := labelledFolder(t)
	out := filepath.Join(t.TempDir(), "p.json")
	code, _, stderr := runCmd(t, "calibrate", "--from", dir, "--out", out)
	require.Equal(t, 0, code, stderr)
	p, err := vision.LoadProfile(out)
	require.NoError(t, err)
	assert.Equal(t, rules.PipFaces, p.Faces)
	assert.Greater(t, p.DieSize[1], 80.0, "the dice are 55 to 79 px across")
	assert.Less(t, p.DieSize[0], 55.0)
	// Every way reads the one photo's six dice: the defaults, first, are kept.
	assert.Contains(t, stderr, "read the sample built-in defaults")
	assert.Contains(t, stderr, "the built-in defaults read these photos as well as any profile fitted to them")

	code, stdout, stderr := runCmd(t, "read", "--profile", out, filepath.Join(dir, "images", "roll.jpg"))
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "6 dice:")
}

func TestEvalOfPhotosThatCannotBeReadSaysSoWithoutNaN(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "images.csv"), []byte("image,n_dice,values\nmissing.jpg,1,3\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "dice.csv"), []byte("image,value,xmin,ymin,xmax,ymax\nmissing.jpg,3,,,,\n"), 0o644))
	for _, args := range [][]string{{"eval", dir}, {"eval", "--json", dir}} {
		code, stdout, stderr := runCmd(t, args...)
		assert.Equal(t, 1, code)
		assert.NotContains(t, stdout, "NaN", "%v", args)
		assert.Contains(t, stderr, "missing.jpg")
		assert.Contains(t, stderr, "1 of 1 photos could not be read")
		if len(args) == 3 {
			var rows []map[string]any
			require.NoError(t, json.Unmarshal([]byte(stdout), &rows), stdout)
			require.Len(t, rows, 1)
			assert.Nil(t, rows[0]["false_dice_per_photo"], "a share over no photo has no value")
		} else {
			assert.Contains(t, stdout, "0 (- a photo)")
		}
	}
}

func TestEvalReadsWithTheModelsNamed(t *testing.T) {
	dir := labelledFolder(t)
	models := t.TempDir()
	for _, f := range []string{"../../vision/model/dice.onnx", "../../vision/detect/detector.onnx"} {
		b, err := os.ReadFile(f)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(models, filepath.Base(f)), b, 0o644))
	}
	code, builtIn, stderr := runCmd(t, "eval", "--json", dir)
	require.Equal(t, 0, code, stderr)
	code, named, stderr := runCmd(t, "eval", "--json", "--models", models, dir)
	require.Equal(t, 0, code, stderr)
	var a, b []evalRow
	require.NoError(t, json.Unmarshal([]byte(builtIn), &a))
	require.NoError(t, json.Unmarshal([]byte(named), &b))
	a[0].MsPerPhoto, b[0].MsPerPhoto = 0, 0
	assert.Equal(t, a, b, "the same files read alike")

	code, _, stderr = runCmd(t, "eval", "--models", t.TempDir(), dir)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "holds none of dice.onnx, poker.onnx and detector.onnx")
}

func TestEvalWritesNoneForAShareOfNothing(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := labelledFolder(t)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "images.csv"), []byte("image,n_dice,values\nimages/roll.jpg,0,\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "dice.csv"), []byte("image,value,xmin,ymin,xmax,ymax\n"), 0o644))
	code, stdout, stderr := runCmd(t, "eval", "--json", dir)
	require.Equal(t, 0, code, stderr)
	var rows []map[string]any
	require.NoError(t, json.Unmarshal([]byte(stdout), &rows))
	require.Len(t, rows, 1)
	assert.Nil(t, rows[0]["found"], "no labelled dice: nothing to have found")
	code, stdout, _ = runCmd(t, "eval", dir)
	require.Equal(t, 0, code)
	assert.NotContains(t, stdout, "NaN")
}

func TestCalibrateFromValuesOnlyPlacesTheDiceItself(t *testing.T) {
	dir := labelledFolder(t)
	dice := "image,value,xmin,ymin,xmax,ymax\n"
	for v := 1; v <= 6; v++ {
		dice += "images/roll.jpg," + strconv.Itoa(v) + ",,,,\n"
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "dice.csv"), []byte(dice), 0o644))
	out := filepath.Join(t.TempDir(), "p.json")
	code, _, stderr := runCmd(t, "calibrate", "--from", dir, "--out", out)
	require.Equal(t, 0, code, stderr)
	p, err := vision.LoadProfile(out)
	require.NoError(t, err)
	assert.NoError(t, p.Validate())
	assert.Less(t, p.DieSize[0], 80.0, "the dice the reader placed are measured")
}

// A user has the README, not the folders the project is developed beside:
// the help of the commands that read labelled photos points at its section.
func TestEvalAndCalibrateHelpPointAtTheReadmesLabelledPhotos(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	require.NoError(t, err)
	assert.Contains(t, string(readme), "\n## Labelled photos\n")
	for _, command := range []string{"eval", "calibrate"} {
		code, stdout, stderr := runCmd(t, command, "--help")
		assert.Equal(t, 0, code)
		help := strings.Join(strings.Fields(stdout+stderr), " ")
		assert.Contains(t, help, `README's "Labelled photos"`, command)
		assert.NotContains(t, help, "shared/datasets", command)
	}
}
