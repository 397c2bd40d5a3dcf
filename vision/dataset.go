package vision

import (
	"encoding/csv"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Photo is one labelled photo of a folder in the datasets format: images.csv
// (image,n_dice,values) and dice.csv (image,value,xmin,ymin,xmax,ymax).
type Photo struct {
	Path string // as found: the folder joined with the CSV's relative path
	Dice []Labelled
}

// LoadFolder reads the labels of a folder in the datasets format.
func LoadFolder(dir string) ([]Photo, error) {
	rows, err := readCSV(filepath.Join(dir, "images.csv"), "image", "n_dice", "values")
	if err != nil {
		return nil, err
	}
	photos := make([]Photo, 0, len(rows))
	index := map[string]int{}
	counts := map[string]int{}
	for _, r := range rows {
		n, err := strconv.Atoi(r[1])
		if err != nil {
			return nil, fmt.Errorf("%s: n_dice %q of %s is not a number", filepath.Join(dir, "images.csv"), r[1], r[0])
		}
		index[r[0]] = len(photos)
		counts[r[0]] = n
		photos = append(photos, Photo{Path: filepath.Join(dir, r[0])})
	}
	dice, err := readCSV(filepath.Join(dir, "dice.csv"), "image", "value", "xmin", "ymin", "xmax", "ymax")
	if err != nil {
		return nil, err
	}
	for _, r := range dice {
		i, ok := index[r[0]]
		if !ok {
			return nil, fmt.Errorf("%s: die of %s, which images.csv does not list", filepath.Join(dir, "dice.csv"), r[0])
		}
		var d Labelled
		var bad error
		d.Value, bad = strconv.Atoi(r[1])
		// A folder of values only leaves all four box columns empty.
		d.Boxed = strings.Join(r[2:6], "") != ""
		for k := range 4 {
			if !d.Boxed {
				break
			}
			var err error
			d.Box[k], err = strconv.ParseFloat(r[2+k], 64)
			bad = errors.Join(bad, err)
		}
		if bad != nil || d.Value < 1 || d.Value > 6 {
			return nil, fmt.Errorf("%s: bad row for %s: %s", filepath.Join(dir, "dice.csv"), r[0], strings.Join(r, ","))
		}
		photos[i].Dice = append(photos[i].Dice, d)
	}
	for _, p := range photos {
		if rel, _ := filepath.Rel(dir, p.Path); counts[rel] != len(p.Dice) {
			return nil, fmt.Errorf("%s: images.csv says %d dice, dice.csv has %d", p.Path, counts[rel], len(p.Dice))
		}
	}
	return photos, nil
}

func readCSV(path string, header ...string) ([][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("read labels: %w (a labelled folder holds images.csv and dice.csv)", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = len(header)
	head, err := r.Read()
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if strings.Join(head, ",") != strings.Join(header, ",") {
		return nil, fmt.Errorf("%s starts %q, want the header %q", path, strings.Join(head, ","), strings.Join(header, ","))
	}
	var rows [][]string
	for {
		row, err := r.Read()
		if err == io.EOF {
			return rows, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", path, err)
		}
		rows = append(rows, row)
	}
}

// Fold picks part of a folder for honest measurement: the photos whose
// crc32(basename) % N is K, or, when Exclude, all the others. The zero Fold
// takes every photo.
type Fold struct {
	K, N    int
	Exclude bool
}

// ParseFold reads "K/N", as in --fold 0/5.
func ParseFold(s string, exclude bool) (Fold, error) {
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 0 || ki >= ni {
		return Fold{}, fmt.Errorf("fold %q: want K/N with 0 <= K < N, like 0/5", s)
	}
	return Fold{K: ki, N: ni, Exclude: exclude}, nil
}

// Holds reports whether the photo at path belongs to the fold.
func (f Fold) Holds(path string) bool {
	if f.N == 0 {
		return true
	}
	in := int(crc32.ChecksumIEEE([]byte(filepath.Base(path)))%uint32(f.N)) == f.K
	return in != f.Exclude
}

// Filter returns the photos the fold holds.
func (f Fold) Filter(photos []Photo) []Photo {
	var out []Photo
	for _, p := range photos {
		if f.Holds(p.Path) {
			out = append(out, p)
		}
	}
	return out
}

// ReadPhoto reads the dice in a labelled photo and measures the reading
// against its labels.
func (r *Reader) ReadPhoto(ph Photo) (Accuracy, error) {
	frame, err := ReadImage(ph.Path)
	if err != nil {
		return Accuracy{}, err
	}
	defer frame.Close()
	dice, err := r.Read(frame)
	if err != nil {
		return Accuracy{}, fmt.Errorf("%s: %w", ph.Path, err)
	}
	return Measure(ph.Dice, dice, image.Pt(frame.Cols(), frame.Rows())), nil
}
