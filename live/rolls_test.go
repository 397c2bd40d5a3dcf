package live

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"math"
	"net/http"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/internal/matcheck"
	"github.com/dicecam/dicecam/scoreboard"
	"github.com/dicecam/dicecam/vision"
)

// square is a die of value v whose top face is the square of side 20 at (x, y).
func square(v, x, y int) vision.Die {
	return vision.Die{Value: v, Center: image.Pt(x+10, y+10),
		Box: [4]image.Point{{x, y}, {x + 20, y}, {x + 20, y + 20}, {x, y + 20}}}
}

// keeping starts keeping rolls in dir, on a clock that starts at
// 2026-12-04 20:15:00 and moves a second a roll, and gives a frame to read
// dice on, which closes when t ends, and five dice read on it.
func keeping(t *testing.T, dir string, terminal *bytes.Buffer) (*Rolls, gocv.Mat, []vision.Die) {
	k, err := KeepRolls(dir, log.New(terminal))
	require.NoError(t, err)
	clock := time.Date(2026, 12, 4, 20, 15, 0, 0, time.UTC)
	k.now = func() time.Time { clock = clock.Add(time.Second); return clock }
	frame := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(30, 120, 40, 0), 100, 200, gocv.MatTypeCV8UC3)
	t.Cleanup(func() { frame.Close() })
	five := []vision.Die{square(4, 10, 10), square(4, 40, 10), square(2, 70, 10), square(4, 100, 10), square(1, 130, 10)}
	return k, frame, five
}

func TestRollsKeepsTheConfirmedRollsWithTheTablesFaces(t *testing.T) {
	matcheck.Check(t)
	dir := filepath.Join(t.TempDir(), "rolls")
	var terminal bytes.Buffer
	k, frame, five := keeping(t, dir, &terminal)

	take(k, frame, five)
	k.Confirmed([5]int{1, 2, 3, 4, 5}, [5]int{1, 2, 3, 4, 5}, true) // another roll's
	take(k, frame, five)
	assert.Zero(t, k.Kept(), "a roll the table never confirmed is not kept")

	k.Confirmed([5]int{4, 4, 2, 4, 1}, [5]int{4, 4, 3, 4, 1}, true)
	six := append(slices.Clone(five), square(6, 160, 60))
	take(k, frame, six)
	assert.Equal(t, 1, k.Kept(), "the confirmed roll is written once the next is taken")
	k.Confirmed([5]int{4, 4, 2, 4, 1}, [5]int{4, 4, 2, 4, 1}, true)
	take(k, frame, five)
	k.Confirmed([5]int{4, 4, 2, 4, 1}, [5]int{4, 4, 2, 4, 1}, true)
	k.Confirmed([5]int{4, 4, 2, 4, 1}, [5]int{}, false) // the confirmation undone
	take(k, frame, five[:3])                            // the held dice set aside
	assert.Equal(t, 1, k.Kept(), "a roll whose confirmation was undone is not kept")
	assert.Equal(t, 1, k.Kept(), "a roll of six dice, one of them no die of the card's, is not kept")
	k.Confirmed([5]int{4, 4, 2, 0, 0}, [5]int{4, 5, 2, 0, 0}, true)
	require.NoError(t, k.Close())
	assert.Equal(t, 2, k.Kept(), "closing writes the last confirmed roll")
	assert.Contains(t, terminal.String(), "confirmed roll kept for calibration")

	photos, err := vision.LoadFolder(dir)
	require.NoError(t, err)
	require.Len(t, photos, 2)
	assert.Equal(t, filepath.Join(dir, "images", "roll-20261204-201502.000.jpg"), photos[0].Path)
	var values []int
	for _, d := range photos[0].Dice {
		values = append(values, d.Value)
	}
	assert.Equal(t, []int{4, 4, 3, 4, 1}, values, "the table's faces")
	assert.Equal(t, [4]float64{70, 10, 90, 30}, photos[0].Dice[2].Box, "on the boxes the reader found")
	assert.Len(t, photos[1].Dice, 3)
	assert.Equal(t, 5, photos[1].Dice[1].Value)

	// Played again later, the rolls add to the same folder.
	again, err := KeepRolls(dir, log.New(&terminal))
	require.NoError(t, err)
	take(again, frame, five)
	again.Confirmed([5]int{4, 4, 2, 4, 1}, [5]int{4, 4, 2, 4, 1}, true)
	require.NoError(t, again.Close())
	photos, err = vision.LoadFolder(dir)
	require.NoError(t, err)
	assert.Len(t, photos, 3)
}

