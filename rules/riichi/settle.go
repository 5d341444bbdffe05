package riichi

import (
	"slices"

	"jantaku/rules/game"
)

// Settle is the final settlement of a game that ended on scores (by seat;
// spec/riichi.md §14, D-RI-37): places by score, a tie going to the seat
// nearer the first dealer, seat 0 (D-RI-36); each result is (score −
// ReturnPoints) / 1,000, plus the uma of the place, plus the oka (every
// player's ReturnPoints − StartingPoints) to first place, rounded as
// FinalRounding says. Uma has one number per player (three or four).
func (o Options) Settle(scores []int) game.Settlement {
	n := len(scores)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return scores[b] - scores[a] })
	st := game.Settlement{Places: make([]int, n), Points: make([]float64, n)}
	// In hundreds, to stay exact.
	hundreds := make([]int, n)
	for place, s := range order {
		st.Places[s] = place + 1
		h := (scores[s] - o.ReturnPoints) / 100
		if len(o.Uma) == n {
			h += 10 * o.Uma[place]
		}
		if place == 0 {
			h += n * (o.ReturnPoints - o.StartingPoints) / 100
		}
		hundreds[s] = h
	}
	rounded := o.FinalRounding == RoundHalfUp || o.FinalRounding == RoundGosha
	round := func(h int) int { // hundreds to whole thousands, in hundreds
		if o.FinalRounding == RoundGosha {
			return -10 * floorDiv(5-h, 10) // 五捨六入: ceil((h-5)/10)
		}
		return 10 * floorDiv(h+5, 10) // 四捨五入
	}
	total := 0
	for _, h := range hundreds {
		total += h
	}
	rest := 0
	for place, s := range order {
		if place == 0 || !rounded {
			continue
		}
		// The score is rounded; uma and oka are whole thousands.
		base := (scores[s] - o.ReturnPoints) / 100
		hundreds[s] += round(base) - base
		rest += hundreds[s]
	}
	if rounded && n > 0 {
		// First place takes the balance: the results add up to what
		// they did before rounding (zero, unless deposits were lost).
		hundreds[order[0]] = total - rest
	}
	for s, h := range hundreds {
		st.Points[s] = float64(h) / 10
	}
	return st
}

func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

// Settlement implements game.Settler.
func (r *Ruleset) Settlement(scores []int) game.Settlement { return r.o.Settle(scores) }
