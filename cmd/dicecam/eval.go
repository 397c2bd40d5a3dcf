package main

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/dicecam/dicecam/vision"
)

const evalUsage = `[--profile P] [--failures DIR] [--dice FILE [--why]] [--fold K/N | --exclude-fold K/N] [--json] FOLDER...

Scores the reader on labelled folders (images.csv and dice.csv, as the
README's "Labelled photos" says), a row for each folder and, for several, a
total. "first time" is the dice read right and not asked, of all labelled
dice; "clean" the photos whose every die was read right with none asked and
no false die; "confirmed" the photos right once the asked dice are confirmed
as shown. A photo is in fold crc32(basename) % N; --fold 0/5 scores only
fold 0, --exclude-fold 0/5 all the others, so a profile calibrated on one
part can be measured on the part it never saw. --dice writes every die
scored to a CSV file, a row each: what became of it (right, wrong, asked,
missed, false), its label and its reading, where it lies, its side; with
--why, what the reader's checks make of each die read, and a second table
counts each folder's asked dice by the first check that held each back.`

// evalRow is one folder's line of `dicecam eval`, and of its --json.
type evalRow struct {
	Folder        string  `json:"folder"`
	Photos        int     `json:"photos"`
	Dice          int     `json:"dice"`
	Found         share   `json:"found"`
	FirstTime     share   `json:"first_time"`
	Clean         share   `json:"clean_photos"`
	SilentlyWrong share   `json:"silently_wrong"`
	Asked         share   `json:"asked"`
	FalsePerPhoto share   `json:"false_dice_per_photo"`
	ValueAccuracy share   `json:"value_accuracy"`
	Confirmed     share   `json:"right_after_confirming"`
	MsPerPhoto    float64 `json:"ms_per_photo"`
	// HeldBack is, under --why, the asked dice by what held them back.
	HeldBack *heldBack `json:"held_back,omitempty"`
	accuracy vision.Accuracy
	spent    time.Duration
}

// share is a ratio that has no value when nothing was counted, such as
// the accuracy of no confident read: null in JSON, "-" in the table.
type share float64

func (s share) MarshalJSON() ([]byte, error) {
	if math.IsNaN(float64(s)) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(s))
}

func (s *share) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		*s = share(math.NaN())
		return nil
	}
	return json.Unmarshal(b, (*float64)(s))
}

func newEvalRow(folder string, a vision.Accuracy, spent time.Duration) evalRow {
	return evalRow{
		Folder: folder, Photos: a.Photos, Dice: a.Labelled, Found: share(a.Recall()), FirstTime: share(a.FirstTime()),
		Clean: share(a.CleanShare()), SilentlyWrong: share(a.SilentlyWrong()), Asked: share(a.AskedShare()),
		FalsePerPhoto: share(a.FalsePerPhoto()), ValueAccuracy: share(a.ValueAccuracy()), Confirmed: share(a.ConfirmedShare()),
		MsPerPhoto: float64(spent.Microseconds()) / 1000 / float64(max(1, a.Photos)),
		accuracy:   a, spent: spent,
	}
}

