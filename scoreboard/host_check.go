package scoreboard

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
)

// checkHost refuses requests whose Host header does not name the server:
// a web page that rebinds its own domain name to 127.0.0.1 can reach the
// port, but its requests still carry its own name.
func checkHost(addr string, next http.Handler) http.Handler {
	allowed := allowedHosts(addr)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !allowed(r.Host) {
			writeError(w, http.StatusMisdirectedRequest,
				fmt.Errorf("host %q is not this scoreboard's address %s: open the address dicecam play printed", r.Host, addr))
			return
		}
		next.ServeHTTP(w, r)
	})
}

func allowedHosts(addr string) func(host string) bool {
	lhost, port, err := net.SplitHostPort(addr)
	if err != nil {
		return func(host string) bool { return strings.EqualFold(host, addr) }
	}
	names := map[string]bool{strings.ToLower(lhost): true}
	ip := net.ParseIP(lhost)
	loopback := lhost == "localhost" || (ip != nil && ip.IsLoopback())
	if loopback {
		names["localhost"], names["127.0.0.1"], names["::1"] = true, true, true
	}
	// Listening on every interface: the machine is reached by one of its
	// addresses (a rebinding attack needs a name, never an IP literal) or
	// by its own host name.
	any := ip != nil && ip.IsUnspecified() || lhost == ""
	if any {
		// Every interface includes the loopback one, which a browser on
		// this machine names localhost; no rebinding page can own that name.
		names["localhost"] = true
		if h, err := os.Hostname(); err == nil {
			names[strings.ToLower(h)] = true
			names[strings.ToLower(h)+".local"] = true
		}
	}
	return func(host string) bool {
		h, p, err := net.SplitHostPort(host)
		if err != nil || p != port {
			return false
		}
		h = strings.ToLower(h)
		return names[h] || (any && net.ParseIP(h) != nil)
	}
}
