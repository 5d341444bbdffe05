package tablecore

import (
	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Waiter is an optional Claimer ability: the kinds a seat could win on,
// worked out once from its concealed tiles, so that the claim windows of
// the next discards test a mask instead of looking for a winning shape
// for each seat at each discard. The tiles come as masks: held[i] is the
// kinds held more than i times (flowers left out). CouldWin(h, seat, t)
// must be false for every t whose kind is not in the mask while seat
// holds those tiles; it is still asked for the kinds in the mask, so
// furiten, yaku and the like stay with it. ok false means no mask:
// CouldWin is asked at every window. It pays when the mask costs less
// than CouldWin asked at the other players' discards.
type Waiter interface {
	WinKinds(held *[4]hand.Mask) (kinds hand.Mask, ok bool)
}

// seatClaims is what a seat's concealed tiles allow on another's tile,
// worked out when a claim window first asks after the seat's hand
// changed, and kept until it changes again: a hand is asked at each of
// the other players' discards and changes only at its own turn or call.
type seatClaims struct {
	known bool
	held  [4]hand.Mask // held[i]: the kinds held more than i times; held[1] those a pon may take
	win   hand.Mask    // kinds it may win on (Waiter); every kind without a mask
	chi   hand.Mask    // suited kinds that make a run with two held tiles
}

// changed forgets what seat s could claim: its concealed tiles changed.
func (g *Game) changed(s game.Seat) {
	if s >= 0 && int(s) < len(g.claims) {
		g.claims[s].known = false
	}
}

// forgetClaims forgets every seat's claims: a new hand.
func (g *Game) forgetClaims() { g.claims = [4]seatClaims{} }

// seatClaims returns what seat s could claim, working it out if its hand
// changed since it was last asked.
func (g *Game) seatClaims(s game.Seat) *seatClaims {
	sc := &g.claims[s]
	if sc.known {
		return sc
	}
	// The kinds held more than once, twice, three times: each tile
	// moves its kind one mask up.
	// In sc rather than on the stack: a pointer handed to an interface
	// method would move it to the heap at every call.
	held := &sc.held
	*held = [4]hand.Mask{}
	for _, x := range g.h.Seats[s].Hand {
		bit := hand.Mask(1) << (x.Kind & 63)
		held[3] |= held[2] & bit
		held[2] |= held[1] & bit
		held[1] |= held[0] & bit
		held[0] |= bit
	}
	for i := range held {
		held[i] &= hand.Mask(1)<<tile.NumKinds - 1 // no flowers
	}
	sc.win = hand.Mask(1)<<tile.NumKinds - 1
	if w, ok := g.rs.(Waiter); ok {
		if m, ok := w.WinKinds(held); ok {
			sc.win = m
		}
	}
	var chi hand.Mask
	for suit := range 3 {
		r := held[0] >> (9 * suit) & 0x1ff
		// A run with rank x: x−2 and x−1 held, x−1 and x+1, or x+1 and x+2.
		chi |= (r<<1&(r<<2) | r<<1&(r>>1) | r>>1&(r>>2)) & 0x1ff << (9 * suit)
	}
	sc.chi = chi
	sc.known = true
	return sc
}

// mayClaim reports whether seat s, not the discarder, could win on t or
// call it: without Claimer every seat may win on anything.
func (g *Game) mayClaim(cl Claimer, s, from game.Seat, t tile.Tile, robbing bool) bool {
	h := g.h
	if g.noClaimCache || t.Kind >= tile.NumKinds || int(s) >= len(g.claims) {
		if cl == nil || cl.CouldWin(h, s, t) {
			return true
		}
		return !robbing && g.couldCall(s, from, t)
	}
	sc := g.seatClaims(s)
	bit := hand.Mask(1) << t.Kind
	if cl == nil || (sc.win&bit != 0 && cl.CouldWin(h, s, t)) {
		return true
	}
	return !robbing && (sc.held[1]&bit != 0 || (g.rules.Chi && from.Next(h.Players) == s && sc.chi&bit != 0))
}
