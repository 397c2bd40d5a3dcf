package calibrate

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPaletteKeepsColoursSeenOftenCommonestFirst(t *testing.T) {
	var pl palette
	white, red := vision.Lab{250, 128, 128}, vision.Lab{130, 200, 180}
	for _, c := range []vision.Lab{white, red, {248, 129, 127}, red, white, {40, 128, 128}} {
		pl.add(c)
	}
	got := pl.common()
	require.Len(t, got, 2, "near-whites merge, the lone black is dropped")
	assert.Greater(t, int(got[0][0]), 200, "white first: seen three times")
	assert.Greater(t, int(got[1][2]), int(got[1][0]), "then red, in BGR")
}

func TestCalibrationKeepsTheDefaultsUnlessAWayReadsClearlyBetterAndNoWorse(t *testing.T) {
	// 60 photos, 400 dice, as on calibration's sample.
	base := vision.Accuracy{Photos: 60, Labelled: 400, Matched: 396, False: 2, Right: 330, Wrong: 2, Asked: 64}
	better := base
	better.Right, better.Asked = 360, 34
	wrong := base
	wrong.Right, wrong.Wrong = 340, 6
	tests := []struct {
		name string
		in   []vision.Accuracy
		want int
	}{
		{"alike: the first", []vision.Accuracy{base, base, base}, 0},
		{"a few dice more right is chance: the first", []vision.Accuracy{base, func() vision.Accuracy { a := base; a.Right += 4; return a }()}, 0},
		{"three in a hundred more right is chance too", []vision.Accuracy{base, func() vision.Accuracy { a := base; a.Right += 12; return a }()}, 0},
		{"past that: the better", []vision.Accuracy{base, func() vision.Accuracy { a := base; a.Right += 14; return a }()}, 1},
		{"clearly more dice right: that one", []vision.Accuracy{base, better}, 1},
		{"more right but more silently wrong: not kept", []vision.Accuracy{base, func() vision.Accuracy { a := better; a.Wrong = 3; return a }()}, 0},
		{"fewer silently wrong but fewer right: not kept", []vision.Accuracy{wrong, base}, 0},
		{"more right but more false dice: not kept", []vision.Accuracy{base, func() vision.Accuracy { a := better; a.False = 3; return a }()}, 0},
		{"more right but fewer found: not kept", []vision.Accuracy{base, func() vision.Accuracy { a := better; a.Matched = 390; return a }()}, 0},
		{"of two clearly better, the best, if only by a die", []vision.Accuracy{base, better, func() vision.Accuracy { a := better; a.Right++; return a }()}, 2},
		{"of two clearly better and alike, the first", []vision.Accuracy{base, better, better}, 1},
		{"of two clearly better, the best past chance", []vision.Accuracy{base, better, func() vision.Accuracy { a := better; a.Right += 20; return a }()}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			usable := make([]bool, len(tt.in))
			for i := range usable {
				usable[i] = true
			}
			assert.Equal(t, tt.want, preferred(tt.in, usable))
		})
	}
	t.Run("a way that could not be fitted: not kept", func(t *testing.T) {
		assert.Equal(t, 0, preferred([]vision.Accuracy{base, better}, []bool{true, false}))
	})
}

func TestAHeadMayReadNoMoreThanADieMoreSilentlyWrongThanItsWayWithout(t *testing.T) {
	ways := waysFor(rules.PipFaces)
	headed := slices.IndexFunc(ways, func(w reading) bool { return w.head })
	require.Positive(t, headed)
	base := ways[headed].base
	tests := []struct {
		name          string
		without, with int // silently wrong
		want          bool
	}{
		{"as many", 3, 3, true},
		{"fewer", 3, 1, true},
		{"one more", 3, 4, true},
		{"two more", 3, 5, false},
		{"three where none", 0, 3, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			accuracies := make([]vision.Accuracy, len(ways))
			usable := make([]bool, len(ways))
			for i := range usable {
				usable[i] = true
			}
			accuracies[base].Wrong, accuracies[headed].Wrong = tt.without, tt.with
			headsNoWronger(ways, accuracies, usable)
			assert.Equal(t, tt.want, usable[headed], ways[headed].name)
			assert.True(t, usable[base], "a way without a head is not judged so")
		})
	}
}

