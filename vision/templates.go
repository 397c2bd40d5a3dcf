package vision

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// Face templates are the middle of a die's box, three quarters of its side
// (leaving out the bevel), turned square, shrunk by area to TemplateSize²
// and stretched to the full grey range, so that templates taken under other
// light compare.
const (
	TemplateSize  = 16 // side of a face template, in pixels
	templateInner = 0.75
	templateWarp  = 4 // the face is straightened at this many times TemplateSize
)

// templateShift is how far, in template pixels, a match looks either way,
// since a blob's box is seldom centred on the face to the pixel.
const templateShift = 2

// CutFace cuts the face of a die out of frame, a BGR picture, in the form
// of a FaceTemplate's Pixels, from the die's box: its corners in order
// around it. The box's own angle is taken out, so the face lies square, with
// one of its four sides up (a square box cannot say which): whoever matches
// templates tries the four quarter turns.
func CutFace(frame gocv.Mat, box [4]image.Point) []byte {
	var c image.Point
	for _, q := range box {
		c = c.Add(q)
	}
	c = c.Div(4)
	inner := make([]image.Point, 4)
	for i, q := range box {
		inner[i] = image.Pt(c.X+int(math.Round(float64(q.X-c.X)*templateInner)), c.Y+int(math.Round(float64(q.Y-c.Y)*templateInner)))
	}
	src := gocv.NewPointVectorFromPoints(inner)
	defer src.Close()
	side := templateWarp * TemplateSize
	n := side - 1
	dst := gocv.NewPointVectorFromPoints([]image.Point{{0, 0}, {n, 0}, {n, n}, {0, n}})
	defer dst.Close()
	m := gocv.GetPerspectiveTransform(src, dst)
	defer m.Close()
	face, grey, small := gocv.NewMat(), gocv.NewMat(), gocv.NewMat()
	defer face.Close()
	defer grey.Close()
	defer small.Close()
	gocv.WarpPerspective(frame, &face, m, image.Pt(side, side))
	gocv.CvtColor(face, &grey, gocv.ColorBGRToGray)
	gocv.Resize(grey, &small, image.Pt(TemplateSize, TemplateSize), 0, 0, gocv.InterpolationArea)
	gocv.Normalize(small, &small, 0, 255, gocv.NormMinMax)
	return small.ToBytes()
}

// faceMatch is how well a patch matches the best template of its best value.
type faceMatch struct {
	value  int
	label  string
	score  float64 // normalised cross-correlation, -1..1
	margin float64 // how far the best other value trails
}

// matchFace compares patch with every template in the four quarter turns,
// since a die's box says its orientation only up to a quarter turn.
func matchFace(patch []byte, templates []FaceTemplate) (faceMatch, bool) {
	var best [7]float64
	var labels [7]string
	for v := range best {
		best[v] = -2
	}
	p := zeroMean(patch)
	for _, t := range templates {
		if t.Size != TemplateSize || t.Value < 1 || t.Value > 6 {
			continue
		}
		tm := zeroMean(t.Pixels)
		for turn := range 4 {
			if s := correlate(p, tm, turn); s > best[t.Value] {
				best[t.Value], labels[t.Value] = s, t.Label
			}
		}
	}
	m := faceMatch{score: -2, margin: 0}
	second := -2.0
	for v := 1; v <= 6; v++ {
		switch {
		case best[v] > m.score:
			second = m.score
			m.value, m.label, m.score = v, labels[v], best[v]
		case best[v] > second:
			second = best[v]
		}
	}
	if m.value == 0 {
		return faceMatch{}, false
	}
	m.margin = m.score - math.Max(second, -1)
	return m, true
}

func zeroMean(px []byte) []float64 {
	out := make([]float64, len(px))
	sum := 0.0
	for _, v := range px {
		sum += float64(v)
	}
	mean := sum / float64(len(px))
	norm := 0.0
	for i, v := range px {
		out[i] = float64(v) - mean
		norm += out[i] * out[i]
	}
	if norm > 0 {
		norm = 1 / math.Sqrt(norm)
	}
	for i := range out {
		out[i] *= norm
	}
	return out
}

// correlate is the best normalised correlation of patch a with patch b
// turned by turn quarter turns clockwise, over small shifts of b; both are
// zero-mean, and each shift is scored on the overlap only.
func correlate(a, b []float64, turn int) float64 {
	const n = TemplateSize
	best := -1.0
	for dy := -templateShift; dy <= templateShift; dy++ {
		for dx := -templateShift; dx <= templateShift; dx++ {
			var s, na, nb float64
			for y := max(0, dy); y < min(n, n+dy); y++ {
				for x := max(0, dx); x < min(n, n+dx); x++ {
					u, v := x-dx, y-dy
					var bx, by int
					switch turn {
					case 0:
						bx, by = u, v
					case 1:
						bx, by = v, n-1-u
					case 2:
						bx, by = n-1-u, n-1-v
					default:
						bx, by = n-1-v, u
					}
					av, bv := a[y*n+x], b[by*n+bx]
					s += av * bv
					na += av * av
					nb += bv * bv
				}
			}
			if na > 0 && nb > 0 {
				best = math.Max(best, s/math.Sqrt(na*nb))
			}
		}
	}
	return best
}

// Thresholds on template correlation: below the floor a blob is no face we
// know; a confident read needs a high score well clear of the next value.
const (
	templateFloor  = 0.35
	templateSure   = 0.7
	templateMargin = 0.1
)
