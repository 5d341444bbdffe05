package tablecore

import (
	"errors"
	"fmt"

	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// ErrConcealedKong: a concealed kong is declared from the hand and opens
// no window; nobody may win on its tiles.
var ErrConcealedKong = errors.New("a concealed kong cannot be robbed")

// Refusal returns the error Apply would give a, without applying it: nil
// if the referee would accept it now.
func (g *Game) Refusal(a game.Action) error {
	return g.validate(&a)
}

// explain turns a bare "not this seat's turn" for a claim into the rule
// that refuses it, when one does: the claim is judged as if the window on
// the tile it names were open for the seat (it may have closed at once
// because nobody could use the tile, or the seat's answer may have been
// given for it). A claim the rules would allow keeps the bare error: it
// came too late. The result matches both the rule's error and
// ErrOutOfTurn.
func (g *Game) explain(a game.Action, err error) error {
	if err != ErrOutOfTurn || !a.Kind.IsClaim() || a.Kind == game.Pass {
		return err
	}
	h := g.h
	if a.Kind == game.Chi && !g.rules.Chi {
		return fmt.Errorf("chi is not played at this table: %w; %w", ErrNotAllowed, err)
	}
	from, robbing, ok := game.NoSeat, false, false
	switch {
	case h.Phase == game.Claims:
		from, robbing, ok = h.Claim.From, h.Claim.Robbing, a.Tile == h.Claim.Tile
	default:
		last, any := lastPlay(h)
		if !any || last.Seat == a.Seat || last.Tile.Kind != a.Tile.Kind {
			return err
		}
		switch last.Kind {
		case game.ClosedKan:
			if a.Kind == game.Ron {
				return fmt.Errorf("seat %d's kong of %s: %w; %w", last.Seat, last.Tile.Kind, ErrConcealedKong, err)
			}
			return err
		case game.Discard, game.Riichi:
			// The window closed at once; no draw has been made since.
			if h.Phase != game.ToDraw {
				return err
			}
			d := h.Seats[last.Seat].Discards
			from, ok = last.Seat, len(d) > 0 && d[len(d)-1].Tile == a.Tile && !d[len(d)-1].Taken
		}
	}
	if !ok {
		return err
	}
	// Judge on a copy of the hand with the window open again for this
	// seat alone; the game itself is not touched.
	rs := make([]game.Response, h.Players)
	for i := range rs {
		if game.Seat(i) != a.Seat {
			rs[i] = game.Response{Answered: true, Action: game.Action{Kind: game.Pass, Seat: game.Seat(i)}}
		}
	}
	hh := *h
	hh.Phase = game.Claims
	hh.Claim = game.Claim{From: from, Tile: a.Tile, Robbing: robbing, Responses: rs}
	gg := *g
	gg.h = &hh
	why := gg.check(&a)
	if why == nil {
		if a.Kind == game.Ron {
			_, why = g.rs.Win(&hh, a)
		} else {
			why = g.rs.Check(&hh, a)
		}
	}
	if why == nil || why == ErrOutOfTurn {
		return err
	}
	return fmt.Errorf("%w; %w", why, err)
}

// lastPlay returns the last action of the hand that is not a pass: the
// discard or kong a window was opened on, once everyone has answered.
func lastPlay(h *game.Hand) (game.Action, bool) {
	for i := len(h.Log) - 1; i >= 0; i-- {
		if h.Log[i].Kind != game.Pass {
			return h.Log[i], true
		}
	}
	return game.Action{}, false
}

// Refused is an action the referee would refuse, and why.
type Refused struct {
	Action game.Action
	Err    error
}

// Refusals lists the wins and claims seat might try now and the referee
// would refuse, each with the rule it breaks: the claims on the tile on
// offer (or the discard whose window closed at once) that the seat holds
// the tiles for, and a self-drawn win on its turn.
func (g *Game) Refusals(seat game.Seat) []Refused {
	h := g.h
	if g.over || h == nil || h.Phase == game.Over || seat < 0 || int(seat) >= h.Players {
		return nil
	}
	var cands []game.Action
	if h.Phase == game.ToAct && h.Turn == seat {
		cands = append(cands, game.Action{Kind: game.Tsumo, Seat: seat})
	}
	var t tile.Tile
	offered := false
	if h.Phase == game.Claims {
		t, offered = h.Claim.Tile, h.Claim.From != seat
	} else if last, ok := lastPlay(h); ok && last.Seat != seat {
		switch last.Kind {
		case game.Discard, game.Riichi, game.ClosedKan:
			t, offered = last.Tile, h.Phase == game.ToDraw
		}
	}
	if offered {
		p := &h.Seats[seat]
		cands = append(cands, game.Action{Kind: game.Ron, Seat: seat, Tile: t})
		for _, u := range pairsOf(p.Hand, t.Kind, 2) {
			cands = append(cands, game.Action{Kind: game.Pon, Seat: seat, Tile: t, Uses: u})
		}
		for _, u := range pairsOf(p.Hand, t.Kind, 3) {
			cands = append(cands, game.Action{Kind: game.OpenKan, Seat: seat, Tile: t, Uses: u})
		}
		for _, u := range chiUses(p.Hand, t) {
			cands = append(cands, game.Action{Kind: game.Chi, Seat: seat, Tile: t, Uses: u})
		}
	}
	var out []Refused
	for _, a := range cands {
		if err := g.Refusal(a); err != nil {
			out = append(out, Refused{Action: a, Err: err})
		}
	}
	return out
}
