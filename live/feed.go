// Package live connects a camera to the scoreboard: it reads the camera's
// frames with vision's watcher into the settled rolls, camera pictures and
// status a scoreboard.Camera takes, and runs the guided calibration from
// the page. It is the only part of the scoreboard that needs OpenCV.
package live

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/scoreboard"
	"github.com/dicecam/dicecam/vision"
)

// Feed is the scoreboard.Feed of a real camera: frames from a vision.Source,
// read by a vision.Watcher into settled rolls. It also hands the newest
// frame to the calibration, and takes a new profile when one is saved.
type Feed struct {
	src    vision.Source
	reader *vision.Reader // owned; replaced when a new profile arrives

	keep    atomic.Bool // copy each frame into latest, while calibrating
	mu      sync.Mutex  // guards latest, profile and link
	latest  gocv.Mat
	profile *vision.Profile // to read with from the next frame on
	link    link

	rolls *Rolls // owned; nil unless KeepRolls gave one
}

// link is what the feed knows of its source's connection, and whom to tell.
type link struct {
	cam           scoreboard.Camera // while Run runs
	state, reason string
}

// NewFeed reads src with reader; both become the feed's to close.
func NewFeed(src vision.Source, reader *vision.Reader) *Feed {
	return &Feed{src: src, reader: reader, latest: gocv.NewMat(), link: link{state: scoreboard.FeedRunning}}
}

// Open opens the source spec names as vision.Open does, and makes a feed
// that reads it with reader, which becomes the feed's to close once Open
// succeeds. A camera or stream lost and found again is told to the
// scoreboard as it happens, and the demo throws its dice only when the
// scoreboard waits for a roll.
func Open(ctx context.Context, spec string, opts vision.SourceOptions, reader *vision.Reader) (*Feed, error) {
	f := NewFeed(nil, reader)
	opts.Notify, opts.Ready = f.sourceStatus, f.wantsRoll
	src, err := vision.Open(ctx, spec, opts)
	if err != nil {
		f.latest.Close()
		return nil, err
	}
	f.src = src
	return f, nil
}

// sourceStatus hears the source's news, on the source's own goroutine.
func (f *Feed) sourceStatus(st vision.Status) {
	if st.Lost {
		f.setLink(scoreboard.FeedReconnecting, st.Err.Error())
	} else {
		f.setLink(scoreboard.FeedRunning, "")
	}
}

// setLink records the connection's state and tells the scoreboard, if Run
// has one, outside the lock.
func (f *Feed) setLink(state, reason string) {
	f.mu.Lock()
	f.link.state, f.link.reason = state, reason
	cam := f.link.cam
	f.mu.Unlock()
	if cam != nil {
		cam.FeedState(state, reason)
	}
}

// wantsRoll says whether the scoreboard Run reports to waits for a roll,
// for a source that can wait (the demo); with none there is no table yet.
func (f *Feed) wantsRoll() bool {
	f.mu.Lock()
	cam := f.link.cam
	f.mu.Unlock()
	return cam != nil && cam.WantsRoll()
}

// attach makes cam the one told of the connection, and tells it how it stands.
func (f *Feed) attach(cam scoreboard.Camera) {
	f.mu.Lock()
	f.link.cam = cam
	l := f.link
	f.mu.Unlock()
	if cam != nil {
		cam.FeedState(l.state, l.reason)
	}
}

// KeepRolls has the feed offer each roll it hands the card to rolls, which
// becomes the feed's to close. Call it before Run, and give rolls to the
// scoreboard as its RollKeeper, which tells it which roll the card took and
// what the table confirmed.
func (f *Feed) KeepRolls(rolls *Rolls) { f.rolls = rolls }

// Close closes the source, the reader and the kept frame, and writes the
// last confirmed roll where rolls are kept. Call it after Run has returned.
func (f *Feed) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	errs := []error{f.src.Close(), f.reader.Close(), f.latest.Close()}
	if f.rolls != nil {
		errs = append(errs, f.rolls.Close())
	}
	return errors.Join(errs...)
}

// frameGap spaces the frames sent to the page: ten a second show the dice
// well and leave the CPU to the reader.
const frameGap = 100 * time.Millisecond

// Run implements scoreboard.Feed. When the source ends or fails, the
// scoreboard is told the camera stopped, and why, before Run returns.
func (f *Feed) Run(ctx context.Context, cam scoreboard.Camera) error {
	f.attach(cam)
	defer f.attach(nil)
	err := f.read(ctx, cam)
	if ctx.Err() == nil {
		f.setLink(scoreboard.FeedStopped, stopReason(err))
	}
	return err
}