func runEval(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "eval", evalUsage)
	var rf readerFlags
	rf.register(fs)
	failures := fs.String("failures", "", "write an annotated copy of each photo with a miss, a wrong value or a false die into `DIR`")
	fold := fs.String("fold", "", "score only the photos of fold `K/N`")
	exclude := fs.String("exclude-fold", "", "score every photo except those of fold `K/N`")
	diceOut := fs.String("dice", "", "write every die scored, its outcome, label and reading, to the CSV `FILE`")
	why := fs.Bool("why", false, "with --dice, add what the reader's checks make of each die read: whether it is asked, the model's doubt that it is a die, the pips counted, whether they agree, whether it lies as a front, the detector's score")
	asJSON := fs.Bool("json", false, "print the rows as a JSON array")
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("name one or more labelled folders")
	}
	pick, err := foldFlags(*fold, *exclude)
	if err != nil {
		return err
	}
	if *why && *diceOut == "" {
		return usagef("--why adds columns to the --dice file: give --dice FILE too")
	}
	folders := make([][]vision.Photo, len(pos))
	total := 0
	for i, dir := range pos {
		if folders[i], err = loadPhotos(dir, pick); err != nil {
			return err
		}
		total += len(folders[i])
	}
	reader, err := rf.open(e)
	if err != nil {
		return err
	}
	defer reader.Close()
	if *failures != "" {
		if err := os.MkdirAll(*failures, 0o755); err != nil {
			return fmt.Errorf("make the --failures folder: %w", err)
		}
	}

	var dice *diceCSV
	if *diceOut != "" {
		if dice, err = createDiceCSV(*diceOut, *why); err != nil {
			return err
		}
		defer dice.Close()
	}

	bar := newProgress(e.stderr, total)
	var rows []evalRow
	var all vision.Accuracy
	var allSpent time.Duration
	done, unreadable := 0, 0
	var allHeld heldBack
	for i, photos := range folders {
		var sum vision.Accuracy
		var spent time.Duration
		var held heldBack
		for _, ph := range photos {
			if err := ctx.Err(); err != nil {
				return err
			}
			bar.set(done)
			done++
			a, took, err := evalPhoto(reader, pos[i], ph, *failures, dice, &held)
			if err != nil {
				bar.clear()
				fmt.Fprintf(e.stderr, "%s: %v\n", ph.Path, err)
				unreadable++
				continue
			}
			sum, spent = sum.Add(a), spent+took
		}
		rows = append(rows, newEvalRow(filepath.Base(filepath.Clean(pos[i])), sum, spent))
		all, allSpent = all.Add(sum), allSpent+spent
		if *why {
			rows[len(rows)-1].HeldBack = &held
			allHeld = allHeld.plus(held)
		}
	}
	bar.clear()
	if err := dice.Close(); err != nil {
		return err
	}
	if len(rows) > 1 {
		rows = append(rows, newEvalRow("total", all, allSpent))
		if *why {
			rows[len(rows)-1].HeldBack = &allHeld
		}
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rows); err != nil {
			return err
		}
	} else {
		printEval(e.stdout, rows)
		if *why {
			printHeldBack(e.stdout, rows)
		}
	}
	if unreadable > 0 {
		return fmt.Errorf("%d of %d photos could not be read", unreadable, total)
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

// loadPhotos loads the labelled folder's photos that the fold holds, and
// says which of the two left none: the folder or the fold.
func loadPhotos(dir string, pick vision.Fold) ([]vision.Photo, error) {
	photos, err := vision.LoadFolder(dir)
	if err != nil {
		return nil, err
	}
	if len(photos) == 0 {
		return nil, fmt.Errorf("no photos in %s: its images.csv lists none", dir)
	}
	if photos = pick.Filter(photos); len(photos) == 0 {
		return nil, fmt.Errorf("no photos of %s are in the fold that --fold or --exclude-fold chose", dir)
	}
	return photos, nil
}

// evalPhoto reads ph, a photo of the labelled folder dir, and scores it;
// it writes its dice to out where out is not nil, and where out says why,
// counts its asked dice by what held them back into held.
func evalPhoto(r *vision.Reader, dir string, ph vision.Photo, failures string, out *diceCSV, held *heldBack) (vision.Accuracy, time.Duration, error) {
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
	size := image.Pt(frame.Cols(), frame.Rows())
	a := vision.Measure(ph.Dice, dice, size)
	if out != nil {
		var whys []vision.Why
		matches := vision.Pair(ph.Dice, dice, size)
		if out.why {
			if whys, err = r.Explain(frame, dice); err != nil {
				return a, took, err
			}
			held.add(ph, dice, matches, whys)
		}
		if err := out.write(dir, ph, dice, matches, whys); err != nil {
			return a, took, err
		}
	}
	if failures != "" && (a.Matched < a.Labelled || a.Wrong > 0 || a.False > 0) {
		if err := writeAnnotated(frame, dice, filepath.Join(failures, filepath.Base(ph.Path))); err != nil {
			return a, took, err
		}
	}
	return a, took, nil
}

// printEval writes the rows as a table, counts beside the shares where a
// share alone would hide how few dice it stands for.
func printEval(w io.Writer, rows []evalRow) {
	pct := func(x share) string {
		if math.IsNaN(float64(x)) {
			return "-"
		}
		return fmt.Sprintf("%.1f %%", 100*x)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "folder\tphotos\tdice\tfound\tfirst time\tclean photos\tsilently wrong\tasked\tfalse dice\tvalue accuracy\tconfirmed\tms/photo\t")
	for _, r := range rows {
		a := r.accuracy
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s (%d)\t%s (%d)\t%s (%d)\t%d (%s a photo)\t%s\t%s\t%.1f\t\n",
			r.Folder, r.Photos, r.Dice, pct(r.Found), pct(r.FirstTime), pct(r.Clean), a.Clean,
			pct(r.SilentlyWrong), a.Wrong, pct(r.Asked), a.Asked, a.False, perPhoto(r.FalsePerPhoto),
			pct(r.ValueAccuracy), pct(r.Confirmed), r.MsPerPhoto)
	}
	tw.Flush()
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

// perPhoto writes a count a photo, "-" where no photo was read.
func perPhoto(x share) string {
	if math.IsNaN(float64(x)) {
		return "-"
	}
	return fmt.Sprintf("%.2f", x)
}
