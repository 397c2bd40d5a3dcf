//go:build linux

package scoreboard

import (
	"io/fs"
	"net/http"
	"path/filepath"
	"sync"
	"syscall"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/logtest"
)

// fillDisk makes the disk under dir as good as full for this process: no
// file may grow more than a few bytes past the largest one there, so
// SQLite's next write is cut short and the rest refused (EFBIG, which it
// reports as an I/O error; a full disk's ENOSPC is SQLITE_FULL, which the
// store's own test makes). The limit is lifted when lift is called.
func fillDisk(t *testing.T, dir string) (lift func()) {
	t.Helper()
	var largest int64
	require.NoError(t, filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if info, err := d.Info(); err == nil {
				largest = max(largest, info.Size())
			}
		}
		return err
	}))
	var before syscall.Rlimit
	require.NoError(t, syscall.Getrlimit(syscall.RLIMIT_FSIZE, &before))
	full := before
	full.Cur = uint64(largest) + 16
	require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_FSIZE, &full))
	var once sync.Once
	lift = func() { once.Do(func() { require.NoError(t, syscall.Setrlimit(syscall.RLIMIT_FSIZE, &before)) }) }
	t.Cleanup(lift)
	return lift
}

func TestAFullDiskIsToldToThePageAndTheTerminal(t *testing.T) {
	var terminal logtest.Buffer
	dir := t.TempDir()
	b := newBoardIn(t, dir, Config{Log: log.New(&terminal)}, "yacht", "Ann")
	b.must("/api/roll", map[string]any{"dice": []int{1, 2, 3, 4, 5}})
	before := b.state()
	lift := fillDisk(t, dir)
	code, reply := b.post("/api/roll", map[string]any{"dice": []int{6, 6, 6, 6, 6}, "version": before.Version})
	lift()
	assert.Equal(t, http.StatusInsufficientStorage, code)
	assert.Contains(t, reply["error"], "the move was not made: ")
	assert.Contains(t, reply["error"], "the disk would not take the write where the games are kept ("+dir+"; it may be full")
	assert.Contains(t, reply["error"], "free some space or check the disk, then make the move again")
	assert.Contains(t, terminal.String(), "the games database could not be written")
	assert.Contains(t, terminal.String(), "would not take the write")
	after := b.state()
	assert.Equal(t, before.Roll, after.Roll, "the game is as it was")
	assert.Equal(t, before.Version, after.Version)

	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 6, 6}})
	assert.Equal(t, [5]int{6, 6, 6, 6, 6}, b.state().Roll.Dice, "with room again the move is made")
}
