#include "textflag.h"

// 1.0/6 rounded to a float64, the constant the Go version multiplies by.
DATA sixth<>+0(SB)/8, $0x3FC5555555555555
GLOBL sixth<>(SB), RODATA|NOPTR, $8

// A row of a block is 32 float64s, 256 bytes: 8 registers of 4.

// func averageKeepsVector(keepValue *[numKeeps]chances, best *[numKeeps][block]uint64, add *[numKeeps][faces]uint16)
TEXT ·averageKeepsVector(SB), NOSPLIT, $0-24
	MOVQ keepValue+0(FP), DI
	MOVQ best+8(FP), SI
	MOVQ add+16(FP), DX
	VBROADCASTSD sixth<>(SB), Y15
	MOVQ $252, CX // numRolls: the first keep of fewer than five dice
average:
	LEAQ (CX)(CX*2), R8
	LEAQ (DX)(R8*4), R8 // &add[k]: 12 bytes a keep
	MOVWQZX 0(R8), R9
	SHLQ $8, R9
	ADDQ SI, R9 // read from best: see bestKeepsBlock
	MOVWQZX 2(R8), R10
	SHLQ $8, R10
	ADDQ SI, R10 // read from best: see bestKeepsBlock
	MOVWQZX 4(R8), R11
	SHLQ $8, R11
	ADDQ SI, R11 // read from best: see bestKeepsBlock
	MOVWQZX 6(R8), R12
	SHLQ $8, R12
	ADDQ SI, R12 // read from best: see bestKeepsBlock
	MOVWQZX 8(R8), R13
	SHLQ $8, R13
	ADDQ SI, R13 // read from best: see bestKeepsBlock
	MOVWQZX 10(R8), R14
	SHLQ $8, R14
	ADDQ SI, R14 // read from best: see bestKeepsBlock
	MOVQ CX, AX
	SHLQ $8, AX
	LEAQ (DI)(AX*1), BX // &keepValue[k]
	ADDQ SI, AX // &best[k]
	TESTQ DI, DI
	CMOVQEQ AX, BX // no keepValue: store to best[k] twice
	VMOVUPD 0(R9), Y0
	VADDPD 0(R10), Y0, Y0
	VADDPD 0(R11), Y0, Y0
	VADDPD 0(R12), Y0, Y0
	VADDPD 0(R13), Y0, Y0
	VADDPD 0(R14), Y0, Y0
	VMULPD Y15, Y0, Y0
	VMOVUPD Y0, 0(BX)
	VMOVUPD Y0, 0(AX)
	VMOVUPD 32(R9), Y0
	VADDPD 32(R10), Y0, Y0
	VADDPD 32(R11), Y0, Y0
	VADDPD 32(R12), Y0, Y0
	VADDPD 32(R13), Y0, Y0
	VADDPD 32(R14), Y0, Y0
	VMULPD Y15, Y0, Y0
	VMOVUPD Y0, 32(BX)
	VMOVUPD Y0, 32(AX)
	VMOVUPD 64(R9), Y0
	VADDPD 64(R10), Y0, Y0
	VADDPD 64(R11), Y0, Y0
	VADDPD 64(R12), Y0, Y0
	VADDPD 64(R13), Y0, Y0
	VADDPD 64(R14), Y0, Y0
	VMULPD Y15, Y0, Y0
	VMOVUPD Y0, 64(BX)
	VMOVUPD Y0, 64(AX)
	VMOVUPD 96(R9), Y0
	VADDPD 96(R10), Y0, Y0
	VADDPD 96(R11), Y0, Y0
	VADDPD 96(R12), Y0, Y0
	VADDPD 96(R13), Y0, Y0
	VADDPD 96(R14), Y0, Y0
	VMULPD Y15, Y0, Y0
	VMOVUPD Y0, 96(BX)
	VMOVUPD Y0, 96(AX)
	VMOVUPD 128(R9), Y0
	VADDPD 128(R10), Y0, Y0
	VADDPD 128(R11), Y0, Y0
	VADDPD 128(R12), Y0, Y0
	VADDPD 128(R13), Y0, Y0
	VADDPD 128(R14), Y0, Y0
	VMULPD Y15, Y0, Y0
	VMOVUPD Y0, 128(BX)
	VMOVUPD Y0, 128(AX)
	VMOVUPD 160(R9), Y0
	VADDPD 160(R10), Y0, Y0
	VADDPD 160(R11), Y0, Y0
	VADDPD 160(R12), Y0, Y0
	VADDPD 160(R13), Y0, Y0
	VADDPD 160(R14), Y0, Y0
	VMULPD Y15, Y0, Y0
	VMOVUPD Y0, 160(BX)
	VMOVUPD Y0, 160(AX)
	VMOVUPD 192(R9), Y0
	VADDPD 192(R10), Y0, Y0
	VADDPD 192(R11), Y0, Y0
	VADDPD 192(R12), Y0, Y0
	VADDPD 192(R13), Y0, Y0
	VADDPD 192(R14), Y0, Y0
	VMULPD Y15, Y0, Y0
	VMOVUPD Y0, 192(BX)
	VMOVUPD Y0, 192(AX)
	VMOVUPD 224(R9), Y0
	VADDPD 224(R10), Y0, Y0
	VADDPD 224(R11), Y0, Y0
	VADDPD 224(R12), Y0, Y0
	VADDPD 224(R13), Y0, Y0
	VADDPD 224(R14), Y0, Y0
	VMULPD Y15, Y0, Y0
	VMOVUPD Y0, 224(BX)
	VMOVUPD Y0, 224(AX)
	INCQ CX
	CMPQ CX, $462 // numKeeps
	JLT average
	VZEROUPPER
	RET