func TestEveryWayOfReadingIsTriedWithTheSetsHeadToo(t *testing.T) {
	for _, faces := range []rules.Faces{rules.PipFaces, rules.PokerFaces} {
		t.Run(faces.String(), func(t *testing.T) {
			ways := waysFor(faces)
			assert.Equal(t, "built-in defaults", ways[0].name)
			plain, heads := 0, 0
			for _, w := range ways {
				if !w.head {
					plain++
					assert.Zero(t, heads, "%s: the ways with a head come last", w.name)
					continue
				}
				heads++
				base := ways[w.base]
				assert.False(t, base.head)
				assert.True(t, base.headed, base.name)
				assert.Equal(t, base.name+" with the set's head", w.name)
				assert.Equal(t, w.base == 0, w.faces, "%s: only the defaults' head reads faces alone", w.name)
			}
			assert.Equal(t, "built-in defaults with the set's head", ways[plain].name)
			assert.Equal(t, "classical search and detector with the set's head", ways[plain+1].name)
			if faces == rules.PokerFaces {
				assert.Equal(t, 2, plain, "the poker reader always runs the detector and the model")
				assert.Equal(t, 2, heads)
			} else {
				assert.Equal(t, len(readings), plain)
				assert.Equal(t, 3, heads)
			}
		})
	}
}

// readFolder reads every photo with a reader made from p and adds up how
// well it read them.
func readFolder(t *testing.T, p *vision.Profile, photos []vision.Photo) vision.Accuracy {
	t.Helper()
	r, err := vision.NewReader(p)
	require.NoError(t, err)
	defer r.Close()
	var total vision.Accuracy
	for _, ph := range photos {
		a, err := r.ReadPhoto(ph)
		require.NoError(t, err)
		total = total.Add(a)
	}
	return total
}

// loadFolds loads a labelled folder, or skips where it is absent, and
// splits it into the photos of fold K/N and the others.
func loadFolds(t *testing.T, dir, fold string) (others, held []vision.Photo) {
	t.Helper()
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("%s is absent: this check needs it", dir)
	}
	photos, err := vision.LoadFolder(dir)
	require.NoError(t, err)
	train, err := vision.ParseFold(fold, true)
	require.NoError(t, err)
	test, _ := vision.ParseFold(fold, false)
	return train.Filter(photos), test.Filter(photos)
}

// TestHeldOutPhotosReadAsMeasured reads fold 0 of each kind of real photo,
// which neither the model's nor the detector's training saw, once with a
// profile calibrated on folds 1-4 and once with the built-in defaults. The
// floors sit a little under what was measured (see the figures in the
// comments), never above.
func TestHeldOutPhotosReadAsMeasured(t *testing.T) {
	if testing.Short() {
		t.Skip("reads hundreds of photos")
	}
	alongside(t)
	cases := []struct {
		kind                       string
		calibrated                 bool
		recall, accuracy, exact    float64 // at least
		silentlyWrong, falsePhotos float64 // at most
	}{
		// measured: recall 1.000, accuracy 1.000, exact 0.983, wrong 0.000, false 0.017
		{"webcam-desk", true, 0.97, 0.99, 0.93, 0.01, 0.04},
		// measured: recall 0.996, accuracy 0.990, exact 0.806, wrong 0.009, false 0.000
		// (calibrated on folds 1-4, tray and desk read as with the defaults)
		{"tray-topdown", true, 0.97, 0.98, 0.65, 0.015, 0.10},
		// measured: recall 1.000, accuracy 1.000, exact 0.983, wrong 0.000, false 0.017
		{"webcam-desk", false, 0.97, 0.99, 0.93, 0.01, 0.04},
		// measured: recall 0.996, accuracy 0.990, exact 0.806, wrong 0.009, false 0.000
		{"tray-topdown", false, 0.97, 0.98, 0.65, 0.015, 0.10},
		// The two sets the face model learnt last. measured: recall 0.960,
		// accuracy 1.000, exact 0.960, wrong 0.000, false 0.000
		{"casino-crops", false, 0.94, 0.98, 0.90, 0.02, 0.04},
		// measured: recall 0.986, accuracy 0.918, exact 0.589, wrong 0.055,
		// false 0.384: one die seen from low down, often by its side face
		{"whitebox-singles", false, 0.95, 0.90, 0.55, 0.07, 0.45},
	}
	for _, c := range cases {
		name := c.kind + "/without a profile"
		if c.calibrated {
			name = c.kind + "/calibrated"
		}
		t.Run(name, func(t *testing.T) {
			train, test := loadFolds(t, filepath.Join("..", "..", "shared", "datasets", c.kind), "0/5")
			train, test = forLeaks(train), forLeaks(test)
			matcheck.Check(t)
			var p *vision.Profile // nil: the built-in defaults
			if c.calibrated {
				var err error
				p, err = FromPhotos(context.Background(), train, Options{Faces: rules.PipFaces})
				require.NoError(t, err)
			}
			got := readFolder(t, p, test)
			t.Logf("%d photos: recall %.3f, accuracy %.3f, exact %.3f, silently wrong %.3f, asked %.3f, false per photo %.3f",
				got.Photos, got.Recall(), got.ValueAccuracy(), got.ConfirmedShare(), got.SilentlyWrong(), got.AskedShare(), got.FalsePerPhoto())
			if matcheck.Counting {
				return // the floors hold for the whole folds, read without the tag
			}
			assert.GreaterOrEqual(t, got.Recall(), c.recall, "recall")
			assert.GreaterOrEqual(t, got.ValueAccuracy(), c.accuracy, "value accuracy")
			assert.GreaterOrEqual(t, got.ConfirmedShare(), c.exact, "photos right after confirming")
			assert.LessOrEqual(t, got.SilentlyWrong(), c.silentlyWrong, "silently wrong")
			assert.LessOrEqual(t, got.FalsePerPhoto(), c.falsePhotos, "false dice per photo")
		})
	}
}

