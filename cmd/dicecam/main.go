// Command dicecam reads dice through a camera and keeps the score card for
// Yacht-family games. Each subcommand lives in a file of its own; this file only
// picks the subcommand and reports its error to the person at the terminal.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/charmbracelet/log"
)

// env is what a subcommand may touch of the outside world, so tests can run a
// command against buffers instead of the process's files.
type env struct {
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	log    *log.Logger
}

type command struct {
	name    string
	summary string
	run     func(ctx context.Context, e *env, args []string) error
}

func commands() []command {
	return []command{
		{"play", "serve the scoreboard page: camera, roll, card", runPlay},
		{"watch", "print each settled roll the camera sees", runWatch},
		{"record", "save settled frames with their reads, for new fixtures", runRecord},
		{"calibrate", "fit the reader to a table and dice set (--source) or labelled photos (--from)", runCalibrate},
		{"read", "read the dice in photos", runRead},
		{"eval", "score the reader on a labelled folder", runEval},
		{"score", "what each open box is worth for five dice", runScore},
		{"tally", "play a game log and print the card", runTally},
		{"solve", "work out optimal play for a rule set", runSolve},
		{"advise", "the best dice to keep or box to fill, with what each move costs", runAdvise},
		{"review", "grade every decision of a game log against optimal play", runReview},
		{"version", "print the version", runVersion},
	}
}

// usageError marks an error in the command line itself, so main exits 2 as
// flag-driven tools do, and not 1 as for a failure while working.
type usageError struct{ err error }

func (u usageError) Error() string { return u.err.Error() }
func (u usageError) Unwrap() error { return u.err }

func usagef(format string, a ...any) error { return usageError{fmt.Errorf(format, a...)} }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	logger := log.NewWithOptions(os.Stderr, log.Options{Prefix: "dicecam"})
	os.Exit(run(ctx, &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, log: logger}, os.Args[1:]))
}

// run returns the process exit code: 0 on success, 1 when the work failed,
// 2 when the command line was wrong.
func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		printUsage(e.stdout)
		if len(args) == 0 {
			return 2
		}
		return 0
	}
	for _, c := range commands() {
		if c.name != args[0] {
			continue
		}
		err := c.run(ctx, e, args[1:])
		switch {
		case err == nil:
			return 0
		case errors.Is(err, flag.ErrHelp):
			return 0
		case errors.As(err, new(usageError)):
			fmt.Fprintf(e.stderr, "dicecam %s: %v\nRun 'dicecam %s -h' for its flags.\n", c.name, err, c.name)
			return 2
		default:
			fmt.Fprintf(e.stderr, "dicecam %s: %v\n", c.name, err)
			return 1
		}
	}
	fmt.Fprintf(e.stderr, "dicecam: unknown command %q\n\n", args[0])
	printUsage(e.stderr)
	return 2
}

func printUsage(w io.Writer) {
	fmt.Fprintln(w, "Usage: dicecam COMMAND [flags] [arguments]")
	fmt.Fprintln(w, "\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'dicecam COMMAND -h' for the flags of one command.")
}

// newFlags makes a flag set that reports errors instead of exiting, so run can
// choose the exit code and tests can call commands in-process.
func newFlags(e *env, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet("dicecam "+name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: dicecam %s %s\n", name, usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseOnlyFlags parses args for a command that takes flags alone; hint
// says where an argument given without one belongs.
func parseOnlyFlags(fs *flag.FlagSet, args []string, hint string) error {
	pos, err := parseFlags(fs, args)
	if err == nil && len(pos) > 0 {
		err = usagef("unexpected argument %q: %s", pos[0], hint)
	}
	return err
}

// parseFlags parses args and returns the positional arguments. Flags may
// come after positional ones (dicecam read a.jpg --json), as users type them.
// A flag error becomes a usageError that run prints once; -h prints the usage.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	defer func() { fs.Usage = usage; fs.SetOutput(out) }()
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				fs.SetOutput(out)
				usage()
				return nil, err
			}
			return nil, usageError{err}
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}
