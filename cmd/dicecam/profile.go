package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/dicecam/dicecam/vision"
)

// openProfileReader makes a reader from the profile named by --profile or,
// when none is named, from the one calibration saved in the user's config
// directory, if there is one. It logs which profile is in use, since a
// profile changes every read.
func openProfileReader(e *env, named, faces string) (*vision.Reader, error) {
	if named != "" {
		e.log.Info("reading with the profile", "path", named)
		return openReader(named, faces)
	}
	path, err := vision.DefaultProfilePath()
	if err != nil {
		e.log.Info("reading with the built-in defaults", "why", err)
		return openReader("", faces)
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		e.log.Info("no calibration profile yet: reading with the built-in defaults ('dicecam calibrate --source 0' makes one)", "path", path)
		return openReader("", faces)
	}
	e.log.Info("reading with the calibration profile", "path", path)
	r, err := openReader(path, faces)
	var usage usageError
	if err != nil && !errors.As(err, &usage) {
		return nil, fmt.Errorf("the default profile cannot be used: %w (calibrate again with 'dicecam calibrate --source 0', "+
			"name another with --profile, or delete %s to read with the built-in defaults)", err, path)
	}
	return r, err
}