// stopReason says why a source gave its last frame, for the page.
func stopReason(err error) string {
	if errors.Is(err, io.EOF) {
		return "the recording ended: it has no more frames"
	}
	return err.Error()
}

// read reads frames into cam until ctx ends or the source does.
func (f *Feed) read(ctx context.Context, cam scoreboard.Camera) error {
	w := vision.NewWatcher(f.reader, vision.WatchOptions{})
	defer func() { w.Close() }()
	var tray trayView
	var lastSent time.Time
	for ctx.Err() == nil {
		if p := f.takeProfile(); p != nil {
			r, err := vision.NewReader(p)
			if err != nil {
				return fmt.Errorf("use the new profile: %w", err)
			}
			w.Close()
			f.reader.Close()
			f.reader, w = r, vision.NewWatcher(r, vision.WatchOptions{})
		}
		fr, err := f.src.Next(ctx)
		if err != nil {
			return err
		}
		ev, err := w.Feed(fr)
		if err != nil {
			fr.Close()
			return err
		}
		tray.follow(ev)
		if ev.Reading != nil {
			if f.rolls != nil {
				f.rolls.offer(fr.Mat, ev.Reading.Dice)
			}
			cam.Settled(rollOf(ev.Reading.Dice))
		}
		if f.rolls != nil {
			f.rolls.flush()
		}
		cam.Status(stateName(ev.State), tray.seen)
		if f.keep.Load() {
			f.mu.Lock()
			fr.Mat.CopyTo(&f.latest)
			f.mu.Unlock()
		}
		if time.Since(lastSent) >= frameGap {
			lastSent = time.Now()
			faces, _ := rollOf(tray.shown)
			if b, err := annotated(fr.Mat, tray.shown, cam.Held(faces)); err == nil {
				cam.Frame(b)
			}
		}
		fr.Close()
	}
	return ctx.Err()
}

// trayView is what the page is told of the tray between the watcher's
// events: the dice of the last roll, drawn while the tray stays settled, and
// how many dice lie there.
type trayView struct {
	shown []vision.Die
	seen  int
}

// follow takes in one event of the watcher.
func (t *trayView) follow(ev vision.Event) {
	switch {
	case ev.Reading != nil:
		t.shown, t.seen = ev.Reading.Dice, ev.Reading.Seen
	case ev.Message != "":
		// The count is off, so no roll. The message comes once in a still
		// spell; the count holds until the dice move.
		t.shown, t.seen = nil, ev.Seen
	case ev.State != vision.Settled:
		t.shown, t.seen = nil, 0
	}
}

func rollOf(dice []vision.Die) (faces [5]int, unsure [5]bool) {
	for i, d := range dice {
		if i < 5 {
			faces[i], unsure[i] = d.Value, d.Uncertain
		}
	}
	return faces, unsure
}

func stateName(s vision.State) string {
	switch s {
	case vision.Moving:
		return "rolling"
	case vision.Settled:
		return "settled"
	}
	return "empty"
}

// annotated is the frame as JPEG with the dice, and the advised keep among
// them, drawn on a copy.
func annotated(frame gocv.Mat, dice []vision.Die, held [5]bool) ([]byte, error) {
	m := frame.Clone()
	defer m.Close()
	vision.Annotate(&m, dice)
	markHeld(&m, dice, held)
	buf, err := gocv.IMEncode(gocv.JPEGFileExt, m)
	if err != nil {
		return nil, err
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...), nil
}

// keepFrames starts or stops keeping the newest frame for Snapshot.
func (f *Feed) keepFrames(on bool) { f.keep.Store(on) }

// Snapshot is a copy of the newest frame, for the caller to close. It waits
// a little for one when none has been kept yet.
func (f *Feed) Snapshot(ctx context.Context) (gocv.Mat, error) {
	f.keepFrames(true)
	for range 50 {
		f.mu.Lock()
		if !f.latest.Empty() {
			m := f.latest.Clone()
			f.mu.Unlock()
			return m, nil
		}
		f.mu.Unlock()
		select {
		case <-ctx.Done():
			return gocv.NewMat(), ctx.Err()
		case <-time.After(40 * time.Millisecond):
		}
	}
	return gocv.NewMat(), errors.New("the camera gives no picture: check it is plugged in and not used by another program")
}

// UseProfile makes the feed read with p from the next frame on.
func (f *Feed) UseProfile(p *vision.Profile) {
	f.mu.Lock()
	f.profile = p
	f.mu.Unlock()
}

func (f *Feed) takeProfile() *vision.Profile {
	f.mu.Lock()
	defer f.mu.Unlock()
	p := f.profile
	f.profile = nil
	return p
}
