package synth

import (
	"fmt"
	"os"
	"testing"
)

// TestMain fails the run when a test leaves a Mat open; it only counts
// under -tags matprofile.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := openMats(); code == 0 && n > 0 {
		fmt.Fprintf(os.Stderr, "%d gocv.Mat left open:\n", n)
		dumpMats()
		code = 1
	}
	os.Exit(code)
}
