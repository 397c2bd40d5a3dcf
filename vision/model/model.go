// Package model holds the small dice-face classifier the vision reader runs
// through gocv's dnn module. It is a file, not code: README.md beside it states
// the input and output contract and the command that trains it again.
package model

import _ "embed" // for the model file

//go:embed dice.onnx
var onnx []byte

//go:embed poker.onnx
var poker []byte

// Crop is the side in pixels of the square crop the model reads.
const Crop = 48

// Context is how much wider than the die the crop is: the model sees a square
// of side Context*s around a die of side s, so it can tell a die from half a die.
const Context = 1.6

// NotADie is the class for a crop that holds no die face; classes 1 to 6 are
// the top face values.
const NotADie = 0

// Classes is the number of logits the model returns for each crop.
const Classes = 7

// ONNX returns the model file, to be read with gocv.ReadNetFromONNXBytes.
// The slice is shared: callers must not change it.
func ONNX() []byte { return onnx }

// PokerONNX returns the poker face model: the same contract, with classes
// 1 to 6 the ranks 9, 10, J, Q, K and A of poker dice in their common
// designs (9 and 10 as numerals or as a card's dots, J Q K as letters or
// figures, A as a letter or a suit), and class 0 anything else, a pip die
// included. The slice is shared: callers must not change it.
func PokerONNX() []byte { return poker }
