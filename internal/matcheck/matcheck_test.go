package matcheck

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"gocv.io/x/gocv"
)

func TestMain(m *testing.M) { Main(m) }

// fakeT records what Check reports without failing the real test.
type fakeT struct {
	testing.TB
	cleanups []func()
	errors   int
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Cleanup(fn func())     { f.cleanups = append(f.cleanups, fn) }
func (f *fakeT) Errorf(string, ...any) { f.errors++ }
func (f *fakeT) finish() {
	for i := len(f.cleanups) - 1; i >= 0; i-- {
		f.cleanups[i]()
	}
}

func TestCheckCountsOnlyUnderTheTag(t *testing.T) {
	f := &fakeT{TB: t}
	Check(f)
	leaked := gocv.NewMat()
	f.finish()
	assert.Equal(t, Open(), f.errors, "a leaked Mat is reported exactly when gocv counts Mats")
	leaked.Close()

	f = &fakeT{TB: t}
	Check(f)
	closed := gocv.NewMat()
	closed.Close()
	f.finish()
	assert.Zero(t, f.errors, "a closed Mat is never reported")
}
