//go:build !amd64

package strategy

const vectorBlocks = false

func averageKeepsVector(*[numKeeps]chances, *[numKeeps][block]uint64, *[numKeeps][faces]uint16) {
	panic("no vector instructions")
}

func takeLargerVector(*[numKeeps][block]uint64, *keepPair, int) { panic("no vector instructions") }

func averageKeepsLanesVector(*laneRows, *[numKeeps][faces]uint16) { panic("no vector instructions") }

func takeLargerLanesVector(*laneRows, *keepPair, int) { panic("no vector instructions") }
