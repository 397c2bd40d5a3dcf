package detect

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"gocv.io/x/gocv"
)

// decode turns the network's output (1, 2, H/Stride, W/Stride) into
// candidates in frame pixels; sx and sy are input pixels per frame pixel.
func decode(out gocv.Mat, sx, sy float64) ([]Candidate, error) {
	dims := out.Size()
	if len(dims) != 4 || dims[0] != 1 || dims[1] != 2 {
		return nil, fmt.Errorf("detect dice: the network returned shape %v, want [1 2 h w]", dims)
	}
	data, err := out.DataPtrFloat32()
	if err != nil {
		return nil, fmt.Errorf("detect dice: read the network's output: %w", err)
	}
	h, w := dims[2], dims[3]
	if len(data) != 2*h*w {
		return nil, fmt.Errorf("detect dice: the network returned %d numbers for shape %v", len(data), dims)
	}
	score, logSide := data[:h*w], data[h*w:]
	var found []Candidate
	for _, p := range peaks(score, w, h, Threshold) {
		cx, cy := p%w, p/w
		found = append(found, Candidate{
			X:     (float64(cx) + 0.5) * Stride / sx,
			Y:     (float64(cy) + 0.5) * Stride / sy,
			Side:  DieSide * math.Exp(float64(logSide[p])) / math.Sqrt(sx*sy),
			Score: float64(score[p]),
		})
	}
	slices.SortStableFunc(found, func(a, b Candidate) int { return cmp.Compare(b.Score, a.Score) })
	return found, nil
}

// peaks returns the indices of the cells of a w×h map that are at least
// threshold and the largest of their 3×3 neighbourhood. A plateau yields
// its first cell in reading order, so two equal cells give one die.
func peaks(m []float32, w, h int, threshold float32) []int {
	var out []int
	for y := range h {
		for x := range w {
			v := m[y*w+x]
			if v < threshold || !isPeak(m, w, h, x, y, v) {
				continue
			}
			out = append(out, y*w+x)
		}
	}
	return out
}

func isPeak(m []float32, w, h, x, y int, v float32) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			nx, ny := x+dx, y+dy
			if (dx == 0 && dy == 0) || nx < 0 || ny < 0 || nx >= w || ny >= h {
				continue
			}
			n := m[ny*w+nx]
			before := dy < 0 || (dy == 0 && dx < 0)
			if n > v || (before && n == v) {
				return false
			}
		}
	}
	return true
}