// alongside runs a dataset test in parallel with the other, each reading
// hundreds of photos on a core of its own, except where the build counts
// Mats: the count is the process's, so a test's check would see the other's.
func alongside(t *testing.T) {
	if !matcheck.Counting {
		t.Parallel()
	}
}

// forLeaks is photos, or where the build counts Mats every leakEvery-th of
// them: that pass proves a calibration and its reads leave no Mat open,
// which a few dozen photos show as well as hundreds, while the pass without
// the tag holds the whole folders to the floors.
func forLeaks(photos []vision.Photo) []vision.Photo {
	if !matcheck.Counting {
		return photos
	}
	var some []vision.Photo
	for i := 0; i < len(photos); i += leakEvery {
		some = append(some, photos[i])
	}
	return some
}

const leakEvery = 4

func TestPokerDiceReadByCalibratedTemplates(t *testing.T) {
	train, test := loadFolds(t, filepath.Join("..", "testdata", "fixtures", "poker"), "0/3")
	matcheck.Check(t)
	require.NotEmpty(t, test)
	p, err := FromPhotos(context.Background(), train, Options{Faces: rules.PokerFaces})
	require.NoError(t, err)
	assert.NotEmpty(t, p.Templates)
	got := readFolder(t, p, test)
	// measured on the held-out photo: 5 of 5 found, 4 read right, 1 asked.
	t.Logf("recall %.3f, right %d, asked %d, wrong %d", got.Recall(), got.Right, got.Asked, got.Wrong)
	assert.Zero(t, got.Wrong, "poker dice read wrongly with confidence")
	assert.GreaterOrEqual(t, got.Recall(), 0.8)
	assert.GreaterOrEqual(t, got.Right, 2)
}

func TestCalibrationSaysHowEachWayReadItsPhotos(t *testing.T) {
	train, _ := loadFolds(t, filepath.Join("..", "testdata", "fixtures", "rotations"), "0/3")
	matcheck.Check(t)
	require.NotEmpty(t, train)
	var heard []Comparison
	p, err := FromPhotos(context.Background(), train, Options{Faces: rules.PipFaces, Compared: func(c Comparison) { heard = append(heard, c) }})
	require.NoError(t, err)
	require.Len(t, heard, 1, "one comparison a calibration")
	c := heard[0]
	ways := waysFor(rules.PipFaces)
	require.Len(t, c.Ways, len(ways))
	require.Len(t, c.Read, len(ways))
	assert.Equal(t, "built-in defaults", c.Ways[0], "the defaults come first")
	dice := 0
	for _, ph := range train {
		dice += len(ph.Dice)
	}
	for i, a := range c.Read {
		if ways[i].head && a.Photos == 0 {
			// Half of so small a folder is too few dice to fit a head on.
			assert.NotEqual(t, i, c.Kept, "a way that could not be fitted is not kept")
			continue
		}
		assert.Equal(t, len(train), a.Photos, "%s reads every photo of so small a folder", c.Ways[i])
		assert.Equal(t, dice, a.Labelled, c.Ways[i])
	}
	assert.NotEmpty(t, c.Measured.Bodies, "the white bodies are measured")
	assert.Equal(t, c.Kept == 0, c.Defaults)
	if c.Defaults {
		assert.Equal(t, vision.DefaultProfile(), p)
	} else {
		assert.Equal(t, c.Measured.Bodies, p.Bodies, "the profile keeps what was measured")
	}
}

