package vision

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/vision/model"
)

func TestDecidePokerLetsTheSetsOwnTemplatesOutrankTheModel(t *testing.T) {
	reads := func(v int, p float64) [model.Classes]float64 {
		var pr [model.Classes]float64
		pr[v], pr[model.NotADie] = p, 1-p
		return pr
	}
	match := func(v int, score, margin float64) *faceMatch {
		return &faceMatch{value: v, score: score, margin: margin}
	}
	found := proposal{seen: 0.9, detected: true}
	blob := proposal{}
	cases := []struct {
		name      string
		p         proposal
		pr        [model.Classes]float64
		face      *faceMatch
		value     int
		uncertain bool
		kept      bool
	}{
		{"the model alone, sure", found, reads(3, 0.95), nil, 3, false, true},
		{"the model alone, unsure", found, reads(3, 0.8), nil, 3, true, true},
		{"the model alone takes no blob the detector did not see", blob, reads(3, 0.95), nil, 0, false, false},
		{"the model alone takes no place that is not a die", found, reads(3, 0.3), nil, 0, false, false},
		{"a clear template the model agrees with", found, reads(5, 0.8), match(5, 0.75, 0.15), 5, false, true},
		{"a clear template reads a die the model is unsure of", found, reads(2, 0.6), match(5, 0.75, 0.15), 5, false, true},
		{"a clear template a sure model contradicts is asked", found, reads(2, 0.95), match(5, 0.95, 0.3), 5, true, true},
		{"a clear template reads a blob the detector missed", blob, reads(2, 0.2), match(5, 0.75, 0.15), 5, false, true},
		{"a weak template is asked, the sure model's value shown", blob, reads(4, 0.95), match(6, 0.5, 0.05), 4, true, true},
		{"a weak template is asked, its value shown when the model is unsure", blob, reads(4, 0.5), match(6, 0.5, 0.05), 6, true, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, kept := decidePoker(c.p, c.pr, c.face, rules.PokerFaces)
			assert.Equal(t, c.kept, kept)
			if kept {
				assert.Equal(t, c.value, d.Value)
				assert.Equal(t, rules.PokerFaces.Label(rules.Face(c.value)), d.Face)
				assert.Equal(t, c.uncertain, d.Uncertain)
			}
		})
	}
}
