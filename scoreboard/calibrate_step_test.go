package scoreboard

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fakeGuide walks the steps of a calibration without a camera: the empty
// tray, the dice (with a warning the first time), one check, done.
type fakeGuide struct {
	c       Calibration
	warned  bool
	actions []string
}

func (f *fakeGuide) Calibrate(_ context.Context, a CalibrationAction) (Calibration, error) {
	f.actions = append(f.actions, a.Do)
	switch {
	case a.Do == "start":
		f.c = Calibration{Active: true, Step: "empty-tray", Prompt: "Clear the tray, then capture."}
	case a.Do == "cancel":
		f.c = Calibration{}
	case !f.c.Active:
		return f.c, errors.New("no calibration is running")
	case a.Do == "tray":
		f.c.Tray = a.Tray
	case a.Do == "capture" && f.c.Step == "empty-tray":
		f.c = Calibration{Active: true, Step: "dice", Prompt: "Lay five dice apart, then capture.", Tray: [4]int{40, 30, 600, 450}}
	case a.Do == "capture" && f.c.Step == "dice" && !f.warned:
		f.warned = true
		f.c.Warnings = []string{"4 dice seen, expected 5"}
	case (a.Do == "capture" || a.Do == "accept") && f.c.Step == "dice":
		f.c = Calibration{Active: true, Step: "check", Prompt: "Roll and say whether the read is right.", Total: 1}
	case a.Do == "capture" && f.c.Step == "check":
		f.c.Read = "1 3 3 5 6"
	case a.Do == "right":
		f.c = Calibration{Step: "done", Saved: "/tmp/profile.json"}
	default:
		return f.c, errors.New("not in this step")
	}
	return f.c, nil
}

func TestCalibrationNeedsACamera(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	code, reply := b.postRaw("/api/calibrate", []byte(`{"do": "start"}`))
	assert.Equal(t, http.StatusNotFound, code)
	assert.Contains(t, reply["error"], "--source")
	assert.False(t, b.state().CanCalibrate)
}

func TestCalibrationStepsReachEveryPage(t *testing.T) {
	g := &fakeGuide{}
	b := newBoardIn(t, t.TempDir(), Config{Camera: true, Calibrator: g}, "yacht", "Ann")
	require.True(t, b.state().CanCalibrate)
	code, _ := b.postRaw("/api/calibrate", []byte(`{"do": "capture"}`))
	assert.Equal(t, http.StatusUnprocessableEntity, code)
	code, _ = b.postRaw("/api/calibrate", []byte(`{"do": "start"}`))
	require.Equal(t, http.StatusOK, code)
	code, _ = b.postRaw("/api/calibrate", []byte(`{"do": "capture"}`))
	require.Equal(t, http.StatusOK, code)
	code, reply := b.postRaw("/api/calibrate", []byte(`{"do": "tray", "tray": [10, 20, 300]}`))
	assert.Equal(t, http.StatusBadRequest, code, "a tray of three sides is not taken as [10, 20, 300, 0]")
	assert.Contains(t, reply["error"], "[left, top, right, bottom]")
	code, _ = b.postRaw("/api/calibrate", []byte(`{"do": "tray", "tray": [10, 20, 300, 200]}`))
	require.Equal(t, http.StatusOK, code)
	v := b.state()
	assert.Equal(t, "dice", v.Calibration.Step)
	assert.Equal(t, [4]int{10, 20, 300, 200}, v.Calibration.Tray)
	code, _ = b.postRaw("/api/calibrate", []byte(`{"do": "capture", "version": 3}`))
	assert.Equal(t, http.StatusBadRequest, code, "calibration steps are not versioned moves")
}

func TestPageWalksThroughTheCalibration(t *testing.T) {
	ctx := newBrowser(t)
	g := &fakeGuide{}
	b := newBoardIn(t, t.TempDir(), Config{Camera: true, Calibrator: g}, "yacht", "Ann", "Bob")
	b.srv.Frame(trayPicture(t))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitFor(t, ctx, `!document.querySelector("#calibrate").hidden`)
	click := func(id string) {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID(id))))
	}
	click("calibrate")
	waitFor(t, ctx, `document.querySelector("#cal-prompt").textContent.startsWith("Clear the tray")`)
	click("cal-capture")
	waitFor(t, ctx, `!document.querySelector("#cal-tray-numbers").hidden && document.querySelector("#cal-x1").value === "600"`)
	click("cal-capture")
	waitFor(t, ctx, `!document.querySelector("#cal-accept").hidden`)
	screenshot(t, ctx, "calibration-warning.png")
	click("cal-accept")
	waitFor(t, ctx, `document.querySelector("#cal-capture").textContent === "Read the roll"`)
	click("cal-capture")
	waitFor(t, ctx, `document.querySelector("#cal-read").textContent === "Read: 1 3 3 5 6"`)
	click("cal-right")
	waitFor(t, ctx, `document.querySelector("#calibration").hidden`)
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("message")))
	require.NoError(t, err)
	assert.Contains(t, text, "/tmp/profile.json")
	assert.Equal(t, []string{"start", "capture", "capture", "accept", "capture", "right"}, g.actions)
}
