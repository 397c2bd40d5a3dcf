package live

import (
	"fmt"
	"sync"
	"time"

	"github.com/charmbracelet/log"
	"gocv.io/x/gocv"

	"github.com/dicecam/dicecam/vision"
)

// Rolls keeps the camera's rolls that the table confirmed as a labelled
// folder (vision.AppendFolder): each roll's frame, with the reader's box
// of every die and the face the table confirmed for it. Played rolls so
// become photos of the table's own dice on its own table, from which
// `dicecam calibrate --from` fits a profile, with a head for those dice.
//
// A roll is written once the card takes the next, or the feed closes: the
// table may correct and confirm it again until then.
//
// The feed offers a roll before it hands it to the card, and the card says
// under its own lock when it takes it (Rolled). So a confirmation the table
// makes the moment the roll shows on the page is always of that roll, never
// of the one before.
type Rolls struct {
	out *vision.FolderWriter
	log *log.Logger
	now func() time.Time

	// mu guards offered, pending and done; the writing happens outside it,
	// since Rolled is called under the server's lock.
	mu      sync.Mutex
	offered *roll  // the roll handed to the card, until it takes it
	pending roll   // the roll the card took last
	done    []roll // rolls the card has moved on from, to write
}

// roll is a roll the camera read: its frame, the dice read on it, and the
// faces the table confirmed, once it has.
type roll struct {
	held      bool // frame holds a copy, for write to close
	frame     gocv.Mat
	at        time.Time // when it was offered, which names its photo
	dice      []vision.Die
	read      [5]int
	confirmed *[5]int
}

// KeepRolls adds the confirmed rolls to the labelled folder dir, which it
// starts where there is none; log hears of each roll kept and of a roll
// that could not be written, which costs that roll only.
func KeepRolls(dir string, log *log.Logger) (*Rolls, error) {
	out, err := vision.AppendFolder(dir)
	if err != nil {
		return nil, fmt.Errorf("keep the confirmed rolls: %w", err)
	}
	return &Rolls{out: out, log: log, now: time.Now}, nil
}

// Dir is the folder the rolls go to.
func (k *Rolls) Dir() string { return k.out.Dir() }

// Kept is how many rolls have been written so far.
func (k *Rolls) Kept() int { return k.out.Written() }

// offer holds the roll read as dice on frame, which the feed is about to
// hand the card. A roll of more dice than the card has places keeps no
// frame: one of its dice is no die of the card, and the frame would teach
// it as a die.
func (k *Rolls) offer(frame gocv.Mat, dice []vision.Die) {
	next := &roll{dice: dice, read: faces(dice), at: k.now()}
	if len(dice) <= len(next.read) {
		next.frame, next.held = frame.Clone(), true
	}
	k.mu.Lock()
	stale := k.offered
	k.offered = next
	k.mu.Unlock()
	if stale != nil {
		stale.free()
	}
}

// Rolled implements scoreboard.RollKeeper. The roll offered becomes the
// one confirmations are of if its faces are those the card took; any other
// throw, typed say, leaves the camera no roll on the card.
func (k *Rolls) Rolled(dice [5]int) {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.moveOnLocked()
	if k.offered != nil && k.offered.read == dice {
		k.pending, k.offered = *k.offered, nil
	}
}

// moveOnLocked sets the pending roll aside to be written: the card holds it
// no more. k.mu must be held.
func (k *Rolls) moveOnLocked() {
	if k.pending.held {
		k.done = append(k.done, k.pending)
	}
	k.pending = roll{}
}

// flush writes the confirmed rolls the card has moved on from and frees the
// frame of a roll offered that the card did not take.
func (k *Rolls) flush() {
	k.mu.Lock()
	done, stale := k.done, k.offered
	k.done, k.offered = nil, nil
	k.mu.Unlock()
	if stale != nil {
		stale.free()
	}
	for _, r := range done {
		k.write(r)
	}
}

// Confirmed implements scoreboard.RollKeeper.
func (k *Rolls) Confirmed(read, confirmed [5]int, ok bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if !k.pending.held || read != k.pending.read {
		return
	}
	k.pending.confirmed = nil
	if ok {
		k.pending.confirmed = &confirmed
	}
}

// free closes r's frame.
func (r *roll) free() {
	if r.held {
		r.frame.Close()
		r.held = false
	}
}

// write adds r to the folder if the table confirmed it, and frees its frame.
func (k *Rolls) write(r roll) {
	defer r.free()
	if !r.held || r.confirmed == nil {
		return
	}
	dice := make([]vision.Die, len(r.dice))
	for i, d := range r.dice {
		d.Value, d.Uncertain = r.confirmed[i], false
		dice[i] = d
	}
	name := fmt.Sprintf("images/roll-%s.jpg", r.at.Format("20060102-150405.000"))
	if err := k.out.Add(name, r.frame, dice); err != nil {
		k.log.Warn("a confirmed roll could not be kept for calibration; play goes on", "err", err)
		return
	}
	k.log.Info("confirmed roll kept for calibration", "photo", name, "kept", k.out.Written())
}

// Close writes the last roll if it was confirmed and closes the folder.
func (k *Rolls) Close() error {
	k.mu.Lock()
	k.moveOnLocked()
	k.mu.Unlock()
	k.flush()
	if err := k.out.Close(); err != nil {
		return fmt.Errorf("keep the confirmed rolls: %w", err)
	}
	return nil
}

// faces are the faces the feed hands the card for dice.
func faces(dice []vision.Die) [5]int {
	f, _ := rollOf(dice)
	return f
}
