// Package logtest holds what tests need to read what a running program
// has said: a terminal that goroutines write to while the test reads it.
package logtest

import (
	"bytes"
	"sync"
)

// Buffer is a bytes.Buffer safe for one writer goroutine or more and a
// reader at once, to stand in for a terminal.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

// String is all that was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
