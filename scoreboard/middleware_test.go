package scoreboard

import (
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
		{"same origin", map[string]string{"Origin": b.url, "Content-Type": "application/json"}, http.StatusOK},
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
	assert.Len(t, b.state().Players, 2, "only the same-origin post added a player")
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
	} {
		assert.Equal(t, tc.ok, allowedHosts(tc.listen)(tc.host), "%s via %s", tc.host, tc.listen)
	}
}