// A row of laneRows is 4 float64s, 32 bytes: one register.

// func averageKeepsLanesVector(rows *laneRows, add *[numKeeps][faces]uint16)
TEXT ·averageKeepsLanesVector(SB), NOSPLIT, $0-16
	MOVQ rows+0(FP), DI
	MOVQ add+8(FP), DX
	VBROADCASTSD sixth<>(SB), Y15
	MOVQ $252, CX // numRolls: the first keep of fewer than five dice
lanesAverage:
	LEAQ (CX)(CX*2), R8
	LEAQ (DX)(R8*4), R8 // &add[k]: 12 bytes a keep
	MOVWQZX 0(R8), R9
	MOVWQZX 2(R8), R10
	MOVWQZX 4(R8), R11
	MOVWQZX 6(R8), R12
	MOVWQZX 8(R8), R13
	MOVWQZX 10(R8), R14
	SHLQ $5, R9
	SHLQ $5, R10
	SHLQ $5, R11
	SHLQ $5, R12
	SHLQ $5, R13
	SHLQ $5, R14
	VMOVUPD (DI)(R9*1), Y0
	VADDPD (DI)(R10*1), Y0, Y0
	VADDPD (DI)(R11*1), Y0, Y0
	VADDPD (DI)(R12*1), Y0, Y0
	VADDPD (DI)(R13*1), Y0, Y0
	VADDPD (DI)(R14*1), Y0, Y0
	VMULPD Y15, Y0, Y0
	MOVQ CX, AX
	SHLQ $5, AX
	VMOVUPD Y0, (DI)(AX*1)
	INCQ CX
	CMPQ CX, $462 // numKeeps
	JLT lanesAverage
	VZEROUPPER
	RET

// func maxClassLanesVector(rows *[lanes]uint64, scoring *uint8, n int, class *[numRolls]int8, later *[8][lanes]uint64)
TEXT ·maxClassLanesVector(SB), NOSPLIT, $0-40
	MOVQ rows+0(FP), DI
	MOVQ scoring+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ class+24(FP), DX
	MOVQ later+32(FP), R8
classRoll:
	MOVBQZX (SI), AX // r
	MOVBQZX (DX)(AX*1), BX // class[r]
	ANDQ $7, BX
	SHLQ $5, BX
	SHLQ $5, AX
	VMOVUPD (R8)(BX*1), Y0
	VMAXPD (DI)(AX*1), Y0, Y0
	VMOVUPD Y0, (DI)(AX*1)
	INCQ SI
	DECQ CX
	JNZ classRoll
	VZEROUPPER
	RET