// TestPlayedRollsBecomeALabelledFolder plays recorded rolls through the
// real reader, watcher and scoreboard, as dicecam play --keep-rolls does,
// and reads the folder kept back with the reader.
func TestPlayedRollsBecomeALabelledFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "rolls")
	var terminal bytes.Buffer
	keep, err := KeepRolls(dir, log.New(&terminal))
	require.NoError(t, err)
	b := newBoardWith(t, scoreboard.Config{Rolls: keep}, "yacht", "Ann")
	srv := b.srv

	var dirs []string
	var holds [][]int
	var recorded []recordedRoll
	for _, name := range []string{"roll-in", "reroll"} {
		seq := filepath.Join("..", "testdata", "sequences", name)
		var hold []int
		for _, r := range recordedRolls(t, seq) {
			hold, recorded = append(hold, r.hold), append(recorded, r)
		}
		dirs, holds = append(dirs, filepath.Join(seq, "frames")), append(holds, hold)
	}
	cam := newRecordedCamera(dirs, holds)
	reader, err := vision.NewReader(nil)
	require.NoError(t, err)
	feed := NewFeed(cam, reader)
	feed.KeepRolls(keep)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- feed.Run(ctx, srv) }()

	var confirmed [][5]int
	for i, r := range recorded[:2] {
		if i > 0 {
			cam.next()
		}
		require.Eventually(t, func() bool {
			d := b.state().Roll.Dice
			return slices.Equal(slices.Sorted(slices.Values(d[:])), r.values)
		}, time.Minute, 20*time.Millisecond, "roll %d reaches the card", i+1)
		dice := b.state().Roll.Dice
		if i == 0 {
			dice[0] = dice[0]%6 + 1 // the table says the reader misread die 1
			b.move("/api/die", map[string]any{"die": 0, "face": dice[0]})
		}
		b.move("/api/confirm", nil)
		b.move("/api/score", map[string]any{"box": []string{"choice", "yacht"}[i]})
		confirmed = append(confirmed, dice)
	}
	cancel()
	assert.ErrorIs(t, <-done, context.Canceled)
	require.NoError(t, feed.Close())
	require.Equal(t, 2, keep.Kept(), "both confirmed rolls kept: %s", terminal.String())

	photos, err := vision.LoadFolder(dir)
	require.NoError(t, err)
	require.Len(t, photos, 2)
	again, err := vision.NewReader(nil)
	require.NoError(t, err)
	defer again.Close()
	for i, p := range photos {
		frame := gocv.IMRead(p.Path, gocv.IMReadColor)
		read, err := again.Read(frame)
		frame.Close()
		require.NoError(t, err)
		require.Len(t, p.Dice, 5)
		var values []int
		for _, d := range p.Dice {
			values = append(values, d.Value)
			centre := image.Pt(int(d.Box[0]+d.Box[2])/2, int(d.Box[1]+d.Box[3])/2)
			near := slices.ContainsFunc(read, func(r vision.Die) bool {
				return math.Hypot(float64(r.Center.X-centre.X), float64(r.Center.Y-centre.Y)) < (d.Box[2]-d.Box[0])/2
			})
			assert.True(t, near, "photo %d: a labelled box at %v holds a die the reader finds", i+1, centre)
		}
		slices.Sort(values)
		want := slices.Sorted(slices.Values(confirmed[i][:]))
		assert.Equal(t, want, values, "photo %d holds the faces the table confirmed", i+1)
	}
}

// take hands k a roll as the feed and the card do: offered, taken by the
// card, and the roll before written.
func take(k *Rolls, frame gocv.Mat, dice []vision.Die) {
	k.offer(frame, dice)
	k.Rolled(faces(dice))
	k.flush()
}

