package vision

import "gocv.io/x/gocv"

// classifier scores die candidates with the small ONNX model of vision/model.
type classifier struct {
	net gocv.Net
}

// loadClassifier returns the built-in model, or nil when this build has none,
// in which case the reader counts pips alone.
func loadClassifier() (*classifier, error) {
	return nil, nil
}

func (c *classifier) Close() error { return c.net.Close() }

// judge lets the model confirm, correct or reject each die read by pips.
func (c *classifier) judge(frame gocv.Mat, dice []Die) ([]Die, error) {
	return dice, nil
}
