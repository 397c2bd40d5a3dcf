// Package cvthreads sets how many threads OpenCV's parallel loops use, which
// gocv v0.31.0 has no call for. OpenCV otherwise spreads a resize, a colour
// conversion or a network's layers over every core, so a benchmark run
// with GOMAXPROCS=1 alone still measures several cores.
package cvthreads

/*
#cgo !windows pkg-config: opencv4
#cgo CXXFLAGS: --std=c++11
#include "threads.h"
*/
import "C"

// Set makes OpenCV's parallel loops use n threads; n of 1 or less runs them
// on the calling thread. It returns the number used before, for restoring.
func Set(n int) (before int) {
	before = int(C.dicecam_get_num_threads())
	C.dicecam_set_num_threads(C.int(n))
	return before
}
