package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/dicecam/dicecam/vision"
)

const evalUsage = `[--profile P] [--failures DIR] [--fold K/N | --exclude-fold K/N] FOLDER

Scores the reader on a labelled folder (images.csv and dice.csv, as in
../shared/datasets/README.md). A photo is in fold crc32(basename) % N;
--fold 0/5 scores only fold 0, --exclude-fold 0/5 all the others, so a
profile calibrated on one part can be measured on the part it never saw.`

func runEval(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "eval", evalUsage)
	profilePath := fs.String("profile", "", "calibration `profile` (default: the one 'dicecam calibrate' saved, else built-in defaults)")
	faces := fs.String("faces", "", "what the faces show: pips or poker (default: the profile's, else pips)")
	failures := fs.String("failures", "", "write an annotated copy of each photo with a miss or a wrong value into `DIR`")
	fold := fs.String("fold", "", "score only the photos of fold `K/N`")
	exclude := fs.String("exclude-fold", "", "score every photo except those of fold `K/N`")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("name one labelled folder")
	}
	pick, err := foldFlags(*fold, *exclude)
	if err != nil {
		return err
	}
	photos, err := vision.LoadFolder(pos[0])
	if err != nil {
		return err
	}
	photos = pick.Filter(photos)
	if len(photos) == 0 {
		return fmt.Errorf("no photos in %s (after the fold filter)", pos[0])
	}
	reader, err := openProfileReader(e, *profilePath, *faces)
	if err != nil {
		return err
	}
	defer reader.Close()
	if *failures != "" {
		if err := os.MkdirAll(*failures, 0o755); err != nil {
			return fmt.Errorf("make the --failures folder: %w", err)
		}
	}

	bar := newProgress(e.stderr, len(photos))
	var total vision.Accuracy
	var spent time.Duration
	unreadable := 0
	for i, ph := range photos {
		if err := ctx.Err(); err != nil {
			return err
		}
		bar.set(i)
		t, took, err := evalPhoto(reader, ph, *failures)
		if err != nil {
			bar.clear()
			fmt.Fprintf(e.stderr, "%s: %v\n", ph.Path, err)
			unreadable++
			continue
		}
		total = total.Add(t)
		spent += took
	}
	bar.clear()
	printTally(e.stdout, total, spent)
	if unreadable > 0 {
		return fmt.Errorf("%d of %d photos could not be read", unreadable, len(photos))
	}
	return nil
}

// foldFlags turns --fold and --exclude-fold into a vision.Fold.
func foldFlags(fold, exclude string) (vision.Fold, error) {
	switch {
	case fold != "" && exclude != "":
		return vision.Fold{}, usagef("give --fold or --exclude-fold, not both")
	case fold != "":
		f, err := vision.ParseFold(fold, false)
		if err != nil {
			return f, usagef("--fold: %v", err)
		}
		return f, nil
	case exclude != "":
		f, err := vision.ParseFold(exclude, true)
		if err != nil {
			return f, usagef("--exclude-fold: %v", err)
		}
		return f, nil
	}
	return vision.Fold{}, nil
}

func evalPhoto(r *vision.Reader, ph vision.Photo, failures string) (vision.Accuracy, time.Duration, error) {
	frame, err := vision.ReadImage(ph.Path)
	if err != nil {
		return vision.Accuracy{}, 0, err
	}
	defer frame.Close()
	start := time.Now()
	dice, err := r.Read(frame)
	took := time.Since(start)
	if err != nil {
		return vision.Accuracy{}, 0, err
	}
	t := vision.Measure(ph.Dice, dice)
	if failures != "" && (t.Matched < t.Labelled || t.Wrong > 0 || t.False > 0) {
		if err := writeAnnotated(frame, dice, filepath.Join(failures, filepath.Base(ph.Path))); err != nil {
			return t, took, err
		}
	}
	return t, took, nil
}

func printTally(w io.Writer, t vision.Accuracy, spent time.Duration) {
	pct := func(x float64) string { return fmt.Sprintf("%5.1f %%", 100*x) }
	fmt.Fprintf(w, "photos            %d, %d labelled dice\n", t.Photos, t.Labelled)
	fmt.Fprintf(w, "recall            %s  (%d of %d dice found)\n", pct(t.Recall()), t.Matched, t.Labelled)
	fmt.Fprintf(w, "false dice        %d  (%.3f per photo)\n", t.False, t.FalsePerPhoto())
	fmt.Fprintf(w, "value accuracy    %s  (%d right of %d read with confidence)\n", pct(t.ValueAccuracy()), t.Right, t.Right+t.Wrong)
	fmt.Fprintf(w, "silently wrong    %s  (%d of all dice)\n", pct(t.SilentlyWrong()), t.Wrong)
	fmt.Fprintf(w, "asked (uncertain) %s  (%d of %d found dice)\n", pct(t.AskedShare()), t.Asked, t.Matched)
	fmt.Fprintf(w, "exact photos      %s  (%d of %d)\n", pct(t.ExactShare()), t.Exact, t.Photos)
	fmt.Fprintf(w, "ms per image      %.1f\n", float64(spent.Microseconds())/1000/float64(max(1, t.Photos)))
}

// progress draws a bar on a terminal and nothing elsewhere, so logs and
// pipes get only the results.
type progress struct {
	w     io.Writer
	total int
}

func newProgress(w io.Writer, total int) progress {
	if f, ok := w.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			return progress{w: w, total: total}
		}
	}
	return progress{}
}

func (p progress) set(done int) {
	if p.w == nil {
		return
	}
	const width = 30
	n := width * done / max(1, p.total)
	fmt.Fprintf(p.w, "\r[%s%s] %d/%d", strings.Repeat("#", n), strings.Repeat(".", width-n), done, p.total)
}

func (p progress) clear() {
	if p.w != nil {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", 50))
	}
}
