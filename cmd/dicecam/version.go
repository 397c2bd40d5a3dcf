package main

import (
	"context"
	"fmt"
	"runtime/debug"
)

func runVersion(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "version", "")
	if _, err := parseFlags(fs, args); err != nil {
		return err
	}
	v := "(devel)"
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" {
		v = info.Main.Version
	}
	fmt.Fprintf(e.stdout, "dicecam %s\n", v)
	return nil
}
