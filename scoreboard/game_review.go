package scoreboard

import (
	"fmt"
	"net/http"

	"github.com/dicecam/dicecam/rules"
)

// ReviewView grades a game as dicecam review does, each player's decisions
// against optimal play, for the page.
type ReviewView struct {
	Game  int64  `json:"game"`
	Rules string `json:"rules"`
	// Status is "preparing" while the rule set's table loads (Progress
	// says how far, as for advice), "ready" or "unavailable" (Message says
	// why).
	Status   string         `json:"status"`
	Progress float64        `json:"progress"`
	Message  string         `json:"message,omitempty"`
	Players  []PlayerReview `json:"players"`
}

// PlayerReview is one player's graded game.
type PlayerReview struct {
	Name string `json:"name"`
	// Decisions counts the choices graded, TotalLoss the expected points
	// they gave up together and MeanLoss that a decision, Verhoeff's
	// figure of proficiency.
	Decisions int          `json:"decisions"`
	TotalLoss float64      `json:"total_loss"`
	MeanLoss  float64      `json:"mean_loss"`
	Turns     []TurnGraded `json:"turns"`
}

// TurnGraded is one scored turn: the final dice, the box chosen and the
// box optimal play fills with them, and the expected points the choice
// gave up (0 for the best). Keeps grades the dice held after each earlier
// roll, where the players marked them. Boxes typed or cleared by hand are
// not graded.
type TurnGraded struct {
	Game        int          `json:"game"` // of a series, from 1
	Turn        int          `json:"turn"`
	Keeps       []KeepGraded `json:"keeps"`
	Dice        string       `json:"dice"`
	Box         string       `json:"box"`
	BoxName     string       `json:"box_name"`
	BestBox     string       `json:"best_box"`
	BestBoxName string       `json:"best_box_name"`
	Loss        float64      `json:"loss"`
}

// KeepGraded is the choice of dice held after one roll of a turn, against
// optimal play's. Kept and BestKept count the dice held, and name them ("" for
// none); all five held is scoring after that roll, which the review grades
// too when a turn stops after its second roll.
type KeepGraded struct {
	Roll      int     `json:"roll"` // 1 or 2
	Dice      string  `json:"dice"`
	Kept      string  `json:"kept"`
	KeptCount int     `json:"kept_count"`
	BestKept  string  `json:"best_kept"`
	BestCount int     `json:"best_count"`
	Loss      float64 `json:"loss"`
}

// handleGameReview grades a kept game, finished or in play, for each
// player. The rule set's table loads in the background as advice's does:
// until it is ready the reply says "preparing" and how far it is, and the
// page asks again. GET /api/games/{id}/review
func (s *Server) handleGameReview(w http.ResponseWriter, r *http.Request) {
	g, ok := s.requestedGame(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, s.review(g))
}

func (s *Server) review(g *Game) ReviewView {
	v := ReviewView{Game: g.ID, Rules: g.Set.Spec(), Players: []PlayerReview{}}
	s.tables.prepare(g.Set)
	tb, ready, err := s.tables.table(g.Set)
	switch {
	case err != nil:
		v.Status, v.Message = adviceUnavailable, fmt.Sprintf("No review for %s: %v", g.Set.Spec(), err)
		return v
	case !ready:
		v.Status, v.Progress = advicePreparing, s.tables.progress(g.Set)
		return v
	}
	turns := cardTurns(g)
	for p, name := range g.State().Names {
		var own []rules.Turn
		for _, tn := range turns {
			if tn.Player == p {
				own = append(own, tn)
			}
		}
		rev, err := tb.Review(own)
		if err != nil {
			v.Status, v.Message = adviceUnavailable, fmt.Sprintf("No review of %s's game: %v", name, err)
			return v
		}
		pr := PlayerReview{Name: name, Decisions: rev.Decisions, TotalLoss: rounded(rev.TotalLoss), MeanLoss: rounded(rev.MeanLoss()),
			Turns: []TurnGraded{}}
		for _, tr := range rev.Turns {
			tg := TurnGraded{
				Game: tr.Game + 1, Turn: tr.Turn, Keeps: []KeepGraded{}, Dice: g.Set.FormatRoll(tr.Dice),
				Box: string(tr.Box), BoxName: boxName(g.Set, tr.Box),
				BestBox: string(tr.BestBox), BestBoxName: boxName(g.Set, tr.BestBox),
				Loss: rounded(tr.Loss),
			}
			for _, k := range tr.Keeps {
				tg.Keeps = append(tg.Keeps, KeepGraded{
					Roll: k.Roll, Dice: g.Set.FormatRoll(k.Dice),
					Kept: g.Set.FormatFaces(k.Kept), KeptCount: len(k.Kept),
					BestKept: g.Set.FormatFaces(k.BestKept), BestCount: len(k.BestKept),
					Loss: rounded(k.Loss),
				})
			}
			pr.Turns = append(pr.Turns, tg)
		}
		v.Players = append(v.Players, pr)
	}
	v.Status = adviceReady
	return v
}

func boxName(set *rules.Set, id rules.BoxID) string {
	if b, ok := set.Box(id); ok {
		return b.Name
	}
	return string(id)
}
