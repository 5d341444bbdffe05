package players

import (
	"slices"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// Move picks an action for a simulated seat that may act now, straight on
// the referee (the table plays its simulated seats so when the hand is not
// followed through sensing): win when it can, otherwise draw, expose
// flowers, choose a missing suit, declare riichi when ready, discard the
// tile that leaves the hand nearest to ready, and pass on claims.
// simulated[s] says seat s is simulated; ok is false when no simulated
// seat may act (the game waits for a person, or for the claim window).
func Move(ref Referee, simulated []bool) (a game.Action, ok bool) {
	h := ref.Hand()
	if h == nil {
		return game.Action{}, false
	}
	claims := h.Phase == game.Claims
	if claims {
		// Calls before the next draw closes the window; a pass is not
		// played (the draw passes for everyone).
		if cs := Calls(ref, simulated); len(cs) > 0 {
			return cs[0], true
		}
	}
	for seat := 0; seat < h.Players; seat++ {
		if seat >= len(simulated) || !simulated[seat] {
			continue
		}
		legal := ref.Legal(game.Seat(seat))
		if claims {
			legal = slices.DeleteFunc(legal, func(a game.Action) bool { return a.Kind != game.Draw })
		}
		if len(legal) == 0 {
			continue
		}
		by := map[game.Kind][]game.Action{}
		for _, a := range legal {
			by[a.Kind] = append(by[a.Kind], a)
		}
		for _, k := range []game.Kind{game.Tsumo, game.Ron, game.Flower, game.Draw} {
			if as := by[k]; len(as) > 0 {
				return as[0], true
			}
		}
		if as := by[game.Missing]; len(as) > 0 {
			return fewestSuit(h.Seats[seat].Hand, as), true
		}
		if ds := append(by[game.Riichi], by[game.Discard]...); len(ds) > 0 {
			return bestDiscard(h.Seats[seat].Hand, by[game.Riichi], by[game.Discard]), true
		}
		if c, ok := usefulCall(h.Seats[seat].Hand, append(by[game.Pon], by[game.Chi]...)); ok {
			return c, true
		}
		if as := by[game.Pass]; len(as) > 0 {
			return as[0], true
		}
		return legal[0], true
	}
	return game.Action{}, false
}

// Calls lists what the simulated seats answer to an open claim, in seat
// order: a win when they can, else a pon or chi that brings the hand
// nearer to ready; nothing for a pass. Move plays the first of them; a
// table that holds a claim window settles them all when it ends.
func Calls(ref Referee, simulated []bool) []game.Action {
	h := ref.Hand()
	if h == nil || h.Phase != game.Claims {
		return nil
	}
	var out []game.Action
	for seat := 0; seat < h.Players && seat < len(simulated); seat++ {
		if !simulated[seat] {
			continue
		}
		legal := ref.Legal(game.Seat(seat))
		if i := slices.IndexFunc(legal, func(a game.Action) bool { return a.Kind == game.Ron }); i >= 0 {
			out = append(out, legal[i])
			continue
		}
		var calls []game.Action
		for _, a := range legal {
			if a.Kind == game.Pon || a.Kind == game.Chi {
				calls = append(calls, a)
			}
		}
		if c, ok := usefulCall(h.Seats[seat].Hand, calls); ok {
			out = append(out, c)
		}
	}
	return out
}

// usefulCall returns a pon or chi that brings the hand nearer to ready.
func usefulCall(held []tile.Tile, calls []game.Action) (game.Action, bool) {
	o := hand.Options{}
	before, err := hand.Shanten(tile.CountsOf(held), o)
	if err != nil {
		return game.Action{}, false
	}
	for _, a := range calls {
		c := tile.CountsOf(held)
		for _, u := range a.Uses {
			c[u.Kind]--
		}
		if after, err := hand.Shanten(c, o); err == nil && after < before {
			return a, true
		}
	}
	return game.Action{}, false
}

// fewestSuit picks, among the missing-suit choices as, the suit the hand
// holds fewest of.
func fewestSuit(hand []tile.Tile, as []game.Action) game.Action {
	best, n := as[0], 99
	for _, a := range as {
		c := 0
		for _, t := range hand {
			if t.Kind.Suit() == a.Suit {
				c++
			}
		}
		if c < n {
			best, n = a, c
		}
	}
	return best
}

// bestDiscard prefers a riichi when one is legal, then the discard that
// leaves the lowest shanten (ties: honours and terminals first).
func bestDiscard(held []tile.Tile, riichi, discards []game.Action) game.Action {
	if len(riichi) > 0 {
		return riichi[0]
	}
	if len(discards) == 1 {
		return discards[0]
	}
	best, bestN := discards[0], 99
	for _, d := range discards {
		c := tile.CountsOf(held)
		if d.Tile.Kind < tile.NumKinds {
			c[d.Tile.Kind]--
		}
		n, err := hand.Shanten(c, hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs)})
		if err != nil {
			n = 8
		}
		if !d.Tile.Kind.IsTerminalOrHonor() {
			n = n*2 + 1
		} else {
			n = n * 2
		}
		if n < bestN {
			best, bestN = d, n
		}
	}
	return best
}
