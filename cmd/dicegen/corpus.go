package main

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/dicecam/dicecam/internal/cvthreads"
	"github.com/dicecam/dicecam/vision"
	"github.com/dicecam/dicecam/vision/synth"
)

// corpusJob is what `dicegen corpus` was asked for.
type corpusJob struct {
	out     string
	n       int
	seed    uint64
	sizes   []image.Point
	opts    synth.CorpusOptions
	paste   []string
	root    string
	fold    vision.Fold
	workers int
}

func writeCorpus(ctx context.Context, stdout io.Writer, job corpusJob) error {
	if job.n < 1 {
		return fmt.Errorf("--n %d: ask for at least one picture", job.n)
	}
	if len(job.paste) > 0 {
		cuts, err := loadCutouts(job.root, job.paste, job.fold)
		if err != nil {
			return err
		}
		defer closeCutouts(cuts)
		if len(cuts) == 0 {
			return fmt.Errorf("--paste %s: the fold leaves no photograph to cut dice from", strings.Join(job.paste, ","))
		}
		job.opts.Cutouts = cuts
		fmt.Fprintf(stdout, "%d real dice cut from %s\n", len(cuts), strings.Join(job.paste, ", "))
	}
	job.opts.Sizes = job.sizes
	corpus, err := synth.NewCorpus(job.opts)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(job.out, "images"), 0o755); err != nil {
		return fmt.Errorf("create %s: %w", job.out, err)
	}

	// Each worker renders whole scenes, each seeded by its index, and the
	// rows are joined in index order: the files do not depend on which
	// worker drew what. Workers fill the cores; OpenCV spreading each
	// blur over them too would only make them wait for each other.
	if job.workers > 1 {
		defer cvthreads.Set(cvthreads.Set(1))
	}
	rows := make([]sceneRows, job.n)
	next := make(chan int)
	errs := make(chan error, job.workers)
	var done sync.WaitGroup
	var mu sync.Mutex
	finished := 0
	start := time.Now()
	last := start
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	for range job.workers {
		done.Go(func() {
			for i := range next {
				r, err := renderSample(job.out, corpus.Sample(job.seed, i), i)
				if err != nil {
					errs <- fmt.Errorf("scene %d: %w", i, err)
					cancel()
					return
				}
				rows[i] = r
				mu.Lock()
				finished++
				if now := time.Now(); now.Sub(last) >= 5*time.Second {
					last = now
					fmt.Fprintf(stdout, "%d/%d scenes, %.2f scenes/s\n", finished, job.n, float64(finished)/now.Sub(start).Seconds())
				}
				mu.Unlock()
			}
		})
	}
feed:
	for i := range job.n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	done.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	took := time.Since(start)
	fmt.Fprintf(stdout, "%d scenes in %s in %.1fs: %.2f scenes/s on %d workers\n", job.n, job.out, took.Seconds(), float64(job.n)/took.Seconds(), job.workers)
	return writeFiles(job.out, joinRows(rows))
}

// sceneRows are one scene's lines of every manifest.
type sceneRows struct {
	labels                     *labels
	faces, scenes, distractors string
}

// renderSample renders scene i into dir and returns its manifest rows.
func renderSample(dir string, sm synth.Sample, i int) (sceneRows, error) {
	img, truth, err := synth.Render(sm.Scene, sm.Seed)
	if err != nil {
		return sceneRows{}, err
	}
	defer img.Close()
	rel := fmt.Sprintf("images/corpus-%06d.jpg", i)
	if err := writeJPEG(filepath.Join(dir, rel), img, sm.Quality); err != nil {
		return sceneRows{}, err
	}
	listed := truth
	listed.Dice = nil
	var faces, distractors strings.Builder
	pasted := 0
	for _, d := range truth.Dice {
		in := d.Readable() // listed in dice.csv, for `dicecam eval`
		if in {
			listed.Dice = append(listed.Dice, d)
		}
		die := sm.Scene.Dice[d.Index]
		value, source := d.Value, ""
		if d.Face == "blank" {
			value = 0
		}
		if die.Paste != nil {
			source = die.Paste.Cut.Source + "/" + die.Paste.Cut.Photo
			pasted++
		}
		fmt.Fprintf(&faces, "%s,%d,%s,%s,%s,%s", rel, value, d.Face, sm.Designs[d.Index], sm.Looks[d.Index], source)
		for _, c := range d.Top {
			fmt.Fprintf(&faces, ",%.1f,%.1f", c[0], c[1])
		}
		fmt.Fprintf(&faces, ",%.1f,%.1f,%.1f,%.2f,%d,%d,%d,%d\n", d.X, d.Y, d.Top.Side(), d.Shown,
			boolInt(sm.Touch[d.Index]), boolInt(die.Stacked), boolInt(sm.Under[d.Index]), boolInt(in))
	}
	for _, p := range truth.Props {
		b := p.Box
		fmt.Fprintf(&distractors, "%s,%s,%d,%d,%d,%d\n", rel, p.Kind, b.Min.X, b.Min.Y, b.Max.X, b.Max.Y)
	}
	l := &labels{}
	l.add(rel, listed)
	return sceneRows{labels: l, faces: faces.String(), distractors: distractors.String(),
		scenes: sceneLine(rel, sm, img.Cols(), img.Rows(), len(truth.Dice), len(listed.Dice), pasted, len(truth.Props), truth.Hands)}, nil
}

