package scoreboard

import (
	"context"
	"sync"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
)

// Tables loads the strategy tables that advice is read from: each rule set's
// once, in the background, so no request ever waits on a solve. It is safe
// for concurrent use and may be shared by several servers.
type Tables struct {
	load   func(context.Context, *rules.Set) (*strategy.Table, error)
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu    sync.Mutex
	loads map[string]*tableLoad // by rule set spec
}

type tableLoad struct {
	done  chan struct{} // closed once table or err is set
	table *strategy.Table
	err   error
}

// NewTables loads tables with strategy.Load and opts: from the cache when
// they are there, solved (seconds, once) when not.
func NewTables(opts strategy.Options) *Tables {
	return newTables(func(ctx context.Context, set *rules.Set) (*strategy.Table, error) {
		return strategy.Load(ctx, set, opts)
	})
}

func newTables(load func(context.Context, *rules.Set) (*strategy.Table, error)) *Tables {
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
		l.table, l.err = t.load(t.ctx, set)
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

// Close stops the loads under way and waits for them.
func (t *Tables) Close() {
	t.cancel()
	t.wg.Wait()
}
