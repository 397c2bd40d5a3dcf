package vision

import (
	"image"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

func TestRowBandsHoldEverySetPixelAndPartOnlyAtEmptyRows(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		want []image.Rectangle
	}{
		{"empty", []string{"....", "...."}, nil},
		{"one pixel", []string{"....", "..#.", "...."}, []image.Rectangle{image.Rect(2, 1, 3, 2)}},
		{"rows joined across a short gap", []string{"#...", "....", "...#"}, []image.Rectangle{image.Rect(0, 0, 4, 3)}},
		{"rows parted by a long gap", append(append([]string{".#.."}, make9("....")...), "..#."), []image.Rectangle{image.Rect(1, 0, 2, 1), image.Rect(2, 10, 3, 11)}},
		{"span past eight bytes", []string{"..........#.", ".........#.."}, []image.Rectangle{image.Rect(9, 0, 11, 2)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, h := len(tt.rows[0]), len(tt.rows)
			mask := make([]uint8, w*h)
			for y, row := range tt.rows {
				for x, c := range row {
					if c == '#' {
						mask[y*w+x] = 255
					}
				}
			}
			assert.Equal(t, tt.want, rowBands(mask, w, h))
		})
	}
}

func make9(row string) []string {
	out := make([]string, 9)
	for i := range out {
		out[i] = row
	}
	return out
}

// Labelling band by band must find the blobs labelling the whole mask does.
func TestLabellingByBandsFindsTheBlobsOfTheWholeMask(t *testing.T) {
	const w, h = 97, 120
	rnd := rand.New(rand.NewPCG(1, 2))
	m := gocv.NewMatWithSize(h, w, gocv.MatTypeCV8U)
	defer m.Close()
	mask, err := m.DataPtrUint8()
	require.NoError(t, err)
	for y := range h {
		if y%30 >= 20 {
			continue // leave empty rows for bands to part at
		}
		for x := range w {
			if rnd.IntN(6) == 0 {
				mask[y*w+x] = 255
			}
		}
	}
	labels, stats, cents := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer labels.Close()
	defer stats.Close()
	defer cents.Close()
	whole := gocv.ConnectedComponentsWithStats(m, &labels, &stats, &cents) - 1
	bands := rowBands(mask, w, h)
	require.Greater(t, len(bands), 1, "the mask must fall into several bands")
	sum := 0
	for _, b := range bands {
		view := m.Region(b)
		sum += gocv.ConnectedComponentsWithStats(view, &labels, &stats, &cents) - 1
		view.Close()
	}
	assert.Equal(t, whole, sum)
}
