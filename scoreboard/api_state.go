package scoreboard

import "net/http"

// handleState returns the whole game. GET /api/state
func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	v := s.viewLocked()
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, v)
}