// func addMaxLanesVector(rows *[lanes]uint64, scoring *uint8, n int, pts *[numRolls]float64, later *[lanes]float64)
TEXT ·addMaxLanesVector(SB), NOSPLIT, $0-40
	MOVQ rows+0(FP), DI
	MOVQ scoring+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ pts+24(FP), DX
	MOVQ later+32(FP), R8
	VMOVUPD (R8), Y1
addRoll:
	MOVBQZX (SI), AX // r
	VBROADCASTSD (DX)(AX*8), Y0
	VADDPD Y1, Y0, Y0 // pts[r] + later
	SHLQ $5, AX
	VMAXPD (DI)(AX*1), Y0, Y0
	VMOVUPD Y0, (DI)(AX*1)
	INCQ SI
	DECQ CX
	JNZ addRoll
	VZEROUPPER
	RET

// func averageRollsVector(rows *laneRows, prob *[numRolls]float64, v *[lanes]float64)
TEXT ·averageRollsVector(SB), NOSPLIT, $0-24
	MOVQ rows+0(FP), DI
	MOVQ prob+8(FP), DX
	MOVQ v+16(FP), R8
	VXORPD Y0, Y0, Y0
	XORQ CX, CX
averageRoll:
	VBROADCASTSD (DX)(CX*8), Y1
	MOVQ CX, AX
	SHLQ $5, AX
	VMULPD (DI)(AX*1), Y1, Y1 // prob[r] times the roll's worth, rounded
	VADDPD Y1, Y0, Y0 // then added: no fused multiply-add, as in Go
	INCQ CX
	CMPQ CX, $252 // numRolls
	JLT averageRoll
	VMOVUPD Y0, (R8)
	VZEROUPPER
	RET

// func maxClassBlockVector(rows *[block]uint64, scoring *uint8, n int, class *[numRolls]int8, win *[maxScores]chances)
TEXT ·maxClassBlockVector(SB), NOSPLIT, $0-40
	MOVQ rows+0(FP), DI
	MOVQ scoring+8(FP), SI
	MOVQ n+16(FP), CX
	MOVQ class+24(FP), DX
	MOVQ win+32(FP), R8
blockClassRoll:
	MOVBQZX (SI), AX // r
	MOVBQZX (DX)(AX*1), BX // class[r]
	ANDQ $31, BX // maxScores-1
	SHLQ $8, BX
	ADDQ R8, BX // &win[class[r]]
	SHLQ $8, AX
	ADDQ DI, AX // &rows[r]
	VMOVUPD 0(BX), Y0
	VMOVUPD 32(BX), Y1
	VMOVUPD 64(BX), Y2
	VMOVUPD 96(BX), Y3
	VMOVUPD 128(BX), Y4
	VMOVUPD 160(BX), Y5
	VMOVUPD 192(BX), Y6
	VMOVUPD 224(BX), Y7
	VMAXPD 0(AX), Y0, Y0
	VMAXPD 32(AX), Y1, Y1
	VMAXPD 64(AX), Y2, Y2
	VMAXPD 96(AX), Y3, Y3
	VMAXPD 128(AX), Y4, Y4
	VMAXPD 160(AX), Y5, Y5
	VMAXPD 192(AX), Y6, Y6
	VMAXPD 224(AX), Y7, Y7
	VMOVUPD Y0, 0(AX)
	VMOVUPD Y1, 32(AX)
	VMOVUPD Y2, 64(AX)
	VMOVUPD Y3, 96(AX)
	VMOVUPD Y4, 128(AX)
	VMOVUPD Y5, 160(AX)
	VMOVUPD Y6, 192(AX)
	VMOVUPD Y7, 224(AX)
	INCQ SI
	DECQ CX
	JNZ blockClassRoll
	VZEROUPPER
	RET

// func averageRollsBlockVector(best *[numKeeps][block]uint64, prob *[numRolls]float64, w *chances)
TEXT ·averageRollsBlockVector(SB), NOSPLIT, $0-24
	MOVQ best+0(FP), DI
	MOVQ prob+8(FP), DX
	MOVQ w+16(FP), R8
	VMOVUPD 0(R8), Y0
	VMOVUPD 32(R8), Y1
	VMOVUPD 64(R8), Y2
	VMOVUPD 96(R8), Y3
	VMOVUPD 128(R8), Y4
	VMOVUPD 160(R8), Y5
	VMOVUPD 192(R8), Y6
	VMOVUPD 224(R8), Y7
	XORQ CX, CX
