package live

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dicecam/dicecam/vision"
)

func TestTrayCountHoldsWhileTheDiceLieStill(t *testing.T) {
	five := make([]vision.Die, 5)
	var tray trayView
	for _, step := range []struct {
		ev    vision.Event
		seen  int
		shown int
	}{
		{vision.Event{State: vision.Moving}, 0, 0},
		{vision.Event{State: vision.Settled, Message: "4 dice seen, expected 5", Seen: 4}, 4, 0},
		{vision.Event{State: vision.Settled}, 4, 0}, // the watcher says it once
		{vision.Event{State: vision.Moving}, 0, 0},
		{vision.Event{State: vision.Settled, Reading: &vision.Reading{Dice: five, Seen: 5}}, 5, 5},
		{vision.Event{State: vision.Settled}, 5, 5},
		{vision.Event{State: vision.Empty}, 0, 0},
	} {
		tray.follow(step.ev)
		assert.Equal(t, step.seen, tray.seen, "%+v", step.ev)
		assert.Len(t, tray.shown, step.shown, "%+v", step.ev)
	}
}
