package vision

import (
	"image"
	"math"
	"slices"
	"sort"
)

// Labelled is a die whose value a person wrote down, with the box drawn
// around it (xmin, ymin, xmax, ymax in pixels) where Boxed: some folders
// give values only.
type Labelled struct {
	Value int
	Box   [4]float64
	Boxed bool
}

// Accuracy counts how well a reader read some photos, as the datasets README
// defines it. They add up, so one per photo can be summed for a folder.
type Accuracy struct {
	Photos   int // photos read
	Labelled int // labelled dice
	Matched  int // labelled dice a reported die matched
	False    int // reported dice that matched nothing
	Right    int // matched, confident and right: read right the first time
	Wrong    int // matched, confident and wrong: silently wrong
	Asked    int // matched and reported uncertain
	// Clean counts the photos a table takes as read: every labelled die
	// matched and read right, none asked, no false die.
	Clean int
	// Confirmed counts the photos whose sorted reported values, asked dice
	// at their best guess, equal the labelled ones: right once the table
	// has confirmed the asked dice as shown.
	Confirmed int
}

// Add returns the sum of two accuracies.
func (a Accuracy) Add(b Accuracy) Accuracy {
	return Accuracy{
		Photos: a.Photos + b.Photos, Labelled: a.Labelled + b.Labelled, Matched: a.Matched + b.Matched,
		False: a.False + b.False, Right: a.Right + b.Right, Wrong: a.Wrong + b.Wrong, Asked: a.Asked + b.Asked,
		Clean: a.Clean + b.Clean, Confirmed: a.Confirmed + b.Confirmed,
	}
}

// Recall is the share of labelled dice that were found.
func (a Accuracy) Recall() float64 { return ratio(a.Matched, a.Labelled) }

// ValueAccuracy is the share of right values among the confident matched
// dice; uncertain dice are asked, neither right nor wrong.
func (a Accuracy) ValueAccuracy() float64 { return ratio(a.Right, a.Right+a.Wrong) }

// FirstTime is the share of all labelled dice read right and not asked:
// what a table gets without confirming anything.
func (a Accuracy) FirstTime() float64 { return ratio(a.Right, a.Labelled) }

// SilentlyWrong is the share of all labelled dice read wrong with confidence.
func (a Accuracy) SilentlyWrong() float64 { return ratio(a.Wrong, a.Labelled) }

// AskedShare is the share of matched dice the reader asked a person about.
func (a Accuracy) AskedShare() float64 { return ratio(a.Asked, a.Matched) }

// CleanShare is the share of photos read clean: see Clean.
func (a Accuracy) CleanShare() float64 { return ratio(a.Clean, a.Photos) }

// ConfirmedShare is the share of photos right after confirming: see Confirmed.
func (a Accuracy) ConfirmedShare() float64 { return ratio(a.Confirmed, a.Photos) }

// FalsePerPhoto is the number of reported dice that match nothing, per photo.
func (a Accuracy) FalsePerPhoto() float64 { return ratio(a.False, a.Photos) }

func ratio(a, b int) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

// Outcome is what became of one die of a photo in a reading.
type Outcome string

const (
	Right  Outcome = "right"  // matched, read with confidence and right
	Wrong  Outcome = "wrong"  // matched, read with confidence and wrong: silently wrong
	Asked  Outcome = "asked"  // matched and reported uncertain
	Missed Outcome = "missed" // labelled, and no reported die matched it
	False  Outcome = "false"  // reported, and it matched no labelled die
)

// A Match is one die of a photo as Pair found it: a labelled die and the
// reported die that matched it, or either alone, the other index -1.
type Match struct {
	Label, Read int // indexes into the labelled and the reported dice
	Outcome     Outcome
}

// Pair matches the reported dice of one photo, of size frame, to its
// labelled dice. A reported die matches a labelled one when its centre
// lies in the labelled box grown by half its width and height on each
// side; a die labelled without a box matches any, nearest the frame's
// centre first. Pairs are taken greedily, nearest first, one to one. The
// matches come in that order, then the labelled dice missed, then the
// reported dice that matched none, each in its own order.
func Pair(labelled []Labelled, reported []Die, frame image.Point) []Match {
	type pair struct {
		l, r int
		d    float64
	}
	var pairs []pair
	for li, l := range labelled {
		w, h := l.Box[2]-l.Box[0], l.Box[3]-l.Box[1]
		cx, cy := (l.Box[0]+l.Box[2])/2, (l.Box[1]+l.Box[3])/2
		if !l.Boxed {
			cx, cy = float64(frame.X)/2, float64(frame.Y)/2
		}
		for ri, r := range reported {
			x, y := float64(r.Center.X), float64(r.Center.Y)
			if l.Boxed && (x < l.Box[0]-w/2 || x > l.Box[2]+w/2 || y < l.Box[1]-h/2 || y > l.Box[3]+h/2) {
				continue
			}
			pairs = append(pairs, pair{li, ri, math.Hypot(x-cx, y-cy)})
		}
	}
	sort.SliceStable(pairs, func(i, j int) bool { return pairs[i].d < pairs[j].d })

	var out []Match
	usedL := make([]bool, len(labelled))
	usedR := make([]bool, len(reported))
	for _, p := range pairs {
		if usedL[p.l] || usedR[p.r] {
			continue
		}
		usedL[p.l], usedR[p.r] = true, true
		m := Match{Label: p.l, Read: p.r, Outcome: Wrong}
		switch r := reported[p.r]; {
		case r.Uncertain:
			m.Outcome = Asked
		case r.Value == labelled[p.l].Value:
			m.Outcome = Right
		}
		out = append(out, m)
	}
	for li, used := range usedL {
		if !used {
			out = append(out, Match{Label: li, Read: -1, Outcome: Missed})
		}
	}
	for ri, used := range usedR {
		if !used {
			out = append(out, Match{Label: -1, Read: ri, Outcome: False})
		}
	}
	return out
}

// Measure counts the outcome of one photo, of size frame, whose labelled
// dice were read as reported, the dice matched as Pair matches them.
func Measure(labelled []Labelled, reported []Die, frame image.Point) Accuracy {
	t := Accuracy{Photos: 1, Labelled: len(labelled)}
	for _, m := range Pair(labelled, reported, frame) {
		switch m.Outcome {
		case Right:
			t.Right++
		case Wrong:
			t.Wrong++
		case Asked:
			t.Asked++
		case False:
			t.False++
		}
		if m.Label >= 0 && m.Read >= 0 {
			t.Matched++
		}
	}

	want := make([]int, len(labelled))
	for i, l := range labelled {
		want[i] = l.Value
	}
	got := make([]int, len(reported))
	for i, r := range reported {
		got[i] = r.Value
	}
	slices.Sort(want)
	slices.Sort(got)
	if slices.Equal(want, got) {
		t.Confirmed = 1
	}
	if t.Right == t.Labelled && t.False == 0 {
		t.Clean = 1
	}
	return t
}
