package scoreboard

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/pagetest"
)

// rect is an element's box in the window, in CSS pixels.
type rect struct{ Left, Top, Right, Bottom float64 }

// layout is what a player at the table sees of the page, measured in it.
type layout struct {
	Width, Height float64 // the window's
	ScrollWidth   float64 // the document's: wider than the window scrolls sideways
	Bar           rect    // the dice bar
	Card          rect    // the card's place, which may scroll sideways
	Lit           []rect  // the lit boxes of the player to move
	Names         []rect  // the names of the boxes lit
	Focused       rect    // the box the keyboard is on
	FocusedOnTop  bool    // nothing covers the middle of the focused box
	NamesOnTop    bool    // nothing covers the middle of each box name lit that is in view
}

const measureLayout = `(() => {
	const r = (e) => { const b = e.getBoundingClientRect(); return { left: b.left, top: b.top, right: b.right, bottom: b.bottom }; };
	const onTop = (e) => { const b = e.getBoundingClientRect(); const at = document.elementFromPoint((b.left + b.right) / 2, (b.top + b.bottom) / 2); return !!at && e.contains(at); };
	const lit = [...document.querySelectorAll("#card button.option")];
	const names = lit.map((b) => b.closest("tr").querySelector("th.box-name"));
	const focused = document.activeElement;
	const bar = document.querySelector("#dice-bar");
	const above = getComputedStyle(bar).position === "sticky" ? bar.getBoundingClientRect().bottom : 0;
	return {
		width: visualViewport.width, height: visualViewport.height, scrollWidth: document.documentElement.scrollWidth,
		bar: r(bar), card: r(document.querySelector("#card-section")),
		lit: lit.map(r), names: names.map(r), focused: r(focused), focusedOnTop: onTop(focused),
		// The names of the boxes in view, below the dice bar where it sticks.
		namesOnTop: names.filter((e) => { const b = e.getBoundingClientRect(); return b.top >= above && b.bottom <= visualViewport.height; }).every(onTop),
	};
})()`

// within says whether a lies inside b from left to right.
func (a rect) within(b rect) bool { return a.Left >= b.Left-0.5 && a.Right <= b.Right+0.5 }

// inView says whether a lies inside the window from top to bottom.
func (a rect) inView(l layout) bool { return a.Top >= -0.5 && a.Bottom <= l.Height+0.5 }

// confirmOnPage types the roll of the player to move and confirms it with
// Enter, as at the table; the page puts the keyboard on the best lit box.
func confirmOnPage(t *testing.T, ctx context.Context, dice string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(dice)))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, `document.activeElement.classList.contains("option")`)
}

func measure(t *testing.T, ctx context.Context) layout {
	t.Helper()
	l, err := chromedp.Run(ctx, chromedp.Evaluate[layout](measureLayout))
	require.NoError(t, err)
	require.NotEmpty(t, l.Lit, "the roll lights boxes")
	return l
}

func TestOnAPhoneThePlayerToMoveSeesTheirLitBoxesAndTheDice(t *testing.T) {
	for _, tc := range []struct {
		theme, spec, dice string
		first             string // the box the first player fills
	}{
		{"light", "yahtzee", "66651", "full-house"},
		{"dark", "yatzy", "66666", "full-house"}, // the best box, yatzy, is far down the card
	} {
		theme := tc.theme
		t.Run(theme+" "+tc.spec, func(t *testing.T) {
			ctx := newBrowser(t)
			b := newBoardIn(t, t.TempDir(), Config{Camera: true}, tc.spec, "Ann", "Bob", "Cleo", "Dev")
			b.srv.Frame(trayPicture(t))
			b.srv.Status("settled", 5)
			b.play([5]int{3, 3, 3, 5, 5}, tc.first)
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateScale(2)),
				pagetest.Media("", "prefers-color-scheme", theme), chromedp.Navigate(b.url+"/")))
			waitSynced(t, ctx, b)
			confirmOnPage(t, ctx, tc.dice) // Bob, the second player
			l := measure(t, ctx)

			assert.LessOrEqual(t, l.ScrollWidth, l.Width, "the page does not scroll sideways")
			window := rect{Right: l.Width}
			for i, lit := range l.Lit {
				assert.True(t, lit.within(window), "lit box %d %+v lies inside the window %v wide", i, lit, l.Width)
				assert.True(t, lit.within(l.Card), "lit box %d is not scrolled out of the card", i)
				assert.True(t, l.Names[i].within(window), "the name of lit box %d is on screen", i)
				assert.LessOrEqual(t, l.Names[i].Right, lit.Left+0.5, "the name of lit box %d is beside it", i)
			}
			assert.True(t, l.NamesOnTop, "no box name is covered")
			assert.True(t, l.Bar.inView(l), "the dice bar is on screen: %+v", l.Bar)
			assert.True(t, l.Focused.inView(l), "the box the keyboard is on is on screen: %+v", l.Focused)
			assert.True(t, l.FocusedOnTop, "the dice bar does not cover that box")
			assert.GreaterOrEqual(t, l.Focused.Top, l.Bar.Bottom-0.5, "the box is below the bar")
			windowShot(t, ctx, "phone-"+theme+"-"+tc.spec+".png")
		})
	}
}

