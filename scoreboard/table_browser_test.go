package scoreboard

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
)

// errorBeside is where the page's error shows, and what it says, beside
// the element the selector names.
type errorBeside struct {
	Text   string
	Shown  bool
	Pop    rect
	Anchor rect
	Height float64
	Width  float64
}

func errorNear(t *testing.T, ctx context.Context, anchor string) errorBeside {
	t.Helper()
	e, err := chromedp.Run(ctx, chromedp.Evaluate[errorBeside](`(() => {
		const r = (e) => { const b = e.getBoundingClientRect(); return { left: b.left, top: b.top, right: b.right, bottom: b.bottom }; };
		const pop = document.querySelector("#error-pop");
		return { text: pop.textContent, shown: !pop.hidden, pop: r(pop), anchor: r(document.querySelector(`+strconv.Quote(anchor)+`)),
			height: visualViewport.height, width: visualViewport.width };
	})()`))
	require.NoError(t, err)
	return e
}

// beside says whether the error lies just under or over its anchor, and
// inside the window.
func (e errorBeside) beside() bool {
	under := e.Pop.Top >= e.Anchor.Bottom-1 && e.Pop.Top <= e.Anchor.Bottom+12
	over := e.Pop.Bottom <= e.Anchor.Top+1 && e.Pop.Bottom >= e.Anchor.Top-12
	across := e.Pop.Left <= e.Anchor.Right && e.Pop.Right >= e.Anchor.Left
	inside := e.Pop.Left >= 0 && e.Pop.Right <= e.Width && e.Pop.Top >= 0 && e.Pop.Bottom <= e.Height
	return (under || over) && across && inside
}

func TestErrorsShowBesideWhatCausedThemInWords(t *testing.T) {
	for _, view := range []struct {
		name   string
		width  int64
		height int64
	}{{"laptop", 1280, 900}, {"phone", 390, 844}} {
		t.Run(view.name, func(t *testing.T) {
			ctx := newBrowser(t)
			b := newBoard(t, "yacht", "Ann", "Bob")
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(view.width, view.height), chromedp.Navigate(b.url+"/")))
			waitSynced(t, ctx, b)

			// A score with a fraction, typed into a box.
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(cell(1, "fours")+" button"))))
			waitFor(t, ctx, `document.activeElement.classList.contains("score-input")`)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("2.5\r")))
			waitFor(t, ctx, `!document.querySelector("#error-pop").hidden`)
			e := errorNear(t, ctx, cell(1, "fours")+" input")
			assert.Contains(t, e.Text, "Fours takes a whole number of points, 0 to 1000")
			assert.NotContains(t, e.Text, "json")
			assert.True(t, e.beside(), "the error %+v is beside the box %+v", e.Pop, e.Anchor)
			assert.NotContains(t, b.state().Players[1].Boxes, "fours", "nothing was scored")
			if view.name == "phone" {
				windowShot(t, ctx, "error-beside-phone.png")
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\x1b")))

			// A name the server refuses, said under the name.
			name := `input[aria-label="Name of player 1"]`
			require.NoError(t, chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(name)),
				chromedp.Evaluate[chromedp.Void](`document.activeElement.select()`), chromedp.KeyEvent(" \r")))
			waitFor(t, ctx, `document.querySelector("#error-pop").textContent.includes("needs a name")`)
			e = errorNear(t, ctx, name)
			assert.True(t, e.beside(), "the error %+v is beside the name %+v", e.Pop, e.Anchor)
			assert.Equal(t, "A player needs a name", e.Text)
		})
	}
}

