package scoreboard

import (
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"

	"github.com/dicecam/dicecam/rules"
)

//go:embed web/templates/*.html
var templateFS embed.FS

//go:embed web/static
var staticFS embed.FS

var pages = template.Must(template.New("").Funcs(template.FuncMap{
	"sub1": func(i int) int { return i - 1 },
}).ParseFS(templateFS, "web/templates/*.html"))

// pageData is what every page template gets.
type pageData struct {
	Token string // carried into every request the page makes
	Demo  bool
	// KeepsRolls says the camera's confirmed rolls are kept as photos,
	// which the table should know.
	KeepsRolls bool
	Print      printData
}

func (s *Server) pageRoutes(mux *http.ServeMux) {
	static, err := fs.Sub(staticFS, "web/static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	mux.Handle("GET /static/", http.StripPrefix("/static/", filesOnly(http.FileServerFS(static))))
	// Browsers ask for /favicon.ico whatever the page links; both get the die.
	mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "max-age=86400")
		http.ServeFileFS(w, r, static, "favicon.svg")
	})
	mux.HandleFunc("GET /{$}", s.page("index.html"))
	mux.HandleFunc("GET /overlay", s.page("overlay.html"))
	mux.HandleFunc("GET /print", s.handlePrint)
}

// filesOnly serves the files of a file server and not the listing of a
// folder, which tells nothing a page needs.
func filesOnly(files http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "" || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}

func (s *Server) page(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.render(w, name, pageData{Token: s.cfg.Token, Demo: s.cfg.Demo, KeepsRolls: s.cfg.Rolls != nil})
	}
}

func (s *Server) render(w http.ResponseWriter, name string, d pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Frame-Options", "SAMEORIGIN")
	if err := pages.ExecuteTemplate(w, name, d); err != nil {
		s.cfg.Log.Error("render page", "page", name, "err", err)
	}
}

// printData is a card on paper: blank, or a game's.
type printData struct {
	Title   string
	Paper   string // "letter" or "a4"
	Rules   *rules.Set
	Players []printColumn
	Blank   bool
	GameID  int64 // the game printed, 0 for a blank card
	Columns []int // the column counts a blank card may have, for the page's choice

	Bonus, BonusAt, FiveBonus int
}

type printColumn struct {
	Name   string
	Boxes  map[rules.BoxID]string
	Totals rules.Totals
}

// handlePrint shows a card for printing, with the choice of paper and, for
// a blank card, of columns, and a Print button, none of which go on paper:
// GET /print?blank=1&players=4&paper=a4&rules=yacht, the game in play, or
// any kept game with ?game=ID.
func (s *Server) handlePrint(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	d := printData{Paper: "letter"}
	if q.Get("paper") == "a4" {
		d.Paper = "a4"
	}
	if q.Get("blank") != "" {
		set, err := rules.Parse(q.Get("rules"))
		if q.Get("rules") == "" {
			s.mu.Lock()
			set, err = s.game.Set, nil
			s.mu.Unlock()
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		n, err := strconv.Atoi(q.Get("players"))
		if err != nil || n < 1 || n > MaxPlayers {
			http.Error(w, fmt.Sprintf("a blank card has 1 to %d player columns, as a game has: ?players=4", MaxPlayers), http.StatusBadRequest)
			return
		}
		d.Rules, d.Blank, d.Title = set, true, set.Name()
		for i := range MaxPlayers {
			d.Columns = append(d.Columns, i+1)
		}
		for range n {
			d.Players = append(d.Players, printColumn{})
		}
	} else {
		g, err := s.printedGame(r)
		if err != nil {
			http.Error(w, err.Error(), http.StatusNotFound)
			return
		}
		st := g.State()
		d.Rules, d.GameID = g.Set, g.ID
		d.Title = fmt.Sprintf("%s, game %d, %s", g.Set.Name(), g.ID, g.Started.Format("2 Jan 2006"))
		for i, name := range st.Names {
			c := st.Table.Card(i)
			col := printColumn{Name: name, Boxes: map[rules.BoxID]string{}, Totals: c.Totals()}
			for _, b := range g.Set.Boxes() {
				if pts, ok := c.Filled(b.ID); ok {
					col.Boxes[b.ID] = strconv.Itoa(pts)
					if c.Marked(b.ID) {
						col.Boxes[b.ID] += "!"
					}
				}
			}
			d.Players = append(d.Players, col)
		}
	}
	d.Bonus, d.BonusAt = d.Rules.UpperBonus()
	d.FiveBonus = d.Rules.FiveBonus()
	s.render(w, "print.html", pageData{Token: s.cfg.Token, Print: d})
}

// printedGame is the game ?game=ID names, or the game in play.
func (s *Server) printedGame(r *http.Request) (*Game, error) {
	text := r.URL.Query().Get("game")
	if text == "" {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.game, nil
	}
	id, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("game %q is not a number: the recent games list gives each game's", text)
	}
	return s.gameByID(r.Context(), id)
}
