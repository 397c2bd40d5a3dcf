package scoreboard

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/internal/pagetest"
	"github.com/dicecam/dicecam/rules"
)

// The page helpers every browser test here uses.
var (
	newBrowser = pagetest.NewBrowser
	waitFor    = pagetest.WaitFor
)

// screenshot keeps a PNG of the whole page in testdata/screenshots, which
// git ignores, for a person to look at after the tests.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	keepShot(t, ctx, name, chromedp.FullScreenshot(100))
}

// windowShot keeps a PNG of the window alone, as a player sees the page.
func windowShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	keepShot(t, ctx, name, chromedp.CaptureScreenshot())
}

func keepShot(t *testing.T, ctx context.Context, name string, shot chromedp.Action[[]byte]) {
	t.Helper()
	buf, err := chromedp.Run(ctx, shot)
	require.NoError(t, err)
	dir := filepath.Join("testdata", "screenshots")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, name), buf, 0o644))
}

// waitSynced waits until the page shows the server's latest state.
func waitSynced(t *testing.T, ctx context.Context, b *board) {
	t.Helper()
	waitFor(t, ctx, `document.body.dataset.version === "`+strconv.Itoa(b.state().Version)+`"`)
}

func cell(player int, box string) string {
	return fmt.Sprintf(`td[data-player="%d"][data-box="%s"]`, player, box)
}

// turn types the dice on the keyboard, confirms with Enter and clicks the
// lit box, as a player at the table would.
func turn(t *testing.T, ctx context.Context, player int, dice, box string) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(dice)))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, `document.querySelector('`+cell(player, box)+` button.option') !== null`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(cell(player, box)+" button.option"))))
	waitFor(t, ctx, `document.querySelector('`+cell(player, box)+` button.filled') !== null`)
}

func TestPagePlaysATwoPlayerGameToTheWinner(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann", "Bob")
	b.srv.Frame(trayPicture(t))
	b.srv.Status("settled", 5)
	// Reach the last two boxes fast; the page plays those four turns.
	b.fill(2, func(p int, box rules.Box) int {
		if box.Upper {
			return 3 * map[rules.BoxID]int{"ones": 1, "twos": 2, "threes": 3, "fours": 4, "fives": 5, "sixes": 6}[box.ID]
		}
		return 0
	})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitFor(t, ctx, `document.querySelector("#turn").textContent.includes("Ann to move")`)

	// Ann types a roll, corrects the last die with a click, confirms.
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("66655")))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#dice .die[data-die="4"]`))))
	waitFor(t, ctx, `document.querySelector('#dice .die[data-die="4"]').getAttribute("aria-label").startsWith("Die 5: 6")`)
	assert.Equal(t, [5]int{6, 6, 6, 5, 6}, b.state().Roll.Dice, "the click corrected die 5 on the server")
	require.NoError(t, chromedp.Do(ctx, chromedp.Blur(chromedp.CSS(`#dice .die[data-die="4"]`))))
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, `document.querySelector('`+cell(0, "choice")+` button.option') !== null`)
	msg, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("message")))
	require.NoError(t, err)
	assert.Empty(t, msg, "no refusal on the way")
	screenshot(t, ctx, "play-options.png")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(cell(0, "choice")+" button.option"))))
	waitFor(t, ctx, `document.querySelector("#turn").textContent.includes("Bob to move")`)
	assert.Equal(t, 29, b.state().Players[0].Boxes["choice"].Points)

	// Bob scores his yacht, takes it back with Undo, and scores it again.
	turn(t, ctx, 1, "22222", "yacht")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("undo"))))
	waitFor(t, ctx, `document.querySelector('`+cell(1, "yacht")+` button.option') !== null`)
	assert.NotContains(t, b.state().Players[1].Boxes, "yacht", "undo took the score back")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(cell(1, "yacht")+" button.option"))))
	waitFor(t, ctx, `document.querySelector('`+cell(1, "yacht")+` button.filled') !== null`)

	turn(t, ctx, 0, "12345", "yacht") // no yacht: scores the zero
	turn(t, ctx, 1, "11234", "choice")
	waitFor(t, ctx, `!document.querySelector("#winner").hidden`)
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("winner")))
	require.NoError(t, err)
	v := b.state()
	assert.True(t, v.Over)
	assert.Equal(t, []int{1}, v.Winners)
	assert.Contains(t, text, "Bob wins with "+strconv.Itoa(v.Players[1].Totals.GrandTotal))
	assert.Equal(t, 0, v.Players[0].Boxes["yacht"].Points)
	screenshot(t, ctx, "play-winner.png")
}

