package live

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/pagetest"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
	"github.com/dicecam/dicecam/scoreboard"
	"github.com/dicecam/dicecam/scoreboard/store"
	"github.com/dicecam/dicecam/vision"
)

// recordedRoll is one line of a sequence's rolls.csv, and the frame after
// which the dice lie still until something moves them again.
type recordedRoll struct {
	values []int // sorted
	hold   int
}

// recordedRolls reads a recorded sequence's rolls and where each rest ends.
func recordedRolls(t *testing.T, dir string) []recordedRoll {
	t.Helper()
	frames := readCSV(t, filepath.Join(dir, "frames.csv")) // frame,image,state,...
	var rolls []recordedRoll
	for _, rec := range readCSV(t, filepath.Join(dir, "rolls.csv")) { // roll,frame,n_dice,values
		at, err := strconv.Atoi(rec[1])
		require.NoError(t, err)
		r := recordedRoll{hold: len(frames) - 1}
		for i := at; i < len(frames); i++ {
			if frames[i][2] != "still" {
				r.hold = i - 1
				break
			}
		}
		for _, f := range strings.Fields(rec[3]) {
			v, err := strconv.Atoi(f)
			require.NoError(t, err)
			r.values = append(r.values, v)
		}
		slices.Sort(r.values)
		rolls = append(rolls, r)
	}
	return rolls
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	require.NotEmpty(t, recs, path)
	return recs[1:]
}

// recordedCamera is recorded sequences played back to back as one camera. After
// each roll it shows the still tray until the test lets the next roll come,
// as the dice lie on the table while the player scores them.
type recordedCamera struct {
	dirs  []string
	holds [][]int       // by clip, the frames after which to wait
	gate  chan struct{} // a value lets the next roll come

	clip int
	src  vision.Source // the clip playing; nil between clips
	last gocv.Mat      // the newest frame, shown again while waiting
	held bool
	n    int // frames handed out
}

func newRecordedCamera(dirs []string, holds [][]int) *recordedCamera {
	return &recordedCamera{dirs: dirs, holds: holds, gate: make(chan struct{}, len(dirs)*2), last: gocv.NewMat()}
}

// next lets the dice of the next roll be thrown.
func (r *recordedCamera) next() { r.gate <- struct{}{} }

// Next implements vision.Source. Every frame is read, as from a recording,
// so the watcher sees exactly what `dicecam watch` sees of each clip.
func (r *recordedCamera) Next(ctx context.Context) (vision.Frame, error) {
	for {
		if r.held || r.clip == len(r.dirs) {
			select {
			case <-r.gate:
				r.held = false
				continue
			case <-ctx.Done():
				return vision.Frame{}, ctx.Err()
			case <-time.After(time.Second / 30): // a camera's pace on a still tray
				return r.frame(r.last.Clone()), nil
			}
		}
		if r.src == nil {
			src, err := vision.Open(ctx, r.dirs[r.clip], vision.SourceOptions{})
			if err != nil {
				return vision.Frame{}, err
			}
			r.src = src
		}
		fr, err := r.src.Next(ctx)
		if errors.Is(err, io.EOF) {
			r.src.Close()
			r.src = nil
			r.clip++
			continue
		}
		if err != nil {
			return vision.Frame{}, err
		}
		fr.Mat.CopyTo(&r.last)
		r.held = slices.Contains(r.holds[r.clip], fr.Index)
		return r.frame(fr.Mat), nil
	}
}

// frame numbers m as the camera's next frame.
func (r *recordedCamera) frame(m gocv.Mat) vision.Frame {
	fr := vision.Frame{Mat: m, Index: r.n, Time: time.Duration(r.n) * time.Second / 30}
	r.n++
	return fr
}

// Close implements vision.Source.
func (r *recordedCamera) Close() error {
	var err error
	if r.src != nil {
		err = r.src.Close()
	}
	return errors.Join(err, r.last.Close())
}

// board is a scoreboard served on a test listener, as dicecam play serves it.
type board struct {
	t   *testing.T
	srv *scoreboard.Server
	url string
}

