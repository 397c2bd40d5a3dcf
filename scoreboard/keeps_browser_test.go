package scoreboard

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/pagetest"
)

// holdButton is the Hold button under die i.
func holdButton(i int) string { return `#dice .die-hold[data-die="` + strconv.Itoa(i) + `"]` }

func TestPageMarksTheDiceHeldAndTheReviewGradesTheKeep(t *testing.T) {
	yachtTable(t)
	for _, tc := range []struct {
		scheme string
		width  int64
	}{{"light", 1280}, {"dark", 390}} {
		t.Run(tc.scheme, func(t *testing.T) {
			ctx := newBrowser(t)
			b := newBoard(t, "yacht", "Ann") // advice is on for one player
			opts := []chromedp.EmulateViewportOption{}
			if tc.width < 640 {
				opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateScale(2))
			}
			require.NoError(t, chromedp.Do(ctx, pagetest.Media("", "prefers-color-scheme", tc.scheme),
				chromedp.EmulateViewport(tc.width, 844, opts...), chromedp.Navigate(b.url+"/")))
			waitSynced(t, ctx, b)
			hidden, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#hold-note").hidden && 
				[...document.querySelectorAll("#dice .die-hold")].every((h) => h.getBoundingClientRect().width === 0)`))
			require.NoError(t, err)
			assert.True(t, hidden, "nothing to hold before a roll")

			// Roll 1, confirmed to see the advice: its keep is shown, not taken.
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("66521")))
			waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
			require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
			waitFor(t, ctx, `document.querySelector("#dice .die.hold") !== null`)
			v := b.state()
			assert.False(t, v.Roll.HeldMarked, "the advice's keep is not the players' mark")
			note, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("hold-text")))
			require.NoError(t, err)
			assert.Contains(t, note, "Tap Hold under the dice you keep")

			// Die 1 held by a tap, die 2 by the keyboard.
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(holdButton(0)))))
			waitFor(t, ctx, `document.querySelector('`+holdButton(0)+`').getAttribute("aria-pressed") === "true"`)
			require.NoError(t, chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(`#dice .die[data-die="1"]`)), chromedp.KeyEvent("h")))
			waitFor(t, ctx, `document.querySelector('`+holdButton(1)+`').getAttribute("aria-pressed") === "true"`)
			assert.Equal(t, [5]bool{true, true}, b.state().Roll.Held)
			note, err = chromedp.Run(ctx, chromedp.Text(chromedp.ID("hold-text")))
			require.NoError(t, err)
			assert.Equal(t, "Keeping 6 6: roll the other 3.", note)
			// And the 1, against the advice.
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(holdButton(4)))))
			waitFor(t, ctx, `document.querySelector("#hold-text").textContent === "Keeping 6 6 1: roll the other 2."`)
			look, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(() => {
				const c = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
				const r = document.querySelector('`+holdButton(4)+`').getBoundingClientRect();
				return { held: c('`+holdButton(0)+`', "backgroundColor"), heldText: c('`+holdButton(0)+`', "color"),
					free: c('`+holdButton(3)+`', "backgroundColor"), right: String(r.right), width: String(innerWidth),
					frame: c('#dice .die[data-die="0"]', "borderTopColor"), plain: c('#dice .die[data-die="3"]', "borderTopColor") };
			})()`))
			require.NoError(t, err)
			assert.GreaterOrEqual(t, contrast(luminance(t, look["held"]), luminance(t, look["heldText"])), 4.5, "a held button's word")
			assert.GreaterOrEqual(t, contrast(luminance(t, look["held"]), luminance(t, look["free"])), 2.0, "held stands out from not held")
			assert.NotEqual(t, look["plain"], look["frame"], "a held die is framed")
			right, _ := strconv.ParseFloat(look["right"], 64)
			width, _ := strconv.ParseFloat(look["width"], 64)
			assert.LessOrEqual(t, right, width, "the last Hold button is on the screen")
			windowShot(t, ctx, "keeps-"+tc.scheme+".png")

			// Roll 2, typed as the dice lie: the held dice stay in their
			// places. Then the 6s held, and roll 3 scores.
			require.NoError(t, chromedp.Do(ctx, chromedp.Blur(chromedp.CSS(holdButton(4))), chromedp.KeyEvent("31666")))
			waitFor(t, ctx, `document.querySelector("#hold-text").textContent.startsWith("Roll 1: 6 6 5 2 1, kept 6 6 1.")`)
			assert.Equal(t, [5]int{6, 6, 3, 6, 1}, b.state().Roll.Dice)
			for _, i := range []int{0, 1, 3} {
				require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(holdButton(i)))))
				waitFor(t, ctx, `document.querySelector('`+holdButton(i)+`').getAttribute("aria-pressed") === "true"`)
			}
			// Roll 3 typed as just the two dice rolled again.
			require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("typed"), "26"), chromedp.Click(chromedp.CSS(`#type-roll button[type="submit"]`))))
			waitFor(t, ctx, `document.querySelector("#turn").textContent.includes("roll 3 of 3")`)
			assert.Equal(t, [5]int{6, 6, 2, 6, 6}, b.state().Roll.Dice)
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("confirm"))))
			waitFor(t, ctx, `document.querySelector('`+cell(0, "sixes")+` button.option') !== null`)
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(cell(0, "sixes")+" button.option"))))
			waitFor(t, ctx, `document.querySelector('`+cell(0, "sixes")+` button.filled') !== null`)
			assert.Contains(t, b.exported(), "\n6 6 5 2 1 keep 6 6 1, 6 6 3 6 1 keep 6 6 6, 6 6 2 6 6 -> sixes\n")

			// The review shows both keeps, graded as the server grades them.
			want := b.reviewOf(b.state().GameID).Players[0].Turns[0].Keeps
			require.Len(t, want, 2)
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("show-review"))))
			shownReview(t, ctx)
			require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#review-body details[data-player="Ann"] summary`))))
			rows, err := chromedp.Run(ctx, chromedp.Evaluate[[][]string](`[...document.querySelectorAll('#review-body details[data-player="Ann"] tr.keep')]
				.map((tr) => [tr.className, ...[...tr.children].map((td) => td.textContent)])`))
			require.NoError(t, err)
			require.Len(t, rows, 2)
			require.Greater(t, want[0].Loss, 0.05, "holding the 1 gave up points")
			assert.Equal(t, []string{"keep lost", "1", "roll 1: 6 6 5 2 1", "keep 1 6 6", "keep " + want[0].BestKept,
				strconv.FormatFloat(want[0].Loss, 'f', 1, 64)}, rows[0])
			assert.Equal(t, "6 6", want[0].BestKept)
			assert.Equal(t, []string{"", "roll 2: 6 6 3 6 1", "keep 6 6 6"}, rows[1][1:4])
			summary, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`#review-body details[data-player="Ann"] summary`)))
			require.NoError(t, err)
			assert.Contains(t, summary, "of 3 decisions")
			shown := shownReview(t, ctx)
			assert.LessOrEqual(t, shown.Scroll, shown.Client, "the review does not scroll sideways")
			assert.LessOrEqual(t, shown.Dialog.Right, shown.Width, "and fits the screen")
			screenshot(t, ctx, "keeps-review-"+tc.scheme+".png")
		})
	}
}

func TestPageSaysWhyTheCamerasRollWasNotTaken(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann", "Bob")
	b.srv.Frame(trayPicture(t))
	b.srv.Settled([5]int{6, 6, 5, 2, 1}, [5]bool{})
	b.hold(true, true, false, false, false)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	hidden, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#camera-note").hidden`))
	require.NoError(t, err)
	assert.True(t, hidden, "no note while every roll is taken")

	b.srv.Settled([5]int{5, 4, 3, 2, 1}, [5]bool{}) // a held 6 read otherwise, or rolled after all
	waitFor(t, ctx, `!document.querySelector("#camera-note").hidden`)
	note, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("camera-note")))
	require.NoError(t, err)
	assert.Contains(t, note, "The camera's roll was not taken: roll 2 shows 5 4 3 2 1, which lacks the 6 6 held from roll 1")

	// Typing the roll plays on, and the note goes.
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("66543")))
	waitFor(t, ctx, `document.querySelector("#camera-note").hidden`)
	assert.Equal(t, 2, b.state().Roll.Throw)
}
