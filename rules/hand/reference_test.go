package hand_test

import (
	"math/rand/v2"
	"slices"
	"strings"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// This file holds a plain reference for the property tests: a recursive
// decomposition without wildcards, special shapes checked from their
// definitions, and wildcards by substituting every multiset of kinds.

// refStandard returns every standard reading of c (no wildcards), as
// group lists: sets sorted, then the pair.
func refStandard(c [tile.NumKinds]int) [][]hand.Group {
	var out [][]hand.Group
	var sets []hand.Group
	pair := -1
	var rec func()
	rec = func() {
		k := 0
		for k < tile.NumKinds && c[k] == 0 {
			k++
		}
		if k == tile.NumKinds {
			if pair >= 0 {
				gs := slices.Clone(sets)
				slices.SortFunc(gs, cmpGroup)
				gs = append(gs, hand.Group{Kind: hand.Pair, Tile: tile.Kind(pair)})
				out = append(out, gs)
			}
			return
		}
		if pair < 0 && c[k] >= 2 {
			c[k] -= 2
			pair = k
			rec()
			pair = -1
			c[k] += 2
		}
		if c[k] >= 3 {
			c[k] -= 3
			sets = append(sets, hand.Group{Kind: hand.Triplet, Tile: tile.Kind(k)})
			rec()
			sets = sets[:len(sets)-1]
			c[k] += 3
		}
		if k < 27 && k%9 <= 6 && c[k+1] > 0 && c[k+2] > 0 {
			c[k]--
			c[k+1]--
			c[k+2]--
			sets = append(sets, hand.Group{Kind: hand.Sequence, Tile: tile.Kind(k)})
			rec()
			sets = sets[:len(sets)-1]
			c[k]++
			c[k+1]++
			c[k+2]++
		}
	}
	rec()
	return out
}

func cmpGroup(a, b hand.Group) int {
	if a.Tile != b.Tile {
		return int(a.Tile) - int(b.Tile)
	}
	return int(a.Kind) - int(b.Kind)
}

var refKnits = func() (out [6][3]int) {
	i := 0
	for a := range 3 {
		for b := range 3 {
			for c := range 3 {
				if a != b && b != c && a != c {
					out[i] = [3]int{a, b, c}
					i++
				}
			}
		}
	}
	return out
}()

func isHonor(k int) bool { return k >= 27 }

// refSpecial returns the readings of c as special shape sh, by definition.
func refSpecial(sh hand.Shape, c [tile.NumKinds]int, o hand.Options) [][]hand.Group {
	total := 0
	for _, v := range c {
		total += v
	}
	singles := func() []hand.Group {
		var gs []hand.Group
		for k, v := range c {
			if v > 1 {
				return nil
			}
			if v == 1 {
				gs = append(gs, hand.Group{Kind: hand.Single, Tile: tile.Kind(k)})
			}
		}
		return gs
	}
	allHonors := func() bool {
		for k := 27; k < 34; k++ {
			if c[k] != 1 {
				return false
			}
		}
		return true
	}
	inKnit := func(p [3]int, k int) bool { return isHonor(k) || k%9%3 == p[k/9] }
	switch sh {
	case hand.SevenPairs:
		if total != 14 {
			return nil
		}
		var gs []hand.Group
		for k, v := range c {
			if v != 0 && v != 2 && !(v == 4 && o.FourAsTwoPairs) {
				return nil
			}
			for range v / 2 {
				gs = append(gs, hand.Group{Kind: hand.Pair, Tile: tile.Kind(k)})
			}
		}
		return [][]hand.Group{gs}
	case hand.ThirteenOrphans:
		if total != 14 {
			return nil
		}
		var gs []hand.Group
		for k, v := range c {
			orphan := isHonor(k) || k%9 == 0 || k%9 == 8
			switch {
			case orphan && v == 1:
				gs = append(gs, hand.Group{Kind: hand.Single, Tile: tile.Kind(k)})
			case orphan && v == 2:
				gs = append(gs, hand.Group{Kind: hand.Pair, Tile: tile.Kind(k)})
			case v != 0:
				return nil
			}
		}
		if len(gs) != 13 {
			return nil
		}
		return [][]hand.Group{gs}
	case hand.KnittedHonors, hand.GreaterKnitted:
		gs := singles()
		if total != 14 || gs == nil || (sh == hand.GreaterKnitted && !allHonors()) {
			return nil
		}
	perm:
		for _, p := range refKnits {
			for _, g := range gs {
				if !inKnit(p, int(g.Tile)) {
					continue perm
				}
			}
			return [][]hand.Group{gs}
		}
		return nil
	case hand.KnittedStraight:
		var out [][]hand.Group
		if total != 14 && total != 11 {
			return nil
		}
	perm2:
		for _, p := range refKnits {
			rest := c
			var ks []hand.Group
			for s := range 3 {
				ks = append(ks, hand.Group{Kind: hand.Knitted, Tile: tile.Kind(s*9 + p[s])})
				for r := p[s]; r < 9; r += 3 {
					if rest[s*9+r] == 0 {
						continue perm2
					}
					rest[s*9+r]--
				}
			}
			slices.SortFunc(ks, cmpGroup)
			for _, gs := range refStandard(rest) {
				out = append(out, append(slices.Clone(ks), gs...))
			}
		}
		return out
	case hand.ThirteenUnrelated, hand.SevenStars:
		gs := singles()
		if total != 14 || gs == nil || (sh == hand.SevenStars && !allHonors()) {
			return nil
		}
		for _, a := range gs {
			for _, b := range gs {
				if a.Tile < b.Tile && a.Tile < 27 && a.Tile/9 == b.Tile/9 && b.Tile-a.Tile < 3 {
					return nil
				}
			}
		}
		return [][]hand.Group{gs}
	}
	return nil
}

// refReadings returns the readings of c (no wildcards) under o, formatted
// as by format with the wildcards' kinds appended.
func refReadingsNoWild(c [tile.NumKinds]int, o hand.Options, wild []tile.Kind) []string {
	var out []string
	add := func(sh hand.Shape, gs []hand.Group) {
		s := format(hand.Arrangement{Shape: sh, Groups: gs})
		if len(wild) > 0 {
			s += " /"
			for _, k := range wild {
				s += " " + k.String()
			}
		}
		out = append(out, s)
	}
	for _, gs := range refStandard(c) {
		if o.PairOnly != 0 && !o.PairOnly.Has(gs[len(gs)-1].Tile) {
			continue
		}
		add(hand.Standard, gs)
	}
	for sh := hand.SevenPairs; sh <= hand.SevenStars; sh++ {
		if o.Shapes.Has(sh) {
			for _, gs := range refSpecial(sh, c, o) {
				add(sh, gs)
			}
		}
	}
	return out
}

// refArrangements substitutes every multiset of o.Wildcards kinds (none in
// o.WildNever) for the wildcards. The result is sorted and distinct.
func refArrangements(c tile.Counts, o hand.Options) []string {
	var ic [tile.NumKinds]int
	for k, v := range c {
		ic[k] = int(v)
	}
	var out []string
	var wild []tile.Kind
	var rec func(from, left int)
	rec = func(from, left int) {
		if left == 0 {
			out = append(out, refReadingsNoWild(ic, o, wild)...)
			return
		}
		for k := from; k < tile.NumKinds; k++ {
			if o.WildNever.Has(tile.Kind(k)) {
				continue
			}
			ic[k]++
			wild = append(wild, tile.Kind(k))
			rec(k, left-1)
			wild = wild[:len(wild)-1]
			ic[k]--
		}
	}
	rec(0, o.Wildcards)
	slices.Sort(out)
	return slices.Compact(out)
}

// formatKinds formats an arrangement as refArrangements does: the
// wildcards' kinds sorted, without their groups.
func formatKinds(a hand.Arrangement) string {
	b := a
	b.Wild = nil
	s := format(b)
	if len(a.Wild) > 0 {
		ks := make([]tile.Kind, len(a.Wild))
		for i, w := range a.Wild {
			ks[i] = w.For
		}
		slices.Sort(ks)
		s += " /"
		for _, k := range ks {
			s += " " + k.String()
		}
	}
	return s
}

// randomComplete returns a random complete hand of 14−3·melds tiles (no
// kind over four), built from random sets and a pair.
func randomComplete(r *rand.Rand, melds int, honors bool) tile.Counts {
	for {
		var c tile.Counts
		ok := true
		kinds := 34
		if !honors {
			kinds = 27
		}
		for range 4 - melds {
			if r.IntN(3) == 0 {
				k := r.IntN(kinds)
				c[k] += 3
			} else {
				s := r.IntN(3)*9 + r.IntN(7)
				c[s]++
				c[s+1]++
				c[s+2]++
			}
		}
		c[r.IntN(kinds)] += 2
		for _, v := range c {
			if v > 4 {
				ok = false
			}
		}
		if ok {
			return c
		}
	}
}

// randomTiles returns n random tiles, no kind over four, from the first
// kinds kinds (a narrow range makes many shapes).
func randomTiles(r *rand.Rand, n, kinds int) tile.Counts {
	var c tile.Counts
	for c.Total() < n {
		k := r.IntN(kinds)
		if c[k] < 4 {
			c[k]++
		}
	}
	return c
}

// dropTiles removes n random tiles from c.
func dropTiles(r *rand.Rand, c tile.Counts, n int) tile.Counts {
	for range n {
		for {
			k := r.IntN(tile.NumKinds)
			if c[k] > 0 {
				c[k]--
				break
			}
		}
	}
	return c
}

func joinLines(ss []string) string { return strings.Join(ss, "\n") }