func TestPageCorrectsUncertainDiceFromTheCamera(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true, Demo: true}, "yahtzee", "Ann", "Bob", "Cleo")
	b.srv.Frame(trayPicture(t))
	b.srv.Status("settled", 5)
	b.srv.Settled([5]int{4, 4, 2, 4, 1}, [5]bool{false, false, true, false, false})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitFor(t, ctx, `document.querySelector('#dice .die[data-die="2"]').classList.contains("uncertain")`)
	waitFor(t, ctx, `document.querySelector("#confirm").disabled`)
	waitFor(t, ctx, `document.querySelector("#camera-view").naturalWidth === 640`)
	screenshot(t, ctx, "camera-uncertain.png")
	// Two clicks turn the uncertain 2 into a 4; the roll can then be confirmed.
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#dice .die[data-die="2"]`))))
	waitFor(t, ctx, `document.querySelector('#dice .die[data-die="2"]').getAttribute("aria-label").startsWith("Die 3: 3")`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#dice .die[data-die="2"]`))))
	waitFor(t, ctx, `document.querySelector('#dice .die[data-die="2"]').getAttribute("aria-label").startsWith("Die 3: 4")`)
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("confirm"))))
	waitFor(t, ctx, `document.querySelector('`+cell(0, "four-of-a-kind")+` button.option') !== null`)
	v := b.state()
	assert.Equal(t, [5]int{4, 4, 4, 4, 1}, v.Roll.Dice)
	assert.True(t, v.Roll.Confirmed)
	screenshot(t, ctx, "camera-confirmed.png")
}

