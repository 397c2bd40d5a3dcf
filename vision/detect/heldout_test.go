package detect

import (
	"encoding/csv"
	"hash/crc32"
	"image"
	"math"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/matcheck"
)

// datasets is ../shared/datasets seen from this package's folder.
var datasets = filepath.Join(repo, "..", "shared", "datasets")

// labelled is one photo of a dataset: its dice boxes and values.
type labelled struct {
	boxes  []image.Rectangle
	sides  []float64 // max(w, h) of each labelled box, unrounded as calibrate reads it
	values []int
}

// readDataset reads a dataset folder's dice.csv and images.csv, by image.
func readDataset(t *testing.T, folder string) map[string]*labelled {
	t.Helper()
	photos := map[string]*labelled{}
	for _, name := range []string{"images.csv", "dice.csv"} {
		f, err := os.Open(filepath.Join(folder, name))
		if os.IsNotExist(err) {
			t.Skipf("%s is absent: the held-out check needs ../shared/datasets", folder)
		}
		require.NoError(t, err)
		rows, err := csv.NewReader(f).ReadAll()
		f.Close()
		require.NoError(t, err)
		for _, r := range rows[1:] {
			p := photos[r[0]]
			if p == nil {
				p = &labelled{}
				photos[r[0]] = p
			}
			if name == "images.csv" {
				continue
			}
			var v [5]float64
			for i := range v {
				v[i], err = strconv.ParseFloat(r[1+i], 64)
				require.NoError(t, err)
			}
			p.values = append(p.values, int(v[0]))
			p.sides = append(p.sides, math.Max(v[3]-v[1], v[4]-v[2]))
			p.boxes = append(p.boxes, image.Rect(int(math.Floor(v[1])), int(math.Floor(v[2])), int(math.Ceil(v[3])), int(math.Ceil(v[4]))))
		}
	}
	return photos
}

// profileDieSide is the die side a profile calibrated on the other folds
// gives the detector: the geometric mean of calibrate's die_size range
// [floor(0.7·lo), ceil(1.5·hi)], lo and hi the 2nd and 98th percentile sides
// of dice showing 2 to 6.
func profileDieSide(photos map[string]*labelled, heldOut func(string) bool) float64 {
	var sides []float64
	for name, p := range photos {
		if heldOut(name) {
			continue
		}
		for i, s := range p.sides {
			if p.values[i] >= 2 {
				sides = append(sides, s)
			}
		}
	}
	slices.Sort(sides)
	lo, hi := sides[len(sides)/50], sides[len(sides)-1-len(sides)/50]
	return math.Sqrt(math.Floor(0.7*lo) * math.Ceil(1.5*hi))
}

// TestDetectFindsHeldOutDice scores the detector alone on fold 0 of the
// shared datasets (crc32 of the base name, modulo 5), the photos it was never
// trained on. The floors sit a little under the figures in
// tools/detect/report.md.
func TestDetectFindsHeldOutDice(t *testing.T) {
	if testing.Short() {
		t.Skip("reads about 90 photos")
	}
	matcheck.Check(t)
	d := newDetector(t)
	for _, c := range []struct {
		folder         string
		minRecall      float64
		maxFalsePerImg float64
	}{
		{"tray-topdown", 0.97, 0.8},
		{"webcam-desk", 0.98, 0.5},
	} {
		t.Run(c.folder, func(t *testing.T) {
			folder := filepath.Join(datasets, c.folder)
			photos := readDataset(t, folder)
			heldOut := func(name string) bool { return crc32.ChecksumIEEE([]byte(path.Base(name)))%5 == 0 }
			side := profileDieSide(photos, heldOut)
			var dice, found, extra, n int
			for name, p := range photos {
				if !heldOut(name) {
					continue
				}
				frame := readFrame(t, filepath.Join(folder, name))
				got, err := d.Detect(frame, side)
				frame.Close()
				require.NoError(t, err)
				m := match(got, p.boxes)
				n++
				dice += len(p.boxes)
				found += m
				extra += len(got) - m
			}
			require.NotZero(t, dice)
			t.Logf("%s fold 0: %d photos, die side %.1f px, recall %d/%d, %d false", c.folder, n, side, found, dice, extra)
			assert.GreaterOrEqual(t, float64(found)/float64(dice), c.minRecall, "recall")
			assert.LessOrEqual(t, float64(extra)/float64(n), c.maxFalsePerImg, "false dice per photo")
		})
	}
}
