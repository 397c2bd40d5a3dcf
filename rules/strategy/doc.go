// Package strategy plays Yacht-family games as well as they can be played
// alone: it solves a rule set once for the expected final score of optimal
// play from every point of a game, and from that table advises which dice to
// keep and which box to fill.
//
// A page or command loads the table once and asks it about each roll:
//
//	tb, err := strategy.Load(ctx, set, strategy.Options{Log: logger, Progress: bar})
//	moves, err := tb.Advise(card, roll, 2) // best first; Move.Cost is the points given up
//
// Progress hears done and total states, at most once a percent, while a
// table is solved. Beyond the advice:
//
//	rev, err := tb.Review(turns)          // every decision of a game, by the points it gave up
//	plan, err := tb.ToBeat(ctx, card, leader, progress) // once a turn, to play to win
//	moves, err := plan.Advise(roll, 1)    // by Move.WinChance, best first
//	d, err := strategy.LoadDistribution(ctx, tb, opts) // the spread of optimal play's score
//
// The solver is exact dynamic programming over turn states (filled boxes,
// upper subtotal capped at the bonus line, whether the five-alike box holds
// its 50), working back from the full card. Within a turn it values the 252
// distinct rolls and the 462 distinct keeps, rerolling one die at a time.
// Upper subtotals that earn the bonus from the same totals still to come
// are worth the same, and are solved once; four states of the same filled
// boxes go through a turn side by side (lanes.go), each level of the card
// is shared among the processors, and the table is the same bit for bit
// however the work is shared.
//
// Expected scores of optimal play from an empty card, as this solver finds
// them (dicecam solve --rules R):
//
//	yahtzee             254.587729  (forced joker; the published reference)
//	yahtzee:joker=free  254.589609  (Verhoeff 1999: 254.5896)
//	yahtzee, Plain      245.870775  (no 100 bonuses, no joker; Glenn 2006: 245.87)
//	yatzy               248.439989  (Larsson and Sjöberg 2012 publish 248.63)
//	yacht               166.955068
//	poker               245.854695  (one game of the series)
//
// The yatzy figure differs from the 2012 thesis: the rules engine reads two
// pairs as two different faces, and letting four alike count as two pairs
// gives 248.644; a full house of five alike gives 248.468. Neither is
// 248.63, so that rule set is not known exactly. An independent solver of
// the same rules (the dlangk/yatzy project, with the same box ceilings:
// two pairs 22, full house 28) reports a mean of 248.4 over ten million
// games of optimal play, which agrees with this one.
package strategy
