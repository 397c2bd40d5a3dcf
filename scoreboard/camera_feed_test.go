package scoreboard

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/pagetest"
)

func TestTheStateSaysWhenTheCameraIsLostOrStopped(t *testing.T) {
	var terminal bytes.Buffer
	b := newBoardIn(t, t.TempDir(), Config{Camera: true, Log: log.New(&terminal)}, "yacht", "Ann")
	b.srv.Status("settled", 5)
	require.Equal(t, CameraView{On: true, Feed: FeedRunning, State: "settled", Seen: 5}, b.state().Camera)

	for _, tc := range []struct {
		feed, reason, says string
	}{
		{FeedReconnecting, "no frame came from the camera", "camera lost"},
		{FeedRunning, "", "camera is reading"},
		{FeedStopped, "frame 40 of the folder: open 040.png: no such file or directory", "camera stopped"},
	} {
		terminal.Reset()
		b.srv.FeedState(tc.feed, tc.reason)
		cam := b.state().Camera
		assert.Equal(t, tc.feed, cam.Feed)
		assert.Equal(t, tc.reason, cam.Reason)
		if tc.feed != FeedRunning {
			b.srv.Status("settled", 5) // the last frame's news, told late
			cam = b.state().Camera
			assert.Empty(t, cam.State, "nothing is known of the tray without frames")
			assert.Zero(t, cam.Seen)
		}
		assert.Contains(t, terminal.String(), tc.says)
		assert.Contains(t, terminal.String(), tc.reason)
		assert.Equal(t, 1, bytes.Count(terminal.Bytes(), []byte("\n")), "one line on the terminal: %s", terminal.String())
		terminal.Reset()
		b.srv.FeedState(tc.feed, tc.reason)
		assert.Empty(t, terminal.String(), "news told once")
	}
}

func TestPageSaysTheCameraStoppedAndOffersTypingTheDice(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann", "Bob")
	b.srv.Frame(trayPicture(t))
	b.srv.Status("settled", 5)
	b.srv.Settled([5]int{4, 4, 2, 4, 1}, [5]bool{})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitFor(t, ctx, `document.querySelector("#camera-view").naturalWidth === 640`)
	b.srv.FeedState(FeedStopped, "the recording ended: it has no more frames")
	waitFor(t, ctx, `document.querySelector("#camera").dataset.feed === "stopped"`)
	status, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("camera-status")))
	require.NoError(t, err)
	assert.Equal(t, "Camera stopped (the recording ended: it has no more frames). Type the dice below.", status)
	offered, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#type-roll").classList.contains("offered")`))
	require.NoError(t, err)
	assert.True(t, offered, "the typing form is pointed out")
	faded, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`Number(getComputedStyle(document.querySelector("#camera-view")).opacity)`))
	require.NoError(t, err)
	assert.Less(t, faded, 0.5, "the old picture is faded")
	screenshot(t, ctx, "camera-stopped.png")

	// Typing the dice plays on without the camera.
	// The camera's last roll already enables confirming, so the wait is on
	// the typed dice reaching the server, not on the button.
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("66666")))
	require.Eventually(t, func() bool { return b.state().Roll.Dice == [5]int{6, 6, 6, 6, 6} }, 30*time.Second, 20*time.Millisecond,
		"the typed dice replace the camera's last roll")
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)

	b.srv.FeedState(FeedReconnecting, "no frame came from the camera")
	waitFor(t, ctx, `document.querySelector("#camera-status").textContent.startsWith("Camera lost (no frame came from the camera); trying again")`)
	b.srv.FeedState(FeedRunning, "")
	b.srv.Status("rolling", 2)
	waitFor(t, ctx, `document.querySelector("#camera-status").textContent === "rolling" && !document.querySelector("#type-roll").classList.contains("offered")`)
}

func TestTheCameraNeverReplacesAConfirmedRoll(t *testing.T) {
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann", "Bob")
	assert.True(t, b.srv.WantsRoll(), "a new game waits for its first roll")
	b.srv.Settled([5]int{6, 6, 6, 2, 1}, [5]bool{})
	assert.False(t, b.srv.WantsRoll(), "a roll is on the card")
	b.must("/api/confirm", map[string]any{})

	b.srv.Settled([5]int{1, 2, 3, 4, 5}, [5]bool{})
	assert.Equal(t, [5]int{6, 6, 6, 2, 1}, b.state().Roll.Dice, "the confirmed roll stands")
	assert.True(t, b.state().Roll.Confirmed)

	b.must("/api/undo", map[string]any{}) // the confirmation taken back
	b.srv.Settled([5]int{1, 2, 3, 4, 5}, [5]bool{})
	assert.Equal(t, [5]int{1, 2, 3, 4, 5}, b.state().Roll.Dice, "an unconfirmed roll gives way to the next one")

	b.must("/api/confirm", map[string]any{})
	b.must("/api/score", map[string]any{"box": "little-straight"})
	assert.True(t, b.srv.WantsRoll(), "a scored box asks for the next roll")
	b.srv.Settled([5]int{2, 2, 2, 2, 2}, [5]bool{})
	v := b.state()
	assert.Equal(t, 1, v.ToMove)
	assert.Equal(t, [5]int{2, 2, 2, 2, 2}, v.Roll.Dice, "the next player's roll is taken")
}

