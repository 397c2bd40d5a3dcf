//go:build linux

package main

import (
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// processStderr runs f with the process's standard error, file descriptor
// 2, going to a file, and returns what was written there: what OpenCV's
// C++ logs, which no Go writer of the command sees.
func processStderr(t *testing.T, f func()) string {
	t.Helper()
	file, err := os.CreateTemp(t.TempDir(), "stderr")
	require.NoError(t, err)
	defer file.Close()
	saved, err := syscall.Dup(2)
	require.NoError(t, err)
	defer syscall.Close(saved)
	require.NoError(t, syscall.Dup3(int(file.Fd()), 2, 0))
	defer syscall.Dup3(saved, 2, 0)
	f()
	require.NoError(t, syscall.Dup3(saved, 2, 0))
	b, err := os.ReadFile(file.Name())
	require.NoError(t, err)
	return string(b)
}
