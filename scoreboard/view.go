package scoreboard

import (
	"github.com/dicecam/dicecam/rules"
)

// View is the game as GET /api/state and the event stream give it: all a
// page needs to draw itself.
type View struct {
	Version int `json:"version"`
	// Seq grows with every state sent to the pages, moves or not (the
	// camera's news, advice made ready), so a page can tell a late reply
	// from newer news of the same version.
	Seq     int64        `json:"seq"`
	GameID  int64        `json:"game_id"`
	Started string       `json:"started"`
	Rules   RulesView    `json:"rules"`
	Round   int          `json:"round"` // game of the series, from 0
	Players []PlayerView `json:"players"`
	ToMove  int          `json:"to_move"` // -1 once the game is over
	Roll    RollView     `json:"roll"`
	Over    bool         `json:"over"`
	Winners []int        `json:"winners"`
	CanUndo bool         `json:"can_undo"`
	Camera  CameraView   `json:"camera"`
	// Calibration is the guided calibration, while one runs from the page.
	Calibration  Calibration `json:"calibration"`
	CanCalibrate bool        `json:"can_calibrate"`
	Advice       AdviceView  `json:"advice"`
}

// RulesView is the rule set and its boxes in card order.
type RulesView struct {
	Name     string      `json:"name"`
	Spec     string      `json:"spec"`
	Games    int         `json:"games"`
	MaxScore int         `json:"max_score"`
	MaxTyped int         `json:"max_typed"` // the most a score typed into a box may be
	Faces    []string    `json:"faces"`     // labels of faces 1..6
	Boxes    []rules.Box `json:"boxes"`
	Sets     []string    `json:"sets"` // every rule set a new game may use
	// UpperBonus is earned by an upper subtotal of BonusAt or more; zero
	// when the set has none. FiveBonus is paid for each further five alike.
	UpperBonus int `json:"upper_bonus"`
	BonusAt    int `json:"bonus_at"`
	FiveBonus  int `json:"five_bonus"`
}

// PlayerView is one column: the boxes of the current game and the totals.
type PlayerView struct {
	Name        string             `json:"name"`
	Boxes       map[string]BoxView `json:"boxes"`
	Totals      rules.Totals       `json:"totals"`
	Wins        int                `json:"wins"`
	SeriesTotal int                `json:"series_total"`
	Games       []int              `json:"games"` // grand total of each game of the series so far
}

// BoxView is a filled box.
type BoxView struct {
	Points int  `json:"points"`
	Marked bool `json:"marked"` // typed, and five dice cannot make it
}

// RollView is the current throw, with what each box would score once it is
// confirmed.
type RollView struct {
	Dice      [5]int         `json:"dice"`
	Labels    [5]string      `json:"labels"`
	Uncertain [5]bool        `json:"uncertain"`
	Throw     int            `json:"throw"`
	Confirmed bool           `json:"confirmed"`
	Options   []rules.Option `json:"options"`
	// CanHold says the players may mark the dice they hold for the next
	// roll: after roll 1 or 2, once the dice are right. Held and
	// HeldMarked are their marks, HeldOver the dice held from the roll
	// before, and Earlier the turn's rolls recorded so far with the dice
	// held from each.
	CanHold    bool          `json:"can_hold"`
	Held       [5]bool       `json:"held"`
	HeldMarked bool          `json:"held_marked"`
	HeldOver   [5]bool       `json:"held_over"`
	Earlier    []EarlierRoll `json:"earlier"`
}

// EarlierRoll is a roll of the turn before the current one, as the review
// will grade it: the dice and those held from them ("" for none).
type EarlierRoll struct {
	Throw int    `json:"throw"`
	Dice  string `json:"dice"`
	Kept  string `json:"kept"`
}

func (s *Server) viewLocked() View {
	v := viewOf(s.game)
	v.Version, v.Seq = s.versionLocked(), s.seq
	v.Camera = s.cam.view(s.cfg.Camera, s.cfg.Demo)
	v.Calibration, v.CanCalibrate = s.calibration, s.cfg.Calibrator != nil
	if v.Camera.On && !s.readsLocked() {
		v.Camera.Unreadable = errNoPokerReader.Error()
	}
	if s.refusedAt == s.versionLocked() {
		v.Camera.Refused = s.refused
	}
	if v.Calibration.Warnings == nil {
		v.Calibration.Warnings = []string{}
	}
	v.Advice = s.adviceLocked()
	return v
}

// viewOf is the game as a page draws its card, without what only the game
// in play has: the camera, the calibration, the advice, its version.
func viewOf(g *Game) View {
	st := g.State()
	set := g.Set
	v := View{
		GameID:  g.ID,
		Started: g.Started.Format("2006-01-02 15:04"),
		Rules: RulesView{
			Name: set.Name(), Spec: set.Spec(), Games: set.Games(), MaxScore: set.MaxScore(), MaxTyped: rules.MaxTypedPoints,
			Boxes: set.Boxes(), Sets: rules.Names(),
		},
		Round:       st.Table.Game(),
		ToMove:      st.Table.ToMove(),
		Over:        st.Table.Over(),
		Winners:     st.Table.Winners(),
		CanUndo:     g.CanUndo(),
		Calibration: Calibration{Warnings: []string{}},
		Advice:      AdviceView{Status: adviceOff, Costs: map[string]float64{}},
	}
	if v.Winners == nil {
		v.Winners = []int{}
	}
	v.Rules.UpperBonus, v.Rules.BonusAt = set.UpperBonus()
	v.Rules.FiveBonus = set.FiveBonus()
	for f := rules.Face(1); f <= 6; f++ {
		v.Rules.Faces = append(v.Rules.Faces, set.FaceLabel(f))
	}
	standing := st.Table.Standing()
	for i, name := range st.Names {
		sr := st.Table.Series(i)
		c := sr.Current()
		pv := PlayerView{
			Name: name, Boxes: map[string]BoxView{}, Totals: c.Totals(),
			Wins: standing.Wins[i], SeriesTotal: sr.Total(),
		}
		for _, b := range set.Boxes() {
			if pts, ok := c.Filled(b.ID); ok {
				pv.Boxes[string(b.ID)] = BoxView{Points: pts, Marked: c.Marked(b.ID)}
			}
		}
		for _, gc := range sr.Cards() {
			pv.Games = append(pv.Games, gc.Totals().GrandTotal)
		}
		v.Players = append(v.Players, pv)
	}
	r := st.Throw
	v.Roll = RollView{Uncertain: r.Uncertain, Throw: r.Number, Confirmed: r.Confirmed, Options: []rules.Option{},
		CanHold: v.ToMove >= 0 && (r.Number == 1 || r.Number == 2) && r.Complete() == nil,
		Held:    r.Held, HeldMarked: r.HeldMarked, HeldOver: r.HeldOver, Earlier: []EarlierRoll{}}
	for i, h := range st.Holds {
		v.Roll.Earlier = append(v.Roll.Earlier, EarlierRoll{Throw: i + 1, Dice: set.FormatRoll(h.Roll), Kept: set.FormatFaces(h.Kept)})
	}
	for i, f := range r.Dice {
		v.Roll.Dice[i] = int(f)
		if f != 0 {
			v.Roll.Labels[i] = set.FaceLabel(f)
		}
	}
	if r.Confirmed && v.ToMove >= 0 {
		v.Roll.Options = st.Table.Card(v.ToMove).Options(rules.Roll(r.Dice))
	}
	return v
}