// TestAProfileFromHalfAFolderReadsTheOtherHalfNoWorse calibrates on one half
// of a labelled folder and reads the other half with that profile and with
// none: the profile must read at least as many dice right the first time
// and as many photos clean, with no more silently wrong and no more false.
// On whitebox-singles a fitted profile reads more dice right but finds
// fewer, which a profile kept on the right count alone would fail.
func TestAProfileFromHalfAFolderReadsTheOtherHalfNoWorse(t *testing.T) {
	if testing.Short() {
		t.Skip("reads hundreds of photos")
	}
	alongside(t)
	for _, kind := range []string{"whitebox-singles", "casino-crops"} {
		t.Run(kind, func(t *testing.T) {
			half, other := loadFolds(t, filepath.Join("..", "..", "shared", "datasets", kind), "1/2")
			half, other = forLeaks(half), forLeaks(other)
			matcheck.Check(t)
			p, err := FromPhotos(context.Background(), half, Options{Faces: rules.PipFaces})
			require.NoError(t, err)
			with, without := readFolder(t, p, other), readFolder(t, nil, other)
			t.Logf("%d photos: first time %d against %d, clean %d against %d, wrong %d against %d, false %d against %d",
				with.Photos, with.Right, without.Right, with.Clean, without.Clean, with.Wrong, without.Wrong, with.False, without.False)
			if matcheck.Counting {
				return // the rule holds for the whole halves, read without the tag
			}
			assert.GreaterOrEqual(t, with.Right, without.Right, "dice read right the first time")
			assert.GreaterOrEqual(t, with.Clean, without.Clean, "clean photos")
			assert.LessOrEqual(t, with.Wrong, without.Wrong, "dice silently wrong")
			assert.LessOrEqual(t, with.False, without.False, "false dice")
		})
	}
}

// TestCalibrationReadsEachHalfWithAProfileMeasuredOnTheOther checks that
// the ways of reading are compared as they will read a table's next photos:
// each half of the photos with the profile measured on the other half, not
// with one measured on the very dice it reads.
func TestCalibrationReadsEachHalfWithAProfileMeasuredOnTheOther(t *testing.T) {
	// Its three photos fall in both halves.
	train, err := vision.LoadFolder(filepath.Join("..", "testdata", "fixtures", "six-dice"))
	require.NoError(t, err)
	matcheck.Check(t)
	ctx := context.Background()
	opts := Options{Faces: rules.PipFaces}
	var heard Comparison
	opts.Compared = func(c Comparison) { heard = c }
	_, err = FromPhotos(ctx, train, opts)
	require.NoError(t, err)
	ways := waysFor(rules.PipFaces)
	k := slices.IndexFunc(ways, func(w reading) bool { return w.name == "classical search" })
	require.GreaterOrEqual(t, k, 0)
	var want, inSample vision.Accuracy
	all, err := measure(ctx, train, opts)
	require.NoError(t, err)
	for half := range 2 {
		other := slices.DeleteFunc(slices.Clone(train), func(ph vision.Photo) bool { return photoHalf(ph) == half })
		require.NotEmpty(t, other, "both halves hold photos")
		apart, err := measure(ctx, other, opts)
		require.NoError(t, err)
		a, err := readHalf(ctx, ways[k].profile(apart), half, train, opts.Models)
		require.NoError(t, err)
		want = want.Add(a)
		a, err = readHalf(ctx, ways[k].profile(all), half, train, opts.Models)
		require.NoError(t, err)
		inSample = inSample.Add(a)
	}
	assert.Equal(t, want, heard.Read[k], "each half read with the profile measured on the other")
	assert.Equal(t, len(train), want.Photos, "every photo read once")
	// Measured apart it found 12 of the 18 dice, measured on them 13: a
	// test the sample's reading can fail.
	assert.NotEqual(t, inSample, want, "on these photos a profile measured on them reads them otherwise")
}

// TestCalibratingFromOnePhotoMeasuresOnIt checks that a calibration from too
// few photos to measure on half of them still makes a profile.
func TestCalibratingFromOnePhotoMeasuresOnIt(t *testing.T) {
	train, _ := loadFolds(t, filepath.Join("..", "testdata", "fixtures", "rotations"), "0/3")
	matcheck.Check(t)
	require.NotEmpty(t, train)
	p, err := FromPhotos(context.Background(), train[:1], Options{Faces: rules.PipFaces})
	require.NoError(t, err)
	assert.NoError(t, p.Validate())
}
