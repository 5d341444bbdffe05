// Package tablecoretest provides a small ruleset for testing the referee and
// whatever sits on it (sensing, displays) without the weight of a real one:
// any four sets and a pair (or seven pairs) win, a win is worth 1 point from
// the discarder or from each other player, and the deal passes every hand.
// Its Rules are a plain struct, so a test can switch on flowers, a missing
// suit, multiple wins or hands that go on after a win.
package tablecoretest

import (
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Ruleset is the test ruleset. Hands is the number of hands in a game.
type Ruleset struct {
	R     game.Rules
	Hands int
	// Reject, if set, is consulted by Check: a non-nil error refuses the action.
	Reject func(h *game.Hand, a game.Action) error
	// Penalize, if set, is the penalty for a foul; nil: a foul is only recorded.
	Penalize func(h *game.Hand, f game.Foul) []game.Effect
}

// Penalty implements game.Penalizer.
func (r *Ruleset) Penalty(h *game.Hand, f game.Foul) []game.Effect {
	if r.Penalize == nil {
		return nil
	}
	return r.Penalize(h, f)
}

// New returns a 4-player ruleset on the 136-tile set with chi, head bump,
// no dead wall and replacements from the tail, over 4 hands.
func New() *Ruleset {
	set, _ := tile.Standard(0)
	return &Ruleset{
		R: game.Rules{
			Name: "test", Players: 4, Set: set, Replacement: game.Tail,
			Chi: true, MultiWin: game.HeadBump, WinsToEnd: 1,
		},
		Hands: 4,
	}
}

// Rules implements game.Ruleset.
func (r *Ruleset) Rules() game.Rules { return r.R }

// Start implements game.Ruleset: everyone starts on 0.
func (r *Ruleset) Start(dealer game.Seat) game.Standing {
	return game.Standing{Dealer: dealer, Round: tile.East, Scores: make([]int, r.R.Players)}
}

// Check implements game.Ruleset.
func (r *Ruleset) Check(h *game.Hand, a game.Action) error {
	switch a.Kind {
	case game.Riichi, game.SingleKan, game.Abort:
		return fmt.Errorf("the test ruleset has no %s: %w", a.Kind, game.ErrIllegal)
	}
	if r.Reject != nil {
		return r.Reject(h, a)
	}
	return nil
}

// Win implements game.Ruleset.
func (r *Ruleset) Win(h *game.Hand, a game.Action) (game.Win, error) {
	p := h.Seats[a.Seat]
	c := tile.CountsOf(p.Hand)
	w := game.Win{Seat: a.Seat, From: game.NoSeat}
	if a.Kind == game.Ron {
		c[a.Tile.Kind]++
		w.From, w.Tile, w.Robbed = h.Claim.From, a.Tile, h.Claim.Robbing
	} else if n := len(p.Hand); n > 0 {
		w.Tile = p.Hand[n-1]
	}
	if p.HasMissing {
		for k := range c {
			if c[k] > 0 && tile.Kind(k).Suit() == p.Missing {
				return game.Win{}, fmt.Errorf("holds a tile of the missing suit: %w", game.ErrNotWinning)
			}
		}
	}
	if !Complete(c) {
		return game.Win{}, fmt.Errorf("%s: %w", c, game.ErrNotWinning)
	}
	w.Value = game.Value{Summary: "1 point", Points: 1}
	if w.From != game.NoSeat {
		w.Payments = []game.Payment{{From: w.From, To: a.Seat, Amount: 1, Reason: "win"}}
	} else {
		for i := 0; i < h.Players; i++ {
			if s := game.Seat(i); s != a.Seat && !h.Seats[s].Won {
				w.Payments = append(w.Payments, game.Payment{From: s, To: a.Seat, Amount: 1, Reason: "win"})
			}
		}
	}
	return w, nil
}

// After implements game.Ruleset: nothing else happens.
func (r *Ruleset) After(h *game.Hand, a game.Action) []game.Effect { return nil }

// Settle implements game.Ruleset: nothing is paid at the end.
func (r *Ruleset) Settle(h *game.Hand, e game.End) game.End { return e }

// Next implements game.Ruleset: the deal passes every hand.
func (r *Ruleset) Next(s game.Standing, h *game.Hand) (game.Standing, bool) {
	if s.Hands >= r.Hands {
		return s, true
	}
	s.Dealer = s.Dealer.Next(r.R.Players)
	s.Number++
	return s, false
}

// Complete reports whether c (the concealed tiles of a hand with any
// number of melds) is sets and a pair, or seven pairs.
func Complete(c tile.Counts) bool {
	n := c.Total()
	if n%3 != 2 {
		return false
	}
	if n == 14 {
		pairs := 0
		for _, v := range c {
			if v == 2 {
				pairs++
			}
		}
		if pairs == 7 {
			return true
		}
	}
	for k := range c {
		if c[k] >= 2 {
			c[k] -= 2
			if sets(&c, 0) {
				return true
			}
			c[k] += 2
		}
	}
	return false
}

func sets(c *tile.Counts, from int) bool {
	k := from
	for k < tile.NumKinds && c[k] == 0 {
		k++
	}
	if k == tile.NumKinds {
		return true
	}
	if c[k] >= 3 {
		c[k] -= 3
		ok := sets(c, k)
		c[k] += 3
		if ok {
			return true
		}
	}
	kk := tile.Kind(k)
	if kk.IsSuited() && kk.Rank() <= 7 && c[k+1] > 0 && c[k+2] > 0 {
		c[k]--
		c[k+1]--
		c[k+2]--
		ok := sets(c, k)
		c[k]++
		c[k+1]++
		c[k+2]++
		return ok
	}
	return false
}
