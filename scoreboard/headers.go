package scoreboard

import "net/http"

// contentPolicy lets the page load its own scripts, styles and pictures
// and nothing else, and lets no other site frame it. The page has no inline
// script or style to allow.
const contentPolicy = "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'self'"

// withSecurityHeaders sets, on every response, refusals included, what
// keeps other sites from framing the page, reading a reply as another kind
// of file, learning the token from a Referer, or embedding a response.
func withSecurityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}
