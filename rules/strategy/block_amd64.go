package strategy

import "golang.org/x/sys/cpu"

// vectorBlocks says whether bestKeepsBlock may use the AVX2 versions in
// block_amd64.s.
var vectorBlocks = cpu.X86.HasAVX2

// averageKeepsVector is averageKeeps four totals at a time.
//
//go:noescape
func averageKeepsVector(keepValue *[numKeeps]chances, best *[numKeeps][block]uint64, add *[numKeeps][faces]uint16)

// takeLargerVector is takeLarger four totals at a time, over n pairs. The
// chances are never negative nor NaN, so the larger float has the larger bits.
//
//go:noescape
func takeLargerVector(best *[numKeeps][block]uint64, pairs *keepPair, n int)

// averageKeepsLanesVector is averageKeepsLanesGo, the lanes of a keep at once.
//
//go:noescape
func averageKeepsLanesVector(rows *laneRows, add *[numKeeps][faces]uint16)

// takeLargerLanesVector is takeLargerLanesGo, the lanes of a keep at once.
//
//go:noescape
func takeLargerLanesVector(rows *laneRows, pairs *keepPair, n int)
