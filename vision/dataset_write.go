package vision

import (
	"encoding/csv"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gocv.io/x/gocv"
)

// FolderWriter writes photos and their dice into a folder in the datasets
// format LoadFolder reads: images/, images.csv and dice.csv. Rows are
// flushed photo by photo, so a folder whose writing was cut short stays
// readable. Not safe for concurrent use.
type FolderWriter struct {
	dir          string
	imgF, diceF  *os.File
	images, dice *csv.Writer
	written      int
}

// Folder file names and headers, as LoadFolder reads them.
var (
	imagesHeader = []string{"image", "n_dice", "values"}
	diceHeader   = []string{"image", "value", "xmin", "ymin", "xmax", "ymax"}
)

// CreateFolder starts a new labelled folder in dir, refusing one that
// holds labels already, which it would overwrite.
func CreateFolder(dir string) (*FolderWriter, error) {
	if _, err := os.Stat(filepath.Join(dir, "images.csv")); err == nil {
		return nil, fmt.Errorf("%s already holds labelled photos (images.csv): choose another folder or move it away", dir)
	}
	return openLabelled(dir, os.O_CREATE|os.O_TRUNC)
}

// AppendFolder adds to the labelled folder in dir, starting it where there
// is none. A folder whose labels LoadFolder cannot read is refused rather
// than added to: rows after a broken one would be lost with it.
func AppendFolder(dir string) (*FolderWriter, error) {
	if _, err := os.Stat(filepath.Join(dir, "images.csv")); errors.Is(err, os.ErrNotExist) {
		return openLabelled(dir, os.O_CREATE|os.O_TRUNC)
	}
	if _, err := LoadFolder(dir); err != nil {
		return nil, fmt.Errorf("add to %s: %w; mend its labels or choose another folder", dir, err)
	}
	return openLabelled(dir, os.O_APPEND)
}

func openLabelled(dir string, mode int) (*FolderWriter, error) {
	if err := os.MkdirAll(filepath.Join(dir, "images"), 0o755); err != nil {
		return nil, fmt.Errorf("make the labelled folder: %w", err)
	}
	w := &FolderWriter{dir: dir}
	var err error
	if w.imgF, err = os.OpenFile(filepath.Join(dir, "images.csv"), mode|os.O_WRONLY, 0o644); err != nil {
		return nil, fmt.Errorf("open the labelled folder: %w", err)
	}
	if w.diceF, err = os.OpenFile(filepath.Join(dir, "dice.csv"), mode|os.O_WRONLY, 0o644); err != nil {
		w.imgF.Close()
		return nil, fmt.Errorf("open the labelled folder: %w", err)
	}
	w.images, w.dice = csv.NewWriter(w.imgF), csv.NewWriter(w.diceF)
	if mode&os.O_APPEND == 0 {
		w.images.Write(imagesHeader)
		w.dice.Write(diceHeader)
	}
	if err := w.flush(); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// Dir is the folder written to.
func (w *FolderWriter) Dir() string { return w.dir }

// Written is how many photos this writer has added.
func (w *FolderWriter) Written() int { return w.written }

// Add saves frame as name, a path under the folder such as
// images/roll-01.jpg, with dice as its labels: each die's value and the
// upright box around its top face.
func (w *FolderWriter) Add(name string, frame gocv.Mat, dice []Die) error {
	path := filepath.Join(w.dir, name)
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s exists already: a photo is never overwritten", path)
	}
	if !gocv.IMWrite(path, frame) {
		return fmt.Errorf("write %s: OpenCV could not save it (is the disk full?)", path)
	}
	values := make([]string, 0, len(dice))
	for _, v := range (Reading{Dice: dice}).Values() {
		values = append(values, strconv.Itoa(v))
	}
	w.images.Write([]string{name, strconv.Itoa(len(dice)), strings.Join(values, " ")})
	for _, d := range dice {
		b := boundsOf(d.Box)
		w.dice.Write([]string{name, strconv.Itoa(d.Value),
			strconv.Itoa(b.Min.X), strconv.Itoa(b.Min.Y), strconv.Itoa(b.Max.X), strconv.Itoa(b.Max.Y)})
	}
	w.written++
	return w.flush()
}

func (w *FolderWriter) flush() error {
	w.images.Flush()
	w.dice.Flush()
	if err := errors.Join(w.images.Error(), w.dice.Error()); err != nil {
		return fmt.Errorf("write the labels in %s: %w", w.dir, err)
	}
	return nil
}

// Close flushes and closes the label files.
func (w *FolderWriter) Close() error {
	if w.imgF == nil {
		return nil
	}
	err := errors.Join(w.flush(), w.imgF.Close(), w.diceF.Close())
	w.imgF, w.diceF = nil, nil
	return err
}

// boundsOf is the upright rectangle around a die's turned box.
func boundsOf(box [4]image.Point) image.Rectangle {
	r := image.Rectangle{Min: box[0], Max: box[0]}
	for _, q := range box[1:] {
		r.Min.X, r.Min.Y = min(r.Min.X, q.X), min(r.Min.Y, q.Y)
		r.Max.X, r.Max.Y = max(r.Max.X, q.X), max(r.Max.Y, q.Y)
	}
	return r
}
