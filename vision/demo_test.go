package vision

import (
	"io"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
)

func TestDemoRendersNothingWhileDiceComeToRest(t *testing.T) {
	matcheck.Check(t)
	d := &demo{opts: DemoOptions{Seed: 5, Rolls: 2}, ahead: map[int]gocv.Mat{}, readied: -1}
	defer d.close()
	m := gocv.NewMat()
	defer m.Close()
	var waited []int // frames that waited for a render
	frames := 0
	for {
		before := d.renders
		err := d.grab(&m)
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if d.renders > before {
			waited = append(waited, frames)
		}
		frames++
	}
	assert.Equal(t, 2*demoRoll, frames)
	require.NotEmpty(t, waited, "the first roll is rendered as it plays")
	assert.Less(t, waited[len(waited)-1], demoEmpty+demoTumble+1, "after the first roll's dice rest, every picture was made ahead")
	assert.LessOrEqual(t, len(d.ahead), 1, "pictures of frames gone by are freed")
}

func TestDemoDiceLieStillUntilTheTableIsReady(t *testing.T) {
	matcheck.Check(t)
	var ready atomic.Bool
	d := &demo{opts: DemoOptions{Seed: 5, Ready: ready.Load}, ahead: map[int]gocv.Mat{}, readied: -1}
	defer d.close()
	m := gocv.NewMat()
	defer m.Close()
	for range demoWait + 3*demoRoll {
		require.NoError(t, d.grab(&m))
	}
	assert.Equal(t, demoWait, d.frame, "the first roll's dice lie at rest while the table is busy")
	ready.Store(true)
	for range demoRoll {
		require.NoError(t, d.grab(&m))
	}
	ready.Store(false)
	for range demoRoll {
		require.NoError(t, d.grab(&m))
	}
	assert.Equal(t, demoRoll+demoWait, d.frame, "once ready, the next roll is thrown, and it waits in turn")
}
