package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/dicecam/dicecam/live"
	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/scoreboard"
	"github.com/dicecam/dicecam/scoreboard/store"
	"github.com/dicecam/dicecam/vision"
)

const playUsage = `[--source S] [--rules R] [--players "Ann,Bob"] [--profile P] [--listen ADDR] [--data DIR]`

// runPlay serves the scoreboard page and feeds it the camera's rolls.
func runPlay(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "play", playUsage)
	source := fs.String("source", "", "camera index, device, URL, video, folder or `demo` (default: the first camera, else the demo)")
	spec := fs.String("rules", "yahtzee", "rule set and options for a new game, e.g. yacht:big-straight=40 (one of "+strings.Join(rules.Names(), ", ")+")")
	players := fs.String("players", "", "comma-separated `names` for a new game (default: Player 1, Player 2)")
	profile := fs.String("profile", "", "calibration `profile` to read, and to write when calibrating from the page (default: the one 'dicecam calibrate' saved, else built-in defaults until you calibrate)")
	listen := fs.String("listen", "127.0.0.1:8700", "`address` to serve on; any other than this machine's loopback needs the printed token")
	data := fs.String("data", "", "`directory` of the games database (default: $XDG_DATA_HOME/dicecam or ~/.local/share/dicecam)")
	if err := parseOnlyFlags(fs, args, "play takes only flags"); err != nil {
		return err
	}
	set, err := rules.Parse(*spec)
	if err != nil {
		return usagef("--rules: %v", err)
	}
	var names []string
	for _, n := range strings.Split(*players, ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	if len(names) > scoreboard.MaxPlayers {
		return usagef("--players: %d names, the card has room for %d", len(names), scoreboard.MaxPlayers)
	}
	dir := *data
	if dir == "" {
		if dir, err = store.DefaultDir(); err != nil {
			return err
		}
	}
	db, err := store.Open(dir)
	if err != nil {
		return err
	}
	defer db.Close()

	// The profile is read if it exists and written by a calibration from
	// the page, so the default place serves both.
	profilePath := *profile
	if profilePath == "" {
		if profilePath, err = vision.DefaultProfilePath(); err != nil {
			return err
		}
	}
	readFrom := profilePath
	if _, err := os.Stat(profilePath); errors.Is(err, os.ErrNotExist) {
		e.log.Info("no calibration profile yet: reading with the built-in defaults until you calibrate", "profile", profilePath)
		readFrom = ""
	} else {
		e.log.Info("reading with the calibration profile", "path", profilePath)
	}
	faces := ""
	if set.Faces() == rules.PokerFaces && readFrom == "" {
		faces = set.Faces().String()
	}
	feed, demo, err := openFeed(ctx, e, *source, readFrom, faces)
	if err != nil {
		return err
	}
	defer feed.Close()

	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("listen on %s: %w (pick another with --listen 127.0.0.1:PORT)", *listen, err)
	}
	addr := ln.Addr().String()
	token := ""
	if ip := net.ParseIP(hostOf(addr)); ip == nil || !ip.IsLoopback() {
		token = scoreboard.NewToken()
	}
	calibrator := live.NewCalibrator(feed, profilePath, set.Faces())
	defer calibrator.Close()
	srv, err := scoreboard.New(ctx, scoreboard.Config{
		Store: db, Rules: set, Players: names, Token: token, Demo: demo, Camera: true,
		Calibrator: calibrator, Log: e.log,
	})
	if err != nil {
		ln.Close()
		return err
	}
	defer srv.Close()
	hs := &http.Server{Handler: srv.Handler(addr), ReadHeaderTimeout: 10 * time.Second}

	ctx, cancel := context.WithCancel(ctx)
	feedDone := make(chan struct{})
	// The feed's reader is closed only once Run has let go of it.
	defer func() {
		cancel()
		<-feedDone
	}()
	go func() {
		defer close(feedDone)
		// Why the camera stopped, the server tells the page and the terminal.
		feed.Run(ctx, srv)
	}()
	link := "http://" + reachable(addr) + "/"
	if token != "" {
		link += "?token=" + token
	}
	if demo {
		fmt.Fprintln(e.stdout, "No camera: playing the built-in demo (recorded rolls replayed as a camera).")
	}
	fmt.Fprintf(e.stdout, "dicecam scoreboard: open %s\n", link)
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	srv.Close() // ends the event streams and camera views so Shutdown need not wait on them
	sctx, scancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer scancel()
	return hs.Shutdown(sctx)
}

// reachable is addr as another machine names it: a server listening on
// every interface is reached by one of this machine's addresses.
func reachable(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsUnspecified() {
		return addr
	}
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok && !ipn.IP.IsLoopback() && ipn.IP.To4() != nil {
			return net.JoinHostPort(ipn.IP.String(), port)
		}
	}
	return net.JoinHostPort("127.0.0.1", port)
}

func hostOf(addr string) string {
	h, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return h
}

// openFeed opens the named source, or the first camera and failing that
// the demo; demo says the demo is what plays.
func openFeed(ctx context.Context, e *env, source, profile, faces string) (f *live.Feed, demo bool, err error) {
	reader, err := openReader(profile, faces, vision.Models{})
	if err != nil {
		return nil, false, err
	}
	opts := vision.SourceOptions{Live: true}
	spec := source
	if spec == "" {
		spec = "0"
	}
	f, err = live.Open(ctx, spec, opts, reader)
	if err != nil && source == "" {
		e.log.Info("no camera found; using the built-in demo", "err", err)
		spec = "demo"
		f, err = live.Open(ctx, spec, opts, reader)
	}
	if err != nil {
		reader.Close()
		return nil, false, fmt.Errorf("open --source %s: %w", spec, err)
	}
	return f, spec == "demo", nil
}
