package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/logtest"
	"github.com/dicecam/dicecam/internal/streamtest"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
)

func TestPlayRefusesUnknownRules(t *testing.T) {
	code, _, stderr := runCmd(t, "play", "--rules", "bingo", "--data", t.TempDir())
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "yahtzee", "the error lists the rule sets")
}

func TestPlayRefusesTooManyPlayers(t *testing.T) {
	code, _, stderr := runCmd(t, "play", "--players", "a,b,c,d,e,f,g,h,i", "--data", t.TempDir())
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "room for 8")
}

var printedLink = regexp.MustCompile(`open (http://\S+)`)

// startPlay runs dicecam play until the test ends and returns the link it printed.
func startPlay(t *testing.T, args ...string) (link string, out *logtest.Buffer) {
	t.Helper()
	link, out, stop := runPlayFor(t, args...)
	t.Cleanup(func() { assert.NoError(t, stop(), "play stops cleanly when cancelled") })
	return link, out
}

// runPlayFor runs dicecam play until stop is called, which returns what
// play returned, and returns the link it printed.
func runPlayFor(t *testing.T, args ...string) (link string, out *logtest.Buffer, stop func() error) {
	t.Helper()
	t.Setenv("XDG_CONFIG_HOME", t.TempDir()) // no profile of the machine's
	out = &logtest.Buffer{}
	ctx, cancel := context.WithCancel(context.Background())
	e := &env{stdout: out, stderr: out, log: log.New(out)}
	done := make(chan error, 1)
	go func() { done <- runPlay(ctx, e, args) }()
	var once sync.Once
	var stopped error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case stopped = <-done:
			case <-time.After(10 * time.Second):
				stopped = errors.New("play did not stop after its context was cancelled")
			}
		})
		return stopped
	}
	if !assert.Eventually(t, func() bool { return printedLink.MatchString(out.String()) }, 20*time.Second, 20*time.Millisecond,
		"play printed no address: %s", out) {
		stop()
		t.FailNow()
	}
	return printedLink.FindStringSubmatch(out.String())[1], out, stop
}

type playState struct {
	Version int
	ToMove  int `json:"to_move"`
	Players []struct{ Name string }
	Roll    struct {
		Throw     int
		Dice      [5]int
		Confirmed bool
	}
	Rules  struct{ Spec string }
	Camera struct {
		On, Demo            bool
		State, Feed, Reason string
		Seen                int
		Unreadable          string
	}
}

func getState(t *testing.T, url string) (int, playState) {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	defer resp.Body.Close()
	var s playState
	if resp.StatusCode == http.StatusOK {
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&s))
	}
	return resp.StatusCode, s
}

func TestPlayServesTheDemoWithABanner(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the demo camera")
	}
	link, out := startPlay(t, "--source", "demo", "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--players", "Ann, Bob")
	assert.Contains(t, out.String(), "built-in demo")
	assert.NotContains(t, link, "token", "a loopback server needs no token")
	code, s := getState(t, link+"api/state")
	require.Equal(t, http.StatusOK, code)
	assert.True(t, s.Camera.Demo)
	require.Len(t, s.Players, 2)
	assert.Equal(t, "Bob", s.Players[1].Name)
	resp, err := http.Get(link)
	require.NoError(t, err)
	var page bytes.Buffer
	page.ReadFrom(resp.Body)
	resp.Body.Close()
	assert.Contains(t, page.String(), "Demo camera", "the page says the camera is the demo")
	// The demo's rolls reach the game as the current throw.
	require.Eventually(t, func() bool {
		_, s := getState(t, link+"api/state")
		return s.Roll.Throw > 0
	}, 60*time.Second, 200*time.Millisecond, "no roll from the demo camera reached the game")
}

// act posts an action made against the state s, which must be taken.
func act(t *testing.T, link, path string, s playState, body string) {
	t.Helper()
	resp, err := http.Post(link+path, "application/json", strings.NewReader(fmt.Sprintf(`{"version": %d%s}`, s.Version, body)))
	require.NoError(t, err)
	defer resp.Body.Close()
	var reply map[string]any
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&reply))
	require.Equal(t, http.StatusOK, resp.StatusCode, "%s: %v", path, reply["error"])
}

