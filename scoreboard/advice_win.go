package scoreboard

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
)

// Playing to win: when the others have finished, the last player may switch
// the advice from the best expected score to the best chance of finishing
// above the leader (strategy.WinPlan), solved once a turn in the
// background, its progress told to the pages as a table's is.

// leader names the player to beat and their score when the player to move
// is the only one with boxes open in the game in play.
func leader(st *State) (name string, target int, ok bool) {
	tb := st.Table
	who := tb.ToMove()
	if who < 0 || tb.Players() < 2 {
		return "", 0, false
	}
	target = -1
	for p := range tb.Players() {
		if p == who {
			continue
		}
		c := tb.Card(p)
		if !c.Full() {
			return "", 0, false
		}
		if t := c.Totals().GrandTotal; t > target {
			name, target = st.Names[p], t
		}
	}
	return name, target, true
}

// winPlanLoad is a WinPlan being solved for one turn's card and target.
type winPlanLoad struct {
	key      string
	done     chan struct{} // closed once plan or err is set
	plan     *strategy.WinPlan
	err      error
	progress progress
	cancel   context.CancelFunc
}

// result is the plan once it is solved; ready is false until then.
func (l *winPlanLoad) result() (plan *strategy.WinPlan, ready bool, err error) {
	select {
	case <-l.done:
		return l.plan, true, l.err
	default:
		return nil, false, nil
	}
}

// status tells the advice's cache what the plan is at: its turn, whether
// it is solved, how far it has gone.
func (l *winPlanLoad) status() string {
	if l == nil {
		return ""
	}
	_, ready, _ := l.result()
	return fmt.Sprint(l.key, ready, l.progress.fraction())
}

// winPlanLocked is the plan for the turn of the player to move, started in
// the background the first time the turn asks for it; a plan for an
// earlier turn is stopped.
func (s *Server) winPlanLocked(tb *strategy.Table, st *State, target int) *winPlanLoad {
	who := st.Table.ToMove()
	card := st.Table.Card(who)
	key := fmt.Sprint(s.game.ID, " ", who, " ", st.Table.Game(), " ", target, " ", cardKey(card))
	if s.plan != nil && s.plan.key == key {
		return s.plan
	}
	if s.plan != nil {
		s.plan.cancel()
	}
	ctx, cancel := context.WithCancel(s.ctx)
	l := &winPlanLoad{key: key, done: make(chan struct{}), cancel: cancel}
	s.plan = l
	card = card.Clone()
	go func() {
		defer close(l.done)
		l.plan, l.err = tb.ToBeat(ctx, card, target, l.progress.set)
	}()
	s.tellProgress(l.done, l.progress.fraction)
	return l
}

// cardKey names a card by what is in its boxes.
func cardKey(c *rules.Card) string {
	var sb strings.Builder
	for _, b := range c.Set().Boxes() {
		if pts, ok := c.Filled(b.ID); ok {
			fmt.Fprintf(&sb, "%s=%d ", b.ID, pts)
		}
	}
	return sb.String()
}

// beatAdvice is the move with the best chance of finishing above the
// target, and each legal box's chance, once the plan is solved.
func beatAdvice(a AdviceView, l *winPlanLoad, st *State) AdviceView {
	plan, ready, err := l.result()
	switch {
	case !ready:
		a.Status, a.Progress = advicePreparing, l.progress.fraction()
		return a
	case err != nil:
		a.Status, a.Message = adviceUnavailable, "No advice to beat the leader: "+err.Error()
		return a
	}
	roll, throw := rules.Roll(st.Throw.Dice), st.Throw.Number
	moves, err := plan.Advise(roll, throw)
	boxes := moves
	if err == nil && throw < 3 {
		boxes, err = plan.Advise(roll, 3)
	}
	if err == nil && len(moves) == 0 {
		err = errors.New("no box may take this roll")
	}
	if err != nil {
		a.Status, a.Message = adviceUnavailable, "No advice for this card: "+err.Error()
		return a
	}
	best := moves[0]
	a.Status, a.Expected, a.Hold, a.Box, a.WinChance = adviceReady, best.Expected, best.Held(roll), string(best.Box), best.WinChance
	a.Chances = map[string]float64{}
	for i, m := range boxes {
		if i == 0 {
			a.BestBox = string(m.Box)
		}
		a.Chances[string(m.Box)] = m.WinChance
	}
	return a
}
