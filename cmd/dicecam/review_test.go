package main

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReviewGolden(t *testing.T) {
	isolatedCache(t)
	checkGoldenCases(t, "review")
}

func TestReviewJSONAddsUpTheLosses(t *testing.T) {
	isolatedCache(t)
	code, stdout, stderr := runCmd(t, "review", "--rules", "yacht", "--json", filepath.Join("testdata", "review", "yacht-game", "game.log"))
	require.Equal(t, 0, code, stderr)
	var got reviewJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &got))
	assert.Equal(t, "yacht", got.Rules)
	require.Len(t, got.Turns, 12)
	sum, decisions := 0.0, 0
	for i, tr := range got.Turns {
		assert.Equal(t, i+1, tr.Turn)
		assert.Len(t, tr.Dice, 5)
		assert.NotEmpty(t, tr.Box)
		assert.NotEmpty(t, tr.BestBox)
		assert.GreaterOrEqual(t, tr.Loss, 0.0)
		if tr.Box == tr.BestBox {
			assert.Zero(t, tr.Loss)
		}
		sum += tr.Loss
		decisions++
		for _, k := range tr.Keeps {
			assert.GreaterOrEqual(t, k.Loss, 0.0)
			sum += k.Loss
			decisions++
		}
	}
	assert.InDelta(t, sum, got.TotalLoss, 1e-9)
	assert.Equal(t, decisions, got.Decisions)
	assert.InDelta(t, sum/float64(decisions), got.MeanLoss, 1e-12)
}
