// Package scoreboard keeps the score card of a Yacht-family game and serves
// it as a web page: the game state as a replayed move log, stored in SQLite
// move by move, a JSON API under /api/ that the page itself uses, live
// updates to every open page, the camera view, and advice on the roll from
// the optimal-play tables of rules/strategy.
package scoreboard

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/log"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
	"github.com/dicecam/dicecam/scoreboard/store"
)

// Config is what a Server is made from.
type Config struct {
	Store *store.Store
	// Rules and Players, where set, name the game to play: the stored game
	// in play resumes when it is that game, else this one starts and the
	// stored one stays in the history. Where not set, the stored game's
	// resume, and a first game is yahtzee for two.
	Rules   *rules.Set
	Players []string
	// Token, when set, must come with every request (?token= or the
	// X-Dicecam-Token header): it is how a page reached over the network
	// proves it was given the link.
	Token string
	// Demo says the camera is the built-in demo, so the page says so.
	Demo bool
	// Camera says a camera feeds the server; without one the players type the dice.
	Camera bool
	// ReadsPoker says the camera's reader knows poker dice: a profile
	// calibrated on them, or a built-in poker model. Without it the page of
	// a poker game says the camera needs a poker calibration, and the
	// camera's rolls, read as pips, are not taken.
	ReadsPoker bool
	// Calibrator, when set, lets the page calibrate the camera.
	Calibrator Calibrator
	// Rolls, when set, is told of each camera roll the table confirms.
	Rolls RollKeeper
	// Tables are where advice comes from; nil loads them with
	// strategy.Load from the user's cache directory.
	Tables *Tables
	Log    *log.Logger
	Now    func() time.Time // for tests; time.Now when nil
}

// Server is the scoreboard: one game at a time, shared by every open page.
type Server struct {
	cfg       Config
	hub       *hub
	cam       *camera
	tables    *Tables
	ownTables bool // made by New, so closed by Close
	// ctx ends, by stop, when the server closes: work in the background
	// for the pages stops with it.
	ctx  context.Context
	stop context.CancelFunc

	mu          sync.Mutex // guards the fields below, and serialises moves with their storing
	game        *Game
	calibration Calibration
	// adviceSwitch is the page's advice switch for this game; nil until
	// it is used, when the number of players decides.
	adviceSwitch *bool
	adviceKey    string // the state advice was last worked out for
	advice       AdviceView
	// beatGame is the game whose advice plays to beat the leader, as its
	// last player switched it; 0 for none.
	beatGame int64
	plan     *winPlanLoad // the last turn's plan to beat the leader
	seq      int64        // counts the states pages were sent; see View.Seq
	// refused is why the camera's last roll was not taken, shown while
	// the game stays at version refusedAt.
	refused   string
	refusedAt int
}

// New makes a server that resumes the latest stored game, or starts one
// with cfg.Rules and cfg.Players when there is none or they name another;
// it says so on the log in one line.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = log.New(nil)
	}
	s := &Server{cfg: cfg, hub: newHub(), cam: newCamera(), tables: cfg.Tables}
	s.ctx, s.stop = context.WithCancel(context.Background())
	g, err := s.resume(ctx)
	switch {
	case errors.Is(err, store.ErrNotFound):
		g, err = s.start(ctx, cfg.Rules, cfg.Players)
	case err == nil:
		g, err = s.startNamed(ctx, g)
	}
	if err != nil {
		return nil, err
	}
	if s.tables == nil {
		s.tables = NewTables(strategy.Options{Log: slog.New(cfg.Log)})
		s.ownTables = true
	}
	s.game = g
	// Above any count an earlier run of the server reached, so a page
	// left open across a restart takes the new states.
	s.seq = time.Now().UnixMicro()
	s.prepareAdviceLocked()
	return s, nil
}

func (s *Server) resume(ctx context.Context) (*Game, error) {
	sg, err := s.cfg.Store.LatestGame(ctx)
	if err != nil {
		return nil, err
	}
	g, err := load(ctx, s.cfg.Store, sg)
	if err != nil {
		return nil, fmt.Errorf("resume: %w", err)
	}
	s.adviceSwitch = sg.Advice
	return g, nil
}

// startNamed starts the game cfg.Rules and cfg.Players name when the
// stored game g is played otherwise, and returns the game to play.
func (s *Server) startNamed(ctx context.Context, g *Game) (*Game, error) {
	set, names := g.Set, g.State().Names
	if s.cfg.Rules != nil {
		set = s.cfg.Rules
	}
	if len(s.cfg.Players) > 0 {
		clean, err := cleanNames(s.cfg.Players)
		if err != nil {
			return nil, err
		}
		names = clean
	}
	if set.Spec() == g.Set.Spec() && slices.Equal(names, g.State().Names) {
		return g, nil
	}
	next, err := s.start(ctx, set, names)
	if err != nil {
		return nil, err
	}
	s.adviceSwitch = nil
	s.cfg.Log.Info(fmt.Sprintf("new game %d, %s for %s, as asked; game %d (%s for %s) stays in the recent games, to resume there",
		next.ID, set.Spec(), strings.Join(names, ", "), g.ID, g.Set.Spec(), strings.Join(g.State().Names, ", ")))
	return next, nil
}

// start stores a new game; the caller installs it.
func (s *Server) start(ctx context.Context, set *rules.Set, names []string) (*Game, error) {
	if set == nil {
		var err error
		if set, err = rules.Parse("yahtzee"); err != nil {
			return nil, err
		}
	}
	if len(names) == 0 {
		names = []string{"Player 1", "Player 2"}
	}
	if len(names) > MaxPlayers {
		return nil, fmt.Errorf("%d players: the card has room for %d", len(names), MaxPlayers)
	}
	clean, err := cleanNames(names)
	if err != nil {
		return nil, err
	}
	sg, err := s.cfg.Store.CreateGame(ctx, set.Spec(), clean, s.cfg.Now())
	if err != nil {
		return nil, err
	}
	return NewGame(sg.ID, sg.Started, set, clean), nil
}

// Handler serves the page and the API. addr is the address the server
// listens on, as a browser will name it in the Host header.
func (s *Server) Handler(addr string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/state", s.handleState)
	mux.HandleFunc("GET /api/events", s.handleEvents)
	for _, route := range moveRoutes {
		mux.HandleFunc("POST "+route.path, s.handleMove(route))
	}
	mux.HandleFunc("POST /api/new", s.handleGameNew)
	mux.HandleFunc("GET /api/games", s.handleGamesRecent)
	mux.HandleFunc("GET /api/games/{id}", s.handleGameView)
	mux.HandleFunc("GET /api/games/{id}/export", s.handleGameExport)
	mux.HandleFunc("GET /api/games/{id}/review", s.handleGameReview)
	mux.HandleFunc("POST /api/resume", s.handleGameResume)
	mux.HandleFunc("POST /api/calibrate", s.handleCalibrate)
	mux.HandleFunc("POST /api/advice", s.handleAdviceSet)
	mux.HandleFunc("GET /camera.mjpeg", s.handleCameraStream)
	s.pageRoutes(mux)

	var h http.Handler = mux
	h = checkOrigin(addr, h)
	if s.cfg.Token != "" {
		h = checkToken(s.cfg.Token, h)
	}
	return withSecurityHeaders(checkHost(addr, h))
}

// Close ends the open event streams and camera views, so a server can shut
// down without waiting on them.
func (s *Server) Close() {
	s.stop()
	s.hub.close()
	s.cam.close()
	if s.ownTables {
		s.tables.Close()
	}
}
