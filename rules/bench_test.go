package rules

import "testing"

// A strategy solver fills its tables with every box for every distinct roll.
func BenchmarkPointsEveryBoxEveryDistinctRoll(b *testing.B) {
	s := mustParse(b, "yahtzee")
	var rolls []Roll
	distinctRolls(func(r Roll) { rolls = append(rolls, r) })
	boxes := s.Boxes()
	b.ResetTimer()
	for b.Loop() {
		for _, r := range rolls {
			for _, box := range boxes {
				s.Points(box.ID, r)
			}
		}
	}
}

func BenchmarkParse(b *testing.B) {
	for b.Loop() {
		mustParse(b, "yahtzee:joker=free")
	}
}

func BenchmarkOptions(b *testing.B) {
	c := NewCard(mustParse(b, "yahtzee"))
	r := Roll{3, 3, 3, 3, 3}
	for b.Loop() {
		c.Options(r)
	}
}