func TestPlayDemoWaitsForTheBoxToBeScored(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the demo camera")
	}
	link, _ := startPlay(t, "--source", "demo", "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--rules", "yacht", "--players", "Ann, Bob")
	s := waitState(t, link, "the demo's first roll", func(s playState) bool { return s.Roll.Throw > 0 && s.Roll.Dice[4] > 0 })
	act(t, link, "api/confirm", s, "")
	rolled := s.Roll.Dice
	// The demo throws every 4.3 s on its own: twice that shows it waits.
	time.Sleep(9 * time.Second)
	_, s = getState(t, link+"api/state")
	assert.True(t, s.Roll.Confirmed, "the confirmed roll stands")
	assert.Equal(t, rolled, s.Roll.Dice, "no new roll of the demo replaced it")
	assert.Equal(t, 1, s.Roll.Throw)

	act(t, link, "api/score", s, `, "box": "choice"`)
	s = waitState(t, link, "the demo's roll for Bob", func(s playState) bool { return s.ToMove == 1 && s.Roll.Throw > 0 })
	assert.False(t, s.Roll.Confirmed)
}

func TestPlayPokerStartsWithoutAPokerProfile(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the demo camera")
	}
	// Where the reader has a built-in poker model, the built-in defaults
	// read poker dice; where not, they need a poker calibration.
	p := vision.DefaultProfile()
	p.Faces = rules.PokerFaces
	r, err := vision.NewReader(p)
	builtIn := err == nil
	if builtIn {
		r.Close()
	}
	link, out := startPlay(t, "--source", "demo", "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--rules", "poker")
	_, s := getState(t, link+"api/state")
	assert.Equal(t, "poker", s.Rules.Spec)
	if builtIn {
		assert.Empty(t, s.Camera.Unreadable, "the built-in poker model reads them")
	} else {
		assert.Contains(t, out.String(), "cannot read poker dice yet", "the terminal says why the camera does not read them")
		assert.Contains(t, s.Camera.Unreadable, "dicecam calibrate --faces poker", "the page says what the camera needs")
	}
	act(t, link, "api/roll", s, `, "dice": [6, 6, 5, 1, 2]`)
	_, s = getState(t, link+"api/state")
	assert.Equal(t, [5]int{6, 6, 5, 1, 2}, s.Roll.Dice, "the players type the dice")
}

func TestPlayStartsTheGameItsFlagsNameAndElseResumes(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the demo camera")
	}
	data := t.TempDir()
	for _, step := range []struct {
		args    []string
		spec    string
		players []string
		says    string // on the terminal; "" for nothing of a new game
	}{
		{[]string{"--players", "Ann,Bob"}, "yahtzee", []string{"Ann", "Bob"}, ""},
		{nil, "yahtzee", []string{"Ann", "Bob"}, ""},
		{[]string{"--rules", "yacht", "--players", "Zed,Yan"}, "yacht", []string{"Zed", "Yan"}, "yahtzee for Ann, Bob) stays in the recent games"},
		{nil, "yacht", []string{"Zed", "Yan"}, ""},
		{[]string{"--rules", "yacht"}, "yacht", []string{"Zed", "Yan"}, ""},
	} {
		// Each run of play stops at the end of its subtest, before the next.
		t.Run(strings.Join(append([]string{"play"}, step.args...), " "), func(t *testing.T) {
			link, out := startPlay(t, append([]string{"--source", "demo", "--listen", "127.0.0.1:0", "--data", data}, step.args...)...)
			_, s := getState(t, link+"api/state")
			assert.Equal(t, step.spec, s.Rules.Spec)
			var names []string
			for _, p := range s.Players {
				names = append(names, p.Name)
			}
			assert.Equal(t, step.players, names)
			if step.says != "" {
				assert.Contains(t, out.String(), step.says)
			} else {
				assert.NotContains(t, out.String(), "new game")
			}
		})
	}
}

func TestPlayOnTheNetworkNeedsTheToken(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the demo camera")
	}
	link, _ := startPlay(t, "--source", "demo", "--listen", "0.0.0.0:0", "--data", t.TempDir())
	m := regexp.MustCompile(`^(http://[^/]+/)\?token=([0-9a-f]{32})$`).FindStringSubmatch(link)
	require.NotNil(t, m, "the link carries the token: %s", link)
	code, _ := getState(t, m[1]+"api/state")
	assert.Equal(t, http.StatusForbidden, code)
	code, _ = getState(t, m[1]+"api/state?token="+m[2])
	assert.Equal(t, http.StatusOK, code)
}

