package strategy

import "golang.org/x/sys/cpu"

// vectorBlocks says whether bestKeepsBlock and the lanes may use the AVX2
// versions in block_amd64.s, and wideBlocks whether bestKeepsBlock may use
// the AVX-512 ones, which do the same arithmetic eight totals at a time.
var (
	vectorBlocks = cpu.X86.HasAVX2
	wideBlocks   = cpu.X86.HasAVX512F
)

// averageKeepsVector is averageKeeps four totals at a time; keepValue may
// be nil.
//
//go:noescape
func averageKeepsVector(keepValue *[numKeeps]chances, best *[numKeeps][block]uint64, add *[numKeeps][faces]uint16)

// takeLargerVector is takeLarger four totals at a time, a keep at a time
// over its sub-keeps in subs. The chances are never negative nor NaN, so the
// larger float has the larger bits.
//
//go:noescape
func takeLargerVector(best *[numKeeps][block]uint64, subs *[numKeeps][dice]uint16)

// averageKeepsLanesVector is averageKeepsLanesGo, the lanes of a keep at once.
//
//go:noescape
func averageKeepsLanesVector(rows *laneRows, add *[numKeeps][faces]uint16)

// takeLargerLanesVector is takeLargerLanesGo, the lanes of a keep at once,
// a keep at a time over its sub-keeps in subs.
//
//go:noescape
func takeLargerLanesVector(rows *laneRows, subs *[numKeeps][dice]uint16)

// maxClassLanesVector is maxClassLanes over the n rolls at scoring.
//
//go:noescape
func maxClassLanesVector(rows *[lanes]uint64, scoring *uint8, n int, class *[numRolls]int8, later *[8][lanes]uint64)

// addMaxLanesVector is addMaxLanes over the n rolls at scoring.
//
//go:noescape
func addMaxLanesVector(rows *[lanes]uint64, scoring *uint8, n int, pts *[numRolls]float64, later *[lanes]float64)

// averageRollsVector adds up each lane's rolls times their chances, in
// roll order, into v, which starts at 0.
//
//go:noescape
func averageRollsVector(rows *laneRows, prob *[numRolls]float64, v *[lanes]float64)

// maxClassBlockVector is maxClassBlockGo over the n rolls at scoring.
//
//go:noescape
func maxClassBlockVector(rows *[block]uint64, scoring *uint8, n int, class *[numRolls]int8, win *[maxScores]chances)

// averageRollsBlockVector is averageRollsBlockGo.
//
//go:noescape
func averageRollsBlockVector(best *[numKeeps][block]uint64, prob *[numRolls]float64, w *chances)

// averageKeepsVector512 is averageKeepsVector eight totals at a time.
//
//go:noescape
func averageKeepsVector512(keepValue *[numKeeps]chances, best *[numKeeps][block]uint64, add *[numKeeps][faces]uint16)

// takeLargerVector512 is takeLargerVector eight totals at a time.
//
//go:noescape
func takeLargerVector512(best *[numKeeps][block]uint64, subs *[numKeeps][dice]uint16)
