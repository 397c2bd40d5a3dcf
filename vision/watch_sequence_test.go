package vision

import (
	"context"
	"encoding/csv"
	"errors"
	"image"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

const sequencesDir = "../testdata/sequences"

// sequence is one recorded clip of testdata/sequences with what it holds.
type sequence struct {
	name   string
	dir    string
	states []string      // per frame: empty, moving or still
	counts []int         // dice in view per frame
	hands  []int         // hands in view per frame
	dice   map[int][]Die // the true dice of each still frame
	rolls  []seqRoll
}

type seqRoll struct {
	frame  int
	values []int
}

func readCSVFile(t testing.TB, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.NotEmpty(t, rows, path)
	return rows[1:]
}

func seqAtoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	require.NoError(t, err)
	return n
}

func parseValues(t testing.TB, s string) []int {
	var v []int
	for _, f := range strings.Fields(s) {
		v = append(v, seqAtoi(t, f))
	}
	return v
}

func loadSequences(t testing.TB) []sequence {
	t.Helper()
	entries, err := os.ReadDir(sequencesDir)
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("no recorded sequences in " + sequencesDir)
	}
	require.NoError(t, err)
	var seqs []sequence
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		dir := filepath.Join(sequencesDir, e.Name())
		s := sequence{name: e.Name(), dir: dir, dice: map[int][]Die{}}
		index := map[string]int{}
		for _, row := range readCSVFile(t, filepath.Join(dir, "frames.csv")) {
			index[row[1]] = seqAtoi(t, row[0])
			s.states = append(s.states, row[2])
			s.counts = append(s.counts, seqAtoi(t, row[3]))
			s.hands = append(s.hands, seqAtoi(t, row[4]))
		}
		for _, row := range readCSVFile(t, filepath.Join(dir, "truth.csv")) {
			i, ok := index[row[0]]
			require.True(t, ok, "truth for unknown frame %s", row[0])
			x, _ := strconv.ParseFloat(row[3], 64)
			y, _ := strconv.ParseFloat(row[4], 64)
			x0, y0, x1, y1 := seqAtoi(t, row[5]), seqAtoi(t, row[6]), seqAtoi(t, row[7]), seqAtoi(t, row[8])
			s.dice[i] = append(s.dice[i], Die{Value: seqAtoi(t, row[1]), Face: row[2],
				Center: image.Pt(int(x), int(y)), Confidence: 1,
				Box: [4]image.Point{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}})
		}
		for _, row := range readCSVFile(t, filepath.Join(dir, "rolls.csv")) {
			s.rolls = append(s.rolls, seqRoll{frame: seqAtoi(t, row[1]), values: parseValues(t, row[3])})
		}
		seqs = append(seqs, s)
	}
	require.NotEmpty(t, seqs)
	return seqs
}

// truthReader reads a sequence as a perfect reader would on still frames;
// on moving frames it makes up a different read each time, as a reader
// does with dice tumbling or under a hand.
type truthReader struct {
	seq   sequence
	frame int
}

func (r *truthReader) Read(gocv.Mat) ([]Die, error) {
	if r.seq.states[r.frame] != "moving" {
		return r.seq.dice[r.frame], nil
	}
	rng := rand.New(rand.NewPCG(uint64(r.frame), 7))
	dice := make([]Die, r.seq.counts[r.frame])
	for i := range dice {
		c := image.Pt(rng.IntN(600), rng.IntN(400))
		dice[i] = Die{Value: 1 + rng.IntN(6), Center: c, Box: [4]image.Point{c, c.Add(image.Pt(30, 0))}}
	}
	return dice, nil
}

// watchSequence replays s through a watcher reading with r (told of each
// frame's index first when it is a *truthReader) and returns the rolls.
func watchSequence(t testing.TB, s sequence, r FrameReader) []Reading {
	t.Helper()
	src, err := Open(context.Background(), filepath.Join(s.dir, "frames"), SourceOptions{})
	require.NoError(t, err)
	defer src.Close()
	w := NewWatcher(r, WatchOptions{})
	defer w.Close()
	return feedAll(t, src, w, func(i int) {
		if tr, ok := r.(*truthReader); ok {
			tr.frame = i
		}
	})
}

// feedAll feeds every frame of src to w, calling before(i) ahead of frame
// i, and returns the rolls reported.
func feedAll(t testing.TB, src Source, w *Watcher, before func(i int)) []Reading {
	t.Helper()
	var rolls []Reading
	for {
		fr, err := src.Next(context.Background())
		if errors.Is(err, io.EOF) {
			return rolls
		}
		require.NoError(t, err)
		before(fr.Index)
		ev, err := w.Feed(fr)
		fr.Close()
		require.NoError(t, err)
		if ev.Reading != nil {
			rolls = append(rolls, *ev.Reading)
		}
	}
}
