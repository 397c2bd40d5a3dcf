package vision

import (
	"context"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/model"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"
)

// zeroHead is a head of dim features that adds nothing.
func zeroHead(dim int) *Head {
	h := &Head{Model: modelSum(model.ONNX()), Mean: make([]float64, dim), Scale: make([]float64, dim), Bias: make([]float64, model.Classes)}
	for j := range h.Scale {
		h.Scale[j] = 1
	}
	for range model.Classes {
		h.Weights = append(h.Weights, make([]float64, dim))
	}
	return h
}

func TestHeadValidateSaysWhatDoesNotFit(t *testing.T) {
	tests := []struct {
		name   string
		break_ func(h *Head)
		want   string
	}{
		{"as fitted", func(h *Head) {}, ""},
		{"no features", func(h *Head) { h.Mean, h.Scale = nil, nil }, "no features"},
		{"a scale short", func(h *Head) { h.Scale = h.Scale[1:] }, "feature scales"},
		{"a class short", func(h *Head) { h.Weights = h.Weights[1:] }, "weight rows"},
		{"a row short", func(h *Head) { h.Weights[3] = h.Weights[3][1:] }, "weight row 3"},
		{"a zero scale", func(h *Head) { h.Scale[5] = 0 }, "not positive"},
		{"a scale not a number", func(h *Head) { h.Scale[5] = math.NaN() }, "not positive"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := zeroHead(8)
			tt.break_(h)
			p := DefaultProfile()
			p.Head = h
			err := p.Validate()
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
			assert.Contains(t, err.Error(), "calibrate again", "the error says what to do")
		})
	}
}

func TestAHeadIsUsedOnlyWithTheModelItWasFittedOn(t *testing.T) {
	other := zeroHead(96)
	other.Model++
	tests := []struct {
		name  string
		faces rules.Faces
		head  *Head
		m     Models
		want  bool
	}{
		{"no head", rules.PipFaces, nil, Models{}, false},
		{"the built-in model's", rules.PipFaces, zeroHead(96), Models{}, true},
		{"another model's", rules.PipFaces, other, Models{}, false},
		{"the built-in model's, reading with another", rules.PipFaces, zeroHead(96), Models{Faces: model.PokerONNX()}, false},
		{"the pip model's, for poker faces", rules.PokerFaces, zeroHead(96), Models{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := DefaultProfile()
			p.Faces, p.Head = tt.faces, tt.head
			assert.Equal(t, tt.want, p.HeadFits(tt.m))
			r, err := NewReaderWith(p, tt.m)
			require.NoError(t, err, "a head that does not fit is no reason not to read")
			defer r.Close()
			assert.Equal(t, tt.want, r.model.head != nil, "the reader adds the head where it fits")
		})
	}
}

// headCrops cuts a crop at each labelled die of the crowd fixture, and
// returns them with their values; the caller closes them.
func headCrops(t *testing.T) (photos []Photo, crops []gocv.Mat, values []int) {
	t.Helper()
	photos = headPhotos(t)
	for _, ph := range photos {
		frame, err := ReadImage(ph.Path)
		require.NoError(t, err)
		for _, l := range ph.Dice {
			s := math.Max(l.Box[2]-l.Box[0], l.Box[3]-l.Box[1])
			crops = append(crops, model.CropAt(frame, (l.Box[0]+l.Box[2])/2, (l.Box[1]+l.Box[3])/2, s))
			values = append(values, l.Value)
		}
		frame.Close()
	}
	return photos, crops, values
}

func TestAZeroHeadReadsAsTheModelDoes(t *testing.T) {
	matcheck.Check(t)
	_, crops, _ := headCrops(t)
	defer closeAll(crops)
	c, err := loadClassifier(nil)
	require.NoError(t, err)
	defer c.Close()
	require.NotEmpty(t, c.features, "the built-in model has pooled features")
	want, _, err := c.run(crops)
	require.NoError(t, err)
	c.head = zeroHead(96)
	got, alone, err := c.run(crops)
	require.NoError(t, err)
	for i := range want {
		for k := range want[i] {
			assert.InDelta(t, want[i][k], got[i][k], 1e-5, "crop %d class %d", i, k)
			assert.InDelta(t, want[i][k], alone[i][k], 1e-5, "crop %d class %d, read alone", i, k)
		}
	}
}

// meanLogRight is the mean log-probability c gives the labelled value.
func meanLogRight(t *testing.T, c *classifier, crops []gocv.Mat, values []int) float64 {
	t.Helper()
	probs, _, err := c.run(crops)
	require.NoError(t, err)
	sum := 0.0
	for i, p := range probs {
		sum += math.Log(p[values[i]])
	}
	return sum / float64(len(probs))
}

