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

// ShapeWaiter is an optional Waiter ability, for a ruleset whose
// CouldWin reads nothing of the hand but the seat's concealed tiles and
// the tile on offer: Waits gives, from the same masks as WinKinds,
// exactly the kinds CouldWin accepts. The referee asks it at the first
// window whose tile is in the WinKinds mask after the hand changed, and
// then answers from it instead of asking CouldWin at each window: most
// kinds the cheap mask lets through do not win. ok false means no exact
// mask: CouldWin is asked as before. A type that wraps a ruleset by
// embedding it and answers CouldWin itself must not pass Waits on.
type ShapeWaiter interface {
	Waits(held *[4]hand.Mask) (kinds hand.Mask, ok bool)
}

// The kinds of one rank in each suit.
const (
	rank1 = hand.Mask(1) | 1<<9 | 1<<18
	rank2 = rank1 << 1
	rank8 = rank1 << 7
	rank9 = rank1 << 8
)

// seatClaims is what a seat's concealed tiles allow on another's tile,
// worked out when a claim window first asks after the seat's hand
// changed, and kept until it changes again: a hand is asked at each of
// the other players' discards and changes only at its own turn or call.
// The held masks follow each tile the referee moves in or out of the
// hand (took, gave) once counted, so that only the masks derived from
// them are worked out again.
type seatClaims struct {
	known bool         // win and chi are up to date
	tiles bool         // held is up to date
	held  [4]hand.Mask // held[i]: the kinds held more than i times; held[1] those a pon may take
	win   hand.Mask    // kinds it may win on (Waiter); every kind without a mask
	// shaped says that ShapeWaiter was asked for the hand, exact that
	// win is then its exact mask.
	shaped, exact bool
	chi           hand.Mask // suited kinds that make a run with two held tiles
}

// changed forgets what seat s could claim: its concealed tiles changed
// in a way took and gave did not follow.
func (g *Game) changed(s game.Seat) {
	if s >= 0 && int(s) < len(g.claims) {
		g.claims[s].known = false
		g.claims[s].tiles = false
	}
}

// took adds t to seat s's hand and to its held masks.
func (g *Game) took(p *game.Player, s game.Seat, t tile.Tile) {
	p.Hand = append(p.Hand, t)
	sc := &g.claims[s&3]
	sc.known = false
	if t.Kind < tile.NumKinds {
		bit := hand.Mask(1) << t.Kind
		held := &sc.held
		held[3] |= held[2] & bit
		held[2] |= held[1] & bit
		held[1] |= held[0] & bit
		held[0] |= bit
	}
}

// gave takes t out of seat s's hand, which holds it, and out of its held
// masks: each mask takes the kind's bit of the one above.
func (g *Game) gave(p *game.Player, s game.Seat, t tile.Tile) {
	p.Hand = remove(p.Hand, t)
	sc := &g.claims[s&3]
	sc.known = false
	if t.Kind < tile.NumKinds {
		bit := hand.Mask(1) << t.Kind
		held := &sc.held
		held[0] = held[0]&^bit | held[1]&bit
		held[1] = held[1]&^bit | held[2]&bit
		held[2] = held[2]&^bit | held[3]&bit
		held[3] &^= bit
	}
}

// forgetClaims forgets every seat's claims: a new hand.
func (g *Game) forgetClaims() { g.claims = [4]seatClaims{} }

// workClaims works out sc, what seat s could claim, when a window asks
// after its hand changed.
func (g *Game) workClaims(sc *seatClaims, s game.Seat) {
	// In sc rather than on the stack: a pointer handed to an interface
	// method would move it to the heap at every call.
	held := &sc.held
	if !sc.tiles {
		// The kinds held more than once, twice, three times: each tile
		// moves its kind one mask up.
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
		sc.tiles = true
	}
	sc.win = hand.Mask(1)<<tile.NumKinds - 1
	sc.shaped, sc.exact = false, false
	if g.waiter != nil {
		if m, ok := g.waiter.WinKinds(held); ok {
			sc.win = m
		}
	}
	// A run with rank x: x−2 and x−1 held, x−1 and x+1, or x+1 and x+2;
	// the three suits at once, the ranks past a suit's ends masked off.
	r := held[0] & hand.SuitedKinds
	sc.chi = (r<<1&(r<<2)&^(rank1|rank2) | r<<1&(r>>1)&^(rank1|rank9) | r>>1&(r>>2)&^(rank8|rank9)) & hand.SuitedKinds
	sc.known = true
}

// couldWin reports whether seat s, whose claims sc are known, could win
// on t, a kind in sc.win: from a ShapeWaiter's exact mask, worked out at
// the first such tile after the hand changed, or else from CouldWin.
func (g *Game) couldWin(sc *seatClaims, s game.Seat, t tile.Tile) bool {
	if !sc.shaped && g.shaper != nil {
		sc.shaped = true
		if m, ok := g.shaper.Waits(&sc.held); ok {
			sc.win, sc.exact = m, true
		}
	}
	if sc.exact {
		return sc.win&(hand.Mask(1)<<(t.Kind&63)) != 0
	}
	return g.claimer.CouldWin(g.h, s, t)
}

// mayClaim reports whether seat s, not the discarder, could win on t or
// call it, asking afresh (without the kept masks): without Claimer every
// seat may win on anything.
func (g *Game) mayClaim(s, from game.Seat, t tile.Tile, robbing bool) bool {
	cl := g.claimer
	if cl == nil || cl.CouldWin(g.h, s, t) {
		return true
	}
	return !robbing && g.couldCall(s, from, t)
}
