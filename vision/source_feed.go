package vision

import (
	"context"
	"errors"
	"io"
	"sync/atomic"
	"time"

	"gocv.io/x/gocv"
)

// grabber is a capture that only one goroutine may touch: a camera, a video
// file, a folder of images. grab fills dst with the next frame or returns
// io.EOF after the last one.
type grabber interface {
	grab(dst *gocv.Mat) error
	close() error
}

// feedConfig says how a feed paces, times and recovers its grabber.
type feedConfig struct {
	fps    float64
	live   bool // hand on only the newest frame; pace recordings at fps
	camera bool // the grabber paces itself and times come from the clock
	// reopen, when set, is tried with back-off after a failed grab, as for a
	// camera unplugged mid-game.
	reopen func() (grabber, error)
	notify func(Status)
}

// feed is a Source: one goroutine owns the grabber and hands frames on
// through a one-frame slot, so a slow reader never builds up a queue.
type feed struct {
	frames  chan Frame
	done    chan struct{}
	cancel  context.CancelFunc
	err     error // why the goroutine stopped; read only after done is closed
	dropped atomic.Int64
}

// Backoff bounds for a lost camera: try again soon, then every few seconds.
const (
	firstRetry = 250 * time.Millisecond
	lastRetry  = 4 * time.Second
)

func startFeed(ctx context.Context, g grabber, cfg feedConfig) *feed {
	ctx, cancel := context.WithCancel(ctx)
	f := &feed{frames: make(chan Frame, 1), done: make(chan struct{}), cancel: cancel}
	go func() {
		defer close(f.done)
		f.err = f.run(ctx, g, cfg)
	}()
	return f
}

func (f *feed) run(ctx context.Context, g grabber, cfg feedConfig) error {
	defer func() {
		if g != nil {
			g.close()
		}
	}()
	start := time.Now()
	for i := 0; ; i++ {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		m := gocv.NewMat()
		err := g.grab(&m)
		if err != nil {
			m.Close()
			if errors.Is(err, io.EOF) || cfg.reopen == nil {
				return err
			}
			g.close()
			if g, err = f.recover(ctx, err, cfg); err != nil {
				return err
			}
			i--
			continue
		}
		fr := Frame{Mat: m, Index: i, Time: time.Since(start)}
		if !cfg.camera {
			fr.Time = time.Duration(float64(i) / cfg.fps * float64(time.Second))
			if cfg.live && !sleep(ctx, time.Until(start.Add(fr.Time))) {
				fr.Close()
				return ctx.Err()
			}
		}
		if !f.deliver(ctx, fr, cfg.live) {
			return ctx.Err()
		}
	}
}

// deliver puts fr in the slot. A live feed replaces a frame nobody took yet,
// counting it as dropped; a recording waits for the reader.
func (f *feed) deliver(ctx context.Context, fr Frame, live bool) bool {
	if live {
		select {
		case old := <-f.frames:
			old.Close()
			f.dropped.Add(1)
		default:
		}
		f.frames <- fr // this goroutine is the only sender and the slot is free
		return true
	}
	select {
	case f.frames <- fr:
		return true
	case <-ctx.Done():
		fr.Close()
		return false
	}
}

// recover reopens a lost capture with growing waits until it answers or ctx
// ends, telling cfg.notify as it goes.
func (f *feed) recover(ctx context.Context, cause error, cfg feedConfig) (grabber, error) {
	wait := firstRetry
	for {
		if cfg.notify != nil {
			cfg.notify(Status{Lost: true, Err: cause, Retry: wait})
		}
		if !sleep(ctx, wait) {
			return nil, ctx.Err()
		}
		g, err := cfg.reopen()
		if err == nil {
			if cfg.notify != nil {
				cfg.notify(Status{})
			}
			return g, nil
		}
		cause = err
		wait = min(wait*2, lastRetry)
	}
}

func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// Next returns the newest frame not yet taken, waiting for one if need be.
func (f *feed) Next(ctx context.Context) (Frame, error) {
	select {
	case fr := <-f.frames:
		return fr, nil
	case <-ctx.Done():
		return Frame{}, ctx.Err()
	case <-f.done:
		// The last frame may still sit in the slot.
		select {
		case fr := <-f.frames:
			return fr, nil
		default:
			return Frame{}, f.err
		}
	}
}

// Dropped is how many frames a live feed threw away because the reader was
// busy with an older one.
func (f *feed) Dropped() int { return int(f.dropped.Load()) }

// Close stops the capture goroutine and releases any frame not taken.
func (f *feed) Close() error {
	f.cancel()
	<-f.done
	select {
	case fr := <-f.frames:
		fr.Close()
	default:
	}
	return nil
}
