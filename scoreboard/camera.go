package scoreboard

import (
	"context"
	"errors"
	"sync"

	"github.com/dicecam/dicecam/rules"
)

// Feed is the live camera reading as the scoreboard needs it. The real one
// wraps vision's watcher; tests use a fake. Run reports to cam until ctx
// ends or the camera is gone.
type Feed interface {
	Run(ctx context.Context, cam Camera) error
}

// Camera is what a Feed reports to. *Server implements it.
type Camera interface {
	// Frame shows a JPEG picture with the dice drawn on it.
	Frame(jpeg []byte)
	// Status says what the camera sees: "empty", "rolling" or "settled",
	// and how many dice.
	Status(state string, seen int)
	// Settled hands over a roll that came to rest: faces 1..6 (0 for a
	// die not read) and the dice the reader is unsure of. It reports
	// whether the roll became the throw on the card.
	Settled(dice [5]int, uncertain [5]bool) bool
	// Held marks the dice the advice says to keep, by position, while the
	// roll on the card is still these dice; none otherwise.
	Held(dice [5]int) [5]bool
	// FeedState says whether frames come: FeedRunning, FeedReconnecting or
	// FeedStopped, with the reason for the last two.
	FeedState(state, reason string)
	// WantsRoll says whether the table waits for a new roll: none is on
	// the card since the last box was scored, and the game goes on. A
	// source that can wait, as the demo does, throws its next dice only then.
	WantsRoll() bool
}

// What a feed's frames are doing, as CameraView.Feed gives it.
const (
	FeedRunning = "running"
	// FeedReconnecting is a camera or stream lost and tried again with
	// growing waits; reading resumes by itself when it answers.
	FeedReconnecting = "reconnecting"
	// FeedStopped is a source that will give no more frames: a recording
	// that ended, a folder that vanished, a reader that failed.
	FeedStopped = "stopped"
)

// CameraView is the camera's status as the page shows it.
type CameraView struct {
	On     bool   `json:"on"`               // a camera feeds the server
	Demo   bool   `json:"demo"`             // it is the built-in demo, not a real camera
	Feed   string `json:"feed"`             // running, reconnecting, stopped
	Reason string `json:"reason,omitempty"` // why it is reconnecting or stopped
	State  string `json:"state"`            // empty, rolling, settled; "" while the feed is not running
	Seen   int    `json:"seen"`
	// Unreadable says why the camera cannot read the game's dice, when it
	// cannot: the players type them.
	Unreadable string `json:"unreadable,omitempty"`
	// Refused says why the camera's last roll was not taken, until the
	// next move.
	Refused string `json:"refused,omitempty"`
}

// camera holds the latest frame for the MJPEG views and the status for the
// state, apart from the game's lock so pictures never wait on a move.
type camera struct {
	mu     sync.Mutex
	jpeg   []byte
	next   chan struct{} // closed when a new frame arrives
	state  string
	seen   int
	feed   string
	reason string
	closed bool
}

func newCamera() *camera { return &camera{next: make(chan struct{}), feed: FeedRunning} }

func (c *camera) frame(b []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	c.jpeg = b
	close(c.next)
	c.next = make(chan struct{})
}

// latest returns the newest frame and a channel closed when there is a newer one.
func (c *camera) latest() ([]byte, <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.jpeg, c.next
}

func (c *camera) status(state string, seen int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	// The news of the last frame read may come after the news that the
	// camera was lost; the tray stays unknown until frames come again.
	if c.feed != FeedRunning {
		return false
	}
	changed := c.state != state || c.seen != seen
	c.state, c.seen = state, seen
	return changed
}

// feedState records whether frames come and says whether that changed.
// Without frames nothing is known of the tray, so its state is forgotten.
func (c *camera) feedState(state, reason string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.feed == state && c.reason == reason {
		return false
	}
	c.feed, c.reason = state, reason
	if state != FeedRunning {
		c.state, c.seen = "", 0
	}
	return true
}

func (c *camera) view(on, demo bool) CameraView {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := CameraView{On: on, Demo: demo, State: c.state, Seen: c.seen}
	if on { // a server without a camera has no feed to tell of
		v.Feed, v.Reason = c.feed, c.reason
	}
	return v
}

func (c *camera) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.closed {
		c.closed = true
		close(c.next)
	}
}

// Frame implements Camera.
func (s *Server) Frame(jpeg []byte) { s.cam.frame(jpeg) }

// Status implements Camera.
func (s *Server) Status(state string, seen int) {
	if s.cam.status(state, seen) {
		s.broadcast()
	}
}

