package vision

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// watchDemo replays the demo's first rolls through a real reader and returns
// what the watcher reported, calling at(i) before frame i.
func watchDemo(t *testing.T, opts DemoOptions, at func(i int)) []Roll {
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
	noMatsLeft(t)
	opts := DemoOptions{Seed: 3, Rolls: 4}
	rolls := watchDemo(t, opts, func(int) {})
	want := DemoRolls(opts, opts.Rolls)
	require.Len(t, rolls, len(want))
	for i := range want {
		assert.ElementsMatch(t, want[i], rolls[i].Values(), "roll %d", i+1)
	}
}

func TestSoakTenThousandFramesLeaveNoMatOpenAndMemoryFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("soak test: 10,000 frames")
	}
	noMatsLeft(t)
	const frames = 10_000
	heap := func() uint64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	var early, late uint64
	rolls := watchDemo(t, DemoOptions{Seed: 11, Rolls: frames/demoRoll + 1}, func(i int) {
		switch i {
		case 1000:
			early = heap()
		case frames - 1:
			late = heap()
		}
	})
	require.NotZero(t, late, "the demo ended before %d frames", frames)
	assert.Less(t, late, early+4<<20, "heap grew from %d to %d bytes", early, late)
	assert.Greater(t, len(rolls), frames/demoRoll/2, "the watcher kept reporting rolls")
}
