package main

import (
	"context"
	"errors"
	"flag"
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

const playUsage = `[--source S] [--size WxH] [--rules R] [--players "Ann,Bob"] [--profile P] [--listen ADDR] [--data DIR] [--keep-rolls DIR]`

// runPlay serves the scoreboard page and feeds it the camera's rolls.
func runPlay(ctx context.Context, e *env, args []string) error {
	fs := newFlags(e, "play", playUsage)
	source := fs.String("source", "", "camera index, device, URL, video, folder or `demo` (default: the first camera, else the demo)")
	spec := fs.String("rules", "yahtzee", "rule set and options of the game to play, e.g. yacht:big-straight=40 (one of "+strings.Join(rules.Names(), ", ")+"); without it the stored game resumes")
	players := fs.String("players", "", "comma-separated `names` of the game's players (default: the stored game's, else Player 1, Player 2)")
	profile := fs.String("profile", "", "calibration `profile` to read, and to write when calibrating from the page (default: the one 'dicecam calibrate' saved, else built-in defaults until you calibrate)")
	listen := fs.String("listen", "127.0.0.1:8700", "`address` to serve on; any other than this machine's loopback needs the printed token")
	var size string
	sizeFlag(fs, &size)
	data := fs.String("data", "", "`directory` of the games database (default: $XDG_DATA_HOME/dicecam or ~/.local/share/dicecam)")
	keepRolls := fs.String("keep-rolls", "", "labelled `folder` to add each camera roll the table confirms to, frame and faces, for 'dicecam calibrate --from'")
	if err := parseOnlyFlags(fs, args, "play takes only flags"); err != nil {
		return err
	}
	set, err := rules.Parse(*spec)
	if err != nil {
		return usagef("--rules: %v", err)
	}
	frame, err := parseSize(size)
	if err != nil {
		return err
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
	// Flags given name the game to play; without them the stored one
	// resumes, whatever the defaults say.
	named := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { named[f.Name] = true })
	var gameRules *rules.Set
	if named["rules"] {
		gameRules = set
	}
	if !named["players"] {
		names = nil
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
	if gameRules == nil {
		set = latestRules(ctx, db, set)
	}
	reader, readsPoker, err := openPlayReader(e, readFrom, set)
	if err != nil {
		return err
	}
	var rolls *live.Rolls
	if *keepRolls != "" {
		// Opened before the camera, so that a folder it may not add to
		// stops play before anything starts.
		if rolls, err = live.KeepRolls(*keepRolls, e.log); err != nil {
			reader.Close()
			return err
		}
	}
	feed, demo, err := openFeed(ctx, e, *source, vision.SourceOptions{Live: true, Size: frame}, reader)
	if err != nil {
		if rolls != nil {
			rolls.Close()
		}
		return err
	}
	if rolls != nil {
		feed.KeepRolls(rolls)
	}
	defer func() {
		feed.Close() // which writes the last roll kept
		if rolls != nil {
			fmt.Fprintf(e.stderr, "confirmed rolls kept in %s this time: %d; fit a profile to them with: dicecam calibrate --from %s\n", rolls.Dir(), rolls.Kept(), rolls.Dir())
		}
	}()

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
	cfg := scoreboard.Config{
		Store: db, Rules: gameRules, Players: names, Token: token, Demo: demo, Camera: true, ReadsPoker: readsPoker,
		Calibrator: calibrator, Log: e.log,
	}
	if rolls != nil { // a nil *live.Rolls in the interface would be called
		cfg.Rolls = rolls
	}
	srv, err := scoreboard.New(ctx, cfg)
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

// latestRules is the rule set of the game that will resume, the latest
// stored one, or def when there is none to read.
func latestRules(ctx context.Context, db *store.Store, def *rules.Set) *rules.Set {
	sg, err := db.LatestGame(ctx)
	if err != nil {
		return def
	}
	set, err := rules.Parse(sg.Spec)
	if err != nil {
		return def
	}
	return set
}

// openPlayReader makes the reader for a game of set from the profile at
// path (empty for the built-in defaults). For poker dice it is one that
// reads their faces where the profile (or a built-in model) can; where none
// can, it reads pips and readsPoker is false, so the page says the camera
// needs a poker calibration and the players type the dice.
func openPlayReader(e *env, path string, set *rules.Set) (r *vision.Reader, readsPoker bool, err error) {
	p, err := loadProfile(path, "")
	if err != nil {
		return nil, false, err
	}
	if set.Faces() == rules.PokerFaces && p.Faces != rules.PokerFaces {
		poker := *p
		poker.Faces = rules.PokerFaces
		r, err := vision.NewReader(&poker)
		if err == nil {
			return r, true, nil
		}
		e.log.Warn("the camera cannot read poker dice yet: type them on the page, or calibrate on them with 'dicecam calibrate --faces poker'", "why", err)
	}
	r, err = vision.NewReader(p)
	return r, err == nil && p.Faces == rules.PokerFaces, err
}

// openFeed opens the named source, or the first camera and failing that
// the demo, to be read with reader, which becomes the feed's; demo says
// the demo is what plays.
func openFeed(ctx context.Context, e *env, source string, opts vision.SourceOptions, reader *vision.Reader) (f *live.Feed, demo bool, err error) {
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
