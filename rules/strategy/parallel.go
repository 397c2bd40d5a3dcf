package strategy

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// inParallel calls do(s, i) for every i below n, spread over the
// processors; each worker gets scratch space of its own from scratch. The
// work of one i must not depend on which worker does it, so that results
// are the same from run to run. It stops handing out work once stop says so.
func inParallel[S any](n int, scratch func() S, stop func() bool, do func(s S, i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := scratch()
			for {
				i := int(next.Add(1)) - 1
				if i >= n || stop() {
					return
				}
				do(s, i)
			}
		}()
	}
	wg.Wait()
}
