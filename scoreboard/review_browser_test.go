package scoreboard

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
)

// reviewShown is the review dialog as the page shows it.
type reviewShown struct {
	Title  string
	Rows   map[string][]string // the summary's cells by player
	Lost   map[string]int      // each player's turns marked as giving up points
	Dialog rect
	Width  float64
	Scroll float64 // the dialog's content width: more than its own scrolls sideways
	Client float64
}

func shownReview(t *testing.T, ctx context.Context) reviewShown {
	t.Helper()
	waitFor(t, ctx, `document.querySelector("#review-dialog").open && document.querySelectorAll("#review-summary tr[data-player]").length > 0`)
	v, err := chromedp.Run(ctx, chromedp.Evaluate[reviewShown](`(() => {
		const d = document.querySelector("#review-dialog"); const b = d.getBoundingClientRect();
		const rows = {}, lost = {};
		for (const tr of document.querySelectorAll("#review-summary tr[data-player]")) rows[tr.dataset.player] = [...tr.children].map((c) => c.textContent);
		for (const det of document.querySelectorAll("#review-body details")) lost[det.dataset.player] = det.querySelectorAll("tr.lost").length;
		return { title: document.querySelector("#review-title").textContent, rows, lost,
			dialog: { left: b.left, top: b.top, right: b.right, bottom: b.bottom }, width: visualViewport.width,
			scroll: d.scrollWidth, client: d.clientWidth };
	})()`))
	require.NoError(t, err)
	return v
}

func TestPageShowsEachPlayersReviewDuringAndAfterTheGame(t *testing.T) {
	yachtTable(t)
	ctx := newBrowser(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.play([5]int{6, 6, 6, 6, 6}, "yacht")  // the best box
	b.play([5]int{6, 6, 6, 6, 6}, "choice") // gives up points
	id := b.state().GameID
	want := b.reviewOf(id)
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
		chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)

	// During the game, from the header.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("show-review"))))
	v := shownReview(t, ctx)
	assert.Equal(t, fmt.Sprintf("Review of game %d", id), v.Title)
	for _, p := range want.Players {
		assert.Equal(t, []string{p.Name, strconv.Itoa(p.Decisions), strconv.FormatFloat(p.TotalLoss, 'f', 1, 64),
			strconv.FormatFloat(p.MeanLoss, 'f', 2, 64)}, v.Rows[p.Name], "%s's line", p.Name)
	}
	assert.Equal(t, map[string]int{"Ann": 0, "Bob": 1}, v.Lost, "Bob's yacht scored as Choice is marked")
	assert.GreaterOrEqual(t, v.Dialog.Left, 0.0)
	assert.LessOrEqual(t, v.Dialog.Right, v.Width, "the review fits a phone")
	assert.LessOrEqual(t, v.Scroll, v.Client, "and does not scroll sideways")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#review-body details[data-player="Bob"] summary`))))
	best, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#review-body details[data-player="Bob"] tr.lost td')].map((td) => td.textContent)`))
	require.NoError(t, err)
	assert.Equal(t, []string{"1", "6 6 6 6 6", "Choice", "Yacht", strconv.FormatFloat(want.Players[1].Turns[0].Loss, 'f', 1, 64)}, best)
	screenshot(t, ctx, "review-phone.png")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#review-dialog button[value="close"]`))))
	waitFor(t, ctx, `!document.querySelector("#review-dialog").open`)

	// At its end, from the winner's banner.
	b.fill(0, func(p int, box rules.Box) int { return 0 })
	require.True(t, b.state().Over)
	waitFor(t, ctx, `!document.querySelector("#winner").hidden && document.querySelector("#winner-review") !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("winner-review"))))
	v = shownReview(t, ctx)
	assert.Equal(t, fmt.Sprintf("Review of game %d", id), v.Title)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#review-dialog button[value="close"]`))))
	waitFor(t, ctx, `!document.querySelector("#review-dialog").open`)

	// After it, from Games.
	b.must("/api/new", map[string]any{})
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("show-games"))))
	open := fmt.Sprintf(`button[aria-label="Open game %d"]`, id)
	waitFor(t, ctx, `document.querySelector('`+open+`') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(open))))
	waitFor(t, ctx, `document.querySelector("#old-card").open`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("old-review"))))
	v = shownReview(t, ctx)
	assert.Equal(t, fmt.Sprintf("Review of game %d", id), v.Title, "the finished game's, not the one in play")
	assert.Equal(t, "1", v.Rows["Bob"][1], "the boxes typed by hand to end it are not graded")
}

func TestPageShowsHowFarTheReviewIsPrepared(t *testing.T) {
	ctx := newBrowser(t)
	tables, gate, steps := gatedTables(t)
	b := newBoardIn(t, t.TempDir(), Config{Tables: tables}, "yacht", "Ann", "Bob")
	b.play([5]int{6, 6, 6, 6, 6}, "yacht")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("show-review"))))
	waitFor(t, ctx, `document.querySelector("#review-note").textContent === "The review is being prepared…"`)
	steps <- 6
	waitFor(t, ctx, `document.querySelector("#review-progress").value === 0.6`)
	width, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("#review-progress").getBoundingClientRect().width`))
	require.NoError(t, err)
	assert.Greater(t, width, 100.0, "the bar is shown across the dialog")
	close(gate)
	shownReview(t, ctx)
	hidden, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#review-progress").getBoundingClientRect().width === 0`))
	require.NoError(t, err)
	assert.True(t, hidden, "no bar once the review is shown")
}

