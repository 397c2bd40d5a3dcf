package rules

// hand is a roll reduced to what scoring looks at: how many dice show each
// face, and their total. Every box rule reads a hand, never the dice order.
type hand struct {
	count [7]int
	sum   int
}

func handOf(r Roll) hand {
	var h hand
	for _, f := range r {
		h.count[f]++
		h.sum += int(f)
	}
	return h
}

// alike is the highest face that shows at least n times, or 0 when none does.
func (h hand) alike(n int) Face {
	for f := Face(6); f >= 1; f-- {
		if h.count[f] >= n {
			return f
		}
	}
	return 0
}

// pairs returns the two highest different faces showing twice or more; lo is
// 0 when only one face does. Five dice never hold three such faces.
func (h hand) pairs() (hi, lo Face) {
	for f := Face(6); f >= 1; f-- {
		if h.count[f] < 2 {
			continue
		}
		if hi == 0 {
			hi = f
		} else {
			return hi, f
		}
	}
	return hi, 0
}

// fullHouse is three of one face and two of another; five alike is not.
func (h hand) fullHouse() bool {
	three, two := false, false
	for f := 1; f <= 6; f++ {
		three = three || h.count[f] == 3
		two = two || h.count[f] == 2
	}
	return three && two
}

// run says whether every face from lo to hi shows at least once.
func (h hand) run(lo, hi Face) bool {
	for f := lo; f <= hi; f++ {
		if h.count[f] == 0 {
			return false
		}
	}
	return true
}

// distinctRolls calls fn once for each of the 252 rolls that differ by more
// than the order of their dice, in ascending order.
func distinctRolls(fn func(Roll)) {
	for a := Face(1); a <= 6; a++ {
		for b := a; b <= 6; b++ {
			for c := b; c <= 6; c++ {
				for d := c; d <= 6; d++ {
					for e := d; e <= 6; e++ {
						fn(Roll{a, b, c, d, e})
					}
				}
			}
		}
	}
}
