package scoreboard

import (
	"errors"
	"fmt"
	"net/http"
)

// handleCameraStream streams the annotated camera frames as MJPEG, which an
// <img> shows with no script. Each view waits on the frames alone, never
// on the game. GET /camera.mjpeg
func (s *Server) handleCameraStream(w http.ResponseWriter, r *http.Request) {
	// Another site's page may not show the table's camera in an <img>,
	// where the same-origin rules of scripts do not hold.
	if crossSite(r) {
		writeError(w, http.StatusForbidden, errors.New("the camera view is shown only on this scoreboard's own page"))
		return
	}
	const boundary = "dicecamframe"
	w.Header().Set("Content-Type", "multipart/x-mixed-replace; boundary="+boundary)
	w.Header().Set("Cache-Control", "no-store")
	flusher, _ := w.(http.Flusher)
	// Headers go out at once: a browser waits for them before it goes on.
	w.WriteHeader(http.StatusOK)
	if flusher != nil {
		flusher.Flush()
	}
	// Each picture is followed at once by the next boundary: a browser
	// shows a part only when it sees the boundary that ends it.
	if _, err := fmt.Fprintf(w, "--%s\r\n", boundary); err != nil {
		return
	}
	first := true
	for {
		frame, next := s.cam.latest()
		// Browsers draw a part only once the next one begins, so a view
		// that joins on a still tray gets its first picture twice.
		for n := 0; frame != nil && n < 1+btoi(first); n++ {
			if _, err := fmt.Fprintf(w, "Content-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n", len(frame)); err != nil {
				return
			}
			if _, err := w.Write(frame); err != nil {
				return
			}
			if _, err := fmt.Fprintf(w, "\r\n--%s\r\n", boundary); err != nil {
				return
			}
			if flusher != nil {
				flusher.Flush()
			}
		}
		first = first && frame == nil
		select {
		case <-r.Context().Done():
			return
		case <-next:
		}
		s.cam.mu.Lock()
		closed := s.cam.closed
		s.cam.mu.Unlock()
		if closed {
			return
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
