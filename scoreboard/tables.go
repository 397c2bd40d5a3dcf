package scoreboard

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
)

// Tables loads the strategy tables that advice is read from: each rule set's
// once, in the background, so no request ever waits on a solve. It is safe
// for concurrent use and may be shared by several servers.
type Tables struct {
	load   loadFunc
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu    sync.Mutex
	loads map[string]*tableLoad // by rule set spec
}

// loadFunc loads a rule set's table, telling progress how far a solve has
// gone when it solves one.
type loadFunc func(ctx context.Context, set *rules.Set, progress func(done, total int)) (*strategy.Table, error)

type tableLoad struct {
	done     chan struct{} // closed once table or err is set
	table    *strategy.Table
	err      error
	progress progress
}

// progress is how far a piece of work in the background has gone, from
// its own goroutine to the views: done out of total, none known until the
// work says.
type progress struct{ done, total atomic.Int64 }

func (p *progress) set(done, total int) {
	p.done.Store(int64(done))
	p.total.Store(int64(total))
}

// fraction is the share done, from 0 to 1, or -1 while the work has not
// said how much there is (a table read from the cache says nothing).
func (p *progress) fraction() float64 {
	done, total := p.done.Load(), p.total.Load()
	if total <= 0 {
		return -1
	}
	return min(1, float64(done)/float64(total))
}

// NewTables loads tables with strategy.Load and opts: from the cache when
// they are there, solved (seconds, once) when not.
func NewTables(opts strategy.Options) *Tables {
	return newTables(func(ctx context.Context, set *rules.Set, progress func(done, total int)) (*strategy.Table, error) {
		o := opts
		o.Progress = progress
		return strategy.Load(ctx, set, o)
	})
}

func newTables(load loadFunc) *Tables {
	ctx, cancel := context.WithCancel(context.Background())
	return &Tables{load: load, ctx: ctx, cancel: cancel, loads: map[string]*tableLoad{}}
}

// prepare starts loading the table for set unless it is loading or loaded,
// and returns a channel closed once it is ready (or failed).
func (t *Tables) prepare(set *rules.Set) <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	if l, ok := t.loads[set.Spec()]; ok {
		return l.done
	}
	l := &tableLoad{done: make(chan struct{})}
	t.loads[set.Spec()] = l
	t.wg.Add(1)
	go func() {
		defer t.wg.Done()
		defer close(l.done)
		l.table, l.err = t.load(t.ctx, set, l.progress.set)
	}()
	return l.done
}

// table returns the table for set once it is loaded; ready is false while
// it is still loading or was never asked for.
func (t *Tables) table(set *rules.Set) (tb *strategy.Table, ready bool, err error) {
	t.mu.Lock()
	l, ok := t.loads[set.Spec()]
	t.mu.Unlock()
	if !ok {
		return nil, false, nil
	}
	select {
	case <-l.done:
		return l.table, true, l.err
	default:
		return nil, false, nil
	}
}

// progress is how far the load of set's table has gone, as
// progress.fraction gives it; -1 when it is not loading.
func (t *Tables) progress(set *rules.Set) float64 {
	t.mu.Lock()
	l, ok := t.loads[set.Spec()]
	t.mu.Unlock()
	if !ok {
		return -1
	}
	return l.progress.fraction()
}

// Close stops the loads under way and waits for them.
func (t *Tables) Close() {
	t.cancel()
	t.wg.Wait()
}
