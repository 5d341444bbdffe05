package tablecore

import (
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// Legal lists every action seat may take now, as the referee would accept
// it. Sensing matches tile movements against this list; displays offer it.
func (g *Game) Legal(seat game.Seat) []game.Action {
	h := g.h
	if g.over || h == nil || h.Phase == game.Over || seat < 0 || int(seat) >= h.Players {
		return nil
	}
	var out []game.Action
	try := func(a game.Action) {
		if g.check(&a) != nil {
			return
		}
		var err error
		switch a.Kind {
		case game.Tsumo, game.Ron:
			_, err = g.rs.Win(h, a)
		case game.Draw, game.Pass:
		default:
			err = g.rs.Check(h, a)
		}
		if err == nil {
			out = append(out, a)
		}
	}
	p := &h.Seats[seat]
	distinct := distinctTiles(p.Hand)
	switch h.Phase {
	case game.Setup:
		for _, t := range distinct {
			try(game.Action{Kind: game.Flower, Seat: seat, Tile: t})
		}
		for s := tile.Man; s <= tile.Sou; s++ {
			try(game.Action{Kind: game.Missing, Seat: seat, Suit: s})
		}
	case game.ToDraw:
		if t, ok := g.nextTile(h.Source); ok {
			try(game.Action{Kind: game.Draw, Seat: seat, Tile: t})
		}
	case game.ToAct:
		try(game.Action{Kind: game.Tsumo, Seat: seat})
		if g.FinalPhase() {
			try(game.Action{Kind: game.Pass, Seat: seat})
			break
		}
		for _, t := range distinct {
			try(game.Action{Kind: game.Discard, Seat: seat, Tile: t})
			try(game.Action{Kind: game.Riichi, Seat: seat, Tile: t})
			try(game.Action{Kind: game.Flower, Seat: seat, Tile: t})
			try(game.Action{Kind: game.SingleKan, Seat: seat, Tile: t})
			try(game.Action{Kind: game.AddedKan, Seat: seat, Tile: t})
		}
		for _, q := range quads(p.Hand) {
			try(game.Action{Kind: game.ClosedKan, Seat: seat, Tile: q[0], Uses: q[1:]})
		}
		try(game.Action{Kind: game.Abort, Seat: seat})
	case game.Claims:
		c := h.Claim
		if !c.Responses[seat].Answered {
			try(game.Action{Kind: game.Ron, Seat: seat, Tile: c.Tile})
			try(game.Action{Kind: game.Pass, Seat: seat})
			for _, u := range pairsOf(p.Hand, c.Tile.Kind, 2) {
				try(game.Action{Kind: game.Pon, Seat: seat, Tile: c.Tile, Uses: u})
			}
			for _, u := range pairsOf(p.Hand, c.Tile.Kind, 3) {
				try(game.Action{Kind: game.OpenKan, Seat: seat, Tile: c.Tile, Uses: u})
			}
			for _, u := range chiUses(p.Hand, c.Tile) {
				try(game.Action{Kind: game.Chi, Seat: seat, Tile: c.Tile, Uses: u})
			}
		}
		if s, src := g.afterPasses(); s == seat {
			if t, ok := g.nextTile(src); ok {
				try(game.Action{Kind: game.Draw, Seat: seat, Tile: t})
			}
		}
	}
	return out
}

// nextTile returns the tile the next draw from src will give, if known.
func (g *Game) nextTile(src game.Source) (tile.Tile, bool) {
	w := &g.h.Wall
	if w.Remaining() == 0 {
		return tile.Tile{}, false
	}
	i := g.drawIndexFrom(src)
	return w.Tiles[i], w.Known[i]
}

// distinctTiles keeps one tile of each kind and red flag: discarding one
// copy or another of the same face is the same choice for the rules. It
// keeps the newest copy, so that the tile just drawn is the one offered
// (after riichi only that very tile may be discarded).
func distinctTiles(ts []tile.Tile) []tile.Tile {
	out := make([]tile.Tile, 0, len(ts))
	seen := map[[2]int]bool{}
	for i := len(ts) - 1; i >= 0; i-- {
		t := ts[i]
		key := [2]int{int(t.Kind), b2i(t.Red)}
		if !seen[key] {
			seen[key] = true
			out = append(out, t)
		}
	}
	return out
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pairsOf returns the distinct ways (by red flag) to take n tiles of kind k.
func pairsOf(hand []tile.Tile, k tile.Kind, n int) [][]tile.Tile {
	var plain, red []tile.Tile
	for _, t := range hand {
		if t.Kind == k {
			if t.Red {
				red = append(red, t)
			} else {
				plain = append(plain, t)
			}
		}
	}
	var out [][]tile.Tile
	for r := 0; r <= len(red) && r <= n; r++ {
		if n-r <= len(plain) {
			u := append(append([]tile.Tile(nil), red[:r]...), plain[:n-r]...)
			out = append(out, u)
		}
	}
	return out
}

func quads(hand []tile.Tile) [][]tile.Tile {
	var c tile.Counts
	for _, t := range hand {
		if t.Kind < tile.NumKinds {
			c[t.Kind]++
		}
	}
	var out [][]tile.Tile
	for k := range c {
		if c[k] == 4 {
			var q []tile.Tile
			for _, t := range hand {
				if t.Kind == tile.Kind(k) {
					q = append(q, t)
				}
			}
			out = append(out, q)
		}
	}
	return out
}

// chiUses returns the distinct pairs of hand tiles that make a sequence with t.
func chiUses(hand []tile.Tile, t tile.Tile) [][]tile.Tile {
	if !t.Kind.IsSuited() {
		return nil
	}
	r := t.Kind.Rank()
	var out [][]tile.Tile
	for _, d := range [][2]int{{-2, -1}, {-1, 1}, {1, 2}} {
		if r+d[0] < 1 || r+d[1] > 9 {
			continue
		}
		a := pairsOf(hand, t.Kind+tile.Kind(d[0]), 1)
		b := pairsOf(hand, t.Kind+tile.Kind(d[1]), 1)
		for _, x := range a {
			for _, y := range b {
				out = append(out, []tile.Tile{x[0], y[0]})
			}
		}
	}
	return out
}
