package hand

import (
	"math/bits"

	"jantaku/rules/tile"
)

// The special shapes. Each search gives col the groups of every reading
// (sorted). With a nil col it reports whether there is a reading, without
// building one, and stops at the first; otherwise it returns false. The counts total, with wildcards, is 14 (11 for a
// knitted straight with one meld), checked by the caller.

// orphanMask is the 13 terminals and honours.
const orphanMask = Mask(1<<tile.M1 | 1<<tile.M9 | 1<<tile.P1 | 1<<tile.P9 | 1<<tile.S1 | 1<<tile.S9 |
	0x7f<<tile.East)

const honorMask = Mask(0x7f << tile.East)

// sevenPairs: spec/riichi.md §7.1 (distinct pairs), spec/sichuan.md §5.1
// and spec/mcr.md §3 (four identical tiles may be two pairs).
func sevenPairs(c *tile.Counts, o *Options, col *collector) bool {
	w := o.Wildcards
	if w == 0 && col == nil {
		// Only whether, without wildcards: every count even (a four is
		// two pairs only if the options say so) and 14 tiles, read eight
		// counts at a time; a count over four is left to the loop.
		n, fours, over := 0, uint64(0), uint64(0)
		for _, x := range countWords(c) {
			if x&byteOnes != 0 {
				return false
			}
			fours |= x & (byteOnes << 2)
			over |= byteOverFour(x)
			n += int(x * byteOnes >> 56)
		}
		if over == 0 {
			return n == 14 && (fours == 0 || o.FourAsTwoPairs)
		}
	}
	var npairs [tile.NumKinds]uint8
	for k, v := range c {
		if v == 0 {
			continue
		}
		if v > 2 && !o.FourAsTwoPairs {
			return false
		}
		if v%2 == 1 {
			if w == 0 || o.WildNever.Has(tile.Kind(k)) {
				return false
			}
			w--
		}
		npairs[k] = (v + 1) / 2
	}
	if w%2 != 0 {
		return false
	}
	if w == 0 {
		n := 0
		for _, p := range npairs {
			n += int(p)
		}
		if n != 7 {
			return false
		}
		if col == nil {
			return true
		}
		var buf [MaxGroups]Group
		col.add(pairGroups(&npairs, buf[:0]))
		return false
	}
	f := pairFill{npairs: npairs, maxPer: 1, never: o.WildNever, col: col}
	if o.FourAsTwoPairs {
		f.maxPer = 2
	}
	return f.rec(0, w/2)
}

// pairFill adds pairs of wildcards to seven pairs.
type pairFill struct {
	npairs [tile.NumKinds]uint8
	maxPer uint8
	never  Mask
	col    *collector
}

func (f *pairFill) rec(from, left int) bool {
	if left == 0 {
		var buf [MaxGroups]Group
		gs := pairGroups(&f.npairs, buf[:0])
		if len(gs) != 7 {
			return false
		}
		if f.col == nil {
			return true
		}
		f.col.add(gs)
		return false
	}
	for k := from; k < tile.NumKinds; k++ {
		if f.npairs[k] >= f.maxPer || f.never.Has(tile.Kind(k)) {
			continue
		}
		f.npairs[k]++
		stop := f.rec(k, left-1)
		f.npairs[k]--
		if stop {
			return true
		}
	}
	return false
}

// pairGroups appends the pairs of npairs to gs, which has room for
// MaxGroups; more pairs than that are left out (no reading has them).
func pairGroups(npairs *[tile.NumKinds]uint8, gs []Group) []Group {
	for k, n := range npairs {
		for range n {
			if len(gs) == MaxGroups {
				return gs
			}
			gs = append(gs, Group{Kind: Pair, Tile: tile.Kind(k)})
		}
	}
	return gs
}

// pairsOf appends the seven pairs of a hand holding the kinds held, two
// of each but four of the kinds in four, to gs (room for MaxGroups).
func pairsOf(held, four Mask, gs []Group) []Group {
	for m := held; m != 0 && len(gs) < MaxGroups; m &= m - 1 {
		k := tile.Kind(bits.TrailingZeros64(uint64(m)))
		gs = append(gs, Group{Kind: Pair, Tile: k})
		if four.Has(k) && len(gs) < MaxGroups {
			gs = append(gs, Group{Kind: Pair, Tile: k})
		}
	}
	return gs
}

