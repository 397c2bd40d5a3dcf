package scoreboard

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPageMarksTheAdvisedKeepAndEachBoxsCost(t *testing.T) {
	ctx := newBrowser(t)
	yachtTable(t) // loaded before the roll is confirmed, so the reply carries the advice
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann")
	b.srv.Frame(trayPicture(t))
	b.srv.Status("settled", 5)
	b.play([5]int{6, 6, 6, 6, 2}, "four-of-a-kind")
	b.srv.Settled([5]int{4, 4, 2, 4, 1}, [5]bool{})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("confirm"))))
	waitFor(t, ctx, `document.querySelector("#confirm").textContent.startsWith("Confirmed")`)
	v := b.readyAdvice()
	require.Empty(t, v.Advice.Box, "rolling again is best with three fours on the first roll")
	waitFor(t, ctx, `document.querySelectorAll("#card button.option .cost").length === `+strconv.Itoa(len(v.Advice.Costs)))

	held, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](`[...document.querySelectorAll("#dice .die")].map((d) => d.classList.contains("hold"))`))
	require.NoError(t, err)
	assert.Equal(t, v.Advice.Hold[:], held, "the held dice are outlined")
	label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#dice .die.hold").getAttribute("aria-label")`))
	require.NoError(t, err)
	assert.Contains(t, label, "Advice: keep this die.", "a screen reader hears the advice too")
	note, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("advice-note")))
	require.NoError(t, err)
	assert.Contains(t, note, "keep 4 4 4")

	costs, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll("#card td[data-player='0'] button.option")]
		.map((btn) => [btn.closest("td").dataset.box, btn.querySelector(".cost").textContent]))`))
	require.NoError(t, err)
	require.Len(t, costs, len(v.Advice.Costs))
	for box, want := range v.Advice.Costs {
		text := costs[box]
		if box == v.Advice.BestBox && want < 0.05 {
			assert.Equal(t, "best", text)
			continue
		}
		got, err := strconv.ParseFloat(strings.TrimPrefix(text, "−"), 64)
		require.NoError(t, err, "box %s shows %q", box, text)
		assert.InDelta(t, want, got, 0.051, "box %s", box)
	}
	best, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('`+cell(0, v.Advice.BestBox)+` button').classList.contains("best")`))
	require.NoError(t, err)
	assert.True(t, best, "the best box is marked")
	focused, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.closest("td").dataset.box`))
	require.NoError(t, err)
	assert.Equal(t, v.Advice.BestBox, focused, "the keyboard is on the advised box")
	screenshot(t, ctx, "advice.png")

	// The switch takes it all away, for a game played to win.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("advice"))))
	waitFor(t, ctx, `document.querySelectorAll("#dice .die.hold, #card .cost").length === 0 && document.querySelector("#advice-note").hidden`)
	assert.False(t, b.state().Advice.On)
}

func TestPageSaysAdviceIsBeingPrepared(t *testing.T) {
	ctx := newBrowser(t)
	tables, gate, steps := gatedTables(t)
	b := newBoardIn(t, t.TempDir(), Config{Tables: tables}, "yacht", "Ann")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("66612")))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, `document.querySelector("#advice-note").textContent === "Advice is being prepared…"`)
	// The bar moves as the solve goes on, and says nothing until it knows.
	bar := func() map[string]any {
		t.Helper()
		m, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]any](`(() => {
			const p = document.querySelector("#advice-progress"); const r = p.getBoundingClientRect();
			return { width: r.width, height: r.height, value: p.hasAttribute("value") ? p.value : -1, hidden: p.hidden };
		})()`))
		require.NoError(t, err)
		return m
	}
	shown := bar()
	assert.Equal(t, -1.0, shown["value"], "no share shown before the solve tells one")
	assert.Greater(t, shown["width"], 100.0, "the bar is across the note")
	assert.Greater(t, shown["height"], 4.0)
	for _, step := range []int{3, 7} {
		steps <- step
		waitFor(t, ctx, `document.querySelector("#advice-progress").value === `+strconv.FormatFloat(float64(step)/10, 'f', -1, 64))
	}
	screenshot(t, ctx, "advice-progress.png")
	close(gate)
	waitFor(t, ctx, `document.querySelectorAll("#dice .die.hold").length === 3`)
	assert.Equal(t, true, bar()["hidden"], "no bar once the advice is ready")
	assert.Equal(t, 0.0, bar()["width"])
}

func TestPageSpeaksEachRollOnlyWhenAsked(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	// Headless Chromium has no voices: record what the page would say.
	require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](
		`window.spoken = []; window.speechSynthesis.speak = (u) => window.spoken.push(u.text)`)))
	spoken := func() []string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.spoken`))
		require.NoError(t, err)
		return s
	}

	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("33561")))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	assert.Empty(t, spoken(), "silent until the box is ticked")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("speak")), chromedp.Blur(chromedp.ID("speak"))))
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("22456")))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, `document.querySelector("#confirm").textContent.startsWith("Confirmed")`)
	assert.True(t, b.state().Roll.Confirmed)
	assert.Equal(t, []string{"Ann, roll 2: 2, 2, 4, 5, 6"}, spoken(), "the roll is said once, confirming it does not repeat it")
}

func TestOverlayMarksTheAdvisedKeepWhileAdviceIsOn(t *testing.T) {
	ctx := newBrowser(t)
	yachtTable(t)
	b := newBoardIn(t, t.TempDir(), Config{}, "yacht", "Ann")
	b.play([5]int{6, 6, 6, 6, 2}, "four-of-a-kind")
	b.must("/api/roll", map[string]any{"dice": []int{4, 4, 2, 4, 1}})
	b.must("/api/confirm", map[string]any{})
	v := b.readyAdvice()
	require.Empty(t, v.Advice.Box, "rolling again is best with three fours on the first roll")
	require.Contains(t, v.Advice.Hold[:], true)

	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/overlay")))
	waitFor(t, ctx, `document.querySelectorAll("#overlay-dice .die.hold").length > 0`)
	held, err := chromedp.Run(ctx, chromedp.Evaluate[[]bool](`[...document.querySelectorAll("#overlay-dice .die")].map((d) => d.classList.contains("hold"))`))
	require.NoError(t, err)
	assert.Equal(t, v.Advice.Hold[:], held, "the advised dice are marked")
	mark, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.querySelector("#overlay-dice .die.hold"), "::after").content`))
	require.NoError(t, err)
	assert.Equal(t, `"keep"`, mark, "the viewers read why")
	screenshot(t, ctx, "overlay-advice.png")

	// Switched off on the page, the overlay follows.
	b.must("/api/advice", map[string]any{"on": false})
	waitFor(t, ctx, `document.querySelectorAll("#overlay-dice .die.hold, #overlay-dice.advised").length === 0`)
}
