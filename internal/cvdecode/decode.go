// Package cvdecode decodes an image with OpenCV's cv::imdecode and turns a
// C++ exception into a Go error. gocv's IMRead and IMDecode let exceptions
// escape into the cgo call, where the Go runtime aborts the whole process
// (a PNG header claiming 100000×100000 pixels is enough).
package cvdecode

/*
#cgo !windows pkg-config: opencv4
#cgo CXXFLAGS: --std=c++11
#include <stdlib.h>
#include "decode.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"math"
	"unsafe"

	"gocv.io/x/gocv"
)

// Decode decodes data into dst, a Mat the caller made and closes, with
// gocv's read flags. An image OpenCV does not recognise leaves dst empty
// with no error; one that makes OpenCV throw is an error with its message.
func Decode(data []byte, flags gocv.IMReadFlag, dst *gocv.Mat) error {
	if len(data) == 0 {
		return errors.New("decode image: no bytes")
	}
	if len(data) > math.MaxInt32 {
		return fmt.Errorf("decode image: %d bytes is more than OpenCV takes in one buffer", len(data))
	}
	var msg [512]C.char
	// data is only read during the call, which cgo allows for Go memory.
	rc := C.dicecam_imdecode((*C.uchar)(unsafe.Pointer(&data[0])), C.size_t(len(data)), C.int(flags),
		unsafe.Pointer(dst.Ptr()), &msg[0], C.size_t(len(msg)))
	if rc != 0 {
		return fmt.Errorf("decode image: OpenCV: %s", C.GoString(&msg[0]))
	}
	return nil
}
