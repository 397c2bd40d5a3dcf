package main

import (
	"context"
	"errors"
	"io"
)

func writeSequences(ctx context.Context, stdout io.Writer, out string) error {
	return errors.New("sequences: not yet")
}
