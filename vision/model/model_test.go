package model

import (
	"encoding/json"
	"image"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/dicecam/dicecam/internal/cvthreads"
	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

// golden is a crop written by tools/train/train.py with the logits PyTorch
// gave it, so OpenCV's reading of the exported file can be checked.
type golden struct {
	File   string    `json:"file"`
	Label  int       `json:"label"`
	Logits []float32 `json:"logits"`
}

func TestMain(m *testing.M) { matcheck.Main(m) }

func loadNet(t *testing.T) gocv.Net { return loadNetFrom(t, ONNX()) }

func loadNetFrom(t *testing.T, onnx []byte) gocv.Net {
	t.Helper()
	net, err := gocv.ReadNetFromONNXBytes(onnx)
	require.NoError(t, err, "the embedded model must load in OpenCV's dnn")
	require.False(t, net.Empty())
	return net
}

// logits runs crops (BGR 48x48 Mats) through the net as one batch, as the
// contract says: float32 scaled to [0,1], NCHW, no mean, no channel swap.
func logits(t *testing.T, net *gocv.Net, crops []gocv.Mat) [][]float32 {
	t.Helper()
	blob := gocv.NewMat()
	defer blob.Close()
	gocv.BlobFromImages(crops, &blob, 1/255.0, image.Pt(Crop, Crop), gocv.NewScalar(0, 0, 0, 0), false, false, gocv.MatTypeCV32F)
	net.SetInput(blob, "")
	out := net.Forward("")
	defer out.Close()
	require.Equal(t, []int{len(crops), Classes}, out.Size(), "logits shape")
	rows := make([][]float32, len(crops))
	for i := range rows {
		rows[i] = make([]float32, Classes)
		for c := range rows[i] {
			rows[i][c] = out.GetFloatAt(i, c)
		}
	}
	return rows
}

func readGolden(t *testing.T) []golden { return readGoldenIn(t, "testdata") }

func readGoldenIn(t *testing.T, dir string) []golden {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "golden.json"))
	require.NoError(t, err, "run tools/train/train.py to write testdata/golden.json")
	var cases []golden
	require.NoError(t, json.Unmarshal(data, &cases))
	require.Len(t, cases, Classes, "one golden crop per class")
	return cases
}

func TestOpenCVReadsGoldenCropsAsPyTorchDid(t *testing.T) {
	for _, m := range []struct {
		name string
		onnx []byte
		dir  string
	}{{"dice", ONNX(), "testdata"}, {"poker", PokerONNX(), filepath.Join("testdata", "poker")}} {
		t.Run(m.name, func(t *testing.T) { checkGolden(t, m.onnx, m.dir) })
	}
}

func checkGolden(t *testing.T, onnx []byte, dir string) {
	matcheck.Check(t)
	net := loadNetFrom(t, onnx)
	defer net.Close()
	cases := readGoldenIn(t, dir)
	crops := make([]gocv.Mat, len(cases))
	for i, c := range cases {
		crops[i] = gocv.IMRead(filepath.Join(dir, c.File), gocv.IMReadColor)
		defer crops[i].Close()
		require.False(t, crops[i].Empty(), "read %s", c.File)
	}
	one := make([][]float32, len(cases))
	for i := range crops {
		one[i] = logits(t, &net, crops[i:i+1])[0]
	}
	batch := logits(t, &net, crops)
	for i, c := range cases {
		t.Run(c.File, func(t *testing.T) {
			assert.InDeltaSlice(t, c.Logits, one[i], 1e-3, "alone")
			assert.InDeltaSlice(t, c.Logits, batch[i], 1e-3, "in a batch of %d", len(cases))
		})
	}
}

func TestModelsStaySmall(t *testing.T) {
	assert.Less(t, len(ONNX()), 1<<20, "the dice model should stay under 1 MB")
	assert.Less(t, len(PokerONNX()), 1<<20, "the poker model should stay under 1 MB")
}

// softmax turns logits into the class and its probability.
func softmax(z []float32) (class int, p float64) {
	for i := range z {
		if z[i] > z[class] {
			class = i
		}
	}
	sum := 0.0
	for _, v := range z {
		sum += math.Exp(float64(v - z[class]))
	}
	return class, 1 / sum
}

// BenchmarkFiveDice is the model's share of reading a frame with five dice:
// one forward pass over a batch of five crops, on one OpenCV thread.
func BenchmarkFiveDice(b *testing.B) {
	defer cvthreads.Set(cvthreads.Set(1))
	net, err := gocv.ReadNetFromONNXBytes(ONNX())
	require.NoError(b, err)
	defer net.Close()
	crop := gocv.IMRead(filepath.Join("testdata", "class5.png"), gocv.IMReadColor)
	defer crop.Close()
	require.False(b, crop.Empty())
	crops := []gocv.Mat{crop, crop, crop, crop, crop}
	blob := gocv.NewMat()
	defer blob.Close()
	b.ResetTimer()
	for range b.N {
		gocv.BlobFromImages(crops, &blob, 1/255.0, image.Pt(Crop, Crop), gocv.NewScalar(0, 0, 0, 0), false, false, gocv.MatTypeCV32F)
		net.SetInput(blob, "")
		out := net.Forward("")
		out.Close()
	}
}
