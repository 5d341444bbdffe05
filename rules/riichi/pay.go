package riichi

import (
	"fmt"
	"slices"
)

// Payment is points moving from one seat to another. Points is the
// hand's (or the penalty's) share, rounded up to 100 at the payer
// (spec/riichi.md §11.4); Honba the 積み棒 part (§12.1). From or To may be
// Table for deposits.
type Payment struct {
	From   Wind `json:"from"`
	To     Wind `json:"to"`
	Points int  `json:"points"`
	Honba  int  `json:"honba,omitempty"`
}

// Total is Points plus Honba.
func (p Payment) Total() int { return p.Points + p.Honba }

func (p Payment) String() string {
	if p.Honba > 0 {
		return fmt.Sprintf("%v pays %v %d (%d + %d honba)", p.From, p.To, p.Total(), p.Points, p.Honba)
	}
	return fmt.Sprintf("%v pays %v %d", p.From, p.To, p.Points)
}

// ceil100 rounds up to a multiple of 100 (spec/riichi.md §11.4).
func ceil100(x int) int {
	if x < 0 {
		return (x + 99) / 100 * 100
	}
	// Points in play are not negative: unsigned, the division needs no
	// sign fix-up.
	return int(uint(x+99) / 100 * 100)
}

// points is what a hand of base points is worth to the winner, honba left
// out (§11.5).
func (s *scorer) points(base int) int {
	switch {
	case !s.w.Tsumo && s.dealer:
		return ceil100(6 * base)
	case !s.w.Tsumo:
		return ceil100(4 * base)
	case s.dealer:
		return 3 * ceil100(2*base)
	}
	return ceil100(2*base) + 2*ceil100(base)
}

// winPayments returns who pays the winner what, and the deposits the
// winner takes (spec/riichi.md §11.5, §12, §15).
func winPayments(w *Win, c *cand, o *Options, out []Payment) ([]Payment, int) {
	paoHonba := o.PaoHonba
	deposits := 1000 * w.Deposits
	base := c.base
	paoBase := 0
	if w.Pao.Yaku != NoYaku && c.limit == Yakuman {
		for _, y := range c.yaku[:c.ny] {
			if y.Yaku == w.Pao.Yaku {
				paoBase = 8000 * y.Yakuman
			}
		}
		paoBase = min(paoBase, base)
	}
	mult := 4
	if w.Dealer() {
		mult = 6
	}
	if !w.Tsumo {
		if paoBase > 0 && w.Pao.Liable != w.From {
			// Ron by a third player: half each of the pao share; the
			// discarder pays the honba (D-RI-38), or the liable player
			// (Tenhou).
			share := ceil100(mult * paoBase)
			fromHonba, liableHonba := 300*w.Honba, 0
			if paoHonba == PaoHonbaLiable {
				fromHonba, liableHonba = 0, fromHonba
			}
			out = appendPayment(out, w.From, w.Seat, share/2+ceil100(mult*(base-paoBase)), fromHonba)
			out = appendPayment(out, w.Pao.Liable, w.Seat, share-share/2, liableHonba)
			return out, deposits
		}
		return appendPayment(out, w.From, w.Seat, ceil100(mult*base), 300*w.Honba), deposits
	}
	// A tsumo: each seat's share summed by seat, then paid in seat order.
	var points, honba [4]int
	rest := base - paoBase
	if paoBase > 0 {
		// Tsumo: the liable player pays the pao share alone, as for a
		// ron, and all the honba (D-RI-38).
		points[w.Pao.Liable&3] += ceil100(mult * paoBase)
		honba[w.Pao.Liable&3] += 300 * w.Honba
	}
	// A three-player game has no North: its share of a tsumo is not paid
	// (tsumo loss, Tenhou) or is split between the two payers.
	northShare := 0
	if o.Players == 3 && rest > 0 && o.SanmaTsumo == SanmaTsumoSplit {
		northShare = ceil100(rest)
		if w.Dealer() {
			northShare = ceil100(2 * rest)
		}
	}
	for i := Wind(1); i < 4; i++ {
		seat := (w.Seat + i) & 3
		if o.Players == 3 && seat == North {
			continue
		}
		if paoBase == 0 {
			honba[seat] += 100 * w.Honba
		}
		if rest == 0 {
			continue
		}
		share := ceil100(rest)
		if seat == East || w.Dealer() {
			share = ceil100(2 * rest)
		}
		if northShare > 0 {
			share = ceil100(share + northShare/2)
		}
		points[seat] += share
	}
	for seat := range Wind(4) {
		out = appendPayment(out, seat, w.Seat, points[seat], honba[seat])
	}
	return out, deposits
}

