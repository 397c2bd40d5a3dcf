package scoreboard

import (
	"bytes"
	"testing"

	"github.com/charmbracelet/log"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("66666")))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	assert.Equal(t, [5]int{6, 6, 6, 6, 6}, b.state().Roll.Dice)

	b.srv.FeedState(FeedReconnecting, "no frame came from the camera")
	waitFor(t, ctx, `document.querySelector("#camera-status").textContent.startsWith("Camera lost (no frame came from the camera); trying again")`)
	b.srv.FeedState(FeedRunning, "")
	b.srv.Status("rolling", 2)
	waitFor(t, ctx, `document.querySelector("#camera-status").textContent === "rolling" && !document.querySelector("#type-roll").classList.contains("offered")`)
}