func TestEightPlayersOnALaptopKeepTheBoxNamesAndTheColumnToMoveInView(t *testing.T) {
	for _, tc := range []struct {
		theme         string
		width, height int64
	}{
		{"light", 1280, 900},
		{"dark", 1280, 900},
		{"light", 1000, 760}, // too narrow even narrowed: the card scrolls to the column to move
	} {
		theme := tc.theme
		t.Run(fmt.Sprintf("%s %dx%d", theme, tc.width, tc.height), func(t *testing.T) {
			ctx := newBrowser(t)
			names := []string{"Ann", "Bob", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana Longname"}
			b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yahtzee", names...)
			b.srv.Frame(trayPicture(t))
			b.srv.Status("settled", 5)
			for range 7 {
				b.play([5]int{3, 3, 3, 5, 5}, "full-house")
			}
			require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(tc.width, tc.height),
				pagetest.Media("", "prefers-color-scheme", theme), chromedp.Navigate(b.url+"/")))
			waitSynced(t, ctx, b)
			confirmOnPage(t, ctx, "44441") // Hana, the last
			l := measure(t, ctx)

			assert.LessOrEqual(t, l.ScrollWidth, l.Width, "the page does not scroll sideways")
			for i, lit := range l.Lit {
				assert.True(t, lit.within(l.Card), "lit box %d %+v is in the card's view %+v", i, lit, l.Card)
				assert.True(t, l.Names[i].within(l.Card), "the name of lit box %d is in view", i)
			}
			assert.True(t, l.NamesOnTop, "the box names are pinned, not covered")
			assert.True(t, l.Focused.inView(l), "the box the keyboard is on is on screen")
			assert.True(t, l.FocusedOnTop)
			windowShot(t, ctx, fmt.Sprintf("laptop-8-%s-%d.png", theme, tc.width))
		})
	}
}

// luminance is the relative luminance of a CSS rgb() colour, as WCAG
// works out contrast.
func luminance(t *testing.T, css string) float64 {
	t.Helper()
	var r, g, bl float64
	_, err := fmt.Sscanf(strings.Replace(css, "rgba", "rgb", 1), "rgb(%f, %f, %f", &r, &g, &bl)
	require.NoError(t, err, css)
	lin := func(c float64) float64 {
		c /= 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(bl)
}

func contrast(a, b float64) float64 { return (max(a, b) + 0.05) / (min(a, b) + 0.05) }

func TestTheThemeFollowsTheSystemAndStaysLegible(t *testing.T) {
	for _, tc := range []struct {
		scheme string
		dark   bool
	}{{"light", false}, {"dark", true}} {
		t.Run(tc.scheme, func(t *testing.T) {
			ctx := newBrowser(t)
			b := newBoard(t, "yacht", "Ann", "Bob")
			b.must("/api/roll", map[string]any{"dice": []int{6, 6, 6, 2, 1}})
			b.must("/api/confirm", map[string]any{})
			require.NoError(t, chromedp.Do(ctx, pagetest.Media("", "prefers-color-scheme", tc.scheme), chromedp.Navigate(b.url+"/")))
			waitFor(t, ctx, `document.querySelector("#card button.option") !== null`)
			colours, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(() => {
				const c = (sel, prop) => getComputedStyle(document.querySelector(sel))[prop];
				return { page: c("body", "backgroundColor") === "rgba(0, 0, 0, 0)" ? c("html", "backgroundColor") : c("body", "backgroundColor"),
					text: c("body", "color"), card: c("#card", "backgroundColor"), name: c("#card th.box-name", "color"),
					lit: c("#card button.option", "color"), litBack: c("#card button.option", "backgroundColor") };
			})()`))
			require.NoError(t, err)
			page := luminance(t, colours["page"])
			assert.Equal(t, tc.dark, page < 0.1, "the page is %s: %s", tc.scheme, colours["page"])
			assert.GreaterOrEqual(t, contrast(luminance(t, colours["text"]), page), 7.0, "text on the page")
			assert.GreaterOrEqual(t, contrast(luminance(t, colours["name"]), luminance(t, colours["card"])), 7.0, "box names on the card")
			assert.GreaterOrEqual(t, contrast(luminance(t, colours["lit"]), luminance(t, colours["litBack"])), 4.5, "a lit box's points")
		})
	}
}