// appendPayment appends from's payment of points and honba to to, if
// there is one.
func appendPayment(out []Payment, from, to Wind, points, honba int) []Payment {
	if points == 0 && honba == 0 {
		return out
	}
	return append(out, Payment{From: from, To: to, Points: points, Honba: honba})
}

// Nagashi returns the payments of a nagashi mangan by seat at an
// exhaustive draw: paid as a mangan tsumo, with honba (spec/riichi.md §9.1
// option nagashi_mangan). The deposits stay on the table.
func Nagashi(seat Wind, honba int, o Options) ([]Payment, error) {
	if !o.NagashiMangan {
		return nil, fmt.Errorf("riichi: nagashi mangan is not played under these options: %w", ErrConditions)
	}
	if seat > North || honba < 0 {
		return nil, fmt.Errorf("riichi: nagashi mangan by %v with %d honba: %w", seat, honba, ErrConditions)
	}
	var out []Payment
	for i := Wind(1); i < 4; i++ {
		p := (seat + i) & 3
		pts := 2000
		if p == East || seat == East {
			pts = 4000
		}
		out = append(out, Payment{From: p, To: seat, Points: pts, Honba: 100 * honba})
	}
	slices.SortFunc(out, func(a, b Payment) int { return int(a.From) - int(b.From) })
	return out, nil
}

// Noten returns the noten payments at an exhaustive draw: 3,000 in all,
// from the noten players to the tenpai ones; nothing when all or none are
// tenpai (spec/riichi.md §13.1). tenpai is indexed by seat wind.
func Noten(tenpai [4]bool) []Payment { return noten(tenpai[:], 3000) }

// NotenThree returns the noten payments of a three-player exhaustive
// draw, tenpai indexed by seat wind E S W: 2,000 in all (1,000 from each
// noten player to a single tenpai one, or from a single noten player to
// each tenpai one); nothing when all or none are tenpai.
func NotenThree(tenpai [3]bool) []Payment { return noten(tenpai[:], 2000) }

// noten shares total between every noten-to-tenpai pair.
func noten(tenpai []bool, total int) []Payment {
	var ready, not []Wind
	for i, t := range tenpai {
		if t {
			ready = append(ready, Wind(i))
		} else {
			not = append(not, Wind(i))
		}
	}
	if len(ready) == 0 || len(not) == 0 {
		return nil
	}
	each := total / (len(ready) * len(not))
	var out []Payment
	for _, n := range not {
		for _, r := range ready {
			out = append(out, Payment{From: n, To: r, Points: each})
		}
	}
	return out
}

// Net sums payments into each seat's change of score, indexed by seat
// wind; index 4 is the table.
func Net(ps []Payment) [5]int {
	var n [5]int
	for _, p := range ps {
		n[p.From] -= p.Total()
		n[p.To] += p.Total()
	}
	return n
}

// BasePoints returns the base points (基準点) of a regular hand of han and
// fu after the limits, and the limit reached (spec/riichi.md §11.2).
func BasePoints(han, fu int, o Options) (int, Limit) { return limitBase(han, fu, &o) }

// RonPoints is what the discarder pays for base points, honba left out
// (spec/riichi.md §11.4).
func RonPoints(base int, dealer bool) int {
	if dealer {
		return ceil100(6 * base)
	}
	return ceil100(4 * base)
}

// TsumoPoints is what each player pays on a tsumo for base points, honba
// left out (spec/riichi.md §11.4): for a child winner, what each other
// child and what the dealer pays; for a dealer winner, what each child
// pays (twice).
func TsumoPoints(base int, dealer bool) (child, fromDealer int) {
	if dealer {
		return ceil100(2 * base), ceil100(2 * base)
	}
	return ceil100(base), ceil100(2 * base)
}
