package players

import (
	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// shapes: the bots aim at the standard shape and seven pairs, which every
// ruleset here accepts or at least does not punish for trying.
var shapes = hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs), FourAsTwoPairs: true}

// shanten of the concealed tiles ts (flowers left out); a large number
// when the count is not one hand.Shanten accepts.
func shanten(ts []tile.Tile) int {
	var c tile.Counts
	n := 0
	for _, t := range ts {
		if t.Kind < tile.NumKinds {
			c[t.Kind]++
			n++
		}
	}
	s, err := hand.Shanten(c, shapes)
	if err != nil {
		return 99
	}
	return s
}

func without(ts []tile.Tile, rm ...tile.Tile) []tile.Tile {
	out := make([]tile.Tile, 0, len(ts))
	used := make([]bool, len(rm))
outer:
	for _, t := range ts {
		for i, r := range rm {
			if !used[i] && r == t {
				used[i] = true
				continue outer
			}
		}
		out = append(out, t)
	}
	return out
}

// isolation scores how little a tile helps: honours and terminals with no
// partner first.
func isolation(ts []tile.Tile, t tile.Tile) int {
	score := 0
	for _, u := range ts {
		if u == t {
			continue
		}
		switch {
		case u.Kind == t.Kind:
			score += 4
		case t.Kind.IsSuited() && u.Kind.IsSuited() && u.Kind.Suit() == t.Kind.Suit():
			if d := u.Kind.Rank() - t.Kind.Rank(); d >= -2 && d <= 2 {
				score += 3 - abs(d)
			}
		}
	}
	if t.Kind.IsSuited() && !t.Kind.IsTerminal() {
		score++
	}
	return score
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// isolatedDiscard picks among the legal discards the one that leaves the
// fewest tiles to tenpai, then the most isolated.
func isolatedDiscard(held []tile.Tile, legal []game.Action) (game.Action, bool) {
	best, bs, bi := game.Action{}, 1000, 1000
	found := false
	for _, a := range legal {
		if a.Kind != game.Discard {
			continue
		}
		s := shanten(without(held, a.Tile))
		i := isolation(held, a.Tile)
		if !found || s < bs || (s == bs && i < bi) {
			best, bs, bi, found = a, s, i, true
		}
	}
	return best, found
}

// bestMissing picks the suit with fewest tiles held.
func bestMissing(held []tile.Tile) tile.Suit {
	n := [3]int{}
	for _, t := range held {
		if t.Kind.IsSuited() {
			n[t.Kind.Suit()]++
		}
	}
	best := tile.Man
	for s := tile.Man; s <= tile.Sou; s++ {
		if n[s] < n[best] {
			best = s
		}
	}
	return best
}

// worthCalling reports whether the call a improves seat's hand.
func worthCalling(held []tile.Tile, a game.Action) bool {
	before := shanten(held)
	after := shanten(without(held, a.Uses...))
	if a.Kind == game.OpenKan {
		return after <= before
	}
	// After a pon or chi a discard follows: the hand is in 14-form.
	return after < before
}
