package vision

import (
	"image"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
)

// boxed is a die of value v whose top face is the square from (x, y) of side s.
func boxed(v, x, y, s int) Die {
	return Die{Value: v, Center: image.Pt(x+s/2, y+s/2),
		Box: [4]image.Point{{x, y}, {x + s, y}, {x + s, y + s}, {x, y + s}}}
}

func TestAFolderWrittenAndAddedToReadsBackWithEveryDie(t *testing.T) {
	matcheck.Check(t)
	dir := filepath.Join(t.TempDir(), "rolls")
	frame := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(40, 90, 30, 0), 120, 160, gocv.MatTypeCV8UC3)
	defer frame.Close()

	w, err := CreateFolder(dir)
	require.NoError(t, err)
	require.NoError(t, w.Add("images/a.jpg", frame, []Die{boxed(5, 10, 12, 20), boxed(2, 60, 40, 22)}))
	require.NoError(t, w.Close())
	_, err = CreateFolder(dir)
	assert.ErrorContains(t, err, "already holds labelled photos", "a new folder never overwrites one")

	w, err = AppendFolder(dir)
	require.NoError(t, err)
	require.NoError(t, w.Add("images/b.jpg", frame, []Die{boxed(6, 30, 30, 24)}))
	assert.ErrorContains(t, w.Add("images/b.jpg", frame, nil), "never overwritten")
	assert.Equal(t, 1, w.Written())
	require.NoError(t, w.Close())

	photos, err := LoadFolder(dir)
	require.NoError(t, err)
	require.Len(t, photos, 2)
	assert.Equal(t, filepath.Join(dir, "images", "a.jpg"), photos[0].Path)
	assert.Equal(t, []Labelled{
		{Value: 5, Box: [4]float64{10, 12, 30, 32}, Boxed: true},
		{Value: 2, Box: [4]float64{60, 40, 82, 62}, Boxed: true},
	}, photos[0].Dice)
	assert.Equal(t, []Labelled{{Value: 6, Box: [4]float64{30, 30, 54, 54}, Boxed: true}}, photos[1].Dice)
	for _, p := range photos {
		img := gocv.IMRead(p.Path, gocv.IMReadColor)
		assert.Equal(t, image.Pt(160, 120), image.Pt(img.Cols(), img.Rows()), p.Path)
		img.Close()
	}
}

func TestAFolderWithBrokenLabelsIsNotAddedTo(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "images.csv"), []byte("image,n_dice,values\nimages/a.jpg,2,1 2\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "dice.csv"), []byte("image,value,xmin,ymin,xmax,ymax\nimages/a.jpg,1,0,0,9,9\n"), 0o644))
	_, err := AppendFolder(dir)
	require.ErrorContains(t, err, "images.csv says 2 dice, dice.csv has 1")
	assert.ErrorContains(t, err, "mend its labels")
	b, err := os.ReadFile(filepath.Join(dir, "dice.csv"))
	require.NoError(t, err)
	assert.Equal(t, "image,value,xmin,ymin,xmax,ymax\nimages/a.jpg,1,0,0,9,9\n", string(b), "the labels are left as they were")
}
