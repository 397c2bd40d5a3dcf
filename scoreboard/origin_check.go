package scoreboard

import (
	"errors"
	"mime"
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
		if crossSite(r) {
			writeError(w, http.StatusForbidden, errors.New("a POST from another site's page is refused"))
			return
		}
		if o := r.Header.Get("Origin"); o != "" && !strings.EqualFold(o, "http://"+r.Host) {
			writeError(w, http.StatusForbidden, errors.New("a POST from another origin ("+o+") is refused"))
			return
		}
		// A form on another site cannot send JSON without asking first
		// (a CORS preflight this server never answers). Only a POST has a
		// body to act on; other methods go on to be told which one to use.
		if r.Method == http.MethodPost && !isJSON(r.Header.Get("Content-Type")) {
			writeError(w, http.StatusUnsupportedMediaType, errors.New(`send the body as JSON with "Content-Type: application/json"`))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// isJSON says whether a Content-Type names JSON itself, parameters such as
// a charset aside; "application/jsonp" is another type.
func isJSON(contentType string) bool {
	t, _, err := mime.ParseMediaType(contentType)
	return err == nil && t == "application/json"
}

// crossSite says whether a browser says another site's page made the
// request. Scripts and curl send no Sec-Fetch-Site and pass.
func crossSite(r *http.Request) bool {
	site := r.Header.Get("Sec-Fetch-Site")
	return site == "cross-site" || site == "same-site"
}