// TestAConfirmationAheadOfTheFeedIsOfTheRollOnTheCard confirms each roll
// the moment the card takes it, before the feed has heard back from the
// card, as a quick table does: each confirmation is of its own roll, even
// where the two rolls show the same faces.
func TestAConfirmationAheadOfTheFeedIsOfTheRollOnTheCard(t *testing.T) {
	matcheck.Check(t)
	dir := filepath.Join(t.TempDir(), "rolls")
	k, frame, five := keeping(t, dir, &bytes.Buffer{})
	read := faces(five)

	for _, table := range [][5]int{{4, 4, 3, 4, 1}, {4, 4, 2, 4, 1}} {
		k.offer(frame, five)
		k.Rolled(read)
		k.Confirmed(read, table, true)
		k.flush()
	}
	k.offer(frame, five) // a roll the card refuses
	k.flush()
	require.NoError(t, k.Close())
	require.Equal(t, 2, k.Kept())
	assert.Equal(t, [][]int{{4, 4, 3, 4, 1}, {4, 4, 2, 4, 1}}, keptFaces(t, dir), "each roll holds its own confirmation")
}

// keptFaces reads the labelled folder dir back: the faces of each photo's dice.
func keptFaces(t *testing.T, dir string) [][]int {
	t.Helper()
	photos, err := vision.LoadFolder(dir)
	require.NoError(t, err)
	var faces [][]int
	for _, p := range photos {
		var values []int
		for _, d := range p.Dice {
			values = append(values, d.Value)
		}
		faces = append(faces, values)
	}
	return faces
}

// TestATypedThrowMovesTheCardOnFromTheCamerasRoll types a throw after a
// confirmed camera roll: the camera's roll is written as confirmed, and
// what the table says of the typed throw, whatever its faces, is not of it.
func TestATypedThrowMovesTheCardOnFromTheCamerasRoll(t *testing.T) {
	matcheck.Check(t)
	dir := filepath.Join(t.TempDir(), "rolls")
	k, frame, five := keeping(t, dir, &bytes.Buffer{})
	read := faces(five)

	take(k, frame, five)
	k.Confirmed(read, read, true)
	k.Rolled([5]int{1, 2, 3, 4, 5}) // typed
	k.Confirmed(read, [5]int{6, 6, 6, 6, 6}, true)
	k.flush()
	assert.Equal(t, 1, k.Kept(), "the camera's roll is written once the card moves on")
	require.NoError(t, k.Close())
	assert.Equal(t, 1, k.Kept())
	assert.Equal(t, [][]int{read[:]}, keptFaces(t, dir), "the faces confirmed while it was on the card")
}

// move posts a move at the current version and requires it taken.
func (b *board) move(path string, body map[string]any) {
	b.t.Helper()
	if body == nil {
		body = map[string]any{}
	}
	body["version"] = b.state().Version
	raw, err := json.Marshal(body)
	require.NoError(b.t, err)
	resp, err := http.Post(b.url+path, "application/json", bytes.NewReader(raw))
	require.NoError(b.t, err)
	resp.Body.Close()
	require.Equal(b.t, http.StatusOK, resp.StatusCode, path)
}

func TestTheNextRollWithTheSameFacesKeepsTheLastOne(t *testing.T) {
	k, frame, five := keeping(t, filepath.Join(t.TempDir(), "rolls"), &bytes.Buffer{})
	b := newBoardWith(t, scoreboard.Config{Rolls: k}, "yacht", "Ann", "Bob")

	for _, player := range []string{"Ann", "Bob"} {
		read, unsure := rollOf(five)
		k.offer(frame, five)
		require.True(t, b.srv.Settled(read, unsure), "%s's roll", player)
		k.flush()
		b.move("/api/confirm", nil)
		b.move("/api/score", map[string]any{"box": "fours"})
	}
	require.NoError(t, k.Close())
	assert.Equal(t, 2, k.Kept(), "Bob's roll of the same faces did not take back Ann's confirmation")
}
