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
	Print printData
}

func (s *Server) pageRoutes(mux *http.ServeMux) {
	static, err := fs.Sub(staticFS, "web/static")
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	mux.Handle("GET /static/", http.StripPrefix("/static/", filesOnly(http.FileServerFS(static))))
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
		s.render(w, name, pageData{Token: s.cfg.Token, Demo: s.cfg.Demo})
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

// printData is a card on paper: blank, or the current game.
type printData struct {
	Title   string
	Paper   string // "letter" or "a4"
	Rules   *rules.Set
	Players []printColumn
	Blank   bool

	Bonus, BonusAt, FiveBonus int
}

type printColumn struct {
	Name   string
	Boxes  map[rules.BoxID]string
	Totals rules.Totals
}

// handlePrint shows a card for printing, with no controls or camera:
// GET /print?blank=1&players=4&paper=a4&rules=yacht, or the current game.
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
		for range n {
			d.Players = append(d.Players, printColumn{})
		}
	} else {
		s.mu.Lock()
		g := s.game
		st := g.State()
		d.Rules = g.Set
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
		s.mu.Unlock()
	}
	d.Bonus, d.BonusAt = d.Rules.UpperBonus()
	d.FiveBonus = d.Rules.FiveBonus()
	s.render(w, "print.html", pageData{Token: s.cfg.Token, Print: d})
}
