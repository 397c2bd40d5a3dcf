//go:build !amd64

package strategy

const (
	vectorBlocks = false
	wideBlocks   = false
)

func averageKeepsVector(*[numKeeps]chances, *[numKeeps][block]uint64, *[numKeeps][faces]uint16) {
	panic("no vector instructions")
}

func takeLargerVector(*[numKeeps][block]uint64, *[numKeeps][dice]uint16) {
	panic("no vector instructions")
}

func averageKeepsLanesVector(*laneRows, *[numKeeps][faces]uint16) { panic("no vector instructions") }

func takeLargerLanesVector(*laneRows, *[numKeeps][dice]uint16) { panic("no vector instructions") }

func maxClassLanesVector(*[lanes]uint64, *uint8, int, *[numRolls]int8, *[8][lanes]uint64) {
	panic("no vector instructions")
}

func addMaxLanesVector(*[lanes]uint64, *uint8, int, *[numRolls]float64, *[lanes]float64) {
	panic("no vector instructions")
}

func averageRollsVector(*laneRows, *[numRolls]float64, *[lanes]float64) {
	panic("no vector instructions")
}

func maxClassBlockVector(*[block]uint64, *uint8, int, *[numRolls]int8, *[maxScores]chances) {
	panic("no vector instructions")
}

func averageRollsBlockVector(*[numKeeps][block]uint64, *[numRolls]float64, *chances) {
	panic("no vector instructions")
}

func averageKeepsVector512(*[numKeeps]chances, *[numKeeps][block]uint64, *[numKeeps][faces]uint16) {
	panic("no vector instructions")
}

func takeLargerVector512(*[numKeeps][block]uint64, *[numKeeps][dice]uint16) {
	panic("no vector instructions")
}