func TestPageOffersTheLastPlayerToBeatTheLeader(t *testing.T) {
	yachtTable(t)
	ctx := newBrowser(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.must("/api/advice", map[string]any{"on": true})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	hidden, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("#beat-toggle").getBoundingClientRect().width === 0`))
	require.NoError(t, err)
	assert.True(t, hidden, "no switch while Ann has boxes open")

	lastPlayerToMove(t, b)
	waitFor(t, ctx, `document.querySelector("#beat-toggle").getBoundingClientRect().width > 0`)
	label, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("beat-toggle")))
	require.NoError(t, err)
	assert.Equal(t, "Beat Ann's 115", strings.TrimSpace(label))
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("beat"))))
	waitFor(t, ctx, `document.querySelector("#advice-text").textContent === "Playing to beat Ann's 115."`)
	assert.True(t, b.state().Advice.Beat)

	require.NoError(t, chromedp.Do(ctx, chromedp.Blur(chromedp.ID("beat")), chromedp.KeyEvent("66621")))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, `document.querySelector("#confirm").textContent.startsWith("Confirmed")`)
	a := b.readyAdvice().Advice
	waitFor(t, ctx, `document.querySelector("#advice-text").textContent.includes("chance to beat Ann's 115")`)
	note, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("advice-text")))
	require.NoError(t, err)
	assert.Contains(t, note, fmt.Sprintf("(%.1f%% chance to beat Ann's 115)", 100*a.WinChance))
	shown, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`Object.fromEntries([...document.querySelectorAll("#card td[data-player='1'] button.option")]
		.map((btn) => [btn.closest("td").dataset.box, btn.querySelector(".cost").textContent]))`))
	require.NoError(t, err)
	require.Len(t, shown, len(a.Chances))
	for box, chance := range a.Chances {
		got, err := strconv.ParseFloat(strings.TrimSuffix(shown[box], "%"), 64)
		require.NoError(t, err, "box %s shows %q", box, shown[box])
		assert.InDelta(t, 100*chance, got, 0.51, "box %s", box)
	}
	assert.False(t, math.IsNaN(a.WinChance))
	screenshot(t, ctx, "beat-the-leader.png")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("beat"))))
	waitFor(t, ctx, `document.querySelector("#advice-text").textContent.includes("expected final score")`)
	assert.False(t, b.state().Advice.Beat)
}