// thirteenOrphans: one of each terminal and honour and a second of one.
func thirteenOrphans(c *tile.Counts, o *Options, col *collector) bool {
	w := o.Wildcards
	pair := -1
	for k, v := range c {
		in := orphanMask.Has(tile.Kind(k))
		switch {
		case v == 0 && in:
			if w == 0 || o.WildNever.Has(tile.Kind(k)) {
				return false
			}
			w--
		case v == 0:
		case !in || v > 2 || (v == 2 && pair >= 0):
			return false
		case v == 2:
			pair = k
		}
	}
	if pair >= 0 {
		if w != 0 {
			return false
		}
		if col == nil {
			return true
		}
		var buf [MaxGroups]Group
		col.add(orphanGroups(pair, buf[:0]))
		return false
	}
	if w != 1 {
		return false
	}
	for k := range tile.NumKinds {
		if orphanMask.Has(tile.Kind(k)) && !o.WildNever.Has(tile.Kind(k)) {
			if col == nil {
				return true
			}
			var buf [MaxGroups]Group
			col.add(orphanGroups(k, buf[:0]))
		}
	}
	return false
}

// orphanGroups is the reading of thirteen orphans with its pair in pair.
// gs has room for MaxGroups.
func orphanGroups(pair int, gs []Group) []Group {
	for k := range tile.NumKinds {
		switch {
		case k == pair:
			gs = append(gs, Group{Kind: Pair, Tile: tile.Kind(k)})
		case orphanMask.Has(tile.Kind(k)):
			gs = append(gs, Group{Kind: Single, Tile: tile.Kind(k)})
		}
	}
	return gs
}

// knitMasks are the nine tiles of the six knitted sets: 147, 258 and 369,
// each in a different suit (spec/mcr.md §8.1, 组合龙). Bits as in Mask:
// the first is 147m 258p 369s.
var knitMasks = [6]Mask{0x4912449, 0x24a4849, 0x4909292, 0x1264892, 0x2489324, 0x1252524}

// distinct returns the kinds c holds, ok false when it holds one more
// than once (the counts are at most seven).
func distinct(c *tile.Counts) (have Mask, ok bool) {
	held, _, multi := countMasks(c)
	return held, multi == 0
}

// singles emits every way to make the distinct tiles have, with the
// wildcards as further distinct tiles, into a set of 14 singles drawn from
// cand that contains all of must.
func singles(have Mask, o *Options, cand, must Mask, col *collector) bool {
	if have&^cand != 0 {
		return false
	}
	w := o.Wildcards
	missing := must &^ have
	if missing&o.WildNever != 0 || popcount(missing) > w {
		return false
	}
	w -= popcount(missing)
	have |= missing
	free := cand &^ have &^ o.WildNever
	if col == nil {
		return popcount(free) >= w
	}
	f := singleFill{free: free, col: col}
	return f.rec(0, w, have)
}

// singleFill adds wildcards as single tiles from free.
type singleFill struct {
	free   Mask
	never  Mask
	lowGap bool // 十三不搭: tiles of a suit three apart, free unused
	col    *collector
}

func (f *singleFill) rec(from, left int, have Mask) bool {
	if left == 0 {
		if f.col == nil {
			return true
		}
		var buf [MaxGroups]Group
		f.col.add(singleGroups(have, buf[:0]))
		return false
	}
	for k := from; k < tile.NumKinds; k++ {
		m := have | 1<<k
		if f.lowGap {
			if have.Has(tile.Kind(k)) || f.never.Has(tile.Kind(k)) || !unrelatedOK(m) {
				continue
			}
		} else if !f.free.Has(tile.Kind(k)) {
			continue
		}
		if f.rec(k+1, left-1, m) {
			return true
		}
	}
	return false
}

// singleGroups appends the kinds of m as singles to gs, which has room for
// MaxGroups.
func singleGroups(m Mask, gs []Group) []Group {
	for k := range tile.NumKinds {
		if m.Has(tile.Kind(k)) && len(gs) < MaxGroups {
			gs = append(gs, Group{Kind: Single, Tile: tile.Kind(k)})
		}
	}
	return gs
}

func popcount(m Mask) int { return bits.OnesCount64(uint64(m)) }

// knittedHonors: 全不靠, 14 distinct tiles from the honours and one knitted
// set (spec/mcr.md §8.1).
func knittedHonors(c *tile.Counts, o *Options, col *collector) bool {
	have, ok := distinct(c)
	if !ok {
		return false
	}
	for _, km := range knitMasks {
		if singles(have, o, km|honorMask, 0, col) {
			return true
		}
	}
	return false
}

