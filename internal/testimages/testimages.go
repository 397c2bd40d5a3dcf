// Package testimages makes the hostile and broken image files that the
// decoding tests and fuzz seeds feed dicecam: files of a few dozen bytes
// whose headers claim pictures too large to hold, and files cut short.
package testimages

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
)

// PNGHeaderBomb is a PNG of some seventy bytes whose header claims width ×
// height pixels: the signature, an IHDR chunk, a tiny IDAT and the IEND,
// each with a valid CRC, so every decoder believes the header.
func PNGHeaderBomb(width, height uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := binary.BigEndian.AppendUint32(nil, width)
	ihdr = binary.BigEndian.AppendUint32(ihdr, height)
	ihdr = append(ihdr, 8, 2, 0, 0, 0) // 8-bit RGB, deflate, no filter, no interlace
	pngChunk(&b, "IHDR", ihdr)
	var idat bytes.Buffer
	z := zlib.NewWriter(&idat)
	z.Write([]byte{0})
	z.Close()
	pngChunk(&b, "IDAT", idat.Bytes())
	pngChunk(&b, "IEND", nil)
	return b.Bytes()
}

func pngChunk(b *bytes.Buffer, kind string, data []byte) {
	binary.Write(b, binary.BigEndian, uint32(len(data)))
	typed := append([]byte(kind), data...)
	b.Write(typed)
	binary.Write(b, binary.BigEndian, crc32.ChecksumIEEE(typed))
}

// JPEGHeaderBomb is a JPEG of a few dozen bytes whose frame header claims
// width × height pixels, with a scan header and no picture after it.
func JPEGHeaderBomb(width, height uint16) []byte {
	b := []byte{0xFF, 0xD8} // start of image
	// A baseline frame of three components, each sampled 1×1 with table 0.
	b = append(b, 0xFF, 0xC0, 0, 17, 8)
	b = binary.BigEndian.AppendUint16(b, height)
	b = binary.BigEndian.AppendUint16(b, width)
	b = append(b, 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0)
	// The scan of all three components, over the whole spectrum.
	b = append(b, 0xFF, 0xDA, 0, 12, 3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0)
	return append(b, 0xFF, 0xD9) // end of image
}
