package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	"github.com/dicecam/dicecam/vision/synth"
	"gocv.io/x/gocv"
)

// JPEG qualities that keep testdata small while pips stay crisp; frames of a
// sequence are many, so they get a little less.
const jpegQuality, frameQuality = 80, 75

// labels accumulates the manifests of a labelled folder: images.csv and
// dice.csv in the datasets' format, and truth.csv with the face labels and
// centres.
type labels struct {
	images, dice, truth bytes.Buffer
}

func newLabels() *labels {
	l := &labels{}
	l.images.WriteString("image,n_dice,values\n")
	l.dice.WriteString("image,value,xmin,ymin,xmax,ymax\n")
	l.truth.WriteString("image,value,face,x,y,xmin,ymin,xmax,ymax\n")
	return l
}

// add records the truth of the picture at rel, a path relative to the folder.
func (l *labels) add(rel string, t synth.Truth) {
	vals := slices.Sorted(slices.Values(t.Values()))
	fmt.Fprintf(&l.images, "%s,%d,%s\n", rel, len(vals), join(vals))
	for _, d := range t.Dice {
		b := d.Box
		fmt.Fprintf(&l.dice, "%s,%d,%d.0,%d.0,%d.0,%d.0\n", rel, d.Value, b.Min.X, b.Min.Y, b.Max.X, b.Max.Y)
		fmt.Fprintf(&l.truth, "%s,%d,%s,%.1f,%.1f,%d,%d,%d,%d\n", rel, d.Value, d.Face, d.X, d.Y, b.Min.X, b.Min.Y, b.Max.X, b.Max.Y)
	}
}

func (l *labels) files() map[string][]byte {
	return map[string][]byte{"images.csv": l.images.Bytes(), "dice.csv": l.dice.Bytes(), "truth.csv": l.truth.Bytes()}
}

func writeFiles(dir string, files map[string][]byte) error {
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			return fmt.Errorf("write %s: %w", name, err)
		}
	}
	return nil
}

func writeJPEG(path string, img gocv.Mat, quality int) error {
	buf, err := gocv.IMEncodeWithParams(gocv.JPEGFileExt, img, []int{gocv.IMWriteJpegQuality, quality})
	if err != nil {
		return fmt.Errorf("encode %s: %w", path, err)
	}
	defer buf.Close()
	if err := os.WriteFile(path, buf.GetBytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// renderInto renders scene into dir/rel and records it in l.
func renderInto(dir, rel string, scene synth.Scene, seed uint64, l *labels) (synth.Truth, error) {
	img, truth, err := synth.Render(scene, seed)
	if err != nil {
		return truth, err
	}
	defer img.Close()
	if err := writeJPEG(filepath.Join(dir, rel), img, jpegQuality); err != nil {
		return truth, err
	}
	l.add(rel, truth)
	return truth, nil
}
