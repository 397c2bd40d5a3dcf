package vision

import "slices"

// askOutsizedOnes asks about each 1 read surely that is far larger than
// the crowd of other dice read surely around it. A 1 is the face most
// often read off what is no die, such as a screw hole in a tray's rim,
// whose box takes in the rim round it, while the dice of a set lie among
// dice of their own size.
func askOutsizedOnes(dice []Die) []Die {
	for i, d := range dice {
		if d.Value != 1 || d.Uncertain {
			continue
		}
		var others []float64
		for j, o := range dice {
			if j != i && !o.Uncertain {
				others = append(others, boxSide(o))
			}
		}
		if len(others) < crowd {
			continue
		}
		slices.Sort(others)
		if boxSide(d) > outsized*others[len(others)/2] {
			dice[i].Uncertain = true
		}
	}
	return dice
}

// outsized is how many times the side of the crowd's typical die a 1 must
// be to be asked about: dice of one set differ by their boxes, a fifth or
// so, and a set of larger dice among them by a third.
const outsized = 1.6