// sceneLine is a scene's row of scenes.csv: its families and parameters.
func sceneLine(rel string, sm synth.Sample, w, h, dice, listed, pasted, props, hands int) string {
	s := sm.Scene
	floor, tray := "", ""
	if s.Walls.Sides > 0 {
		floor, tray = s.Walls.Floor.String(), map[int]string{4: "square", 6: "hex"}[s.Walls.Sides]
	}
	stretch := s.Optics.Stretch
	if stretch == 0 {
		stretch = 1
	}
	o := s.Optics
	return fmt.Sprintf("%s,%s,%s,%s,%d,%d,%s,%s,%s,%.1f,%.2f,%.2f,%.1f,%d %d,%.2f,%.2f %.2f %.2f,%.2f,%.2f,%.3f,%d,%.2f,%.2f,%d,%d,%d,%d,%d\n",
		rel, sm.Table, distinct(sm.Looks), distinct(sm.Designs), w, h, s.Surface, floor, tray, s.Tilt, s.Focal,
		s.Defocus, s.Noise, o.Shake.X, o.Shake.Y, o.Vignette, gainOf(o.Balance[0]), gainOf(o.Balance[1]), gainOf(o.Balance[2]),
		gainOf(o.Saturation), o.Sharpen, stretch, sm.Quality, gainOf(s.Light.Level), s.Light.Shadow,
		dice, listed, pasted, props, hands)
}

func gainOf(g float64) float64 {
	if g == 0 {
		return 1
	}
	return g
}

// distinct returns the names sorted, each once, space-separated.
func distinct(names []string) string {
	s := slices.Clone(names)
	slices.Sort(s)
	return strings.Join(slices.Compact(s), " ")
}

const (
	facesHeader       = "image,value,face,design,look,source,x0,y0,x1,y1,x2,y2,x3,y3,x,y,side,shown,touching,stacked,under,listed\n"
	scenesHeader      = "image,table,looks,designs,width,height,surface,floor,tray,tilt,focal,defocus,noise,shake,vignette,balance,saturation,sharpen,stretch,jpeg,level,shadow,dice,listed,pasted,distractors,hands\n"
	distractorsHeader = "image,kind,xmin,ymin,xmax,ymax\n"
)

// joinRows returns the manifests of the whole corpus, scenes in order.
func joinRows(rows []sceneRows) map[string][]byte {
	l := newLabels()
	var faces, scenes, distractors bytes.Buffer
	faces.WriteString(facesHeader)
	scenes.WriteString(scenesHeader)
	distractors.WriteString(distractorsHeader)
	for _, r := range rows {
		l.images.Write(r.labels.images.Bytes())
		l.dice.Write(r.labels.dice.Bytes())
		l.truth.Write(r.labels.truth.Bytes())
		faces.WriteString(r.faces)
		scenes.WriteString(r.scenes)
		distractors.WriteString(r.distractors)
	}
	files := l.files()
	files["faces.csv"], files["scenes.csv"], files["distractors.csv"] = faces.Bytes(), scenes.Bytes(), distractors.Bytes()
	return files
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// parseSizes reads "640x480" or a list "640x480,1280x720" to draw from.
func parseSizes(s string) ([]image.Point, error) {
	var out []image.Point
	for _, f := range strings.Split(s, ",") {
		var w, h int
		if _, err := fmt.Sscanf(f, "%dx%d", &w, &h); err != nil || w < 16 || h < 16 || w > 4096 || h > 4096 {
			return nil, fmt.Errorf("--size %q: want WIDTHxHEIGHT, 16 to 4096 each, or a comma-separated list of them, e.g. 640x480,1280x720", s)
		}
		out = append(out, image.Pt(w, h))
	}
	return out, nil
}

// names splits a comma-separated flag into its names.
func names(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
