package scoreboard

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRequestsNamingAnotherHostAreRefused(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	req, err := http.NewRequest("GET", b.url+"/api/state", nil)
	require.NoError(t, err)
	req.Host = "evil.example:" + strings.Split(b.url, ":")[2]
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusMisdirectedRequest, resp.StatusCode)

	req.Host = "localhost:" + strings.Split(b.url, ":")[2]
	resp, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusOK, resp.StatusCode, "localhost names a loopback listener too")
}

func TestPostsFromAnotherOriginAreRefused(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	for _, tc := range []struct {
		name    string
		headers map[string]string
		code    int
	}{
		{"other origin", map[string]string{"Origin": "http://evil.example", "Content-Type": "application/json"}, http.StatusForbidden},
		{"cross-site fetch", map[string]string{"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}, http.StatusForbidden},
		{"form post", map[string]string{"Content-Type": "text/plain"}, http.StatusUnsupportedMediaType},
		{"a type that starts like JSON", map[string]string{"Content-Type": "application/jsonp"}, http.StatusUnsupportedMediaType},
		{"same origin", map[string]string{"Origin": b.url, "Content-Type": "application/json"}, http.StatusOK},
		{"JSON with its charset", map[string]string{"Content-Type": "application/json; charset=utf-8"}, http.StatusOK},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := b.state()
			req, err := http.NewRequest("POST", b.url+"/api/players", strings.NewReader(`{"version":`+jsonInt(v.Version)+`,"name":"Eve"}`))
			require.NoError(t, err)
			for k, val := range tc.headers {
				req.Header.Set(k, val)
			}
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			resp.Body.Close()
			assert.Equal(t, tc.code, resp.StatusCode)
		})
	}
	assert.Len(t, b.state().Players, 3, "only the same-origin posts of JSON added a player")
}

func TestTokenIsCheckedOnEveryRequest(t *testing.T) {
	b := newBoardIn(t, t.TempDir(), Config{Token: "s3cret"}, "yacht", "Ann")
	for _, tc := range []struct {
		path string
		code int
	}{
		{"/api/state", http.StatusForbidden},
		{"/", http.StatusForbidden},
		{"/camera.mjpeg", http.StatusForbidden},
		{"/api/state?token=wrong", http.StatusForbidden},
		{"/api/state?token=s3cret", http.StatusOK},
		{"/?token=s3cret", http.StatusOK},
	} {
		resp, err := http.Get(b.url + tc.path)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, tc.code, resp.StatusCode, tc.path)
	}
}

func TestAllowedHosts(t *testing.T) {
	for _, tc := range []struct {
		listen, host string
		ok           bool
	}{
		{"127.0.0.1:8080", "127.0.0.1:8080", true},
		{"127.0.0.1:8080", "localhost:8080", true},
		{"127.0.0.1:8080", "localhost:9090", false},
		{"127.0.0.1:8080", "rebind.example:8080", false},
		{"192.168.1.5:8080", "192.168.1.5:8080", true},
		{"192.168.1.5:8080", "localhost:8080", false},
		{"0.0.0.0:8080", "10.0.0.7:8080", true},
		{"0.0.0.0:8080", "rebind.example:8080", false},
		{"0.0.0.0:8080", "localhost:8080", true},
		{"0.0.0.0:8080", "localhost:9090", false},
	} {
		assert.Equal(t, tc.ok, allowedHosts(tc.listen)(tc.host), "%s via %s", tc.host, tc.listen)
	}
}

func TestOtherMethodsAreToldWhichOneToUse(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	for _, tc := range []struct{ method, path string }{
		{http.MethodDelete, "/api/state"},
		{http.MethodDelete, "/api/roll"},
		{http.MethodPut, "/api/roll"},
	} {
		req, err := http.NewRequest(tc.method, b.url+tc.path, nil)
		require.NoError(t, err)
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusMethodNotAllowed, resp.StatusCode, "%s %s", tc.method, tc.path)
		assert.NotEmpty(t, resp.Header.Get("Allow"), "%s %s", tc.method, tc.path)
	}
}

func TestEveryResponseCarriesTheSecurityHeaders(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	port := strings.Split(b.url, ":")[2]
	for _, tc := range []struct {
		name, path, host string
		code             int
	}{
		{"the page", "/", "", http.StatusOK},
		{"the state", "/api/state", "", http.StatusOK},
		{"a script", "/static/app.js", "", http.StatusOK},
		{"the print view", "/print", "", http.StatusOK},
		{"a path that is not there", "/nothing", "", http.StatusNotFound},
		{"a listing of the scripts", "/static/", "", http.StatusNotFound},
		{"a foreign host", "/api/state", "evil.example:" + port, http.StatusMisdirectedRequest},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest("GET", b.url+tc.path, nil)
			require.NoError(t, err)
			if tc.host != "" {
				req.Host = tc.host
			}
			resp, err := http.DefaultClient.Do(req)
			require.NoError(t, err)
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			assert.Equal(t, tc.code, resp.StatusCode)
			h := resp.Header
			assert.Contains(t, h.Get("Content-Security-Policy"), "frame-ancestors 'self'")
			assert.Contains(t, h.Get("Content-Security-Policy"), "default-src 'self'")
			assert.Equal(t, "nosniff", h.Get("X-Content-Type-Options"))
			assert.Equal(t, "no-referrer", h.Get("Referrer-Policy"))
			assert.Equal(t, "same-origin", h.Get("Cross-Origin-Resource-Policy"))
			assert.NotContains(t, string(body), "app.js\"", "no file listing")
		})
	}
}

func TestTheCameraViewIsNotServedToOtherSitesPages(t *testing.T) {
	b := newBoardIn(t, t.TempDir(), Config{Camera: true}, "yacht", "Ann")
	for _, tc := range []struct {
		site string
		code int
	}{
		{"cross-site", http.StatusForbidden},
		{"same-site", http.StatusForbidden},
		{"same-origin", http.StatusOK},
		{"", http.StatusOK},
	} {
		req, err := http.NewRequest("GET", b.url+"/camera.mjpeg", nil)
		require.NoError(t, err)
		if tc.site != "" {
			req.Header.Set("Sec-Fetch-Site", tc.site)
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close() // the stream would go on
		assert.Equal(t, tc.code, resp.StatusCode, "Sec-Fetch-Site: %q", tc.site)
	}
}

func TestABlankCardHasAsManyColumnsAsAGame(t *testing.T) {
	b := newBoard(t, "yacht", "Ann")
	for _, tc := range []struct {
		players string
		code    int
	}{
		{"8", http.StatusOK},
		{"9", http.StatusBadRequest},
		{"0", http.StatusBadRequest},
	} {
		resp, err := http.Get(b.url + "/print?blank=1&players=" + tc.players)
		require.NoError(t, err)
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		assert.Equal(t, tc.code, resp.StatusCode, "%s players", tc.players)
		if tc.code == http.StatusOK {
			assert.Equal(t, MaxPlayers, strings.Count(string(body), `class="player"`))
		}
	}
}
