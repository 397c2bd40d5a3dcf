package rules

import (
	"fmt"
	"strconv"
)

// Faces says what the faces of a dice set show. Every kind scores alike: a
// face is its rank, 1 to 6, whatever is printed on it.
type Faces int

const (
	PipFaces   Faces = iota // one to six pips
	PokerFaces              // 9, 10, J, Q, K, A for ranks 1 to 6
)

var faceLabels = [...][7]string{
	PipFaces:   {"", "1", "2", "3", "4", "5", "6"},
	PokerFaces: {"", "9", "10", "J", "Q", "K", "A"},
}

// Label is how a die of this kind shows face f: "3", or "J" for poker dice.
// A face outside 1 to 6 is written "?" and its number, so it stands out.
func (k Faces) Label(f Face) string {
	if f < 1 || f > 6 || k < 0 || int(k) >= len(faceLabels) {
		return "?" + strconv.Itoa(int(f))
	}
	return faceLabels[k][f]
}

// String is the kind's name in files and flags: "pips" or "poker".
func (k Faces) String() string {
	switch k {
	case PipFaces:
		return "pips"
	case PokerFaces:
		return "poker"
	}
	return "faces(" + strconv.Itoa(int(k)) + ")"
}

// ParseFaces reads a kind by its name, as String writes it.
func ParseFaces(name string) (Faces, error) {
	for k := range faceLabels {
		if Faces(k).String() == name {
			return Faces(k), nil
		}
	}
	return 0, fmt.Errorf("faces %q: want %q or %q", name, PipFaces, PokerFaces)
}

// MarshalText writes the kind by name, so files say "pips", not 0.
func (k Faces) MarshalText() ([]byte, error) {
	if k < 0 || int(k) >= len(faceLabels) {
		return nil, fmt.Errorf("no faces kind %d", int(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads the kind by name.
func (k *Faces) UnmarshalText(b []byte) error {
	f, err := ParseFaces(string(b))
	if err != nil {
		return err
	}
	*k = f
	return nil
}