func TestFitHeadReadsTheSetsDiceMoreSurelyTheSameEachTime(t *testing.T) {
	matcheck.Check(t)
	photos, crops, values := headCrops(t)
	defer closeAll(crops)
	h, err := FitHead(context.Background(), photos, DefaultProfile(), Models{})
	require.NoError(t, err)
	again, err := FitHead(context.Background(), photos, DefaultProfile(), Models{})
	require.NoError(t, err)
	assert.Equal(t, h, again, "the fit is seeded")
	p := DefaultProfile()
	p.Head = h
	require.NoError(t, p.Validate())
	assert.True(t, p.HeadFits(Models{}))

	c, err := loadClassifier(nil)
	require.NoError(t, err)
	defer c.Close()
	without := meanLogRight(t, c, crops, values)
	c.head = h
	with := meanLogRight(t, c, crops, values)
	t.Logf("mean log-probability of the labelled face: %.4f without the head, %.4f with it", without, with)
	assert.Greater(t, with, without)

	path := filepath.Join(t.TempDir(), "profile.json")
	require.NoError(t, p.Save(path))
	loaded, err := LoadProfile(path)
	require.NoError(t, err)
	assert.Equal(t, h, loaded.Head, "the profile file keeps the head")
}

func TestHeadCropsFitAPartOfTheSetAsThatPartAloneWould(t *testing.T) {
	matcheck.Check(t)
	photos, crops, _ := headCrops(t)
	closeAll(crops)
	require.GreaterOrEqual(t, len(photos), 3)
	all, err := CutHeadCrops(context.Background(), photos, DefaultProfile(), Models{})
	require.NoError(t, err)
	// Every other photo, and all but the first: a photo's crops must not
	// depend on the photos cut before it.
	for name, keep := range map[string]func(i int) bool{
		"every other":       func(i int) bool { return i%2 == 0 },
		"all but the first": func(i int) bool { return i > 0 },
	} {
		var part []Photo
		kept := map[string]bool{}
		for i, ph := range photos {
			if keep(i) {
				part, kept[ph.Path] = append(part, ph), true
			}
		}
		want, err := FitHead(context.Background(), part, DefaultProfile(), Models{})
		require.NoError(t, err, name)
		got, err := all.Fit(func(ph Photo) bool { return kept[ph.Path] })
		require.NoError(t, err, name)
		assert.Equal(t, want, got, name)
	}
	whole, err := all.Fit(nil)
	require.NoError(t, err)
	half, err := all.Fit(func(ph Photo) bool { return ph.Path != photos[0].Path })
	require.NoError(t, err)
	assert.NotEqual(t, whole, half, "a fit on fewer photos is another head")
}

func TestFitHeadWantsADozenDice(t *testing.T) {
	photos, err := LoadFolder(filepath.Join("..", "testdata", "fixtures", "large"))
	if err != nil {
		t.Skipf("testdata/fixtures is absent (%v): generate it with go run ./cmd/dicegen fixtures", err)
	}
	matcheck.Check(t)
	_, err = FitHead(context.Background(), photos, DefaultProfile(), Models{})
	require.Error(t, err, "four dice are too few to fit on")
	assert.Contains(t, err.Error(), "label more photos")
}

func TestAHeadOfAnotherShapeIsAnErrorThatSaysWhatToDo(t *testing.T) {
	matcheck.Check(t)
	frame := coloursFrame(t)
	p := DefaultProfile()
	p.Head = zeroHead(8) // the built-in model's checksum, but not its 96 features
	r, err := NewReaderWith(p, Models{})
	require.NoError(t, err)
	defer r.Close()
	_, err = r.Read(frame)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "calibrate again")
}

func TestAHeadSettlesWhatTheModelReadsButDoesNotOverruleIt(t *testing.T) {
	h := zeroHead(4)
	alone := [model.Classes]float64{0.02, 0.02, 0.02, 0.6, 0.3, 0.02, 0.02}
	surer := [model.Classes]float64{0.01, 0.01, 0.01, 0.95, 0.01, 0.005, 0.005}
	other := [model.Classes]float64{0.01, 0.01, 0.01, 0.01, 0.95, 0.005, 0.005}
	assert.Equal(t, surer, h.settle(alone, surer), "both read a 3: the head's reading")
	got := h.settle(alone, other)
	assert.Less(t, got[likeliest(got)], sureAlone, "the head reads a 4 where the model reads a 3: asked")
	assert.InDelta(t, 1, got[0]+got[1]+got[2]+got[3]+got[4]+got[5]+got[6], 1e-9)
}