// greaterKnitted: 七星不靠, 全不靠 with all seven honours.
func greaterKnitted(c *tile.Counts, o *Options, col *collector) bool {
	have, ok := distinct(c)
	if !ok {
		return false
	}
	for _, km := range knitMasks {
		if singles(have, o, km|honorMask, honorMask, col) {
			return true
		}
	}
	return false
}

// knittedStraight: 组合龙, a knitted set of nine plus sets and a pair
// (spec/mcr.md §8.1). The knitted groups come first, then the sets, then
// the pair.
func knittedStraight(c *tile.Counts, o *Options, col *collector) bool {
	have, _, _ := countMasks(c)
	for _, km := range knitMasks {
		// Most hands lack several of the nine tiles: skip them before
		// copying anything.
		if missing := km &^ have; missing != 0 && (missing&o.WildNever != 0 || popcount(missing) > o.Wildcards) {
			continue
		}
		rest := *c
		ro := *o
		ok := true
		var gs [3]Group
		for k := range tile.NumKinds {
			if !km.Has(tile.Kind(k)) {
				continue
			}
			if k%9 < 3 {
				gs[k/9] = Group{Kind: Knitted, Tile: tile.Kind(k)}
			}
			switch {
			case rest[k] > 0:
				rest[k]--
			case ro.Wildcards > 0 && !o.WildNever.Has(tile.Kind(k)):
				ro.Wildcards--
			default:
				ok = false
			}
		}
		if !ok {
			continue
		}
		if col == nil {
			ro.PairOnly = 0
			if completeStandard(&rest, &ro) {
				return true
			}
			continue
		}
		knittedRest(&rest, ro.Wildcards, o.WildNever, gs, col)
	}
	return false
}

// knittedRest emits the readings of the tiles left beside a knitted set
// (its groups gs) as sets and a pair.
func knittedRest(rest *tile.Counts, wild int, never Mask, gs [3]Group, col *collector) {
	s := stdSearch{c: *rest, wild: wild, never: never, pair: -1, prefix: gs, nprefix: len(gs), col: col}
	s.run(0)
}

// unrelatedOK reports whether the kinds in m can be part of a 十三不搭:
// tiles of a suit at least three apart (spec/shanghai.md §7).
func unrelatedOK(m Mask) bool {
	for s := range 3 {
		last := -10
		for r := range 9 {
			if m.Has(tile.Kind(s*9 + r)) {
				if r-last < 3 {
					return false
				}
				last = r
			}
		}
	}
	return true
}

// thirteenUnrelated: 十三不搭, 14 distinct tiles, those of a suit at least
// three apart (spec/shanghai.md §7); with must = the honours, 七星聚会.
func thirteenUnrelated(c *tile.Counts, o *Options, must Mask, col *collector) bool {
	var have Mask
	for k, v := range c {
		if v > 1 {
			return false
		}
		if v == 1 {
			have |= 1 << k
		}
	}
	if !unrelatedOK(have) {
		return false
	}
	missing := must &^ have
	if missing&o.WildNever != 0 || popcount(missing) > o.Wildcards {
		return false
	}
	have |= missing
	left := o.Wildcards - popcount(missing)
	if left == 0 {
		if col == nil {
			return true
		}
		var buf [MaxGroups]Group
		col.add(singleGroups(have, buf[:0]))
		return false
	}
	f := singleFill{never: o.WildNever, lowGap: true, col: col}
	return f.rec(0, left, have)
}

// special runs the search for shape sh.
func special(sh Shape, c *tile.Counts, o *Options, col *collector) bool {
	switch sh {
	case SevenPairs:
		return sevenPairs(c, o, col)
	case ThirteenOrphans:
		return thirteenOrphans(c, o, col)
	case KnittedHonors:
		return knittedHonors(c, o, col)
	case GreaterKnitted:
		return greaterKnitted(c, o, col)
	case KnittedStraight:
		return knittedStraight(c, o, col)
	case ThirteenUnrelated:
		return thirteenUnrelated(c, o, 0, col)
	case SevenStars:
		return thirteenUnrelated(c, o, honorMask, col)
	}
	return false
}

// needs14 reports whether sh can only be made of 14 concealed tiles.
func needs14(sh Shape) bool { return sh != Standard && sh != KnittedStraight }