func TestNewGameAsksFirstAndTheUnfinishedGameResumesFromGames(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	before := b.state()
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("new-game"))))
	waitFor(t, ctx, `document.querySelector("#new-dialog").open`)
	warning, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#new-unfinished").hidden ? "" : document.querySelector("#new-unfinished").textContent`))
	require.NoError(t, err)
	assert.Contains(t, warning, fmt.Sprintf("Game %d (yacht: Ann 19, Bob 0) is not finished", before.GameID))
	assert.Contains(t, warning, "resume it")
	start, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("new-start")))
	require.NoError(t, err)
	assert.Equal(t, "Set it aside and start", start, "starting says what becomes of the game in play")
	screenshot(t, ctx, "new-game-asks.png")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("new-start"))))
	waitFor(t, ctx, `document.querySelectorAll("#card button.filled").length === 0`)
	require.NotEqual(t, before.GameID, b.state().GameID)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("show-games"))))
	resume := fmt.Sprintf(`button[aria-label="Resume game %d"]`, before.GameID)
	waitFor(t, ctx, `document.querySelector('`+resume+`') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(resume))))
	waitFor(t, ctx, `document.querySelector('`+cell(0, "full-house")+` button.filled') !== null`)
	after := b.state()
	assert.Equal(t, before.GameID, after.GameID, "the game set aside is back in play")
	assert.Equal(t, before.Players, after.Players)
	waitFor(t, ctx, `document.querySelector("#games-list tr.in-play").dataset.game === "`+strconv.FormatInt(before.GameID, 10)+`"`)
}

func TestAFinishedGameOpensAsACardToLookAtAndExportsWhole(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.fill(0, func(p int, box rules.Box) int { return p * 2 })
	b.must("/api/enter", map[string]any{"player": 0, "box": "yacht", "points": 200})
	old := b.state()
	require.True(t, old.Over)
	b.must("/api/new", map[string]any{})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("show-games"))))
	open := fmt.Sprintf(`button[aria-label="Open game %d"]`, old.GameID)
	waitFor(t, ctx, `document.querySelector('`+open+`') !== null`)
	resumable, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector('button[aria-label="Resume game %d"]') !== null`, old.GameID)))
	require.NoError(t, err)
	assert.False(t, resumable, "a finished game is not resumed")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(open))))
	waitFor(t, ctx, `document.querySelector("#old-card").open && document.querySelectorAll("#old-table tbody tr").length > 10`)
	controls, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#old-table button, #old-table input").length`))
	require.NoError(t, err)
	assert.Zero(t, controls, "the old card is only to look at")
	grand, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#old-table tr.grand td")].map((td) => td.textContent)`))
	require.NoError(t, err)
	assert.Equal(t, []string{strconv.Itoa(old.Players[0].Totals.GrandTotal), strconv.Itoa(old.Players[1].Totals.GrandTotal)}, grand)
	state, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("old-state")))
	require.NoError(t, err)
	assert.Contains(t, state, "Won by Ann")
	screenshot(t, ctx, "old-card.png")

	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#old-export").href`))
	require.NoError(t, err)
	resp, err := http.Get(href)
	require.NoError(t, err)
	text, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	set, err := rules.Parse("yacht")
	require.NoError(t, err)
	l, err := rules.ReadLog(bytes.NewReader(text), set)
	require.NoError(t, err, "%s", text)
	assert.Equal(t, []string{"Ann", "Bob"}, l.Players, "one file for the whole game")
	tb, err := rules.ReplayTable(set, l)
	require.NoError(t, err)
	assert.Equal(t, old.Players[0].Totals.GrandTotal, tb.Series(0).Total(), "typed scores export as typed, 200 included")
}

func TestThePrintDialogChoosesTheCardPaperAndColumns(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoard(t, "yatzy", "Ann", "Bob", "Cleo")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`window.open = (url) => { window.opened = url; }`),
		chromedp.Click(chromedp.ID("print-open"))))
	waitFor(t, ctx, `document.querySelector("#print-dialog").open`)
	cols, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#print-columns option")].map((o) => o.value)`))
	require.NoError(t, err)
	assert.Equal(t, []string{"1", "2", "3", "4", "5", "6", "7", "8"}, cols)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`input[name="print-what"][value="blank"]`)),
		chromedp.SetValue(chromedp.ID("print-paper"), "a4"), chromedp.SetValue(chromedp.ID("print-columns"), "6"),
		chromedp.Click(chromedp.ID("print-go"))))
	waitFor(t, ctx, `window.opened !== undefined`)
	opened, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.opened`))
	require.NoError(t, err)
	assert.Equal(t, "/print?blank=1&players=6&paper=a4&rules=yatzy", opened)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("print-open"))))
	waitFor(t, ctx, `document.querySelector("#print-dialog").open`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`input[name="print-what"][value="game"]`)),
		chromedp.SetValue(chromedp.ID("print-paper"), "letter"), chromedp.Click(chromedp.ID("print-go"))))
	waitFor(t, ctx, `window.opened.includes("game=")`)
	opened, err = chromedp.Run(ctx, chromedp.Evaluate[string](`window.opened`))
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("/print?game=%d&paper=letter", b.state().GameID), opened)
}

func TestTheCalibrationDrawsTheTrayOnThePictureAndTakesADrawnOne(t *testing.T) {
	ctx := newBrowser(t)
	g := &fakeGuide{}
	b := newBoardIn(t, t.TempDir(), Config{Camera: true, Calibrator: g}, "yacht", "Ann")
	b.srv.Frame(trayPicture(t))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitFor(t, ctx, `!document.querySelector("#calibrate").hidden && document.querySelector("#camera-view").naturalWidth === 640`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("calibrate"))))
	waitFor(t, ctx, `document.querySelector("#cal-prompt").textContent.startsWith("Clear the tray")`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("cal-capture")))) // finds the tray [40, 30, 600, 450]
	waitFor(t, ctx, `!document.querySelector("#tray-outline").hidden`)
	drawn, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]float64](`(() => {
		const img = document.querySelector("#camera-view").getBoundingClientRect();
		const o = document.querySelector("#tray-outline").getBoundingClientRect();
		const s = Math.min(img.width / 640, img.height / 480);
		const x0 = img.left + (img.width - 640 * s) / 2, y0 = img.top + (img.height - 480 * s) / 2;
		return { left: (o.left - x0) / s, top: (o.top - y0) / s, right: (o.right - x0) / s, bottom: (o.bottom - y0) / s };
	})()`))
	require.NoError(t, err)
	for side, want := range map[string]float64{"left": 40, "top": 30, "right": 600, "bottom": 450} {
		assert.InDelta(t, want, drawn[side], 2, "the outline's %s, in frame pixels", side)
	}
	screenshot(t, ctx, "calibration-tray.png")

	// A drag across the picture, from (100, 80) to (500, 400) in the frame.
	require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
		const img = document.querySelector("#camera-view");
		const r = img.getBoundingClientRect();
		const s = Math.min(r.width / 640, r.height / 480);
		const at = (x, y) => ({ clientX: r.left + (r.width - 640 * s) / 2 + x * s, clientY: r.top + (r.height - 480 * s) / 2 + y * s, pointerId: 1, bubbles: true });
		img.dispatchEvent(new PointerEvent("pointerdown", at(100, 80)));
		img.dispatchEvent(new PointerEvent("pointermove", at(300, 240)));
		img.dispatchEvent(new PointerEvent("pointerup", at(500, 400)));
	})()`)))
	waitFor(t, ctx, `document.querySelector("#cal-x0").value !== "40"`)
	tray := b.state().Calibration.Tray
	for i, want := range [4]int{100, 80, 500, 400} {
		assert.InDelta(t, want, tray[i], 2, "side %d of the tray drawn", i)
	}
}

