package vision

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"io"
	"os"

	// The formats whose size Go reads from the header, as OpenCV decodes them.
	_ "image/jpeg"
	_ "image/png"

	_ "golang.org/x/image/bmp"
	_ "golang.org/x/image/tiff"
	_ "golang.org/x/image/webp"

	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/cvdecode"
)

// MaxImagePixels is the largest picture dicecam decodes, 50 megapixels: more
// than any camera frame or phone photo of a tray, and at three bytes a pixel
// 150 MB decoded, where a header claiming 20000×20000 would take 1.2 GB and
// minutes to read no dice. Larger images are refused before decoding.
const MaxImagePixels = 50_000_000

// maxImageBytes bounds the file read into memory for decoding: an
// uncompressed 50-megapixel BMP or TIFF with an alpha channel fits.
const maxImageBytes = 256 << 20

// imageFormats are the formats dicecam decodes, by the name Go's image
// package gives them, with the name a person knows.
var imageFormats = map[string]string{"jpeg": "JPEG", "png": "PNG", "bmp": "BMP", "tiff": "TIFF", "webp": "WebP"}

const formatList = "JPEG, PNG, BMP, TIFF or WebP"

// ErrImageTruncated is wrapped by the error for an image file that ends
// before its picture does, as a file still being written or cut short by a
// copy does.
var ErrImageTruncated = errors.New("the file is truncated")

// ReadImage reads the image file at path as a BGR Mat, for the caller to
// close, through DecodeImage.
func ReadImage(path string) (gocv.Mat, error) {
	f, err := os.Open(path)
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("read image: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxImageBytes+1))
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("read image %s: %w", path, err)
	}
	if len(data) > maxImageBytes {
		return gocv.Mat{}, fmt.Errorf("read image %s: the file is over %d MB, more than a %d-megapixel image needs: scale it down",
			path, maxImageBytes>>20, MaxImagePixels/1_000_000)
	}
	m, err := DecodeImage(data)
	if err != nil {
		return gocv.Mat{}, fmt.Errorf("read image %s: %w", path, err)
	}
	return m, nil
}

// DecodeImage decodes a JPEG, PNG, BMP, TIFF or WebP file's bytes as a BGR
// Mat, for the caller to close. Every image dicecam reads from outside comes
// through here, so none reaches OpenCV unchecked: the header's size is read
// in Go and refused over MaxImagePixels, a JPEG or PNG that ends early is
// refused as truncated (OpenCV would fill the missing part with grey and
// read dice in it), and an exception OpenCV throws comes back as an error
// instead of aborting the process.
func DecodeImage(data []byte) (gocv.Mat, error) {
	if len(data) == 0 {
		return gocv.Mat{}, errors.New("the file is empty: save the image again")
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	name, known := imageFormats[format]
	switch {
	case errors.Is(err, image.ErrFormat) || err == nil && !known:
		return gocv.Mat{}, fmt.Errorf("not a %s image, the formats dicecam reads: convert it to JPEG or PNG", formatList)
	case err != nil:
		return gocv.Mat{}, fmt.Errorf("its %s header cannot be read (%v): the file is damaged or cut short; save or copy it again",
			name, err)
	case cfg.Width <= 0 || cfg.Height <= 0:
		return gocv.Mat{}, fmt.Errorf("its %s header gives a size of %d×%d pixels: the file is damaged", name, cfg.Width, cfg.Height)
	case int64(cfg.Width)*int64(cfg.Height) > MaxImagePixels:
		return gocv.Mat{}, fmt.Errorf("it is %d×%d pixels, more than the %d megapixels dicecam reads: scale it down, to 1920×1080 for example",
			cfg.Width, cfg.Height, MaxImagePixels/1_000_000)
	}
	if err := complete(format, data); err != nil {
		return gocv.Mat{}, fmt.Errorf("%w: %v; save or copy it again", ErrImageTruncated, err)
	}
	m := gocv.NewMat()
	if err := cvdecode.Decode(data, gocv.IMReadColor, &m); err != nil {
		m.Close()
		return gocv.Mat{}, fmt.Errorf("OpenCV could not decode this %s: %w", name, err)
	}
	if m.Empty() {
		m.Close()
		return gocv.Mat{}, fmt.Errorf("OpenCV could not decode this %d×%d %s: the file is damaged; save it again as JPEG or PNG",
			cfg.Width, cfg.Height, name)
	}
	return m, nil
}

// complete says how an image file of the format ends early, when it does.
// Only JPEG and PNG are checked: the formats cameras and photo tools write.
func complete(format string, data []byte) error {
	switch format {
	case "jpeg":
		if !jpegComplete(data) {
			return errors.New("the JPEG ends before its end-of-image marker")
		}
	case "png":
		if !pngComplete(data) {
			return errors.New("the PNG ends before its IEND chunk")
		}
	}
	return nil
}

// jpegComplete walks a JPEG's segments from its start to the end-of-image
// marker, skipping each scan's coded data, where a 0xFF byte is always
// followed by 0x00 or a restart marker. A thumbnail's own end marker, inside
// an APP1 segment, is skipped with its segment.
func jpegComplete(b []byte) bool {
	i := 2 // after the start-of-image marker DecodeConfig saw
	for i+1 < len(b) {
		if b[i] != 0xFF {
			return false
		}
		marker := b[i+1]
		switch {
		case marker == 0xFF: // fill byte before a marker
			i++
			continue
		case marker == 0xD9:
			return true
		case marker == 0x01 || marker >= 0xD0 && marker <= 0xD7: // no length
			i += 2
			continue
		}
		if i+3 >= len(b) {
			return false
		}
		i += 2 + int(binary.BigEndian.Uint16(b[i+2:]))
		if marker != 0xDA {
			continue
		}
		for i+1 < len(b) && (b[i] != 0xFF || b[i+1] == 0 || b[i+1] >= 0xD0 && b[i+1] <= 0xD7) {
			i++
		}
	}
	return false
}

// pngComplete walks a PNG's chunks to its IEND chunk.
func pngComplete(b []byte) bool {
	const signature = 8
	for i := signature; i+8 <= len(b); {
		n := int64(binary.BigEndian.Uint32(b[i:]))
		if string(b[i+4:i+8]) == "IEND" {
			return true
		}
		next := int64(i) + 12 + n // length, type, data, CRC
		if next > int64(len(b)) {
			return false
		}
		i = int(next)
	}
	return false
}
