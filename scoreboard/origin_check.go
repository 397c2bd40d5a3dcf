package scoreboard

import (
	"errors"
	"net/http"
	"strings"
)

// checkOrigin refuses a POST sent by another site's page: browsers name the
// sending page's origin, and the page of this scoreboard is always served
// from the Host it posts to. Requests without Origin (scripts, curl) pass,
// as does no browser that would attach one.
func checkOrigin(addr string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" || site == "same-site" {
			writeError(w, http.StatusForbidden, errors.New("a POST from another site's page is refused"))
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !strings.EqualFold(o, "http://"+r.Host) {
			writeError(w, http.StatusForbidden, errors.New("a POST from another origin ("+o+") is refused"))
			return
		}
		// A form on another site cannot send JSON without asking first
		// (a CORS preflight this server never answers).
		if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			writeError(w, http.StatusUnsupportedMediaType, errors.New(`send the body as JSON with "Content-Type: application/json"`))
			return
		}
		next.ServeHTTP(w, r)
	})
}
