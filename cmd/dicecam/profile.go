package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"

	"github.com/dicecam/dicecam/vision"
)

// readerFlags are the flags of every command that reads dice: the profile,
// what the faces show and, to measure the reader, other models.
type readerFlags struct{ profile, faces, models string }

func (rf *readerFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&rf.profile, "profile", "", "calibration `profile` (default: the one 'dicecam calibrate' saved, else built-in defaults)")
	fs.StringVar(&rf.faces, "faces", "", "what the faces show: pips or poker (default: the profile's, else pips)")
	fs.StringVar(&rf.models, "models", "", "read with the dice.onnx and detector.onnx in `DIR` instead of the built-in ones, as tools/ trains them")
}

// open makes the reader the flags ask for.
func (rf *readerFlags) open(e *env) (*vision.Reader, error) {
	var m vision.Models
	if rf.models != "" {
		var err error
		if m, err = vision.LoadModels(rf.models); err != nil {
			return nil, err
		}
		e.log.Info("reading with the models", "dir", rf.models)
	}
	return openProfileReader(e, rf.profile, rf.faces, m)
}

// openProfileReader makes a reader from the profile named by --profile or,
// when none is named, from the one calibration saved in the user's config
// directory, if there is one. It logs which profile is in use, since a
// profile changes every read.
func openProfileReader(e *env, named, faces string, m vision.Models) (*vision.Reader, error) {
	if named != "" {
		e.log.Info("reading with the profile", "path", named)
		return openReader(named, faces, m)
	}
	path, err := vision.DefaultProfilePath()
	if err != nil {
		e.log.Info("reading with the built-in defaults", "why", err)
		return openReader("", faces, m)
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		e.log.Info("no calibration profile yet: reading with the built-in defaults ('dicecam calibrate --source 0' makes one)", "path", path)
		return openReader("", faces, m)
	}
	e.log.Info("reading with the calibration profile", "path", path)
	r, err := openReader(path, faces, m)
	var usage usageError
	if err != nil && !errors.As(err, &usage) {
		return nil, fmt.Errorf("the default profile cannot be used: %w (calibrate again with 'dicecam calibrate --source 0', "+
			"name another with --profile, or delete %s to read with the built-in defaults)", err, path)
	}
	return r, err
}
