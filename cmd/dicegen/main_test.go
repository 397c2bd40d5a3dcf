package main

import (
	"testing"

	"github.com/dicecam/dicecam/internal/matcheck"
)

// TestMain fails the run when any test leaves a gocv.Mat open (counted
// under -tags matprofile).
func TestMain(m *testing.M) { matcheck.Main(m) }