func TestThePageHasAnIconAndKeepsTheSpeechSwitch(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoard(t, "yacht", "Ann")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	resp, err := http.Get(b.url + "/favicon.ico")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode)
	assert.Equal(t, "image/svg+xml", resp.Header.Get("Content-Type"))
	failed, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`performance.getEntriesByType("resource")
		.filter((e) => e.responseStatus >= 400).map((e) => e.name)`))
	require.NoError(t, err)
	assert.Empty(t, failed, "every file the page loads is there")
	icon, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`!!document.querySelector('link[rel="icon"]')`))
	require.NoError(t, err)
	assert.True(t, icon)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("speak")), chromedp.Reload()))
	waitSynced(t, ctx, b)
	on, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#speak").checked`))
	require.NoError(t, err)
	assert.True(t, on, "the speech switch is kept across a reload")
}

func TestAPokerPageSaysTheCameraNeedsAPokerCalibration(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "poker", "Ann")
	b.srv.Frame(trayPicture(t))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitFor(t, ctx, `!document.querySelector("#camera-note").hidden`)
	note, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("camera-note")))
	require.NoError(t, err)
	assert.Contains(t, note, "The camera cannot read these dice")
	assert.Contains(t, note, "dicecam calibrate --faces poker")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("akq9t")))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	assert.Equal(t, [5]int{6, 5, 4, 1, 2}, b.state().Roll.Dice, "the players type the dice")
}

func TestThePageKeepsAConfirmedRollWhateverTheCameraSees(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true, Demo: true}, "yacht", "Ann", "Bob")
	b.srv.Frame(trayPicture(t))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	b.srv.Settled([5]int{4, 4, 2, 4, 1}, [5]bool{})
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#dice .die[data-die="2"]`)))) // a correction: 2 to 3
	waitFor(t, ctx, `document.querySelector('#dice .die[data-die="2"]').getAttribute("aria-label").startsWith("Die 3: 3")`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("confirm"))))
	waitFor(t, ctx, `document.querySelector("#confirm").textContent.startsWith("Confirmed")`)
	b.srv.Settled([5]int{6, 6, 6, 6, 6}, [5]bool{}) // the demo's next dice
	b.srv.Status("settled", 5)
	waitFor(t, ctx, `document.querySelector("#camera-status").textContent.startsWith("settled")`)
	dice, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#dice .die")].map((d) => d.getAttribute("aria-label").slice(0, 8))`))
	require.NoError(t, err)
	assert.Equal(t, []string{"Die 1: 4", "Die 2: 4", "Die 3: 3", "Die 4: 4", "Die 5: 1"}, dice, "the corrected, confirmed roll stands")
	assert.True(t, b.state().Roll.Confirmed)
}
