package main

import (
	"bytes"
	"context"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"testing"

	"github.com/dicecam/dicecam/vision/synth"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const fixtures = "../../testdata/fixtures"

// TestCommittedFixturesMatchTheGenerator regenerates a few cases and checks
// that the committed files are what the generator writes, so nobody edits a
// fixture by hand. Manifests must match byte for byte; pictures within a
// grey level, since OpenCV's SIMD paths may round differently elsewhere.
func TestCommittedFixturesMatchTheGenerator(t *testing.T) {
	want := map[string]bool{"colours": true, "angled": true, "poker": true, "logo": true, "empty": true}
	dir := t.TempDir()
	for _, c := range synth.Fixtures() {
		if !want[c.Name] {
			continue
		}
		delete(want, c.Name)
		t.Run(c.Name, func(t *testing.T) {
			_, err := writeCase(context.Background(), filepath.Join(dir, c.Name), c)
			require.NoError(t, err)
			for _, name := range []string{"images.csv", "dice.csv", "truth.csv"} {
				got := readFile(t, filepath.Join(dir, c.Name, name))
				committed := readFile(t, filepath.Join(fixtures, c.Name, name))
				assert.Equal(t, string(committed), string(got), "%s/%s differs: run go run ./cmd/dicegen fixtures --out testdata/fixtures", c.Name, name)
			}
			for i := range c.Shots {
				rel := filepath.Join(c.Name, "images", c.Name+"-"+string(rune('0'+i))+".jpg")
				got := decode(t, filepath.Join(dir, rel))
				committed := decode(t, filepath.Join(fixtures, rel))
				assert.Less(t, meanDiff(t, got, committed), 1.0, "%s differs from a fresh render", rel)
			}
		})
	}
	assert.Empty(t, want, "cases missing from synth.Fixtures")
}

func TestScenesWritesAFolderEvalCanRead(t *testing.T) {
	dir := t.TempDir()
	var out bytes.Buffer
	require.NoError(t, run(context.Background(), &out, []string{"scenes", "--out", dir, "--n", "3", "--seed", "5", "--size", "320x240"}))
	images := readFile(t, filepath.Join(dir, "images.csv"))
	assert.Equal(t, 4, bytes.Count(images, []byte("\n")), "a header and one row a picture:\n%s", images)
	for _, name := range []string{"scene-000005.jpg", "scene-000006.jpg", "scene-000007.jpg"} {
		img := decode(t, filepath.Join(dir, "images", name))
		assert.Equal(t, image.Rect(0, 0, 320, 240), img.Bounds())
	}
}

func TestBadCommandLinesSayWhatToDo(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{nil, "usage"},
		{[]string{"fixtures"}, "--out DIR is required"},
		{[]string{"paint", "--out", "x"}, "unknown command"},
		{[]string{"scenes", "--out", "x", "--size", "big"}, "WIDTHxHEIGHT"},
		{[]string{"scenes", "--out", t.TempDir(), "--n", "0"}, "at least one"},
	}
	for _, c := range cases {
		err := run(context.Background(), &bytes.Buffer{}, c.args)
		require.Error(t, err, "%v", c.args)
		assert.Contains(t, err.Error(), c.want)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}

func decode(t *testing.T, path string) image.Image {
	t.Helper()
	img, err := jpeg.Decode(bytes.NewReader(readFile(t, path)))
	require.NoError(t, err, path)
	return img
}

func meanDiff(t *testing.T, a, b image.Image) float64 {
	t.Helper()
	require.Equal(t, a.Bounds(), b.Bounds())
	sum, n := 0.0, 0
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			for _, d := range []int{int(r1) - int(r2), int(g1) - int(g2), int(b1) - int(b2)} {
				sum += float64(max(d, -d)) / 257
				n++
			}
		}
	}
	return sum / float64(n)
}