func TestPageRenamesAddsAPlayerAndStartsANewGame(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitFor(t, ctx, `document.querySelectorAll("input.name").length === 2`)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Focus(chromedp.CSS(`input[aria-label="Name of player 1"]`)),
		chromedp.Evaluate[chromedp.Void](`document.activeElement.select()`),
		chromedp.KeyEvent("Annie\r")))
	require.Eventually(t, func() bool { return b.state().Players[0].Name == "Annie" }, 30*time.Second, 20*time.Millisecond)
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`button[aria-label="Add a player"]`))))
	waitFor(t, ctx, `document.querySelectorAll("input.name").length === 3`)
	v := b.state()
	assert.Equal(t, "Annie", v.Players[0].Name)
	assert.Equal(t, "Player 3", v.Players[2].Name)

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("new-game"))))
	waitFor(t, ctx, `document.querySelector("#new-dialog").open`)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("new-rules"), "yatzy"),
		chromedp.Click(chromedp.ID("new-start"))))
	waitFor(t, ctx, `document.querySelector("#rules-name").textContent === "yatzy"`)
	v = b.state()
	assert.Equal(t, "yatzy", v.Rules.Name)
	assert.Equal(t, []string{"Annie", "Bob", "Player 3"}, []string{v.Players[0].Name, v.Players[1].Name, v.Players[2].Name},
		"a new game keeps the names")

	require.NoError(t, chromedp.Do(ctx, chromedp.Click(chromedp.ID("show-games"))))
	waitFor(t, ctx, `document.querySelectorAll("#games-list tr").length === 3`)
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelectorAll("#games-list tr")[2].querySelector("a").href`))
	require.NoError(t, err)
	resp, err := http.Get(href)
	require.NoError(t, err)
	defer resp.Body.Close()
	log, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	assert.Contains(t, string(log), "3 3 3 5 5 -> full-house", "the first game exports Annie's turn")
	screenshot(t, ctx, "recent-games.png")
}

// typeFirstRoll opens a new two-player game's page and types Ann's roll
// on the keyboard, ready to confirm.
func typeFirstRoll(t *testing.T, dice string) (context.Context, *board) {
	t.Helper()
	ctx := newBrowser(t)
	b := newBoard(t, "yahtzee", "Ann", "Bob")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent(dice)))
	waitFor(t, ctx, `!document.querySelector("#confirm").disabled`)
	return ctx, b
}

func TestTheEnterThatConfirmsARollDoesNotAlsoScore(t *testing.T) {
	ctx, b := typeFirstRoll(t, "44441")
	enter := func(kind input.DispatchKeyEventType, repeat bool) chromedp.Action[chromedp.Void] {
		return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
			_, err := cdp.Call(ctx, tg, input.DispatchKeyEvent, input.DispatchKeyEventParams{Type: kind, Key: "Enter", Code: "Enter",
				WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13, AutoRepeat: &repeat})
			return err
		})
	}
	// Enter held down: the roll is confirmed, and its repeats, which a box
	// with the keyboard would take for clicks, score nothing.
	require.NoError(t, chromedp.Do(ctx, enter(input.DispatchKeyEventTypeKeyDown, false)))
	waitFor(t, ctx, `document.querySelector("#card button.option") !== null`)
	for range 3 {
		require.NoError(t, chromedp.Do(ctx, enter(input.DispatchKeyEventTypeKeyDown, true)))
	}
	focused, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.activeElement.classList.contains("option")`))
	require.NoError(t, err)
	assert.False(t, focused, "no box has the keyboard while the Enter that confirmed is down")
	assert.Empty(t, b.state().Players[0].Boxes, "nothing is scored")
	// Let go: the best box takes the keyboard, and the next Enter scores it.
	require.NoError(t, chromedp.Do(ctx, enter(input.DispatchKeyEventTypeKeyUp, false)))
	waitFor(t, ctx, `document.activeElement.classList.contains("option")`)
	assert.Empty(t, b.state().Players[0].Boxes)
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, `document.querySelector("#turn").textContent.startsWith("Bob")`)
	assert.Equal(t, 17, b.state().Players[0].Boxes["three-of-a-kind"].Points)
}

func TestPageCanBePlayedWithTheKeyboardAlone(t *testing.T) {
	// Type the dice, Enter confirms and lands on the best box, Enter scores it.
	ctx, b := typeFirstRoll(t, "44441")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, `document.activeElement.classList.contains("option")`)
	label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.getAttribute("aria-label")`))
	require.NoError(t, err)
	assert.Equal(t, "Score 17 in Three of a Kind for Ann", label, "the best box has focus and says what it does")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("\r")))
	waitFor(t, ctx, `document.querySelector("#turn").textContent.startsWith("Bob")`)
	assert.Equal(t, 17, b.state().Players[0].Boxes["three-of-a-kind"].Points)
	// U takes it back.
	require.NoError(t, chromedp.Do(ctx, chromedp.Blur(chromedp.CSS("body")), chromedp.KeyEvent("u")))
	waitFor(t, ctx, `document.querySelector("#turn").textContent.startsWith("Ann")`)
	assert.NotContains(t, b.state().Players[0].Boxes, "three-of-a-kind")
	// Every control has a name a screen reader can say.
	unnamed, err := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll("button, input, select")]
		.filter((e) => !e.getAttribute("aria-label") && !e.textContent.trim() && !e.labels?.length).length`))
	require.NoError(t, err)
	assert.Zero(t, unnamed, "controls without an accessible name")
}

