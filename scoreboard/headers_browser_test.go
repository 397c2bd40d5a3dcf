package scoreboard

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPagesKeepToTheirContentPolicy(t *testing.T) {
	ctx := newBrowser(t)
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann", "Bob")
	b.srv.Frame(trayPicture(t))
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate("about:blank")))
	listen, stop := context.WithCancel(ctx)
	var mu sync.Mutex
	var refused []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range chromedp.Console(listen) {
			if err != nil {
				return
			}
			if strings.Contains(m.Text, "Content Security Policy") {
				mu.Lock()
				refused = append(refused, m.Text)
				mu.Unlock()
			}
		}
	}()
	for _, page := range []string{"/", "/overlay", "/print", "/print?blank=1&players=4&paper=a4"} {
		require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+page)))
		waitFor(t, ctx, `document.readyState === "complete"`)
	}
	// The page's scripts ran: the card was drawn on the last page that has one.
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(b.url+"/")))
	waitFor(t, ctx, `document.querySelectorAll("#card td").length > 0 && document.querySelector("#camera-view").naturalWidth === 640`)
	stop()
	<-done
	mu.Lock()
	defer mu.Unlock()
	assert.Empty(t, refused, "the browser refused nothing the pages load")
}
