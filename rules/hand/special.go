package hand

import (
	"slices"

	"jantaku/rules/tile"
)

// The special shapes. Each search calls emit with the groups of every
// reading (sorted) and stops when emit returns true; it reports whether
// emit stopped it. With a nil emit it reports whether there is a reading,
// without building one. The counts total, with wildcards, is 14 (11 for a
// knitted straight with one meld), checked by the caller.

// orphanMask is the 13 terminals and honours.
const orphanMask = Mask(1<<tile.M1 | 1<<tile.M9 | 1<<tile.P1 | 1<<tile.P9 | 1<<tile.S1 | 1<<tile.S9 |
	0x7f<<tile.East)

const honorMask = Mask(0x7f << tile.East)

// sevenPairs: spec/riichi.md §7.1 (distinct pairs), spec/sichuan.md §5.1
// and spec/mcr.md §3 (four identical tiles may be two pairs).
func sevenPairs(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
	w := o.Wildcards
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
		if emit == nil {
			return true
		}
		return emit(pairGroups(&npairs))
	}
	f := pairFill{npairs: npairs, maxPer: 1, never: o.WildNever, emit: emit}
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
	emit   func([]Group) bool
}

func (f *pairFill) rec(from, left int) bool {
	if left == 0 {
		gs := pairGroups(&f.npairs)
		if len(gs) != 7 {
			return false
		}
		return f.emit == nil || f.emit(gs)
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

func pairGroups(npairs *[tile.NumKinds]uint8) []Group {
	gs := make([]Group, 0, 7)
	for k, n := range npairs {
		for range n {
			gs = append(gs, Group{Kind: Pair, Tile: tile.Kind(k)})
		}
	}
	return gs
}

// thirteenOrphans: one of each terminal and honour and a second of one.
func thirteenOrphans(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
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
	make13 := func(pair int) []Group {
		gs := make([]Group, 0, 13)
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
	if pair >= 0 {
		return w == 0 && (emit == nil || emit(make13(pair)))
	}
	if w != 1 {
		return false
	}
	for k := range tile.NumKinds {
		if orphanMask.Has(tile.Kind(k)) && !o.WildNever.Has(tile.Kind(k)) && (emit == nil || emit(make13(k))) {
			return true
		}
	}
	return false
}

// knitMasks are the nine tiles of the six knitted sets: 147, 258 and 369,
// each in a different suit (spec/mcr.md §8.1, 组合龙). Bits as in Mask:
// the first is 147m 258p 369s.
var knitMasks = [6]Mask{0x4912449, 0x24a4849, 0x4909292, 0x1264892, 0x2489324, 0x1252524}

// singles emits every way to make the distinct tiles of c, with the
// wildcards as further distinct tiles, into a set of 14 singles drawn from
// cand that contains all of must.
func singles(c *tile.Counts, o *Options, cand, must Mask, emit func([]Group) bool) bool {
	var have Mask
	for k, v := range c {
		if v > 1 || (v == 1 && !cand.Has(tile.Kind(k))) {
			return false
		}
		if v == 1 {
			have |= 1 << k
		}
	}
	w := o.Wildcards
	missing := must &^ have
	if missing&o.WildNever != 0 || popcount(missing) > w {
		return false
	}
	w -= popcount(missing)
	have |= missing
	free := cand &^ have &^ o.WildNever
	if emit == nil {
		return popcount(free) >= w
	}
	f := singleFill{free: free, emit: emit}
	return f.rec(0, w, have)
}

// singleFill adds wildcards as single tiles from free.
type singleFill struct {
	free   Mask
	never  Mask
	lowGap bool // 十三不搭: tiles of a suit three apart, free unused
	emit   func([]Group) bool
}

func (f *singleFill) rec(from, left int, have Mask) bool {
	if left == 0 {
		return f.emit == nil || f.emit(singleGroups(have))
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

func singleGroups(m Mask) []Group {
	gs := make([]Group, 0, 14)
	for k := range tile.NumKinds {
		if m.Has(tile.Kind(k)) {
			gs = append(gs, Group{Kind: Single, Tile: tile.Kind(k)})
		}
	}
	return gs
}

func popcount(m Mask) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// knittedHonors: 全不靠, 14 distinct tiles from the honours and one knitted
// set (spec/mcr.md §8.1).
func knittedHonors(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
	for _, km := range knitMasks {
		if singles(c, o, km|honorMask, 0, emit) {
			return true
		}
	}
	return false
}

// greaterKnitted: 七星不靠, 全不靠 with all seven honours.
func greaterKnitted(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
	for _, km := range knitMasks {
		if singles(c, o, km|honorMask, honorMask, emit) {
			return true
		}
	}
	return false
}

// knittedStraight: 组合龙, a knitted set of nine plus sets and a pair
// (spec/mcr.md §8.1). The knitted groups come first, then the sets, then
// the pair.
func knittedStraight(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
	for _, km := range knitMasks {
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
		if emit == nil {
			ro.PairOnly = 0
			if completeStandard(&rest, &ro) {
				return true
			}
			continue
		}
		if knittedRest(&rest, ro.Wildcards, o.WildNever, gs, emit) {
			return true
		}
	}
	return false
}

// knittedRest emits the readings of the tiles left beside a knitted set
// (its groups gs) as sets and a pair.
func knittedRest(rest *tile.Counts, wild int, never Mask, gs [3]Group, emit func([]Group) bool) bool {
	s := stdSearch{c: *rest, wild: wild, never: never, pair: -1}
	s.emit = func(s *stdSearch) bool {
		out := slices.Clone(gs[:])
		sets := slices.Clone(s.sets)
		slices.SortFunc(sets, compareGroups)
		out = append(out, sets...)
		out = append(out, Group{Kind: Pair, Tile: tile.Kind(s.pair)})
		return emit(out)
	}
	return s.run(0)
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
func thirteenUnrelated(c *tile.Counts, o *Options, must Mask, emit func([]Group) bool) bool {
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
		return emit == nil || emit(singleGroups(have))
	}
	f := singleFill{never: o.WildNever, lowGap: true, emit: emit}
	return f.rec(0, left, have)
}

// special runs the search for shape sh.
func special(sh Shape, c *tile.Counts, o *Options, emit func([]Group) bool) bool {
	switch sh {
	case SevenPairs:
		return sevenPairs(c, o, emit)
	case ThirteenOrphans:
		return thirteenOrphans(c, o, emit)
	case KnittedHonors:
		return knittedHonors(c, o, emit)
	case GreaterKnitted:
		return greaterKnitted(c, o, emit)
	case KnittedStraight:
		return knittedStraight(c, o, emit)
	case ThirteenUnrelated:
		return thirteenUnrelated(c, o, 0, emit)
	case SevenStars:
		return thirteenUnrelated(c, o, honorMask, emit)
	}
	return false
}

// needs14 reports whether sh can only be made of 14 concealed tiles.
func needs14(sh Shape) bool { return sh != Standard && sh != KnittedStraight }
