package scoreboard

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
)

// hub hands the latest state to every open event stream. A slow page
// misses intermediate states, never the latest one.
type hub struct {
	mu     sync.Mutex
	subs   map[chan []byte]struct{}
	closed chan struct{}
}

func newHub() *hub { return &hub{subs: map[chan []byte]struct{}{}, closed: make(chan struct{})} }

func (h *hub) subscribe() chan []byte {
	c := make(chan []byte, 1)
	h.mu.Lock()
	h.subs[c] = struct{}{}
	h.mu.Unlock()
	return c
}

func (h *hub) unsubscribe(c chan []byte) {
	h.mu.Lock()
	delete(h.subs, c)
	h.mu.Unlock()
}

func (h *hub) publish(msg []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.subs {
		select {
		case <-c: // drop the state the page has not taken yet
		default:
		}
		c <- msg
	}
}

func (h *hub) close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-h.closed:
	default:
		close(h.closed)
	}
}

// broadcastLocked sends every page the state as it now stands, and returns
// it for the reply to the request that changed it.
func (s *Server) broadcastLocked() View {
	s.seq++
	v := s.viewLocked()
	b, err := json.Marshal(v)
	if err != nil {
		s.cfg.Log.Error("encode state", "err", err)
		return v
	}
	s.hub.publish(b)
	return v
}

// broadcast tells every page of a change outside a move (the camera's status).
func (s *Server) broadcast() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.broadcastLocked()
}

// handleEvents streams the full state as server-sent events: once as soon
// as the page connects, then after every change. GET /api/events
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		writeError(w, http.StatusInternalServerError, fmt.Errorf("streaming is not supported here"))
		return
	}
	c := s.hub.subscribe()
	defer s.hub.unsubscribe(c)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	s.mu.Lock()
	first, err := json.Marshal(s.viewLocked())
	s.mu.Unlock()
	if err != nil {
		return
	}
	send := func(b []byte) bool {
		_, err := fmt.Fprintf(w, "event: state\ndata: %s\n\n", b)
		flusher.Flush()
		return err == nil
	}
	if !send(first) {
		return
	}
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.hub.closed:
			return
		case b := <-c:
			if !send(b) {
				return
			}
		}
	}
}