func TestTheCameraFeedsNoRollWhileCalibrating(t *testing.T) {
	b := newBoardIn(t, t.TempDir(), Config{Camera: true, Calibrator: &fakeGuide{}}, "yacht", "Ann")
	code, _ := b.postRaw("/api/calibrate", []byte(`{"do": "start"}`))
	require.Equal(t, http.StatusOK, code)
	assert.False(t, b.srv.WantsRoll(), "the demo waits while the tray is the calibration's")
	b.srv.Settled([5]int{6, 6, 6, 6, 6}, [5]bool{})
	assert.Zero(t, b.state().Roll.Throw, "the dice laid out to calibrate are no roll")

	code, _ = b.postRaw("/api/calibrate", []byte(`{"do": "cancel"}`))
	require.Equal(t, http.StatusOK, code)
	b.srv.Settled([5]int{6, 6, 6, 6, 6}, [5]bool{})
	assert.Equal(t, 1, b.state().Roll.Throw, "rolls count again once calibration ends")
}

func TestAPokerGameSaysTheCameraNeedsAPokerCalibration(t *testing.T) {
	for _, tc := range []struct {
		name       string
		cfg        Config
		spec       string
		unreadable bool
	}{
		{"a camera that reads pips, at poker", Config{Camera: true}, "poker", true},
		{"a camera that reads poker dice, at poker", Config{Camera: true, ReadsPoker: true}, "poker", false},
		{"a camera that reads pips, at yacht", Config{Camera: true}, "yacht", false},
		{"no camera, at poker", Config{}, "poker", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := newBoardIn(t, t.TempDir(), tc.cfg, tc.spec, "Ann")
			note := b.state().Camera.Unreadable
			if !tc.unreadable {
				assert.Empty(t, note)
				return
			}
			assert.Contains(t, note, "dicecam calibrate --faces poker")
			b.srv.Settled([5]int{6, 6, 6, 6, 6}, [5]bool{})
			assert.Zero(t, b.state().Roll.Throw, "pips read off poker dice are no roll")
		})
	}
}

