package cvdecode

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/testimages"
)

func TestAnExceptionInOpenCVBecomesAnError(t *testing.T) {
	m := gocv.NewMat()
	defer m.Close()
	// OpenCV asserts on a size over its own limit, and the assertion throws.
	err := Decode(testimages.PNGHeaderBomb(100000, 100000), gocv.IMReadColor, &m)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "OpenCV")
	assert.True(t, m.Empty())
}

func TestAnImageDecodesIntoTheGivenMat(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "fixtures", "colours", "images", "colours-0.jpg"))
	require.NoError(t, err)
	m := gocv.NewMat()
	defer m.Close()
	require.NoError(t, Decode(data, gocv.IMReadColor, &m))
	assert.Equal(t, []int{480, 640}, []int{m.Rows(), m.Cols()})
	assert.Equal(t, 3, m.Channels())
}

func TestBytesOpenCVDoesNotKnowLeaveTheMatEmpty(t *testing.T) {
	m := gocv.NewMat()
	defer m.Close()
	require.NoError(t, Decode([]byte("not an image at all"), gocv.IMReadColor, &m))
	assert.True(t, m.Empty())
	assert.Error(t, Decode(nil, gocv.IMReadColor, &m), "no bytes")
}
