package wuhan

import (
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Fouls (反則, spec/wuhan.md §12, DEC-41). The referee refuses illegal
// acts; a foul is one made at the table anyway and reported. A false win
// (a Tsumo or Ron foul) is paid the other way and ends the hand; any other
// foul leaves the hand dead: the player plays on, pays, calls and kongs,
// but cannot win (W8).

// deadHand returns the error a win by seat gets when seat has fouled this
// hand, nil otherwise. Every reported foul kills the hand: §12 names the
// wrong tile count (大相公 / 小相公) and the draw out of turn or from the
// wrong place, and gives no other remedy for an illegal act made anyway.
func deadHand(h *game.Hand, seat game.Seat) error {
	for _, f := range h.Fouls {
		if f.Action.Seat == seat {
			return fmt.Errorf("wuhan: seat %d cannot win: its hand is dead after %s (%q): %w: %w",
				seat, foulName(f.Action.Kind), f.Reason, ErrDead, game.ErrIllegal)
		}
	}
	return nil
}

// foulName says what a foul of kind k was, as §12 names it.
func foulName(k game.Kind) string {
	switch k {
	case game.Draw:
		return "a draw out of turn or from the wrong place"
	case game.Discard:
		return "a discard out of turn (小相公: too few tiles)"
	case game.Tsumo, game.Ron:
		return "a false win (チョンボ)"
	}
	return fmt.Sprintf("an illegal %s (大相公 / 小相公: a wrong tile count)", k)
}

// Penalty implements game.Penalizer (§12, DEC-41). A false win: the
// offender pays each opponent the share that opponent would have paid had
// the declared hand and way of winning been valid (FalseWin), and the hand
// ends (End Chombo; Next keeps the dealer). Other fouls cost nothing now:
// Win refuses the seat for the rest of the hand.
func (r *Ruleset) Penalty(h *game.Hand, f game.Foul) []game.Effect {
	a := f.Action
	if a.Seat < 0 || int(a.Seat) >= h.Players || h.Phase == game.Over {
		return nil
	}
	if a.Kind != game.Tsumo && a.Kind != game.Ron {
		return nil
	}
	var fx []game.Effect
	if roles, err := r.roles(h); err == nil {
		if res, err := FalseWin(r.o, r.declared(h, a, roles)); err == nil {
			for _, sh := range res.Shares {
				if sh.Money > 0 {
					fx = append(fx, game.Effect{Kind: game.Pay, Payment: game.Payment{
						From: a.Seat, To: sh.Seat, Amount: sh.Money, Reason: "false win チョンボ (§12)"}})
				}
			}
		}
	}
	return append(fx, game.Effect{Kind: game.EndHand, End: game.Chombo, Reason: "false win: " + f.Reason})
}

// declared describes the win a's seat declared, as FalseWin reads it. A
// Tsumo wins on the tile just drawn, or, if the seat has not just drawn,
// on its last tile. A Ron wins on the open claim (a robbed kong included)
// or else on the last discard; with no one else's discard to win on it is
// valued as a self-draw of the tile named.
func (r *Ruleset) declared(h *game.Hand, a game.Action, roles Roles) Situation {
	s, _, err := r.situation(h, a, roles)
	switch {
	case err == nil && (a.Kind == game.Tsumo || h.Phase == game.Claims):
	case a.Kind == game.Ron:
		s = Situation{Indicator: roles.Indicator, Winner: a.Seat, From: game.NoSeat, Players: players(h, roles), Tile: a.Tile.Kind}
		for i := len(h.Log) - 1; i >= 0; i-- {
			if d := h.Log[i]; d.Kind == game.Discard {
				s.Way, s.From = ByDiscard, d.Seat
				if a.Tile == (tile.Tile{}) {
					s.Tile = d.Tile.Kind
				}
				break
			}
		}
	default:
		s = Situation{Indicator: roles.Indicator, Winner: a.Seat, From: game.NoSeat, Players: players(h, roles), Tile: a.Tile.Kind}
		if w := &s.Players[a.Seat]; len(w.Concealed) > 0 {
			s.Tile = w.Concealed[len(w.Concealed)-1]
			w.Concealed = w.Concealed[:len(w.Concealed)-1]
		}
	}
	if s.Way != BySelfDraw && (s.From == a.Seat || s.From == game.NoSeat) {
		s.Way, s.From = BySelfDraw, game.NoSeat
	}
	return s
}

// FalseWin values a declared win that is not legal, for the reversed
// payment of a false win (§12, DEC-41): each share is what that opponent
// would pay had the declared hand and way of winning been valid, ignoring
// the conditions it fails (W1, W2, W4, W5, W7, W8) and the threshold (W6),
// with the caps applied and no 包. The readings that meet W4 and W5 are
// preferred; failing those, the ones that break them are read as 小胡.
//
// A hand that makes no winning shape at all (W3 failed, or too many or too
// few tiles) has no declared value: it is valued as the smallest 小胡 of
// its way of winning, 1 × 2^(winner's fan + payer's fan) with no 硬胡
// (there is no reading to be hard), the other fan items counted as usual.
// This is our decision; the source is silent.
//
// The error is only for bad input (ErrOptions, ErrSituation).
//
// FalseWin allocates the Result's storage; a Scorer reuses its own.
func FalseWin(o Options, s Situation) (Result, error) {
	z := new(Scorer)
	res, err := z.FalseWin(o, s)
	if err == nil {
		res.Arrangement = z.Arrangement()
	}
	return res, err
}

// falseWinWith is FalseWin reading hands with read (nil: scorer.readings).
func (z *Scorer) falseWinWith(o Options, s Situation, read readFunc) (Result, error) {
	roles, err := z.roles(&o, s.Indicator)
	if err != nil {
		return Result{}, err
	}
	sc := &scorer{o: &z.knownO, r: roles, n: z.knownO.Players(), read: read}
	if err := sc.check(&s); err != nil {
		return Result{}, err
	}
	win := &s.Players[s.Winner]
	c, w := sc.split(win.Concealed)
	if s.Tile == sc.r.Wildcard {
		w++
	} else {
		c[s.Tile]++
	}
	rs := &z.rs
	rs.n = 0
	if fullHand(win) {
		ctx := winCtx{way: s.Way, replacement: s.Replacement, seabed: s.Seabed,
			bare: len(win.Melds) == 4 && len(win.Concealed) == 1 && openings(win) == 4, melded: meldKinds(win.Melds)}
		sc.readingsOf(&c, nil, w, win.Melds, ctx, rs)
		if rs.n == 0 {
			sc.lax = true
			sc.readingsOf(&c, nil, w, win.Melds, ctx, rs)
			sc.lax = false
		}
	}
	if rs.n == 0 {
		rs.rs[0], rs.n = reading{}, 1 // no shape: the smallest 小胡
	}
	var best Result
	bi := 1 // best is in z.bufs[bi]
	for i := range rs.list() {
		if res := sc.value(&s, &rs.rs[i], w, &z.bufs[1-bi]); i == 0 || res.Points > best.Points {
			best, bi = res, 1-bi
		}
	}
	z.best = bi
	sc.toArrange(&c, heldKinds(&c), w, &z.bufs[bi])
	sc.settle(&best)
	return best, nil
}