func newBoard(t *testing.T, spec string, names ...string) *board {
	t.Helper()
	return newBoardWith(t, scoreboard.Config{}, spec, names...)
}

// newBoardWith is newBoard with the settings of cfg that the game leaves free.
func newBoardWith(t *testing.T, cfg scoreboard.Config, spec string, names ...string) *board {
	t.Helper()
	st, err := store.Open(t.TempDir())
	require.NoError(t, err)
	set, err := rules.Parse(spec)
	require.NoError(t, err)
	cfg.Store, cfg.Rules, cfg.Players, cfg.Camera = st, set, names, true
	cfg.Tables = scoreboard.NewTables(strategy.Options{NoCache: true})
	srv, err := scoreboard.New(context.Background(), cfg)
	require.NoError(t, err)
	ts := pagetest.Serve(t, srv.Handler)
	// Before the listener closes, which waits on the open event streams.
	t.Cleanup(func() {
		srv.Close()
		st.Close()
	})
	return &board{t: t, srv: srv, url: ts.URL}
}

func (b *board) state() scoreboard.View {
	b.t.Helper()
	resp, err := http.Get(b.url + "/api/state")
	require.NoError(b.t, err)
	defer resp.Body.Close()
	var v scoreboard.View
	require.NoError(b.t, json.NewDecoder(resp.Body).Decode(&v))
	return v
}

// fill types zero into every open box of every player but the last leave
// boxes in card order, so a test reaches the end of a game fast.
func (b *board) fill(leave int) {
	b.t.Helper()
	v := b.state()
	for p := range v.Players {
		for _, box := range v.Rules.Boxes[:len(v.Rules.Boxes)-leave] {
			body, err := json.Marshal(map[string]any{"version": b.state().Version, "player": p, "box": box.ID, "points": 0})
			require.NoError(b.t, err)
			resp, err := http.Post(b.url+"/api/enter", "application/json", bytes.NewReader(body))
			require.NoError(b.t, err)
			resp.Body.Close()
			require.Equal(b.t, http.StatusOK, resp.StatusCode)
		}
	}
}

func cell(player int, box rules.BoxID) string {
	return fmt.Sprintf(`td[data-player="%d"][data-box="%s"]`, player, box)
}

// startReplay serves a board fed, as dicecam play feeds it, by the real
// reader and watcher over the recorded sequences named; it returns the
// camera and the rolls it will show, in order.
func startReplay(t *testing.T, b *board, names ...string) (*recordedCamera, []recordedRoll) {
	t.Helper()
	var dirs []string
	var holds [][]int
	var rolls []recordedRoll
	for _, name := range names {
		dir := filepath.Join("..", "testdata", "sequences", name)
		var hold []int
		for _, r := range recordedRolls(t, dir) {
			hold = append(hold, r.hold)
			rolls = append(rolls, r)
		}
		dirs, holds = append(dirs, filepath.Join(dir, "frames")), append(holds, hold)
	}
	cam := newRecordedCamera(dirs, holds)
	reader, err := vision.NewReader(nil)
	if err != nil {
		cam.Close()
		require.NoError(t, err)
	}
	feed := NewFeed(cam, reader)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- feed.Run(ctx, b.srv) }()
	t.Cleanup(func() {
		cancel()
		assert.ErrorIs(t, <-done, context.Canceled, "the camera ran until the test ended")
		assert.NoError(t, feed.Close())
	})
	return cam, rolls
}

// pageDice is the page's dice as their labels say, sorted, in JSON.
const pageDice = `JSON.stringify([...document.querySelectorAll("#dice .die")]
	.map((d) => Number((d.getAttribute("aria-label").match(/^Die \d: (\d)/) || [])[1])).sort())`

// boxedDice counts the camera view's pixels in the green that
// vision.Annotate boxes the dice it is sure of with.
const boxedDice = `(() => {
	const img = document.querySelector("#camera-view");
	const c = document.createElement("canvas");
	c.width = img.naturalWidth;
	c.height = img.naturalHeight;
	const g = c.getContext("2d");
	g.drawImage(img, 0, 0);
	const px = g.getImageData(0, 0, c.width, c.height).data;
	let n = 0;
	for (let p = 0; p < px.length; p += 4) if (px[p + 1] > 150 && px[p] < 100 && px[p + 2] < 100) n++;
	return n;
})()`