// A camera that gives no frame holds no page: the stream starts once the
// page has loaded, so the load event, which printing and a browser's
// spinner wait on, comes whatever the camera does. Here a picture the test
// holds back keeps the page loading until the state is drawn.
func TestACameraGivingNoFrameDoesNotHoldThePageLoad(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann") // no frame ever comes
	release := make(chan struct{})
	ts := pagetest.Serve(t, func(addr string) http.Handler {
		h := b.srv.Handler(addr)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != "/held.svg" {
				h.ServeHTTP(w, r)
				return
			}
			select {
			case <-release:
			case <-r.Context().Done():
			}
			w.Header().Set("Content-Type", "image/svg+xml")
			io.WriteString(w, `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>`)
		})
	})
	// The streams end before the server closes, which waits on them.
	t.Cleanup(func() { chromedp.Do(ctx, chromedp.Navigate("about:blank")) })
	hold := `document.addEventListener("DOMContentLoaded", () => {
		const img = new Image(); img.src = "/held.svg"; document.body.append(img) })`
	require.NoError(t, chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: hold})
		return err
	})))
	loaded := make(chan error, 1)
	go func() { loaded <- chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/")) }()
	waitFor(t, ctx, `document.querySelectorAll("#card td").length > 0 && !document.querySelector("#camera").hidden`)
	close(release)
	select {
	case err := <-loaded:
		require.NoError(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("the page never loaded: the camera's stream holds it")
	}
	waitFor(t, ctx, `document.querySelector("#camera-view").getAttribute("src").includes("/camera.mjpeg")`)
}

// keeper is a RollKeeper that holds, by the camera's reading, the faces
// the table confirms now, and the throws the card took.
type keeper struct {
	told   map[[5]int][5]int
	rolled [][5]int
}

func (k *keeper) Confirmed(read, confirmed [5]int, ok bool) {
	if k.told == nil {
		k.told = map[[5]int][5]int{}
	}
	delete(k.told, read)
	if ok {
		k.told[read] = confirmed
	}
}

func (k *keeper) Rolled(dice [5]int) { k.rolled = append(k.rolled, dice) }

func TestConfirmedCameraRollsGoToTheRollKeeper(t *testing.T) {
	k := &keeper{}
	b := newBoardIn(t, t.TempDir(), Config{Camera: true, Rolls: k}, "yacht", "Ann")

	assert.True(t, b.srv.Settled([5]int{4, 4, 2, 4, 1}, [5]bool{false, false, true, false, false}), "the first roll is taken")
	assert.Equal(t, [][5]int{{4, 4, 2, 4, 1}}, k.rolled, "the keeper hears of the throw the card took")
	b.must("/api/die", map[string]any{"die": 2, "face": 3}) // the unsure die corrected
	assert.Empty(t, k.told, "nothing is kept before the table confirms")
	b.must("/api/confirm", map[string]any{})
	assert.Equal(t, map[[5]int][5]int{{4, 4, 2, 4, 1}: {4, 4, 3, 4, 1}}, k.told, "the camera's reading with the table's faces, die for die")
	assert.False(t, b.srv.Settled([5]int{1, 2, 3, 4, 5}, [5]bool{}), "no roll replaces a confirmed one")
	b.must("/api/undo", map[string]any{})
	assert.Empty(t, k.told, "a confirmation undone is taken back")

	// Held dice left on the tray are read with the rest: each die read
	// gets its face on the card, a held one its own.
	b.hold(true, true, false, true, false)
	assert.True(t, b.srv.Settled([5]int{6, 4, 4, 4, 2}, [5]bool{}))
	b.must("/api/confirm", map[string]any{})
	assert.Equal(t, map[[5]int][5]int{{6, 4, 4, 4, 2}: {6, 4, 4, 4, 2}}, k.told)

	// The held dice set aside: only the two rolled again are read.
	b.must("/api/undo", map[string]any{}) // the confirmation
	b.must("/api/undo", map[string]any{}) // the second roll
	assert.True(t, b.srv.Settled([5]int{5, 0, 6, 0, 0}, [5]bool{}))
	b.must("/api/die", map[string]any{"die": 4, "face": 3})
	b.must("/api/confirm", map[string]any{})
	assert.Equal(t, map[[5]int][5]int{{5, 0, 6, 0, 0}: {5, 0, 3, 0, 0}}, k.told, "the 6 corrected to 3 where it lies on the card")
	b.must("/api/score", map[string]any{"box": "choice"})
	assert.Len(t, k.told, 1, "scoring keeps the confirmation")

	// A die the camera did not read, typed in, has no place in the frame.
	assert.True(t, b.srv.Settled([5]int{2, 2, 5, 6, 0}, [5]bool{}))
	b.must("/api/die", map[string]any{"die": 4, "face": 1})
	b.must("/api/confirm", map[string]any{})
	assert.NotContains(t, k.told, [5]int{2, 2, 5, 6, 0}, "a roll with a die typed in is not kept")
	n := len(k.rolled)
	assert.Equal(t, [5]int{2, 2, 5, 6, 0}, k.rolled[n-1], "the last throw the card took")
	assert.False(t, b.srv.Settled([5]int{1, 1, 1, 1, 1}, [5]bool{}), "a confirmed roll is not replaced")
	assert.Len(t, k.rolled, n, "a roll the card refuses is no throw")
}

func TestPageSaysConfirmedRollsAreKept(t *testing.T) {
	ctx := newBrowser(t)
	for _, tc := range []struct {
		name  string
		rolls RollKeeper
		says  string
	}{
		{"kept", &keeper{}, "Each roll you confirm is kept as a photo with its dice, to calibrate the camera to them."},
		{"not kept", nil, ""},
	} {
		b := newBoardIn(t, t.TempDir(), Config{Camera: true, Rolls: tc.rolls}, "yacht", "Ann")
		b.srv.Frame(trayPicture(t))
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
		waitFor(t, ctx, `document.querySelector("#camera-view").naturalWidth === 640`)
		says, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector("#keeping-rolls") || {}).innerText || ""`))
		require.NoError(t, err)
		assert.Equal(t, tc.says, says, tc.name)
		if tc.says != "" {
			screenshot(t, ctx, "keeping-rolls.png")
		}
	}
}
