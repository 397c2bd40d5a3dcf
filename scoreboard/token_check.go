package scoreboard

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"net/http"
)

// NewToken makes a random token for a server listening beyond this machine.
func NewToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// checkToken lets through only requests carrying the token, as ?token= (the
// link dicecam play printed) or the X-Dicecam-Token header, and the icon.
func checkToken(token string, next http.Handler) http.Handler {
	want := []byte(token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Browsers ask for the icon without the link's token; it tells nothing.
		if r.URL.Path == "/favicon.ico" {
			next.ServeHTTP(w, r)
			return
		}
		got := r.URL.Query().Get("token")
		if got == "" {
			got = r.Header.Get("X-Dicecam-Token")
		}
		if subtle.ConstantTimeCompare([]byte(got), want) != 1 {
			writeError(w, http.StatusForbidden,
				errors.New("this scoreboard needs its token: open the full link dicecam play printed, with ?token="))
			return
		}
		next.ServeHTTP(w, r)
	})
}
