package scoreboard

import (
	"fmt"
	"net/http"
)

// handleCameraStream streams the annotated camera frames as MJPEG, which an
// <img> shows with no script. Each view waits on the frames alone, never
// on the game. GET /camera.mjpeg
func (s *Server) handleCameraStream(w http.ResponseWriter, r *http.Request) {
	const boundary = "dicecamframe"
	w.Header().Set("Content-Type", "multipart/x-mixed-replace; boundary="+boundary)
	w.Header().Set("Cache-Control", "no-store")
	flusher, _ := w.(http.Flusher)
	// Headers go out at once: a browser waits for them before it goes on.
	w.WriteHeader(http.StatusOK)
	if flusher != nil {
		flusher.Flush()
	}
	for {
		frame, next := s.cam.latest()
		if frame != nil {
			if _, err := fmt.Fprintf(w, "--%s\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n", boundary, len(frame)); err != nil {
				return
			}
			if _, err := w.Write(frame); err != nil {
				return
			}
			if _, err := w.Write([]byte("\r\n")); err != nil {
				return
			}
			if flusher != nil {
				flusher.Flush()
			}
		}
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
