package vision

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/benchframe"
	"github.com/dicecam/dicecam/internal/cvthreads"
	"github.com/dicecam/dicecam/internal/matcheck"
)

// readFolder reads every photo of a labelled folder and tallies the result.
func readFolder(t testing.TB, r *Reader, photos []Photo) Accuracy {
	t.Helper()
	var total Accuracy
	for _, ph := range photos {
		a, err := r.ReadPhoto(ph)
		require.NoError(t, err)
		total = total.Add(a)
	}
	return total
}

// fixtureFloors are what the reader reaches on each generated fixture case
// without a profile, a little under the measured figures, so a change that
// reads worse fails. Every case must read no die wrongly with confidence.
var fixtureFloors = map[string]struct {
	recall   float64
	exact    float64
	maxFalse int
}{
	// measured: recall 1.00 on every case but touching (0.89); exact as below.
	// colours: 0.67 since unsure dice are read from several views, which
	// settles dice on real trays but turns one die here that stays asked.
	"angled":       {1.00, 0.3, 4},
	"blur":         {1.00, 1.0, 0},
	"colours":      {1.00, 0.6, 0},
	"crowd":        {0.95, 0.0, 0},
	"empty":        {0, 1.0, 0},
	"four-dice":    {1.00, 1.0, 0},
	"glare":        {1.00, 0.6, 0},
	"large":        {1.00, 1.0, 0},
	"logo":         {1.00, 0.0, 0},
	"rotations":    {1.00, 1.0, 0},
	"shadow":       {1.00, 0.6, 0},
	"six-dice":     {1.00, 1.0, 0},
	"surfaces":     {1.00, 1.0, 0},
	"tiny":         {1.00, 1.0, 0},
	"touching":     {0.85, 0.3, 0},
	"uneven-light": {1.00, 0.6, 0},
}

func TestFixturesReplayWithoutConfidentMistakes(t *testing.T) {
	root := filepath.Join("..", "testdata", "fixtures")
	cases, err := os.ReadDir(root)
	if os.IsNotExist(err) {
		t.Skipf("%s is absent: generate it with go run ./cmd/dicegen fixtures", root)
	}
	require.NoError(t, err)
	for _, c := range cases {
		if !c.IsDir() || c.Name() == "poker" {
			continue // poker dice need a profile: TestPokerDiceReadByCalibratedTemplates
		}
		t.Run(c.Name(), func(t *testing.T) {
			matcheck.Check(t)
			photos, err := LoadFolder(filepath.Join(root, c.Name()))
			require.NoError(t, err)
			floor, ok := fixtureFloors[c.Name()]
			require.True(t, ok, "fixture case %s has no floor: measure it and add one", c.Name())
			r, err := NewReader(nil)
			require.NoError(t, err)
			defer r.Close()
			got := readFolder(t, r, photos)
			t.Logf("recall %.3f, exact %.3f, false %d, wrong %d, asked %d of %d", got.Recall(), got.ConfirmedShare(), got.False, got.Wrong, got.Asked, got.Matched)
			assert.Zero(t, got.Wrong, "dice read wrongly with confidence")
			if got.Labelled > 0 {
				assert.GreaterOrEqual(t, got.Recall(), floor.recall, "recall")
			}
			assert.GreaterOrEqual(t, got.ConfirmedShare(), floor.exact, "exact photos")
			assert.LessOrEqual(t, got.False, floor.maxFalse, "false dice")
		})
	}
}

// BenchmarkReadFiveDice1280x720 is the speed target: run it with
// GOMAXPROCS=1 for one core; benchRead holds OpenCV to one thread itself.
func BenchmarkReadFiveDice1280x720(b *testing.B) {
	frame := benchframe.FiveDice(b, 1280, 720)
	defer frame.Close()
	benchRead(b, frame, nil)
}

// BenchmarkReadFiveDice1920x1080 is the target for a 1080p camera.
func BenchmarkReadFiveDice1920x1080(b *testing.B) {
	frame := benchframe.FiveDice(b, 1920, 1080)
	defer frame.Close()
	benchRead(b, frame, nil)
}

// BenchmarkReadFiveDiceDetectorOnly1280x720 reads the frame with the
// detector and the model alone, as a profile for an unfamiliar table may.
func BenchmarkReadFiveDiceDetectorOnly1280x720(b *testing.B) {
	frame := benchframe.FiveDice(b, 1280, 720)
	defer frame.Close()
	p := DefaultProfile()
	p.DetectorOnly = true
	benchRead(b, frame, p)
}

// BenchmarkReadFiveDiceWithDetector1280x720 reads the same frame as a
// profile calibrated for its dice, with the detector on, reads it.
func BenchmarkReadFiveDiceWithDetector1280x720(b *testing.B) {
	frame := benchframe.FiveDice(b, 1280, 720)
	defer frame.Close()
	plain, err := NewReader(nil)
	require.NoError(b, err)
	dice, err := plain.Read(frame)
	require.NoError(b, plain.Close())
	require.NoError(b, err)
	lo, hi := math.Inf(1), 0.0
	for _, d := range dice {
		side := math.Hypot(float64(d.Box[1].X-d.Box[0].X), float64(d.Box[1].Y-d.Box[0].Y))
		lo, hi = math.Min(lo, side), math.Max(hi, side)
	}
	p := DefaultProfile()
	p.DieSize = [2]float64{math.Floor(0.7 * lo), math.Ceil(1.5 * hi)} // as Calibrate widens it
	p.Detector = true
	benchRead(b, frame, p)
}

// BenchmarkReadFiveDiceWithAFacesHead1280x720 reads the frame as a profile
// whose head reads faces only does: the frame is read twice, the second
// time from the first reading's search and the model's forward passes.
func BenchmarkReadFiveDiceWithAFacesHead1280x720(b *testing.B) {
	frame := benchframe.FiveDice(b, 1280, 720)
	defer frame.Close()
	p := DefaultProfile()
	p.Head = zeroHead(96)
	p.Head.Faces = true
	benchRead(b, frame, p)
}

func benchRead(b *testing.B, frame gocv.Mat, p *Profile) {
	defer cvthreads.Set(cvthreads.Set(1))
	r, err := NewReader(p)
	require.NoError(b, err)
	defer r.Close()
	dice, err := r.Read(frame)
	require.NoError(b, err)
	require.Len(b, dice, 5, "the benchmark frame must show five dice")
	b.ResetTimer()
	for range b.N {
		if _, err := r.Read(frame); err != nil {
			b.Fatal(err)
		}
	}
}
