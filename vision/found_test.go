package vision

import (
	"image"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/model"
)

func TestDecideFoundAsksWhereTheDetectorOrTheModelIsUnsure(t *testing.T) {
	at := func(x, y int, s, seen float64) proposal {
		return proposal{die: Die{Center: image.Pt(x, y)}, s: s, seen: seen, detected: true}
	}
	reads := func(v int, p float64) [model.Classes]float64 {
		var pr [model.Classes]float64
		pr[v] = p
		pr[model.NotADie] = 1 - p
		return pr
	}
	cases := []struct {
		name  string
		props []proposal
		probs [][model.Classes]float64
		want  []Die
	}{
		{"both sure: read", []proposal{at(50, 50, 40, 0.9)}, [][model.Classes]float64{reads(4, 0.95)},
			[]Die{{Value: 4, Face: "4", Center: image.Pt(50, 50), Confidence: 0.95}}},
		{"the model unsure: asked", []proposal{at(50, 50, 40, 0.9)}, [][model.Classes]float64{reads(4, 0.8)},
			[]Die{{Value: 4, Face: "4", Center: image.Pt(50, 50), Confidence: 0.8, Uncertain: true}}},
		{"the detector unsure: asked", []proposal{at(50, 50, 40, 0.45)}, [][model.Classes]float64{reads(4, 0.99)},
			[]Die{{Value: 4, Face: "4", Center: image.Pt(50, 50), Confidence: 0.99, Uncertain: true}}},
		{"not a die: dropped", []proposal{at(50, 50, 40, 0.9)}, [][model.Classes]float64{reads(4, 0.3)}, []Die{}},
		{"an unsure smaller read beside a sure die is its side: dropped",
			[]proposal{at(50, 50, 40, 0.9), at(70, 50, 20, 0.6)}, [][model.Classes]float64{reads(6, 0.97), reads(2, 0.7)},
			[]Die{{Value: 6, Face: "6", Center: image.Pt(50, 50), Confidence: 0.97}}},
		{"a touching die of its own size stays",
			[]proposal{at(50, 50, 40, 0.9), at(90, 50, 40, 0.6)}, [][model.Classes]float64{reads(6, 0.97), reads(2, 0.7)},
			[]Die{{Value: 6, Face: "6", Center: image.Pt(50, 50), Confidence: 0.97},
				{Value: 2, Face: "2", Center: image.Pt(90, 50), Confidence: 0.7, Uncertain: true}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, decideFound(c.props, c.probs, rules.PipFaces))
		})
	}
}
