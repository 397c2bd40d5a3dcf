package detect

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPeaksAreLocalMaximaAboveTheThreshold(t *testing.T) {
	cases := []struct {
		name string
		w    int
		m    []float32
		want []int
	}{
		{name: "one peak", w: 3, m: []float32{
			0.1, 0.2, 0.1,
			0.2, 0.9, 0.3,
			0.1, 0.2, 0.1}, want: []int{4}},
		{name: "below the threshold", w: 3, m: []float32{
			0.1, 0.2, 0.1,
			0.2, 0.25, 0.2,
			0.1, 0.2, 0.1}, want: nil},
		{name: "a plateau is one die", w: 3, m: []float32{
			0.1, 0.2, 0.1,
			0.2, 0.8, 0.8,
			0.1, 0.8, 0.8}, want: []int{4}},
		{name: "two touching dice two cells apart", w: 5, m: []float32{
			0.1, 0.2, 0.1, 0.2, 0.1,
			0.3, 0.9, 0.5, 0.7, 0.2,
			0.1, 0.2, 0.1, 0.2, 0.1}, want: []int{6, 8}},
		{name: "peaks on the border", w: 4, m: []float32{
			0.9, 0.1, 0.1, 0.1,
			0.1, 0.1, 0.1, 0.6}, want: []int{0, 7}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, peaks(c.m, c.w, len(c.m)/c.w, Threshold))
		})
	}
}
