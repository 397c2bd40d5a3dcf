package calibrate

import (
	"bytes"
	"context"
	"image"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
)

// camera hands out drawn frames in turn, the last one over and over.
type camera struct {
	frames []func() gocv.Mat
	taken  int
}

func (c *camera) frame(context.Context) (gocv.Mat, error) {
	f := c.frames[min(c.taken, len(c.frames)-1)]
	c.taken++
	return f(), nil
}

func TestTerminalFlowTakesCorrectionsAndChecks(t *testing.T) {
	matcheck.Check(t)
	cam := &camera{frames: []func() gocv.Mat{
		func() gocv.Mat { return tray(1, 0) },
		func() gocv.Mat { return tray(1, 40, fiveApart[:4]...) }, // one die short: warned
		func() gocv.Mat { return tray(1, 40, fiveApart...) },
	}}
	input := strings.Join([]string{
		"",                                 // capture the empty tray
		"90,70,nonsense",                   // a tray correction that is not one
		"100,70,550,410",                   // the correction
		"",                                 // keep it
		"",                                 // capture the dice: four only
		"",                                 // capture again: five
		"", "n", "", "y", "", "y", "", "y", // a wrong read, then three right
	}, "\n") + "\n"
	var out bytes.Buffer
	g := NewGuide(GuideOptions{})
	defer g.Close()
	err := g.RunTerminal(context.Background(), Terminal{
		In: strings.NewReader(input), Out: &out, Frame: cam.frame,
	})
	require.NoError(t, err, out.String())
	assert.Equal(t, StepDone, g.Step().Kind)
	assert.Equal(t, 4, strings.Count(out.String(), "  read: "), "each check shows its read:\n%s", out.String())
	assert.Equal(t, image.Rect(100, 70, 550, 410), g.Profile().Tray, "the check reads with the corrected tray")
	assert.Contains(t, out.String(), "4 dice found, expected 5")
	assert.Contains(t, out.String(), "want four numbers")
	assert.Contains(t, out.String(), "1 reads wrong so far")
}

func TestTerminalFlowEndingEarlySavesNothing(t *testing.T) {
	matcheck.Check(t)
	g := NewGuide(GuideOptions{})
	defer g.Close()
	cam := &camera{frames: []func() gocv.Mat{func() gocv.Mat { return tray(1, 0) }}}
	err := g.RunTerminal(context.Background(), Terminal{In: strings.NewReader("\n"), Out: &bytes.Buffer{}, Frame: cam.frame})
	assert.ErrorContains(t, err, "nothing saved")
}
