// Package matcheck fails tests that leave a gocv.Mat open. gocv counts open
// Mats only in a build with -tags matprofile; without the tag Open is always
// zero and every check passes, so test code calls these unconditionally and
// `go test -tags matprofile` turns them on.
package matcheck

import (
	"fmt"
	"os"
	"testing"
)

// Main runs a package's tests and exits, failing the run when any Mat is
// still open at the end. Call it from TestMain.
func Main(m *testing.M) { os.Exit(Run(m)) }

// Run is Main for a TestMain with work of its own to do after the tests: it
// returns the exit code instead of exiting, after printing where each Mat
// left open was made.
func Run(m *testing.M) int {
	code := m.Run()
	if n := Open(); code == 0 && n > 0 {
		fmt.Fprintf(os.Stderr, "%d gocv.Mat left open after the tests; where each was made:\n", n)
		writeProfile(os.Stderr)
		code = 1
	}
	return code
}

// Check fails t when, after t and its cleanups registered before this call,
// more Mats are open than when it was called. Tests that run in parallel
// with others that make Mats must rely on Main instead.
func Check(t testing.TB) {
	t.Helper()
	before := Open()
	t.Cleanup(func() {
		if n := Open() - before; n > 0 {
			t.Errorf("%d gocv.Mat left open by this test", n)
		}
	})
}