blockAverageRoll:
	VBROADCASTSD (DX)(CX*8), Y8
	MOVQ CX, AX
	SHLQ $8, AX
	ADDQ DI, AX // &best[r]
	// prob[r] times each chance, rounded, then added: no fused
	// multiply-add, as in Go.
	VMULPD 0(AX), Y8, Y9
	VADDPD Y9, Y0, Y0
	VMULPD 32(AX), Y8, Y10
	VADDPD Y10, Y1, Y1
	VMULPD 64(AX), Y8, Y11
	VADDPD Y11, Y2, Y2
	VMULPD 96(AX), Y8, Y12
	VADDPD Y12, Y3, Y3
	VMULPD 128(AX), Y8, Y9
	VADDPD Y9, Y4, Y4
	VMULPD 160(AX), Y8, Y10
	VADDPD Y10, Y5, Y5
	VMULPD 192(AX), Y8, Y11
	VADDPD Y11, Y6, Y6
	VMULPD 224(AX), Y8, Y12
	VADDPD Y12, Y7, Y7
	INCQ CX
	CMPQ CX, $252 // numRolls
	JLT blockAverageRoll
	VMOVUPD Y0, 0(R8)
	VMOVUPD Y1, 32(R8)
	VMOVUPD Y2, 64(R8)
	VMOVUPD Y3, 96(R8)
	VMOVUPD Y4, 128(R8)
	VMOVUPD Y5, 160(R8)
	VMOVUPD Y6, 192(R8)
	VMOVUPD Y7, 224(R8)
	VZEROUPPER
	RET

// The same two steps with AVX-512: a row of a block is 4 registers of 8.

// func averageKeepsVector512(keepValue *[numKeeps]chances, best *[numKeeps][block]uint64, add *[numKeeps][faces]uint16)
TEXT ·averageKeepsVector512(SB), NOSPLIT, $0-24
	MOVQ keepValue+0(FP), DI
	MOVQ best+8(FP), SI
	MOVQ add+16(FP), DX
	VBROADCASTSD sixth<>(SB), Z15
	MOVQ $252, CX // numRolls: the first keep of fewer than five dice
average512:
	LEAQ (CX)(CX*2), R8
	LEAQ (DX)(R8*4), R8 // &add[k]: 12 bytes a keep
	MOVWQZX 0(R8), R9
	SHLQ $8, R9
	ADDQ SI, R9
	MOVWQZX 2(R8), R10
	SHLQ $8, R10
	ADDQ SI, R10
	MOVWQZX 4(R8), R11
	SHLQ $8, R11
	ADDQ SI, R11
	MOVWQZX 6(R8), R12
	SHLQ $8, R12
	ADDQ SI, R12
	MOVWQZX 8(R8), R13
	SHLQ $8, R13
	ADDQ SI, R13
	MOVWQZX 10(R8), R14
	SHLQ $8, R14
	ADDQ SI, R14
	MOVQ CX, AX
	SHLQ $8, AX
	LEAQ (DI)(AX*1), BX // &keepValue[k]
	ADDQ SI, AX // &best[k]
	TESTQ DI, DI
	CMOVQEQ AX, BX // no keepValue: store to best[k] twice
	VMOVUPD 0(R9), Z0
	VMOVUPD 64(R9), Z1
	VMOVUPD 128(R9), Z2
	VMOVUPD 192(R9), Z3
	VADDPD 0(R10), Z0, Z0
	VADDPD 64(R10), Z1, Z1
	VADDPD 128(R10), Z2, Z2
	VADDPD 192(R10), Z3, Z3
	VADDPD 0(R11), Z0, Z0
	VADDPD 64(R11), Z1, Z1
	VADDPD 128(R11), Z2, Z2
	VADDPD 192(R11), Z3, Z3
	VADDPD 0(R12), Z0, Z0
	VADDPD 64(R12), Z1, Z1
	VADDPD 128(R12), Z2, Z2
	VADDPD 192(R12), Z3, Z3
	VADDPD 0(R13), Z0, Z0
	VADDPD 64(R13), Z1, Z1
	VADDPD 128(R13), Z2, Z2
	VADDPD 192(R13), Z3, Z3
	VADDPD 0(R14), Z0, Z0
	VADDPD 64(R14), Z1, Z1
	VADDPD 128(R14), Z2, Z2
	VADDPD 192(R14), Z3, Z3
	VMULPD Z15, Z0, Z0
	VMULPD Z15, Z1, Z1
	VMULPD Z15, Z2, Z2
	VMULPD Z15, Z3, Z3
	VMOVUPD Z0, 0(BX)
	VMOVUPD Z0, 0(AX)
	VMOVUPD Z1, 64(BX)
	VMOVUPD Z1, 64(AX)
	VMOVUPD Z2, 128(BX)
	VMOVUPD Z2, 128(AX)
	VMOVUPD Z3, 192(BX)
	VMOVUPD Z3, 192(AX)
	INCQ CX
	CMPQ CX, $462 // numKeeps
	JLT average512
	VZEROUPPER
	RET