func TestPlayCalibratesFromThePage(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the demo camera")
	}
	profile := filepath.Join(t.TempDir(), "profile.json")
	link, _ := startPlay(t, "--source", "demo", "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--profile", profile)
	step := func(body string) (int, map[string]any) {
		resp, err := http.Post(link+"api/calibrate", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		var reply map[string]any
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&reply))
		return resp.StatusCode, reply
	}
	code, reply := step(`{"do": "capture"}`)
	assert.Equal(t, http.StatusUnprocessableEntity, code, "nothing to capture before the start")
	assert.Contains(t, reply["error"], "start")
	code, reply = step(`{"do": "start"}`)
	require.Equal(t, http.StatusOK, code, reply)
	assert.Equal(t, "empty-tray", reply["step"])
	assert.NotEmpty(t, reply["prompt"])
	// The demo's tray is not always empty: the guide either moves on or
	// says what is wrong, and never fails.
	code, reply = step(`{"do": "capture"}`)
	require.Equal(t, http.StatusOK, code, reply)
	if reply["step"] == "empty-tray" {
		assert.NotEmpty(t, reply["warnings"], "a capture that did not advance says why")
	}
	code, reply = step(`{"do": "cancel"}`)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, false, reply["active"])
	_, err := os.Stat(profile)
	assert.True(t, os.IsNotExist(err), "a cancelled calibration saves nothing")
}

func TestPlayPreparesAdviceForAGameOfOne(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the demo camera")
	}
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache) // the table is solved into the test's cache, not the machine's
	link, _ := startPlay(t, "--source", "demo", "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--rules", "yacht", "--players", "Ann")
	resp, err := http.Get(link + "api/state")
	require.NoError(t, err)
	var s struct {
		Advice struct{ On bool } `json:"advice"`
	}
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&s))
	resp.Body.Close()
	assert.True(t, s.Advice.On, "a game of one shows advice")
	require.Eventually(t, func() bool {
		files, _ := filepath.Glob(filepath.Join(cache, "dicecam", "strategy-*yacht*"))
		return len(files) == 1
	}, time.Minute, 50*time.Millisecond, "the game's strategy table was loaded in the background and cached")
}

// fixtureFrame is a generated photo of five dice, and their values sorted.
func fixtureFrame(t *testing.T, n int) ([]byte, [5]int) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "fixtures", "colours", "images", fmt.Sprintf("colours-%d.jpg", n)))
	require.NoError(t, err, "the fixture photos are generated by go run ./cmd/dicegen fixtures")
	return data, [][5]int{{1, 2, 2, 4, 6}, {1, 2, 5, 6, 6}}[n]
}

// waitState polls the state until ok says it is the one awaited.
func waitState(t *testing.T, link, what string, ok func(playState) bool) playState {
	t.Helper()
	var s playState
	require.Eventually(t, func() bool {
		_, s = getState(t, link+"api/state")
		return ok(s)
	}, time.Minute, 50*time.Millisecond, "waited for %s; the state is %+v", what, s)
	return s
}

func sortedDice(d [5]int) [5]int {
	slices.Sort(d[:])
	return d
}

func TestPlaySaysTheCameraStoppedWhenItsFolderIsDeleted(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a folder of photos as a camera")
	}
	frame, values := fixtureFrame(t, 0)
	dir := filepath.Join(t.TempDir(), "frames")
	require.NoError(t, os.Mkdir(dir, 0o755))
	first := filepath.Join(dir, "0000.jpg")
	require.NoError(t, os.WriteFile(first, frame, 0o644))
	// A minute of frames at 30 a second, so the folder outlasts the wait
	// for the first roll.
	for i := 1; i < 1800; i++ {
		require.NoError(t, os.Link(first, filepath.Join(dir, fmt.Sprintf("%04d.jpg", i))))
	}
	link, out := startPlay(t, "--source", dir, "--listen", "127.0.0.1:0", "--data", t.TempDir())
	s := waitState(t, link, "the first roll", func(s playState) bool { return s.Roll.Throw > 0 && s.Camera.State == "settled" })
	assert.Equal(t, "running", s.Camera.Feed)
	assert.Equal(t, values, sortedDice(s.Roll.Dice))

	require.NoError(t, os.RemoveAll(dir))
	s = waitState(t, link, "the camera to stop", func(s playState) bool { return s.Camera.Feed == "stopped" })
	assert.Contains(t, s.Camera.Reason, "the folder was moved or emptied while it was replayed")
	assert.Empty(t, s.Camera.State, "the tray is no longer said to be settled")
	assert.Zero(t, s.Camera.Seen)
	assert.Equal(t, values, sortedDice(s.Roll.Dice), "the roll read stays on the card, to be typed over")
	assert.Eventually(t, func() bool { return strings.Contains(out.String(), "camera stopped; type the dice on the page") },
		5*time.Second, 20*time.Millisecond, "the terminal says it too: %s", out)
}

