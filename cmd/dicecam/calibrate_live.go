package main

import (
	"context"
	"fmt"

	"github.com/dicecam/dicecam/calibrate"
	"github.com/dicecam/dicecam/vision"
	"gocv.io/x/gocv"
)

// calibrateLive runs the guided calibration at the terminal over a camera
// or recording and saves the profile at path.
func calibrateLive(ctx context.Context, e *env, source string, so vision.SourceOptions, opts calibrate.GuideOptions, path string) error {
	so.Notify = func(s vision.Status) { e.log.Warn(s.String()) }
	src, err := vision.Open(ctx, source, so)
	if err != nil {
		return err
	}
	defer src.Close()
	g := calibrate.NewGuide(opts)
	defer g.Close()
	err = g.RunTerminal(ctx, calibrate.Terminal{
		In: e.stdin, Out: e.stdout,
		Frame: func(ctx context.Context) (gocv.Mat, error) {
			fr, err := src.Next(ctx)
			return fr.Mat, err
		},
	})
	if err != nil {
		return err
	}
	if err := g.Profile().Save(path); err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "profile saved in %s\n", path)
	return nil
}