// FeedState implements Camera: the page is told, and the terminal says the
// same in one line.
func (s *Server) FeedState(state, reason string) {
	if !s.cam.feedState(state, reason) {
		return
	}
	switch state {
	case FeedRunning:
		s.cfg.Log.Info("camera is reading")
	case FeedReconnecting:
		s.cfg.Log.Warn("camera lost; trying again until it answers, type the dice on the page meanwhile", "reason", reason)
	default:
		s.cfg.Log.Error("camera stopped; type the dice on the page", "reason", reason)
	}
	s.broadcast()
}

// Held implements Camera: the advised keep, while the roll on the card is
// these dice. When scoring now is best, the page names the box instead and
// no die is marked.
func (s *Server) Held(dice [5]int) [5]bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.adviceLocked()
	if a.Status != adviceReady || a.Box != "" {
		return [5]bool{}
	}
	r := s.game.State().Throw
	switch dice {
	case r.faces():
		return a.Hold
	case r.given:
		// The dice as the camera read them, before the dice held from the
		// roll before took their places: the same faces, marked where
		// they lie in the reading.
		var n [7]int
		for _, f := range heldFaces(r.Dice, a.Hold) {
			n[f]++
		}
		var held [5]bool
		for i, d := range dice {
			if n[d] > 0 {
				held[i], n[d] = true, n[d]-1
			}
		}
		return held
	}
	return [5]bool{}
}

// Settled implements Camera: the roll becomes the current throw, as if
// typed, unless the game is over or the roll is unchanged. A confirmed roll
// is the table's word, so no camera replaces it before it is scored or the
// confirmation undone; nor do the dice put down to calibrate count as a roll.
func (s *Server) Settled(dice [5]int, uncertain [5]bool) bool {
	s.mu.Lock()
	r := s.game.State().Throw
	// The same dice read again are no new roll: compared with the throw as
	// given too, since the dice held from the throw before move it.
	same := r.Number > 0 && !r.Confirmed && (dice == r.given || dice == r.faces())
	why := ""
	switch {
	case r.Confirmed:
		why = "the roll on the card is confirmed: score it, or undo the confirmation, before the next"
	case s.calibration.Active:
		why = "calibrating: the dice on the tray are the calibration's"
	case !s.readsLocked():
		why = errNoPokerReader.Error()
	}
	s.mu.Unlock()
	if same {
		return false
	}
	if why != "" {
		s.cfg.Log.Debug("camera roll not taken", "dice", dice, "why", why)
		return false
	}
	_, _, err := s.makeMove(context.Background(), nil, Move{Kind: MoveRoll, Dice: dice, Uncertain: uncertain})
	if err != nil {
		s.cfg.Log.Warn("camera roll not taken", "err", err)
		// The page says so too: a roll that lacks the dice held is the
		// players' to settle.
		s.mu.Lock()
		s.refused, s.refusedAt = err.Error(), s.versionLocked()
		s.broadcastLocked()
		s.mu.Unlock()
	}
	return err == nil
}

// RollKeeper keeps the rolls the camera read that the table confirmed, as
// labelled photos a calibration can learn the table's own dice from. The
// live feed is one: it holds the frame of the roll it handed over last.
type RollKeeper interface {
	// Confirmed says, after every move but a roll, what the table
	// confirms of the throw on the card, which the camera handed over as
	// read. With ok, confirmed gives, die for die of read, the face the
	// table says it shows (0 where read has none); without, the table
	// confirms none of it, or typed in a die the camera did not read. It
	// is called under the server's lock, so it must not call the server.
	Confirmed(read, confirmed [5]int, ok bool)
	// Rolled says the card took a throw of dice, read by the camera or
	// typed: what the table confirms from now on is of it. It is called
	// under the server's lock, before anyone is shown the throw, so that
	// no confirmation can reach the keeper ahead of the throw it is of.
	Rolled(dice [5]int)
}

// keepLocked tells the roll keeper of the move m: the throw it took, or what
// the table confirms of the throw on the card, where a confirmation undone
// takes back what it said.
func (s *Server) keepLocked(m Move) {
	if s.cfg.Rolls == nil {
		return
	}
	if m.Kind == MoveRoll {
		s.cfg.Rolls.Rolled(m.Dice)
		return
	}
	r := s.game.State().Throw
	faces, whole := r.asConfirmed()
	s.cfg.Rolls.Confirmed(r.given, faces, r.Confirmed && whole)
}

// WantsRoll implements Camera.
func (s *Server) WantsRoll() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.game.State()
	return st.Throw.Number == 0 && !st.Table.Over() && !s.calibration.Active
}

// errNoPokerReader is what the page says of a poker game the camera cannot read.
var errNoPokerReader = errors.New("the camera reads pips, not poker dice, until it is calibrated on them " +
	"(dicecam calibrate --faces poker, then start play again): type the dice meanwhile")

// readsLocked says whether the camera can read the dice of the game in
// play: poker dice need a reader that knows their faces.
func (s *Server) readsLocked() bool {
	return s.game.Set.Faces() != rules.PokerFaces || s.cfg.ReadsPoker
}
