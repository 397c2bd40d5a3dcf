package vision

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/internal/testimages"
)

// smallImage encodes a 24×16 picture with a gradient, so a codec has
// something to compress.
func smallImage(t testing.TB, encode func(*bytes.Buffer, image.Image) error) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 24, 16))
	for y := range 16 {
		for x := range 24 {
			img.Set(x, y, color.RGBA{uint8(10 * x), uint8(15 * y), 128, 255})
		}
	}
	var b bytes.Buffer
	require.NoError(t, encode(&b, img))
	return b.Bytes()
}

func pngOf(t testing.TB) []byte {
	return smallImage(t, func(b *bytes.Buffer, m image.Image) error { return png.Encode(b, m) })
}

func jpegOf(t testing.TB) []byte {
	return smallImage(t, func(b *bytes.Buffer, m image.Image) error { return jpeg.Encode(b, m, nil) })
}

func TestDecodeImageReadsTheFormatsItNames(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"a PNG", pngOf(t)},
		{"a JPEG", jpegOf(t)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			matcheck.Check(t)
			m, err := DecodeImage(tc.data)
			require.NoError(t, err)
			defer m.Close()
			assert.Equal(t, []int{16, 24, 3}, []int{m.Rows(), m.Cols(), m.Channels()}, "rows, columns and BGR channels")
		})
	}
}

// fixturePhoto is a committed 640×480 JPEG photo of dice.
func fixturePhoto(t testing.TB) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "fixtures", "colours", "images", "colours-0.jpg"))
	require.NoError(t, err)
	return data
}

func TestDecodeImageRefusesWhatItCannotReadSafely(t *testing.T) {
	whole := fixturePhoto(t)
	for _, tc := range []struct {
		name string
		data []byte
		says string
	}{
		{"a PNG header claiming 100000×100000 pixels", testimages.PNGHeaderBomb(100000, 100000), "100000×100000 pixels, more than the 50 megapixels"},
		{"a PNG of 20000×20000 pixels", testimages.PNGHeaderBomb(20000, 20000), "scale it down"},
		{"a JPEG header claiming 65535×65535 pixels", testimages.JPEGHeaderBomb(65535, 65535), "more than the 50 megapixels"},
		{"a JPEG cut short", whole[:len(whole)*2/3], "truncated: the JPEG ends before its end-of-image marker"},
		{"a PNG cut short", pngOf(t)[:60], "truncated: the PNG ends before its IEND chunk"},
		{"a PNG whose header is cut", pngOf(t)[:20], "PNG header cannot be read"},
		{"a GIF, which OpenCV does not decode", smallImage(t, func(b *bytes.Buffer, m image.Image) error { return gif.Encode(b, m, nil) }), "not a JPEG, PNG, BMP, TIFF or WebP image"},
		{"text", []byte("no picture here"), "convert it to JPEG or PNG"},
		{"no bytes", nil, "empty"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			matcheck.Check(t)
			start := time.Now()
			m, err := DecodeImage(tc.data)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.says)
			assert.True(t, m.Ptr() == nil, "no Mat is left to close")
			assert.Less(t, time.Since(start), time.Second, "refused before any decoding")
		})
	}
}

func TestATruncatedImageSaysSo(t *testing.T) {
	whole := fixturePhoto(t)
	for _, cut := range []int{2, 100, len(whole) / 2} {
		_, err := DecodeImage(whole[:len(whole)-cut])
		assert.ErrorIs(t, err, ErrImageTruncated, "%d bytes cut off the end", cut)
	}
}

func TestJPEGCompletenessLooksPastAThumbnailsEndMarker(t *testing.T) {
	whole := jpegOf(t)
	thumb := jpegOf(t)
	// An APP1 segment holding a whole JPEG, end marker and all, as EXIF
	// thumbnails are carried.
	app1 := append([]byte{0xFF, 0xE1, byte((len(thumb) + 2) >> 8), byte(len(thumb) + 2)}, thumb...)
	withThumb := append(append(append([]byte{}, whole[:2]...), app1...), whole[2:]...)
	assert.True(t, jpegComplete(withThumb))
	assert.False(t, jpegComplete(withThumb[:len(withThumb)-40]), "the thumbnail's end marker does not end the picture")
}

func TestReadImageNamesTheFileAndWhatIsWrong(t *testing.T) {
	dir := t.TempDir()
	bomb := filepath.Join(dir, "bomb.png")
	require.NoError(t, os.WriteFile(bomb, testimages.PNGHeaderBomb(100000, 100000), 0o644))
	_, err := ReadImage(bomb)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bomb.png")
	assert.Contains(t, err.Error(), "megapixels")

	_, err = ReadImage(filepath.Join(dir, "gone.jpg"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "gone.jpg: no such file")
}

func TestAFolderDeletedWhileReplayedSaysSo(t *testing.T) {
	matcheck.Check(t)
	dir := t.TempDir()
	// More frames than the feed reads ahead of the first one taken.
	writeImages(t, dir, []string{"01.png", "02.png", "03.png", "04.png", "05.png", "06.png"}, []int{10, 20, 30, 40, 50, 60})
	src, err := Open(context.Background(), dir, SourceOptions{})
	require.NoError(t, err)
	defer src.Close()
	fr, err := src.Next(context.Background())
	require.NoError(t, err)
	fr.Close()
	require.NoError(t, os.RemoveAll(dir))
	_, _, err = drainSource(t, src)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "moved or emptied while it was replayed")
	assert.NotContains(t, err.Error(), "decode")
}

// FuzzDecodeImage feeds any bytes to the one decode path every image from
// outside takes: it never aborts the process, and what it returns is a
// picture no larger than MaxImagePixels or an error and no Mat.
func FuzzDecodeImage(f *testing.F) {
	f.Add(testimages.PNGHeaderBomb(100000, 100000))
	f.Add(testimages.PNGHeaderBomb(20000, 20000))
	f.Add(testimages.JPEGHeaderBomb(65535, 65535))
	f.Add(pngOf(f))
	f.Add(jpegOf(f))
	whole := jpegOf(f)
	f.Add(whole[:len(whole)-4])
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := DecodeImage(data)
		if err != nil {
			if m.Ptr() != nil {
				t.Fatalf("an error (%v) left a Mat behind", err)
			}
			return
		}
		defer m.Close()
		if m.Empty() || m.Rows()*m.Cols() > MaxImagePixels || m.Channels() != 3 {
			t.Fatalf("decoded a %d×%d Mat of %d channels", m.Cols(), m.Rows(), m.Channels())
		}
	})
}

func TestAProgressiveJPEGWithRestartMarkersIsWholeUntilCut(t *testing.T) {
	matcheck.Check(t)
	m, err := DecodeImage(fixturePhoto(t))
	require.NoError(t, err)
	defer m.Close()
	// Many scans, with tables between them, and restart markers inside each.
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, m, []int{gocv.IMWriteJpegProgressive, 1, gocv.IMWriteJpegRstInterval, 4})
	require.NoError(t, err)
	defer buf.Close()
	data := append([]byte(nil), buf.GetBytes()...)
	again, err := DecodeImage(data)
	require.NoError(t, err)
	again.Close()
	_, err = DecodeImage(data[:len(data)-300])
	assert.ErrorIs(t, err, ErrImageTruncated)
}