func TestPagePokerShowsTheSeriesAndRankDice(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoard(t, "poker", "Ann", "Bob")
	b.fill(0, func(p int, box rules.Box) int {
		if p == 1 && box.Upper {
			return 3
		}
		return 0
	})
	b.play([5]int{6, 6, 6, 5, 5}, "full-house")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 4, 1, 2}, "throw": 2})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	head, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("rules-name")))
	require.NoError(t, err)
	assert.Contains(t, head, "game 2 of 3")
	dice, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("#dice .die")].map((d) => d.textContent)`))
	require.NoError(t, err)
	assert.Equal(t, []string{"A", "A", "Q", "9", "10"}, dice, "poker dice show their ranks")
	require.NoError(t, chromedp.Do(ctx, chromedp.KeyEvent("kkj9t")))
	waitFor(t, ctx, `document.querySelector('#dice .die[data-die="4"]').textContent === "10" && document.querySelector('#dice .die[data-die="0"]').textContent === "K"`)
	v := b.state()
	assert.Equal(t, [5]int{5, 5, 3, 1, 2}, v.Roll.Dice, "9 T J Q K A type poker dice")
	assert.Equal(t, 3, v.Roll.Throw)
	wins, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#card tbody tr:nth-last-child(2)")))
	require.NoError(t, err)
	assert.Regexp(t, `Games won\s+0\s+1`, wins)
	screenshot(t, ctx, "poker-series.png")
}

var pdfPages = regexp.MustCompile(`/Type\s*/Page[^s]`)

func TestPrintViewIsOnePage(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoard(t, "yahtzee", "Ann", "Bob", "Cleo", "Dev", "Eli", "Fay")
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	b.must("/api/enter", map[string]any{"player": 1, "box": "aces", "points": 9})
	for _, tc := range []struct {
		path  string
		paper chromedp.PaperSize
		shot  string
	}{
		{"/print", chromedp.PaperLetter, "print-game.png"},
		{"/print?blank=1&players=8&paper=a4", chromedp.PaperA4, "print-blank-a4.png"},
		{"/print?blank=1&players=6&paper=letter&rules=yatzy", chromedp.PaperLetter, ""},
		{"/print?blank=1&players=1&paper=letter&rules=poker", chromedp.PaperLetter, ""},
	} {
		t.Run(tc.path, func(t *testing.T) {
			require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+tc.path)))
			waitFor(t, ctx, `document.readyState === "complete"`)
			pdf, err := chromedp.Run(ctx, chromedp.PrintToPDF(chromedp.PDFPaper(tc.paper), chromedp.PDFPreferCSSPageSize()))
			require.NoError(t, err)
			assert.Len(t, pdfPages.FindAll(pdf, -1), 1, "one page")
			shown := `[...document.querySelectorAll("button, input, select, img")].filter((e) => e.getClientRects().length > 0).length`
			n, err := chromedp.Run(ctx, chromedp.Evaluate[int](shown))
			require.NoError(t, err)
			assert.Positive(t, n, "the screen shows the choices and the Print button")
			require.NoError(t, chromedp.Do(ctx, pagetest.Media("print")))
			n, err = chromedp.Run(ctx, chromedp.Evaluate[int](shown))
			require.NoError(t, chromedp.Do(ctx, pagetest.Media("")))
			require.NoError(t, err)
			assert.Zero(t, n, "no controls or camera on paper")
			if tc.shot != "" {
				screenshot(t, ctx, tc.shot)
			}
		})
	}
	text, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.textContent`))
	require.NoError(t, err)
	assert.Contains(t, text, "9 to K", "the blank poker card has the poker key")

	// The choices on the print view show the card again with them.
	choose := func(name, value string) {
		require.NoError(t, chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`(() => {
			const sel = document.querySelector('select[name="`+name+`"]');
			sel.value = "`+value+`";
			sel.dispatchEvent(new Event("change"));
		})()`)))
	}
	choose("players", "3")
	// Loaded, not only drawn: the script that listens to the choices runs last.
	waitFor(t, ctx, `location.search.includes("players=3") && document.querySelectorAll("thead th.player").length === 3 && document.readyState === "complete"`)
	choose("paper", "a4")
	waitFor(t, ctx, `document.body.classList.contains("paper-a4") && location.search.includes("rules=poker") && document.readyState === "complete"`)
	printed, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { let asked = false; window.print = () => { asked = true }; document.querySelector("#print").click(); return asked })()`))
	require.NoError(t, err)
	assert.True(t, printed, "the Print button opens the browser's print dialog")
}

func TestOverlayShowsRollAndTotalsOnTransparentBackground(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoard(t, "yacht", "Ann", "Bob")
	b.play([5]int{3, 3, 3, 5, 5}, "full-house")
	b.must("/api/roll", map[string]any{"dice": []int{6, 6, 2, 6, 1}})
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/overlay")))
	waitFor(t, ctx, `document.querySelectorAll("#overlay-totals tr").length === 2`)
	bg, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.body).backgroundColor`))
	require.NoError(t, err)
	assert.Equal(t, "rgba(0, 0, 0, 0)", bg)
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("overlay-totals")))
	require.NoError(t, err)
	assert.Contains(t, text, "Ann")
	assert.Contains(t, text, "19")
	pips, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("#overlay-dice .pip").length`))
	require.NoError(t, err)
	assert.Equal(t, 6+6+2+6+1, pips)
	screenshot(t, ctx, "overlay.png")
}

// trayPicture stands in for an annotated camera frame: five dice on felt,
// each boxed in green as vision.Annotate draws them.
func trayPicture(t *testing.T) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{34, 92, 64, 255}}, image.Point{}, draw.Src)
	spots := map[int][][2]int{1: {{1, 1}}, 2: {{0, 0}, {2, 2}}, 4: {{0, 0}, {2, 0}, {0, 2}, {2, 2}}, 6: {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}}}
	for i, face := range []int{4, 4, 2, 4, 1} {
		x, y := 80+i*105, 180+(i%2)*60
		draw.Draw(img, image.Rect(x, y, x+64, y+64), &image.Uniform{color.RGBA{240, 238, 230, 255}}, image.Point{}, draw.Src)
		for _, s := range spots[face] {
			cx, cy := x+12+s[0]*20, y+12+s[1]*20
			draw.Draw(img, image.Rect(cx-5, cy-5, cx+5, cy+5), &image.Uniform{color.Black}, image.Point{}, draw.Src)
		}
		box := color.RGBA{0, 200, 0, 255}
		if i == 2 {
			box = color.RGBA{255, 140, 0, 255}
		}
		for _, r := range []image.Rectangle{{image.Pt(x-6, y-6), image.Pt(x+70, y-3)}, {image.Pt(x-6, y+67), image.Pt(x+70, y+70)},
			{image.Pt(x-6, y-6), image.Pt(x-3, y+70)}, {image.Pt(x+67, y-6), image.Pt(x+70, y+70)}} {
			draw.Draw(img, r, &image.Uniform{box}, image.Point{}, draw.Src)
		}
	}
	var buf bytes.Buffer
	require.NoError(t, jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}))
	return buf.Bytes()
}

func TestCameraNewsKeepsTheKeyboardWhereItWas(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann", "Bob")
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitSynced(t, ctx, b)
	require.NoError(t, chromedp.Do(ctx, chromedp.Focus(chromedp.CSS(cell(1, "fours")+" button"))))
	b.srv.Status("rolling", 3)
	b.must("/api/rename", map[string]any{"player": 0, "name": "Annie"}) // redraws the card
	waitSynced(t, ctx, b)
	waitFor(t, ctx, `document.querySelector("#camera-status").textContent.startsWith("rolling")`)
	focused, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.getAttribute("aria-label")`))
	require.NoError(t, err)
	assert.Equal(t, "Type a score in Fours for Bob", focused)
}
