package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dicecam/dicecam/vision"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

func corpus(t *testing.T, args ...string) string {
	t.Helper()
	dir := t.TempDir()
	base := []string{"corpus", "--out", dir, "--n", "4", "--seed", "9", "--size", "320x240"}
	require.NoError(t, run(context.Background(), &bytes.Buffer{}, append(base, args...)))
	return dir
}

func readRows(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err, path)
	return rows
}

// column returns the values of the named column of a CSV's rows.
func column(t *testing.T, rows [][]string, name string) []string {
	t.Helper()
	k := -1
	for i, h := range rows[0] {
		if h == name {
			k = i
		}
	}
	require.GreaterOrEqual(t, k, 0, "no column %s in %v", name, rows[0])
	var out []string
	for _, r := range rows[1:] {
		out = append(out, r[k])
	}
	return out
}

func TestCorpusWritesAFolderEvalCanReadAndWhatTrainingNeeds(t *testing.T) {
	dir := corpus(t)
	photos, err := vision.LoadFolder(dir)
	require.NoError(t, err, "dicecam eval reads the folder")
	assert.Len(t, photos, 4)
	dice := 0
	for _, p := range photos {
		dice += len(p.Dice)
		_, err := os.Stat(p.Path)
		assert.NoError(t, err)
	}
	faces := readRows(t, filepath.Join(dir, "faces.csv"))
	assert.Equal(t, strings.TrimSuffix(facesHeader, "\n"), strings.Join(faces[0], ","))
	listed := 0
	for _, l := range column(t, faces, "listed") {
		listed += int(l[0] - '0')
	}
	assert.Equal(t, dice, listed, "dice.csv holds the listed faces")
	scenes := readRows(t, filepath.Join(dir, "scenes.csv"))
	assert.Len(t, scenes, 5, "a header and a row a scene")
	for _, tb := range column(t, scenes, "table") {
		assert.NotEmpty(t, tb)
	}
	kinds := map[string]bool{}
	for _, k := range column(t, readRows(t, filepath.Join(dir, "distractors.csv")), "kind") {
		kinds[k] = true
		assert.NotContains(t, k, "PropKind", "every distractor is named")
	}
	assert.NotEmpty(t, kinds, "four scenes hold some other dice or things")
}

func TestCorpusWritesTheSameFilesHoweverManyWorkersDrawIt(t *testing.T) {
	one, two := corpus(t, "--workers", "1"), corpus(t, "--workers", "2")
	var files []string
	require.NoError(t, filepath.WalkDir(one, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(one, path)
			files = append(files, rel)
		}
		return err
	}))
	assert.Len(t, files, 6+4, "six manifests and four pictures")
	for _, f := range files {
		assert.Equal(t, readFile(t, filepath.Join(one, f)), readFile(t, filepath.Join(two, f)), f)
	}
}

func TestCorpusHoldsFamiliesOutAndDrawsOnlyThoseAsked(t *testing.T) {
	dir := corpus(t, "--n", "6", "--hold", "felt,felt-square,felt-hex", "--only", "gold-on-black")
	scenes := readRows(t, filepath.Join(dir, "scenes.csv"))
	for _, tb := range column(t, scenes, "table") {
		assert.False(t, strings.HasPrefix(tb, "felt"), "table %s was held", tb)
	}
	for _, l := range column(t, scenes, "looks") {
		assert.Contains(t, []string{"gold-on-black", ""}, l)
	}
}

func TestCorpusSeesEverySceneAtTheTiltsAsked(t *testing.T) {
	dir := corpus(t, "--n", "6", "--tilt", "62-70")
	for _, v := range column(t, readRows(t, filepath.Join(dir, "scenes.csv")), "tilt") {
		var tilt float64
		_, err := fmt.Sscan(v, &tilt)
		require.NoError(t, err)
		assert.True(t, tilt >= 62 && tilt <= 70, "tilt %g outside 62-70", tilt)
	}
	for _, bad := range []string{"70", "70-62", "60-95"} {
		err := run(context.Background(), &bytes.Buffer{}, []string{"corpus", "--out", t.TempDir(), "--n", "1", "--tilt", bad})
		assert.ErrorContains(t, err, "tilt", "--tilt %s", bad)
	}
}

// fakeDataset writes labelled folders of twenty grey photographs, each
// with one red die of value 1 + its number mod 6.
func fakeDataset(t *testing.T, names ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, name := range names {
		dir := filepath.Join(root, name)
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "images"), 0o755))
		images, dice := "image,n_dice,values\n", "image,value,xmin,ymin,xmax,ymax\n"
		for i := range 20 {
			rel := fmt.Sprintf("images/%s-%d.jpg", name, i)
			img := gocv.NewMatWithSize(100, 100, gocv.MatTypeCV8UC3)
			img.SetTo(gocv.NewScalar(170, 170, 170, 0))
			gocv.Rectangle(&img, image.Rect(30, 30, 70, 70), color.RGBA{200, 30, 40, 255}, -1)
			require.NoError(t, writeJPEG(filepath.Join(dir, rel), img, 90))
			img.Close()
			v := 1 + i%6
			images += fmt.Sprintf("%s,1,%d\n", rel, v)
			dice += fmt.Sprintf("%s,%d,30,30,70,70\n", rel, v)
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, "images.csv"), []byte(images), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "dice.csv"), []byte(dice), 0o644))
	}
	return root
}

func TestPastedDiceComeOnlyFromTheListedSourcesOutsideTheExcludedFold(t *testing.T) {
	root := fakeDataset(t, "trays", "others")
	inFold := 0
	for i := range 20 {
		if crc32.ChecksumIEEE(fmt.Appendf(nil, "trays-%d.jpg", i))%5 == 0 {
			inFold++
		}
	}
	require.NotZero(t, inFold, "some photographs must be in fold 0 for the test to mean anything")
	dir := corpus(t, "--n", "24", "--paste", "trays", "--paste-root", root, "--exclude-fold", "0/5")
	pasted := 0
	for _, src := range column(t, readRows(t, filepath.Join(dir, "faces.csv")), "source") {
		if src == "" {
			continue
		}
		pasted++
		folder, name, ok := strings.Cut(src, "/")
		require.True(t, ok, src)
		assert.Equal(t, "trays", folder, "pasted from a source not listed")
		assert.NotZero(t, crc32.ChecksumIEEE([]byte(name))%5, "%s is in the excluded fold", name)
	}
	assert.Greater(t, pasted, 0, "some scenes paste real dice")
}

func TestPastingRefusesWhatCannotGiveWholeDice(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"boxes round the pips only", []string{"--paste", "webcam-desk"}, "pip group"},
		{"no boxes at all", []string{"--paste", "whitebox-singles"}, "no boxes"},
		{"a folder not there", []string{"--paste", "nowhere", "--paste-root", t.TempDir()}, "--paste-root"},
		{"a fold that leaves nothing", []string{"--paste", "only", "--paste-root", fakeDataset(t, "only"), "--exclude-fold", "0/1"}, "no photograph"},
		{"a bad fold", []string{"--exclude-fold", "5/5"}, "K/N"},
		{"an unknown family", []string{"--hold", "velvet"}, "unknown family"},
		{"a bad size list", []string{"--size", "640x480,big"}, "WIDTHxHEIGHT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"corpus", "--out", t.TempDir(), "--n", "1"}, tt.args...)
			err := run(context.Background(), &bytes.Buffer{}, args)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
}
