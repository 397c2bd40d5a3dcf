package vision

import (
	"context"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/matcheck"
)

// watchDemo replays the demo's first rolls through a real reader and returns
// what the watcher reported, calling at(i) before frame i.
func watchDemo(t *testing.T, opts DemoOptions, at func(i int)) []Reading {
	t.Helper()
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	src := NewDemo(opts)
	defer src.Close()
	w := NewWatcher(r, WatchOptions{Expected: opts.Dice})
	defer w.Close()
	return feedAll(t, src, w, at)
}

func TestDemoRollsAreReadBackOnceEach(t *testing.T) {
	matcheck.Check(t)
	opts := DemoOptions{Seed: 3, Rolls: 3}
	rolls := watchDemo(t, opts, func(int) {})
	want := demoRolls(opts, opts.Rolls)
	require.Len(t, rolls, len(want))
	for i := range want {
		assert.ElementsMatch(t, want[i], rolls[i].Values(), "roll %d", i+1)
	}
}

func TestSoakTenThousandFramesLeaveNoMatOpenAndMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("soak test: 10,000 frames")
	}
	matcheck.Check(t)
	seqs := loadSequences(t)
	r, err := NewReader(nil)
	require.NoError(t, err)
	defer r.Close()
	w := NewWatcher(r, WatchOptions{})
	defer w.Close()
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	const frames = 10_000
	var early uint64
	fed, rolls := 0, 0
	// The recorded sequences over and over, as one long game.
	for fed < frames {
		for _, s := range seqs {
			src, err := Open(context.Background(), filepath.Join(s.dir, "frames"), SourceOptions{})
			require.NoError(t, err)
			rolls += len(feedAll(t, src, w, func(int) {
				if fed++; fed == 1000 {
					early = heap()
				}
			}))
			src.Close()
		}
	}
	late := heap()
	assert.Less(t, late, early+4<<20, "heap grew from %d to %d bytes", early, late)
	assert.Positive(t, rolls, "the watcher kept reporting rolls")
}

// demoRolls is the face values of the first n rolls the demo with opts shows.
func demoRolls(opts DemoOptions, n int) [][]int {
	if opts.Dice <= 0 {
		opts.Dice = 5
	}
	rolls := make([][]int, n)
	for k := range rolls {
		for _, d := range demoLayout(opts, k) {
			rolls[k] = append(rolls[k], d.Value)
		}
	}
	return rolls
}
