package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/dicecam/dicecam/vision/synth"
	"gocv.io/x/gocv"
)

// jpegQuality keeps testdata small while pips stay crisp.
const jpegQuality = 80

// folder accumulates a labelled folder: images/, images.csv, dice.csv in
// the datasets' format, and truth.csv with the face labels and centres.
type folder struct {
	dir                 string
	images, dice, truth bytes.Buffer
}

func newFolder(dir string) (*folder, error) {
	if err := os.MkdirAll(filepath.Join(dir, "images"), 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	f := &folder{dir: dir}
	f.images.WriteString("image,n_dice,values\n")
	f.dice.WriteString("image,value,xmin,ymin,xmax,ymax\n")
	f.truth.WriteString("image,value,face,x,y,xmin,ymin,xmax,ymax\n")
	return f, nil
}

// add writes img as images/name and records its truth.
func (f *folder) add(name string, img gocv.Mat, t synth.Truth) error {
	rel := "images/" + name
	if err := writeJPEG(filepath.Join(f.dir, rel), img); err != nil {
		return err
	}
	f.label(rel, t)
	return nil
}

// label records the truth of an image without listing it in images.csv.
func (f *folder) label(rel string, t synth.Truth) {
	vals := slices.Sorted(slices.Values(t.Values()))
	fmt.Fprintf(&f.images, "%s,%d,%s\n", rel, len(vals), strings.Trim(fmt.Sprint(vals), "[]"))
	for _, d := range t.Dice {
		b := d.Box
		fmt.Fprintf(&f.dice, "%s,%d,%d.0,%d.0,%d.0,%d.0\n", rel, d.Value, b.Min.X, b.Min.Y, b.Max.X, b.Max.Y)
		fmt.Fprintf(&f.truth, "%s,%d,%s,%.1f,%.1f,%d,%d,%d,%d\n", rel, d.Value, d.Face, d.X, d.Y, b.Min.X, b.Min.Y, b.Max.X, b.Max.Y)
	}
}

func (f *folder) close() error {
	for name, b := range map[string]*bytes.Buffer{"images.csv": &f.images, "dice.csv": &f.dice, "truth.csv": &f.truth} {
		if err := os.WriteFile(filepath.Join(f.dir, name), b.Bytes(), 0o644); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	return nil
}

func writeJPEG(path string, img gocv.Mat) error {
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, img, []int{gocv.IMWriteJpegQuality, jpegQuality})
	if err != nil {
		return fmt.Errorf("encode %s: %w", path, err)
	}
	defer buf.Close()
	if err := os.WriteFile(path, buf.GetBytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
