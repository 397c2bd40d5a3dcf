package main

import (
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testdata must stay small enough to clone quickly; the fixtures and
// sequences get most of it.
const testdataBudget = 12 << 20

func TestTestdataStaysWithinBudget(t *testing.T) {
	var total int64
	err := filepath.WalkDir("../../testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := d.Info()
		total += info.Size()
		return err
	})
	require.NoError(t, err)
	assert.Less(t, total, int64(testdataBudget), "testdata holds %.1f MB", float64(total)/(1<<20))
}