func TestAFacesHeadReadsWhichFaceNeverWhetherADie(t *testing.T) {
	matcheck.Check(t)
	photos, crops, values := headCrops(t)
	defer closeAll(crops)
	all, err := CutHeadCrops(context.Background(), photos, DefaultProfile(), Models{})
	require.NoError(t, err)
	h, err := all.FitFaces(nil)
	require.NoError(t, err)
	assert.True(t, h.Faces)
	assert.Zero(t, h.Bias[model.NotADie], "the head learns nothing of what is no die")
	assert.Equal(t, make([]float64, len(h.Mean)), h.Weights[model.NotADie])
	full, err := all.Fit(nil)
	require.NoError(t, err)
	assert.False(t, full.Faces)
	assert.NotEqual(t, full.Weights[model.NotADie], h.Weights[model.NotADie], "a full head learns what is no die")

	c, err := loadClassifier(nil)
	require.NoError(t, err)
	defer c.Close()
	without := meanLogRight(t, c, crops, values)
	c.head = h
	probs, alone, err := c.run(crops)
	require.NoError(t, err)
	for i := range probs {
		assert.InDelta(t, alone[i][model.NotADie], probs[i][model.NotADie], 1e-12, "crop %d", i)
	}
	with := meanLogRight(t, c, crops, values)
	t.Logf("mean log-probability of the labelled face: %.4f without the head, %.4f with it", without, with)
	assert.Greater(t, with, without)
}

func TestAReaderWithAFacesHeadFindsTheDiceTheModelAloneFinds(t *testing.T) {
	matcheck.Check(t)
	photos := headPhotos(t)
	// A head that reads every die as a six may make the reader ask, and
	// never find a die more or less.
	plain, err := NewReader(nil)
	require.NoError(t, err)
	defer plain.Close()
	headed := sixesReader(t)
	defer headed.Close()
	sixes := 0
	for _, ph := range photos {
		frame, err := ReadImage(ph.Path)
		require.NoError(t, err)
		want, err := plain.Read(frame)
		require.NoError(t, err)
		got, err := headed.Read(frame)
		frame.Close()
		require.NoError(t, err)
		require.Len(t, got, len(want), ph.Path)
		for i, w := range want {
			g := got[i]
			assert.Equal(t, w.Box, g.Box, "%s die %d", ph.Path, i)
			if g.Value != w.Value {
				assert.Equal(t, 6, g.Value, "%s die %d", ph.Path, i)
				assert.True(t, w.Uncertain || g.Uncertain, "%s die %d: read surely as a %d, then as a six unasked", ph.Path, i, w.Value)
				sixes++
			}
		}
	}
	assert.Positive(t, sixes, "the head reads some die as a six")
}

// A reader with a faces head reads the frame twice, the second time from
// the first reading's search: it reads every die as two readings that each
// search the frame would. It fails if the search comes to depend on the
// model, whose head the first reading leaves out.
func TestAFacesHeadsSecondReadingStartsFromTheFirstsSearch(t *testing.T) {
	matcheck.Check(t)
	r := sixesReader(t)
	defer r.Close()
	for _, ph := range headPhotos(t) {
		frame, err := ReadImage(ph.Path)
		require.NoError(t, err)
		got, err := r.Read(frame)
		require.NoError(t, err)
		want := readTwiceSearchingTwice(t, r, frame)
		frame.Close()
		assert.Equal(t, want, got, ph.Path)
	}
}

// readTwiceSearchingTwice reads frame as r.Read does with a faces head,
// but searches it again for the second reading.
func readTwiceSearchingTwice(t *testing.T, r *Reader, frame gocv.Mat) []Die {
	t.Helper()
	require.Nil(t, r.searched, "a search is kept after Read")
	r.model.plain = true
	found := r.detect(frame)
	dice, err := r.readDetected(frame, slices.Clone(found))
	r.model.plain = false
	require.NoError(t, err)
	headed, err := r.readDetected(frame, found)
	require.NoError(t, err)
	return readAs(dice, headed)
}

// headPhotos is the crowd fixture's photos, which headCrops cuts.
func headPhotos(t *testing.T) []Photo {
	t.Helper()
	photos, err := LoadFolder(filepath.Join("..", "testdata", "fixtures", "crowd"))
	if err != nil {
		t.Skipf("testdata/fixtures is absent (%v): generate it with go run ./cmd/dicegen fixtures", err)
	}
	return photos
}

// sixesReader reads with a faces head that reads every die as a six.
func sixesReader(t *testing.T) *Reader {
	t.Helper()
	h := zeroHead(96)
	h.Faces, h.Bias[6] = true, 8
	p := DefaultProfile()
	p.Head = h
	r, err := NewReaderWith(p, Models{})
	require.NoError(t, err)
	return r
}
