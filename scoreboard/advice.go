package scoreboard

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/dicecam/dicecam/rules"
	"github.com/dicecam/dicecam/rules/strategy"
)

// AdviceView is the solitaire-optimal move for the confirmed roll of the
// player to move, as the page shows it.
type AdviceView struct {
	On bool `json:"on"` // the switch; off by default with more than one player
	// Status is "off", "waiting" (no confirmed roll), "preparing" (the
	// table is loading), "ready" or "unavailable" (Message says why).
	Status  string `json:"status"`
	Message string `json:"message,omitempty"`
	// Hold marks, by position, the dice to keep and roll the others again.
	// When Box is set, scoring now is best and every die is held (none
	// after the last roll).
	Hold [5]bool `json:"hold"`
	Box  string  `json:"box,omitempty"`
	// BestBox is the box worth most now, even when rolling again is better.
	BestBox string `json:"best_box,omitempty"`
	// Expected is the expected final score after the best move.
	Expected float64 `json:"expected"`
	// Costs gives each legal box the expected points filling it now gives
	// up against the best move; none while the advice plays to beat.
	Costs map[string]float64 `json:"costs"`
	// Progress is how far the advice's preparation has gone, from 0 to 1,
	// while Status is "preparing"; -1 while the work cannot tell.
	Progress float64 `json:"progress"`

	// CanBeat says the player to move is the last with boxes open in the
	// game, so the advice may play to finish above the leader, Leader with
	// Target points (the first of them on a tie); Beat says it does. Then WinChance is the chance the
	// advised move leaves of finishing above Target, and Chances each
	// legal box's.
	CanBeat   bool               `json:"can_beat"`
	Beat      bool               `json:"beat"`
	Leader    string             `json:"leader,omitempty"`
	Target    int                `json:"target,omitempty"`
	WinChance float64            `json:"win_chance"`
	Chances   map[string]float64 `json:"chances,omitempty"`
}

// Advice statuses.
const (
	adviceOff         = "off"
	adviceWaiting     = "waiting"
	advicePreparing   = "preparing"
	adviceReady       = "ready"
	adviceUnavailable = "unavailable"
)

// adviceOnLocked says whether the page shows advice: as switched, else on
// for a game of one, where there is no one to play against.
func (s *Server) adviceOnLocked() bool {
	if s.adviceSwitch != nil {
		return *s.adviceSwitch
	}
	return s.game.State().Table.Players() == 1
}

// prepareAdviceLocked starts loading the table advice needs, when advice is
// on, and tells every page once it is ready. Solving a rule set the first
// time costs seconds of CPU, not worth spending on a game where no one
// asked for advice.
func (s *Server) prepareAdviceLocked() {
	if !s.adviceOnLocked() {
		return
	}
	set := s.game.Set
	if _, ready, _ := s.tables.table(set); ready {
		return
	}
	s.tellProgress(s.tables.prepare(set), func() float64 { return s.tables.progress(set) })
}

// progressEvery is how often open pages hear how far a preparation has
// gone: often enough for a bar to move smoothly, seldom enough that the
// states sent cost nothing beside the solve.
const progressEvery = 250 * time.Millisecond

// tellProgress tells every page how far the work is, each time its share
// done has moved, and once more when done closes.
func (s *Server) tellProgress(done <-chan struct{}, fraction func() float64) {
	go func() {
		tick := time.NewTicker(progressEvery)
		defer tick.Stop()
		last := fraction()
		for {
			select {
			case <-done:
				s.broadcast()
				return
			case <-s.hub.closed:
				return
			case <-tick.C:
				if f := fraction(); f != last {
					last = f
					s.broadcast()
				}
			}
		}
	}()
}

// adviceLocked is the advice for the current state, worked out once per
// state and switch and kept for the views that follow.
func (s *Server) adviceLocked() AdviceView {
	on := s.adviceOnLocked()
	st := s.game.State()
	_, ready, _ := s.tables.table(s.game.Set)
	key := fmt.Sprint(s.versionLocked(), on, ready, s.tables.progress(s.game.Set), s.beatGame == s.game.ID, s.plan.status())
	if key == s.adviceKey {
		return s.advice
	}
	a := s.newAdviceLocked(on, st)
	s.adviceKey, s.advice = key, a
	return a
}

func (s *Server) newAdviceLocked(on bool, st *State) AdviceView {
	a := AdviceView{On: on, Status: adviceOff, Costs: map[string]float64{}}
	a.Leader, a.Target, a.CanBeat = leader(st)
	a.Beat = on && a.CanBeat && s.beatGame == s.game.ID
	if !a.Beat && s.plan != nil {
		// No one plays to beat the leader now: a solve under way stops.
		s.plan.cancel()
		s.plan = nil
	}
	if !on {
		return AdviceView{On: on, Status: adviceOff, Costs: map[string]float64{}}
	}
	who := st.Table.ToMove()
	tb, ready, err := s.tables.table(s.game.Set)
	var plan *winPlanLoad
	if a.Beat && ready && err == nil {
		// Solved once a turn, from its start, so the rolls are answered at once.
		plan = s.winPlanLocked(tb, st, a.Target)
		if _, solved, _ := plan.result(); !solved {
			a.Status, a.Progress = advicePreparing, plan.progress.fraction()
			return a
		}
	}
	if who < 0 || !st.Throw.Confirmed {
		a.Status = adviceWaiting
		return a
	}
	switch {
	case err != nil:
		a.Status, a.Message = adviceUnavailable, fmt.Sprintf("No advice for %s: %v", s.game.Set.Spec(), err)
		return a
	case !ready:
		a.Status, a.Progress = advicePreparing, s.tables.progress(s.game.Set)
		return a
	case plan != nil:
		return beatAdvice(a, plan, st)
	}
	card, roll := st.Table.Card(who), rules.Roll(st.Throw.Dice)
	moves, boxes, err := advise(tb, card, roll, st.Throw.Number)
	if err != nil {
		a.Status, a.Message = adviceUnavailable, "No advice for this card: "+err.Error()
		return a
	}
	best := moves[0]
	a.Status, a.Expected, a.Hold, a.Box = adviceReady, best.Expected, best.Held(roll), string(best.Box)
	fillCosts(&a, best.Expected, boxes)
	return a
}

// advise ranks the moves for the roll, and the boxes it could fill now:
// after rolls 1 and 2 those are among the moves of the last roll only.
func advise(tb *strategy.Table, card *rules.Card, roll rules.Roll, throw int) (moves, boxes []strategy.Move, err error) {
	if moves, err = tb.Advise(card, roll, throw); err == nil && len(moves) == 0 {
		err = errors.New("no box may take this roll")
	}
	if err != nil || throw == 3 {
		return moves, moves, err
	}
	boxes, err = tb.Advise(card, roll, 3)
	return moves, boxes, err
}

// fillCosts gives each box its cost against the best move, worth best.
func fillCosts(a *AdviceView, best float64, boxes []strategy.Move) {
	for i, m := range boxes {
		if i == 0 {
			a.BestBox = string(m.Box)
		}
		a.Costs[string(m.Box)] = rounded(best - m.Expected)
	}
}

// rounded keeps a loss of expected points to a thousandth, never below 0:
// the page shows a tenth at most, and float noise would show the best
// choice as a loss of −0.0.
func rounded(loss float64) float64 { return max(0, math.Round(loss*1000)/1000) }