// The maxima go a keep at a time, from the smallest keep: a keep's row is
// read and written once, and its sub-keeps' rows are only read.

// func takeLargerVector(best *[numKeeps][block]uint64, subs *[numKeeps][dice]uint16)
TEXT ·takeLargerVector(SB), NOSPLIT, $0-16
	MOVQ best+0(FP), DI
	MOVQ subs+8(FP), DX
	MOVQ $461, CX // numKeeps-1: the keep of no dice, the smallest
takeLargerVectorKeep:
	LEAQ (CX)(CX*4), R8
	LEAQ (DX)(R8*2), R8 // &subs[k]: 10 bytes a keep
	MOVQ CX, AX
	SHLQ $8, AX
	ADDQ DI, AX // &best[k]
	VMOVUPD 0(AX), Y0
	VMOVUPD 32(AX), Y1
	VMOVUPD 64(AX), Y2
	VMOVUPD 96(AX), Y3
	VMOVUPD 128(AX), Y4
	VMOVUPD 160(AX), Y5
	VMOVUPD 192(AX), Y6
	VMOVUPD 224(AX), Y7
	MOVWQZX 0(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	VMAXPD 32(R9), Y1, Y1
	VMAXPD 64(R9), Y2, Y2
	VMAXPD 96(R9), Y3, Y3
	VMAXPD 128(R9), Y4, Y4
	VMAXPD 160(R9), Y5, Y5
	VMAXPD 192(R9), Y6, Y6
	VMAXPD 224(R9), Y7, Y7
	MOVWQZX 2(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	VMAXPD 32(R9), Y1, Y1
	VMAXPD 64(R9), Y2, Y2
	VMAXPD 96(R9), Y3, Y3
	VMAXPD 128(R9), Y4, Y4
	VMAXPD 160(R9), Y5, Y5
	VMAXPD 192(R9), Y6, Y6
	VMAXPD 224(R9), Y7, Y7
	MOVWQZX 4(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	VMAXPD 32(R9), Y1, Y1
	VMAXPD 64(R9), Y2, Y2
	VMAXPD 96(R9), Y3, Y3
	VMAXPD 128(R9), Y4, Y4
	VMAXPD 160(R9), Y5, Y5
	VMAXPD 192(R9), Y6, Y6
	VMAXPD 224(R9), Y7, Y7
	MOVWQZX 6(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	VMAXPD 32(R9), Y1, Y1
	VMAXPD 64(R9), Y2, Y2
	VMAXPD 96(R9), Y3, Y3
	VMAXPD 128(R9), Y4, Y4
	VMAXPD 160(R9), Y5, Y5
	VMAXPD 192(R9), Y6, Y6
	VMAXPD 224(R9), Y7, Y7
	MOVWQZX 8(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	VMAXPD 32(R9), Y1, Y1
	VMAXPD 64(R9), Y2, Y2
	VMAXPD 96(R9), Y3, Y3
	VMAXPD 128(R9), Y4, Y4
	VMAXPD 160(R9), Y5, Y5
	VMAXPD 192(R9), Y6, Y6
	VMAXPD 224(R9), Y7, Y7
	VMOVUPD Y0, 0(AX)
	VMOVUPD Y1, 32(AX)
	VMOVUPD Y2, 64(AX)
	VMOVUPD Y3, 96(AX)
	VMOVUPD Y4, 128(AX)
	VMOVUPD Y5, 160(AX)
	VMOVUPD Y6, 192(AX)
	VMOVUPD Y7, 224(AX)
	DECQ CX
	JGE takeLargerVectorKeep
	VZEROUPPER
	RET

// func takeLargerVector512(best *[numKeeps][block]uint64, subs *[numKeeps][dice]uint16)
TEXT ·takeLargerVector512(SB), NOSPLIT, $0-16
	MOVQ best+0(FP), DI
	MOVQ subs+8(FP), DX
	MOVQ $461, CX // numKeeps-1: the keep of no dice, the smallest
takeLargerVector512Keep:
	LEAQ (CX)(CX*4), R8
	LEAQ (DX)(R8*2), R8 // &subs[k]: 10 bytes a keep
	MOVQ CX, AX
	SHLQ $8, AX
	ADDQ DI, AX // &best[k]
	VMOVUPD 0(AX), Z0
	VMOVUPD 64(AX), Z1
	VMOVUPD 128(AX), Z2
	VMOVUPD 192(AX), Z3
	MOVWQZX 0(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Z0, Z0
	VMAXPD 64(R9), Z1, Z1
	VMAXPD 128(R9), Z2, Z2
	VMAXPD 192(R9), Z3, Z3
	MOVWQZX 2(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Z0, Z0
	VMAXPD 64(R9), Z1, Z1
	VMAXPD 128(R9), Z2, Z2
	VMAXPD 192(R9), Z3, Z3
	MOVWQZX 4(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Z0, Z0
	VMAXPD 64(R9), Z1, Z1
	VMAXPD 128(R9), Z2, Z2
	VMAXPD 192(R9), Z3, Z3
	MOVWQZX 6(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Z0, Z0
	VMAXPD 64(R9), Z1, Z1
	VMAXPD 128(R9), Z2, Z2
	VMAXPD 192(R9), Z3, Z3
	MOVWQZX 8(R8), R9
	SHLQ $8, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Z0, Z0
	VMAXPD 64(R9), Z1, Z1
	VMAXPD 128(R9), Z2, Z2
	VMAXPD 192(R9), Z3, Z3
	VMOVUPD Z0, 0(AX)
	VMOVUPD Z1, 64(AX)
	VMOVUPD Z2, 128(AX)
	VMOVUPD Z3, 192(AX)
	DECQ CX
	JGE takeLargerVector512Keep
	VZEROUPPER
	RET

// func takeLargerLanesVector(rows *laneRows, subs *[numKeeps][dice]uint16)
TEXT ·takeLargerLanesVector(SB), NOSPLIT, $0-16
	MOVQ rows+0(FP), DI
	MOVQ subs+8(FP), DX
	MOVQ $461, CX // numKeeps-1: the keep of no dice, the smallest
takeLargerLanesVectorKeep:
	LEAQ (CX)(CX*4), R8
	LEAQ (DX)(R8*2), R8 // &subs[k]: 10 bytes a keep
	MOVQ CX, AX
	SHLQ $5, AX
	ADDQ DI, AX // &best[k]
	VMOVUPD 0(AX), Y0
	MOVWQZX 0(R8), R9
	SHLQ $5, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	MOVWQZX 2(R8), R9
	SHLQ $5, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	MOVWQZX 4(R8), R9
	SHLQ $5, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	MOVWQZX 6(R8), R9
	SHLQ $5, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	MOVWQZX 8(R8), R9
	SHLQ $5, R9
	ADDQ DI, R9
	VMAXPD 0(R9), Y0, Y0
	VMOVUPD Y0, 0(AX)
	DECQ CX
	JGE takeLargerLanesVectorKeep
	VZEROUPPER
	RET
