package strategy

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDistributionOfOptimalPlayAveragesToTheExpectedScore(t *testing.T) {
	for _, spec := range []string{"yacht", "yacht:big-straight=40,straights=sum", "poker"} {
		t.Run(spec, func(t *testing.T) {
			tb := solved(t, spec, Official)
			d, err := tb.Distribution(context.Background())
			require.NoError(t, err)
			total := 0.0
			for _, p := range d.Chance {
				require.GreaterOrEqual(t, p, 0.0)
				total += p
			}
			assert.InDelta(t, 1, total, 1e-12)
			assert.InDelta(t, tb.ExpectedScore(), d.Mean(), 1e-9)
			assert.LessOrEqual(t, d.Low+len(d.Chance)-1, tb.Set().MaxScore())
			assert.LessOrEqual(t, d.Percentile(25), d.Percentile(50))
			assert.LessOrEqual(t, d.Percentile(50), d.Percentile(75))
			assert.Greater(t, d.StdDev(), 0.0)
		})
	}
}
