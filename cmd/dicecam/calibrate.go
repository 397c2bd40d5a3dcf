package main

import (
	"cmp"
	"context"
	"image"

	"github.com/dicecam/dicecam/calibrate"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision"
)

const calibrateUsage = `--from FOLDER | --source S [--size WxH] [--profile P] [--faces pips|poker] [--logo VALUE] [--fold K/N | --exclude-fold K/N]

Builds a profile from a labelled folder of photos of one table and one dice
set (images.csv and dice.csv, as the README's "Labelled photos" says): where the
dice lie, the tray colour and the die size, and a head that fits the face
model to the set's own dice, each kept only where it reads the photos better
than the built-in defaults, which it says. A photo is in fold
crc32(basename) % N; --exclude-fold 0/5 calibrates on all photos but fold 0,
so that 'dicecam eval --fold 0/5' measures on photos calibration never saw.

With --source, guides you at the terminal instead: the empty tray, the dice
laid out, each special face (--faces poker, --logo 1), and a few rolls to
confirm. The profile goes to the user's config directory, where read, eval,
watch, record and play look for it, unless --profile names another.`

func runCalibrate(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "calibrate", calibrateUsage)
	from := fs.String("from", "", "labelled `FOLDER` of photos to calibrate from")
	source := fs.String("source", "", "calibrate step by step from a camera or recording `S`, as 'dicecam watch --source' takes")
	profile := fs.String("profile", "", "where to write the `PROFILE` (default: the user's config directory, where the other commands look)")
	out := fs.String("out", "", "the same as --profile")
	var faces rules.Faces
	fs.TextVar(&faces, "faces", rules.PipFaces, "what the faces show: pips or poker")
	logo := fs.Int("logo", 0, "the `VALUE` (1 to 6) of a face that shows a logo instead of pips, for --source to ask for")
	var size string
	sizeFlag(fs, &size)
	fold := fs.String("fold", "", "calibrate only on the photos of fold `K/N`")
	exclude := fs.String("exclude-fold", "", "calibrate on every photo except those of fold `K/N`")
	models := fs.String("models", "", "with --from: measure the ways of reading with the dice.onnx and detector.onnx in `DIR`, as tools/ trains them")
	if err := parseOnlyFlags(fs, args, "name the folder with --from"); err != nil {
		return err
	}
	if (*from == "") == (*source == "") {
		return usagef("name a labelled folder with --from, or a camera with --source")
	}
	if *logo < 0 || *logo > 6 || *logo > 0 && (*source == "" || faces == rules.PokerFaces) {
		return usagef("--logo %d: give the value 1 to 6 of the logo face of pip dice, with --source", *logo)
	}
	pick, err := foldFlags(*fold, *exclude)
	if err != nil {
		return err
	}
	if *profile != "" && *out != "" && *profile != *out {
		return usagef("--profile %s and --out %s name two places: give one", *profile, *out)
	}
	path := cmp.Or(*profile, *out)
	if path == "" {
		if path, err = vision.DefaultProfilePath(); err != nil {
			return err
		}
	}
	frame, err := parseSize(size)
	if err != nil {
		return err
	}
	if frame != (image.Point{}) && *source == "" {
		return usagef("--size %s asks a camera for its frame size: give it with --source", size)
	}
	if *source != "" {
		return calibrateLive(ctx, e, *source, vision.SourceOptions{Size: frame}, calibrate.GuideOptions{Faces: faces, Logo: *logo}, path)
	}
	photos, err := loadPhotos(*from, pick)
	if err != nil {
		return err
	}
	var m vision.Models
	if *models != "" {
		if m, err = vision.LoadModels(*models); err != nil {
			return err
		}
	}
	compared := func(c calibrate.Comparison) {
		for i, w := range c.Ways {
			a := c.Read[i]
			e.log.Info("read the sample "+w, "photos", a.Photos, "dice", a.Labelled, "found", a.Matched, "first_time", a.Right,
				"silently_wrong", a.Wrong, "false", a.False, "kept", i == c.Kept)
		}
		if c.Defaults {
			e.log.Info("the built-in defaults read these photos as well as any profile fitted to them: the profile keeps them")
		}
	}
	p, err := calibrate.FromPhotos(ctx, photos, calibrate.Options{Faces: faces, Models: m, Compared: compared})
	if err != nil {
		return err
	}
	if err := p.Save(path); err != nil {
		return err
	}
	e.log.Info("profile written", "path", path, "photos", len(photos), "die_size", p.DieSize, "tray", p.Tray)
	return nil
}
