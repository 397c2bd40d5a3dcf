package scoreboard

import (
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/scoreboard/store"
)

// TestHelperServe is not a test: the restart test runs the test binary
// with it to get a scoreboard process it can kill.
func TestHelperServe(t *testing.T) {
	dir := os.Getenv("DICECAM_SERVE_DIR")
	if dir == "" {
		t.Skip("runs only as the restart test's child process")
	}
	st, err := store.Open(dir)
	require.NoError(t, err)
	set, err := rules.Parse("yahtzee")
	require.NoError(t, err)
	srv, err := New(context.Background(), Config{Store: st, Rules: set, Players: []string{"Ann", "Bob"}})
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "addr.tmp"), []byte(addr), 0o600))
	require.NoError(t, os.Rename(filepath.Join(dir, "addr.tmp"), filepath.Join(dir, "addr")))
	http.Serve(ln, srv.Handler(addr))
}

// startChild runs a scoreboard process on dir and returns its board.
func startChild(t *testing.T, dir string) (*exec.Cmd, *board) {
	t.Helper()
	os.Remove(filepath.Join(dir, "addr"))
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperServe$")
	cmd.Env = append(os.Environ(), "DICECAM_SERVE_DIR="+dir)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	var addr []byte
	require.Eventually(t, func() bool {
		var err error
		addr, err = os.ReadFile(filepath.Join(dir, "addr"))
		return err == nil
	}, 20*time.Second, 20*time.Millisecond, "the child scoreboard did not start")
	return cmd, &board{t: t, url: "http://" + strings.TrimSpace(string(addr))}
}

func TestKilledServerResumesWithEveryAcknowledgedScore(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	dir := t.TempDir()
	cmd, b := startChild(t, dir)
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	b.play([5]int{6, 6, 6, 6, 1}, "sixes")
	before := b.state()

	// Type scores as fast as the server takes them, and kill it midway:
	// whatever it acknowledged must be there after the restart.
	acked := make(chan [2]any, 64)
	go func() {
		defer close(acked)
		for i, box := range before.Rules.Boxes {
			for p := range 2 {
				if _, filled := before.Players[p].Boxes[string(box.ID)]; filled {
					continue
				}
				code, ok := tryEnter(b.url, p, box.ID, i+1)
				if !ok {
					return
				}
				if code == http.StatusOK {
					acked <- [2]any{p, box.ID}
				}
			}
		}
	}()
	for range 5 {
		<-acked
	}
	require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
	cmd.Wait()
	var got [][2]any
	for a := range acked {
		got = append(got, a)
	}
	got = append(got, [2]any{0, rules.BoxID("full-house")}, [2]any{1, rules.BoxID("sixes")})

	_, b = startChild(t, dir)
	after := b.state()
	assert.Equal(t, before.GameID, after.GameID, "the same game resumes")
	assert.GreaterOrEqual(t, after.Version, before.Version+5)
	for _, a := range got {
		assert.Contains(t, after.Players[a[0].(int)].Boxes, string(a[1].(rules.BoxID)), "player %v box %v", a[0], a[1])
	}
	assert.Equal(t, 25, after.Players[0].Boxes["full-house"].Points, "yahtzee full house")
}

// tryEnter types a score against whatever the version is now; ok is false
// once the server is gone.
func tryEnter(url string, player int, box rules.BoxID, points int) (code int, ok bool) {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get(url + "/api/state")
	if err != nil {
		return 0, false
	}
	var v struct{ Version int }
	err = decodeJSON(resp, &v)
	if err != nil {
		return 0, false
	}
	body := `{"version":` + jsonInt(v.Version) + `,"player":` + jsonInt(player) + `,"box":"` + string(box) + `","points":` + jsonInt(points) + `}`
	resp, err = c.Post(url+"/api/enter", "application/json", strings.NewReader(body))
	if err != nil {
		return 0, false
	}
	resp.Body.Close()
	return resp.StatusCode, true
}
