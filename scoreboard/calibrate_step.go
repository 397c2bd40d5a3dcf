package scoreboard

import (
	"errors"
	"net/http"
)

// handleCalibrate takes one step of the guided calibration. It is not a
// move of the game, so it carries no version. POST /api/calibrate {"do", "tray"}
func (s *Server) handleCalibrate(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Calibrator == nil {
		writeError(w, http.StatusNotFound, errors.New("calibration needs a camera: start dicecam play with --source"))
		return
	}
	var a CalibrationAction
	if err := decodeAny(r, &a); err != nil {
		writeBodyError(w, err)
		return
	}
	c, err := s.cfg.Calibrator.Calibrate(r.Context(), a)
	if err != nil {
		writeError(w, http.StatusUnprocessableEntity, err)
		return
	}
	if c.Warnings == nil {
		c.Warnings = []string{}
	}
	s.mu.Lock()
	s.calibration = c
	s.broadcastLocked()
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, c)
}
