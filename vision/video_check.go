package vision

import (
	"encoding/binary"
	"fmt"
	"io"
	"os"
)

// videoProblem says what is wrong with a video file OpenCV would not open,
// where its container tells: empty, or cut short (a copy or a recording that
// did not finish). It returns "" when it cannot tell, and OpenCV's failure
// then more likely means a codec it lacks.
func videoProblem(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return err.Error()
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err.Error()
	}
	size := info.Size()
	if size == 0 {
		return "the file is empty"
	}
	var head [12]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return ""
	}
	switch {
	case string(head[4:8]) == "ftyp":
		return mp4Problem(f, size)
	case string(head[0:4]) == "RIFF" && string(head[8:12]) == "AVI ":
		if want := 8 + int64(binary.LittleEndian.Uint32(head[4:8])); want > size {
			return fmt.Sprintf("the AVI is cut short: it says it has %d bytes and has %d (a copy or a recording that did not finish)", want, size)
		}
	}
	return ""
}

// mp4Problem walks the top-level boxes of an MP4 or MOV file: one that runs
// past the end of the file, or no index box (moov), means it was cut short.
func mp4Problem(r io.ReaderAt, size int64) string {
	moov := false
	for at := int64(0); at < size; {
		var h [16]byte
		n, _ := r.ReadAt(h[:], at)
		if n < 8 {
			return fmt.Sprintf("the MP4 is cut short inside a box header at byte %d (a copy or a recording that did not finish)", at)
		}
		length, kind := int64(binary.BigEndian.Uint32(h[0:4])), string(h[4:8])
		switch length {
		case 0: // the box runs to the end of the file
			length = size - at
		case 1: // a 64-bit length follows the type
			if n < 16 {
				return fmt.Sprintf("the MP4 is cut short inside the header of its %q box (a copy or a recording that did not finish)", kind)
			}
			length = int64(binary.BigEndian.Uint64(h[8:16]))
		}
		if length < 8 {
			return fmt.Sprintf("the MP4's %q box at byte %d has a length of %d: the file is damaged", kind, at, length)
		}
		if at+length > size {
			return fmt.Sprintf("the MP4 is cut short: its %q box needs %d bytes past the end of the file (a copy or a recording that did not finish)",
				kind, at+length-size)
		}
		moov = moov || kind == "moov"
		at += length
	}
	if !moov {
		return "the MP4 has no index (moov box): the recording did not finish, so the file was never closed"
	}
	return ""
}
