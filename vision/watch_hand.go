package vision

import (
	"image"
	"math"

	"gocv.io/x/gocv"
)

// A hand in the tray is told from dice by comparing the frame with the tray
// as it last lay still and decided: what differs from it, reaches in from
// the frame's edge and is far larger than a die is an arm. Colour plays no
// part, so a wooden table the colour of skin never counts, and a hand that
// holds still is still seen.
const (
	handLevel = 30   // step from the background, in any colour channel, that is foreground
	handShare = 0.08 // least share of the frame an arm covers; a die thrown in from the edge, blur and all, covers 6%
	handDice  = 5    // least area of an arm, in dice
	// Foreground over this share of the frame is the light or the camera
	// changing, not an arm.
	lightChange = 0.6
	// Least step, in the mean of a colour channel, between a difference and
	// the frame around it for the difference to be told apart as an arm.
	bareGap = 25
)

// handFinder keeps the tray's background at the watcher's small size and
// finds arms against it.
type handFinder struct {
	col, bg, adj, diff, mask, labels, stats, centroids, kernel, blob gocv.Mat
}

func newHandFinder() *handFinder {
	return &handFinder{col: gocv.NewMat(), bg: gocv.NewMat(), adj: gocv.NewMat(), diff: gocv.NewMat(),
		mask: gocv.NewMat(), labels: gocv.NewMat(), stats: gocv.NewMat(), centroids: gocv.NewMat(),
		blob: gocv.NewMat(), kernel: gocv.GetStructuringElement(gocv.MorphRect, image.Pt(3, 3))}
}

func (h *handFinder) close() {
	for _, m := range []*gocv.Mat{&h.col, &h.bg, &h.adj, &h.diff, &h.mask, &h.labels, &h.stats, &h.centroids, &h.kernel, &h.blob} {
		m.Close()
	}
}

// see looks at small, a colour frame at the watcher's small size, and says
// whether an arm reaches into it. side is a die's side at that size, zero
// when no die has been read yet. The first frame becomes the background.
// bare says the arm-like difference is rather the tray laid bare: an arm in
// view on the first frame went into the background, and where it was now
// looks like the tray around it.
func (h *handFinder) see(small gocv.Mat, side float64) (arm, bare bool) {
	gocv.GaussianBlur(small, &h.col, image.Pt(5, 5), 0, 0, gocv.BorderReflect101)
	if h.bg.Empty() || h.bg.Rows() != h.col.Rows() || h.bg.Cols() != h.col.Cols() {
		h.learn()
		return false, false
	}
	// Take out an even change of brightness, as a webcam's exposure makes.
	now, was := h.col.Mean(), h.bg.Mean()
	off := (now.Val1 + now.Val2 + now.Val3 - was.Val1 - was.Val2 - was.Val3) / 3
	h.bg.ConvertToWithParams(&h.adj, gocv.MatTypeCV8UC3, 1, float32(off))
	gocv.AbsDiff(h.col, h.adj, &h.diff)
	gocv.Threshold(h.diff, &h.diff, handLevel, 255, gocv.ThresholdBinary)
	// A pixel whose any channel stepped far comes out of the grey
	// conversion above zero.
	gocv.CvtColor(h.diff, &h.mask, gocv.ColorBGRToGray)
	gocv.Threshold(h.mask, &h.mask, 0, 255, gocv.ThresholdBinary)
	gocv.MorphologyEx(h.mask, &h.mask, gocv.MorphOpen, h.kernel)
	rows, cols := h.mask.Rows(), h.mask.Cols()
	area := float64(rows * cols)
	if float64(gocv.CountNonZero(h.mask)) > lightChange*area {
		return false, false
	}
	least := max(handShare*area, handDice*side*side)
	n := gocv.ConnectedComponentsWithStats(h.mask, &h.labels, &h.stats, &h.centroids)
	for i := 1; i < n; i++ {
		if float64(h.stats.GetIntAt(i, int(gocv.CC_STAT_AREA))) < least {
			continue
		}
		x, y := int(h.stats.GetIntAt(i, int(gocv.CC_STAT_LEFT))), int(h.stats.GetIntAt(i, int(gocv.CC_STAT_TOP)))
		w, ht := int(h.stats.GetIntAt(i, int(gocv.CC_STAT_WIDTH))), int(h.stats.GetIntAt(i, int(gocv.CC_STAT_HEIGHT)))
		if x == 0 || y == 0 || x+w == cols || y+ht == rows {
			return true, h.bare(i)
		}
	}
	return false, false
}

// bare says whether component i of the last look now shows the tray: its
// colour is near that of the frame around it, and the background's colour
// there was far from it. Skin on a wooden table is near on both counts, so
// there it says no and the watcher waits for Relearn.
func (h *handFinder) bare(i int) bool {
	gocv.InRangeWithScalar(h.labels, gocv.NewScalar(float64(i), 0, 0, 0), gocv.NewScalar(float64(i), 0, 0, 0), &h.blob)
	now, was := h.col.MeanWithMask(h.blob), h.adj.MeanWithMask(h.blob)
	gocv.BitwiseNot(h.blob, &h.blob)
	around := h.col.MeanWithMask(h.blob)
	gap := func(a, b gocv.Scalar) float64 {
		return math.Max(math.Abs(a.Val1-b.Val1), math.Max(math.Abs(a.Val2-b.Val2), math.Abs(a.Val3-b.Val3)))
	}
	return gap(was, around) > bareGap && gap(now, around) < gap(was, around)/3
}

// learn takes the frame last seen as the tray's background.
func (h *handFinder) learn() { h.col.CopyTo(&h.bg) }
