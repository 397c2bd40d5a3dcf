package synth

import (
	"testing"

	"github.com/dicecam/dicecam/internal/matcheck"
)

func TestMain(m *testing.M) { matcheck.Main(m) }
