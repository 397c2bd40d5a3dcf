package cvthreads

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSetHoldsOpenCVToTheThreadsAsked(t *testing.T) {
	before := Set(1)
	t.Cleanup(func() { Set(before) })
	assert.Equal(t, 1, Set(2), "the count Set(1) left")
	assert.Equal(t, 2, Set(1), "the count Set(2) left")
}
