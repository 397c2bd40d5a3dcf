// Package streamtest serves a live MJPEG stream for tests, as network
// cameras do: JPEG frames in a multipart response that never ends by
// itself, and a camera that can drop and come back.
package streamtest

import (
	"fmt"
	"net/http"
	"time"
)

// Camera is an http.Handler streaming MJPEG. Each connection takes the next
// entry of Sessions and sends that many frames, then drops; a negative
// entry, or none left, refuses the connection as a busy camera does.
type Camera struct {
	Sessions chan int
	// Frame is the JPEG of the i-th frame sent, counting over all sessions.
	Frame func(i int) []byte
	// Gap is the time between frames; zero means 10 ms.
	Gap  time.Duration
	sent int // only the handler of one session at a time counts
}

// NewCamera makes a camera whose connections send the frames of sessions in
// turn, each frame made by frame.
func NewCamera(frame func(i int) []byte, sessions ...int) *Camera {
	c := &Camera{Sessions: make(chan int, len(sessions)+16), Frame: frame}
	for _, n := range sessions {
		c.Sessions <- n
	}
	return c
}

func (c *Camera) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := -1
	select {
	case n = <-c.Sessions:
	default: // no more sessions: the camera stays away
	}
	if n < 0 {
		http.Error(w, "camera busy", http.StatusServiceUnavailable)
		return
	}
	gap := c.Gap
	if gap <= 0 {
		gap = 10 * time.Millisecond
	}
	w.Header().Set("Content-Type", "multipart/x-mixed-replace; boundary=frame")
	for range n {
		jpeg := c.Frame(c.sent)
		c.sent++
		fmt.Fprintf(w, "--frame\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n", len(jpeg))
		w.Write(jpeg)
		fmt.Fprint(w, "\r\n")
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
			return
		case <-time.After(gap):
		}
	}
}