func TestPlayReadsAgainWhenAStreamDropsAndComesBack(t *testing.T) {
	if testing.Short() {
		t.Skip("reads a stream of photos as a camera")
	}
	before, beforeValues := fixtureFrame(t, 0)
	after, afterValues := fixtureFrame(t, 1)
	var showing atomic.Pointer[[]byte]
	showing.Store(&before)
	cam := streamtest.NewCamera(func(int) []byte { return *showing.Load() }, 1<<30)
	cam.Gap = 33 * time.Millisecond
	srv := httptest.NewServer(cam)
	t.Cleanup(srv.Close) // after play stops reading it: cleanups run last first

	link, out := startPlay(t, "--source", srv.URL+"/video.mjpg", "--listen", "127.0.0.1:0", "--data", t.TempDir())
	s := waitState(t, link, "the first roll", func(s playState) bool { return s.Roll.Throw > 0 })
	assert.Equal(t, beforeValues, sortedDice(s.Roll.Dice))

	// The camera drops and refuses every connection until a session is queued.
	srv.CloseClientConnections()
	s = waitState(t, link, "the camera to be lost", func(s playState) bool { return s.Camera.Feed == "reconnecting" })
	assert.NotEmpty(t, s.Camera.Reason)
	// The page hears of the state before the terminal's line is written.
	assert.Eventually(t, func() bool { return strings.Contains(out.String(), "camera lost") },
		10*time.Second, 20*time.Millisecond, "the terminal says the camera was lost: %s", out)

	showing.Store(&after)
	cam.Sessions <- 1 << 30
	s = waitState(t, link, "the camera to come back and read the new roll", func(s playState) bool {
		return s.Camera.Feed == "running" && sortedDice(s.Roll.Dice) == afterValues
	})
	assert.Eventually(t, func() bool { return strings.Contains(out.String(), "camera is reading") },
		10*time.Second, 20*time.Millisecond, "the terminal says the camera is back: %s", out)
}

func TestPlayKeepsTheConfirmedRollsForCalibration(t *testing.T) {
	if testing.Short() {
		t.Skip("reads the demo camera")
	}
	dir := filepath.Join(t.TempDir(), "rolls")
	link, out, stop := runPlayFor(t, "--source", "demo", "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--rules", "yacht",
		"--players", "Ann", "--keep-rolls", dir)
	defer stop()
	s := waitState(t, link, "the demo's first roll", func(s playState) bool { return s.Roll.Throw > 0 && s.Roll.Dice[4] > 0 })
	act(t, link, "api/die", s, fmt.Sprintf(`, "die": 0, "face": %d`, s.Roll.Dice[0]%6+1))
	_, s = getState(t, link+"api/state")
	confirmed := s.Roll.Dice
	act(t, link, "api/confirm", s, "")
	_, s = getState(t, link+"api/state")
	act(t, link, "api/score", s, `, "box": "choice"`)
	waitState(t, link, "the demo's next roll", func(s playState) bool { return s.Roll.Throw > 0 })
	require.Eventually(t, func() bool { return strings.Contains(out.String(), "confirmed roll kept for calibration") },
		10*time.Second, 20*time.Millisecond, "the confirmed roll is written once the next is taken: %s", out)

	photos, err := vision.LoadFolder(dir)
	require.NoError(t, err)
	require.Len(t, photos, 1)
	var values [5]int
	for i, d := range photos[0].Dice {
		values[i] = d.Value
		assert.True(t, d.Boxed, "each die has the reader's box")
	}
	assert.Equal(t, sortedDice(confirmed), sortedDice(values), "the faces the table confirmed, not those read")

	// The roll on the card when play stops is kept if it was confirmed.
	s = waitState(t, link, "the demo's next roll read whole", func(s playState) bool { return s.Roll.Throw > 0 && s.Roll.Dice[4] > 0 })
	act(t, link, "api/confirm", s, "")
	require.NoError(t, stop())
	assert.Contains(t, out.String(), "confirmed rolls kept in "+dir+" this time: 2; fit a profile to them with: dicecam calibrate --from "+dir)
	photos, err = vision.LoadFolder(dir)
	require.NoError(t, err)
	assert.Len(t, photos, 2)
}

func TestPlayRefusesAKeepRollsFolderItCannotAddTo(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "images.csv"), []byte("image,n_dice\n"), 0o644))
	var out logtest.Buffer
	e := &env{stdout: &out, stderr: &out, log: log.New(&out)}
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	err := runPlay(context.Background(), e, []string{"--source", "demo", "--listen", "127.0.0.1:0", "--data", t.TempDir(), "--keep-rolls", dir})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "keep the confirmed rolls")
	assert.Contains(t, err.Error(), "mend its labels or choose another folder")
	assert.NotContains(t, out.String(), "open http", "nothing is served")
}
