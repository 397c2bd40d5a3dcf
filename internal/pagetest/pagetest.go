// Package pagetest drives the scoreboard's page in a real headless
// Chromium for tests, as a person at the table would use it.
package pagetest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// NewBrowser starts a headless Chromium for one test and returns its
// context. Without one the test skips, except in CI, where the Makefile
// installs it and its absence is a failure.
func NewBrowser(t *testing.T) context.Context {
	t.Helper()
	var path string
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is missing: run make deps-browser (apt-get install chromium)")
		}
		t.Skip("chromium is not installed: apt-get install chromium to run the page tests")
	}
	// Chromium keeps its single-instance lock in a folder of the temporary
	// directory and leaves it there when the test's end stops it, so it
	// gets a directory of its own, removed after it stops; a short name,
	// as the lock is a socket, whose path may not be longer than 107 bytes.
	tmp, err := os.MkdirTemp("", "dicecam-chromium-")
	if err != nil {
		t.Fatalf("a temporary directory for chromium: %v", err)
	}
	t.Cleanup(func() { os.RemoveAll(tmp) })
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(t.TempDir()), chromedp.Env("TMPDIR="+tmp), chromedp.WindowSize(1440, 1000),
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true))
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	return ctx
}

// WaitFor waits until the page's JavaScript expression is true, and fails
// the test with a screenshot of the page when it never is.
func WaitFor(t *testing.T, ctx context.Context, expr string) {
	t.Helper()
	// The page redraws as states arrive: an element briefly missing is a false.
	guarded := `(() => { try { return ` + expr + ` } catch (e) { return false } })()`
	deadline := time.Now().Add(30 * time.Second)
	var err error
	for {
		_, err = chromedp.Run(ctx, chromedp.Poll[chromedp.Void](guarded, chromedp.WithPollingTimeout(time.Until(deadline))))
		// A page that navigates while it is polled loses the script's
		// context; the poll starts again in the new page.
		if err == nil || !navigatedAway(err) || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err != nil {
		if buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(90)); err == nil {
			if f, err := os.CreateTemp("", "dicecam-page-*.png"); err == nil {
				f.Write(buf)
				f.Close()
				t.Logf("the page as it was: %s", f.Name())
			}
		}
		msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector("#message") ? document.querySelector("#message").textContent : ""`))
		t.Fatalf("waiting for %s: %v (page says %q)", expr, err, msg)
	}
}

func navigatedAway(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Cannot find context with specified id") || strings.Contains(msg, "Execution context was destroyed") ||
		strings.Contains(msg, "Inspected target navigated or closed")
}

// Serve serves the handler that handler makes for the address it will be
// reached at, as a scoreboard's Handler takes it, until the test ends.
func Serve(t *testing.T, handler func(addr string) http.Handler) *httptest.Server {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	ts.Config.Handler = handler(ts.Listener.Addr().String())
	ts.Start()
	t.Cleanup(ts.Close)
	return ts
}

// Media makes the page take the CSS media type ("print"; "" for the screen)
// and the media features given as name and value, such as
// "prefers-color-scheme", "dark"; none given leaves the system's.
func Media(media string, features ...string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		p := emulation.SetEmulatedMediaParams{Media: media}
		for i := 0; i+1 < len(features); i += 2 {
			p.Features = append(p.Features, &emulation.MediaFeature{Name: features[i], Value: features[i+1]})
		}
		_, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, p)
		return err
	})
}