func TestPagePlaysAGameFromRecordedRolls(t *testing.T) {
	ctx := pagetest.NewBrowser(t)
	set, err := rules.Parse("yacht")
	require.NoError(t, err)
	b := newBoard(t, "yacht", "Ann", "Bob")
	// Six turns are left, one for each recorded roll.
	b.fill(3)
	cam, rolls := startReplay(t, b, "roll-in", "reroll", "nudge", "put-back", "remove")
	require.Len(t, rolls, 6, "one recorded roll a turn")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))

	for i, turn := range []struct {
		box     rules.BoxID
		mistake rules.BoxID // scored first and taken back with Undo
		correct bool        // the player bumps the first die by one face
	}{
		{box: "choice", correct: true},
		{box: "big-straight", mistake: "yacht"},
		{box: "big-straight"},
		{box: "choice"},
		{box: "yacht"},
		{box: "yacht"},
	} {
		if i > 0 {
			cam.next()
		}
		want, err := json.Marshal(rolls[i].values)
		require.NoError(t, err)
		pagetest.WaitFor(t, ctx, pageDice+` === '`+string(want)+`' && !document.querySelector("#confirm").disabled`)
		v := b.state()
		player := v.ToMove
		require.Equal(t, i%2, player, "turn %d", i+1)
		seen := slices.Sorted(slices.Values(v.Roll.Dice[:]))
		assert.Equal(t, rolls[i].values, seen, "turn %d: the server has the roll the camera read", i+1)
		dice := v.Roll.Dice
		if turn.correct {
			dice[0] = dice[0]%6 + 1
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#dice .die[data-die="0"]`))))
			pagetest.WaitFor(t, ctx, `document.querySelector('#dice .die[data-die="0"]').getAttribute("aria-label").startsWith("Die 1: `+strconv.Itoa(dice[0])+`")`)
			assert.Equal(t, dice, b.state().Roll.Dice, "the click corrected die 1 on the server")
		}
		require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`document.activeElement.blur()`), chromedp.KeyEvent("\r")))
		pagetest.WaitFor(t, ctx, `document.querySelector('`+cell(player, turn.box)+` button.option') !== null`)
		if turn.mistake != "" {
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(cell(player, turn.mistake)+" button.option"))))
			pagetest.WaitFor(t, ctx, `document.querySelector('`+cell(player, turn.mistake)+` button.filled') !== null`)
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("undo"))))
			pagetest.WaitFor(t, ctx, `document.querySelector('`+cell(player, turn.box)+` button.option') !== null`)
			assert.NotContains(t, b.state().Players[player].Boxes, string(turn.mistake), "undo took the score back")
		}
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(cell(player, turn.box)+" button.option"))))
		pagetest.WaitFor(t, ctx, `document.querySelector('`+cell(player, turn.box)+` button.filled') !== null`)
		var roll rules.Roll
		for k, d := range dice {
			roll[k] = rules.Face(d)
		}
		points, _ := set.Points(turn.box, roll)
		assert.Equal(t, points, b.state().Players[player].Boxes[string(turn.box)].Points,
			"turn %d: %s for %v", i+1, turn.box, dice)
	}

	pagetest.WaitFor(t, ctx, `!document.querySelector("#winner").hidden`)
	v := b.state()
	require.True(t, v.Over)
	best := max(v.Players[0].Totals.GrandTotal, v.Players[1].Totals.GrandTotal)
	var leaders []int
	for p, pv := range v.Players {
		if pv.Totals.GrandTotal == best {
			leaders = append(leaders, p)
		}
	}
	assert.Equal(t, leaders, v.Winners)
	require.Len(t, v.Winners, 1, "the recorded rolls were meant to give one winner")
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("winner")))
	require.NoError(t, err)
	assert.Contains(t, text, v.Players[v.Winners[0]].Name+" wins with "+strconv.Itoa(best))
	// The view streams apart from the state, so it may lag the winner a little.
	pagetest.WaitFor(t, ctx, boxedDice+` > 100`)
}
