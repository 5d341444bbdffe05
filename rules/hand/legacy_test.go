package hand

import (
	"slices"

	"jantaku/rules/tile"
)

// The analysis as it stood before Decompose: the reference the
// differential tests (differential_test.go) compare the new core with.
// Frozen; do not edit to match the new code.

func legacyStandardFast(c *tile.Counts, pairs Mask, out []Arrangement) ([]Arrangement, bool) {
	readingTable()
	var lists [3][]uint32
	empty := []uint32{0}
	hpair, hsets := -1, 0
	for k := int(tile.East); k < tile.NumKinds; k++ {
		switch c[k] {
		case 0:
		case 2:
			if hpair >= 0 {
				return out, true
			}
			hpair = k
		case 3:
			hsets++
		case 1, 4:
			return out, true
		default:
			return out, false
		}
	}
	for s := range 3 {
		var key int32
		for r := 8; r >= 0; r-- {
			v := c[s*9+r]
			if v > 4 {
				return out, false
			}
			key = key*5 + int32(v)
		}
		if key == 0 {
			lists[s] = empty
			continue
		}
		// The table is now indexed by rank, not by key.
		var d [9]uint8
		sum := 0
		for j, k := 0, key; j < 9; j, k = j+1, k/5 {
			d[j] = uint8(k % 5)
			sum += int(d[j])
		}
		if sum > maxSuitTiles {
			return out, true
		}
		e := suitReadings.index[rankSuit(&d)]
		if e == 0 {
			return out, true
		}
		lists[s] = suitReadings.pool[e>>8 : e>>8+e&0xff]
	}

	pairOf := func(a, b, d uint32) int {
		p, n := hpair, 0
		if p >= 0 {
			n++
		}
		for s, x := range [3]uint32{a, b, d} {
			if r := int(x >> 20 & 15); r > 0 {
				p = s*9 + r - 1
				n++
			}
		}
		if n != 1 || (pairs != 0 && !pairs.Has(tile.Kind(p))) {
			return -1
		}
		return p
	}
	n := 0
	for _, a := range lists[0] {
		for _, b := range lists[1] {
			for _, d := range lists[2] {
				if pairOf(a, b, d) >= 0 {
					n++
				}
			}
		}
	}
	if n == 0 {
		return out, true
	}
	per := (c.Total()-2)/3 + 1
	groups := make([]Group, 0, n*per)
	for _, a := range lists[0] {
		for _, b := range lists[1] {
			for _, d := range lists[2] {
				p := pairOf(a, b, d)
				if p < 0 {
					continue
				}
				start := len(groups)
				for s, x := range [3]uint32{a, b, d} {
					for i := range int(x >> 24) {
						g := setCodes[x>>(5*i)&31-1]
						g.Tile += tile.Kind(9 * s)
						groups = append(groups, g)
					}
				}
				for k := int(tile.East); k < tile.NumKinds; k++ {
					if c[k] == 3 {
						groups = append(groups, Group{Kind: Triplet, Tile: tile.Kind(k)})
					}
				}
				groups = append(groups, Group{Kind: Pair, Tile: tile.Kind(p)})
				out = append(out, Arrangement{Shape: Standard, Groups: groups[start:len(groups):len(groups)]})
			}
		}
	}
	return out, true
}

type legacyStdSearch struct {
	c     tile.Counts // real tiles not yet placed
	wild  int         // wildcards not yet placed
	never Mask        // kinds a wildcard may not stand for
	pairs Mask        // kinds the pair may be; 0 = any
	sets  []Group     // sets placed so far
	pair  int         // kind of the pair, -1 while none
	// emit receives each complete reading; it returns true to stop.
	emit func(s *legacyStdSearch) bool
}

func (s *legacyStdSearch) take(k, n int) (real, wild int, ok bool) {
	real = min(int(s.c[k]), n)
	wild = n - real
	if wild > s.wild || (wild > 0 && s.never.Has(tile.Kind(k))) {
		return 0, 0, false
	}
	s.c[k] -= uint8(real)
	s.wild -= wild
	return real, wild, true
}

func (s *legacyStdSearch) give(k, real, wild int) {
	s.c[k] += uint8(real)
	s.wild += wild
}

func (s *legacyStdSearch) pairAllowed(k int) bool {
	return s.pairs == 0 || s.pairs.Has(tile.Kind(k))
}

func (s *legacyStdSearch) run(k int) bool {
	for k < tile.NumKinds && s.c[k] == 0 {
		k++
	}
	if k == tile.NumKinds {
		return s.fill(0)
	}
	if s.pair < 0 && s.pairAllowed(k) {
		if r, w, ok := s.take(k, 2); ok {
			s.pair = k
			stop := s.run(k)
			s.pair = -1
			s.give(k, r, w)
			if stop {
				return true
			}
		}
	}
	if r, w, ok := s.take(k, 3); ok {
		s.sets = append(s.sets, Group{Kind: Triplet, Tile: tile.Kind(k)})
		stop := s.run(k)
		s.sets = s.sets[:len(s.sets)-1]
		s.give(k, r, w)
		if stop {
			return true
		}
	}
	if k < int(tile.East) {

		rank := k % 9
		for lo := max(k-2, k-rank); lo <= k && lo%9 <= 6; lo++ {
			if s.seq(lo) {
				return true
			}
		}
	}
	return false
}

func (s *legacyStdSearch) seq(lo int) bool {
	var r, w [3]int
	for i := range 3 {
		var ok bool
		if r[i], w[i], ok = s.take(lo+i, 1); !ok {
			for j := i - 1; j >= 0; j-- {
				s.give(lo+j, r[j], w[j])
			}
			return false
		}
	}
	s.sets = append(s.sets, Group{Kind: Sequence, Tile: tile.Kind(lo)})
	stop := s.run(lo)
	s.sets = s.sets[:len(s.sets)-1]
	for i := range 3 {
		s.give(lo+i, r[i], w[i])
	}
	return stop
}

func (s *legacyStdSearch) fill(from int) bool {
	if s.wild == 0 {
		if s.pair < 0 {
			return false
		}
		return s.emit(s)
	}
	if s.wild == 2 && s.pair < 0 {
		for k := range tile.NumKinds {
			if s.pairAllowed(k) && !s.never.Has(tile.Kind(k)) {
				s.pair = k
				stop := s.emit(s)
				s.pair = -1
				if stop {
					return true
				}
			}
		}
		return false
	}
	if s.wild < 3 {
		return false
	}
	for i := from; i < numSetsAt; i++ {
		g := setAt(i)
		if s.never&g.mask() != 0 {
			continue
		}
		s.wild -= 3
		s.sets = append(s.sets, g)
		stop := s.fill(i)
		s.sets = s.sets[:len(s.sets)-1]
		s.wild += 3
		if stop {
			return true
		}
	}
	return false
}

func legacyStands(groups []Group, c tile.Counts) []Stand {
	var out []Stand
	var buf [14]tile.Kind
	place := func(i int) {
		for _, k := range groups[i].appendKinds(buf[:0]) {
			if c[k] > 0 {
				c[k]--
			} else {
				out = append(out, Stand{For: k, Group: i})
			}
		}
	}
	for i, g := range groups {
		if g.Kind == Pair {
			place(i)
		}
	}
	for i, g := range groups {
		if g.Kind != Pair {
			place(i)
		}
	}
	slices.SortFunc(out, func(a, b Stand) int {
		if a.Group != b.Group {
			return a.Group - b.Group
		}
		return int(a.For) - int(b.For)
	})
	return out
}

func legacyStandardArrangements(c tile.Counts, o Options, out []Arrangement) []Arrangement {
	s := legacyStdSearch{c: c, wild: o.Wildcards, never: o.WildNever, pairs: o.PairOnly, pair: -1}
	s.sets = make([]Group, 0, 4)
	s.emit = func(s *legacyStdSearch) bool {
		gs := make([]Group, 0, len(s.sets)+1)
		gs = append(gs, s.sets...)
		slices.SortFunc(gs, compareGroups)
		gs = append(gs, Group{Kind: Pair, Tile: tile.Kind(s.pair)})
		for _, a := range out {
			if a.Shape == Standard && slices.Equal(a.Groups, gs) {
				return false
			}
		}
		a := Arrangement{Shape: Standard, Groups: gs}
		if o.Wildcards > 0 {
			a.Wild = legacyStands(gs, c)
		}
		out = append(out, a)
		return false
	}
	s.run(0)
	return out
}

func legacyCompleteStandard(c *tile.Counts, o *Options) bool {
	if ok, handled := completeFast(c, o); handled {
		return ok
	}
	s := legacyStdSearch{c: *c, wild: o.Wildcards, never: o.WildNever, pairs: o.PairOnly, pair: -1}
	var buf [4]Group
	s.sets = buf[:0]
	s.emit = func(*legacyStdSearch) bool { return true }
	return s.run(0)
}

func legacySevenPairs(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
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
		return emit(legacyPairGroups(&npairs))
	}
	f := legacyPairFill{npairs: npairs, maxPer: 1, never: o.WildNever, emit: emit}
	if o.FourAsTwoPairs {
		f.maxPer = 2
	}
	return f.rec(0, w/2)
}

type legacyPairFill struct {
	npairs [tile.NumKinds]uint8
	maxPer uint8
	never  Mask
	emit   func([]Group) bool
}

func (f *legacyPairFill) rec(from, left int) bool {
	if left == 0 {
		gs := legacyPairGroups(&f.npairs)
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

func legacyPairGroups(npairs *[tile.NumKinds]uint8) []Group {
	gs := make([]Group, 0, 7)
	for k, n := range npairs {
		for range n {
			gs = append(gs, Group{Kind: Pair, Tile: tile.Kind(k)})
		}
	}
	return gs
}

func legacyThirteenOrphans(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
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
	legacyMake13 := func(pair int) []Group {
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
		return w == 0 && (emit == nil || emit(legacyMake13(pair)))
	}
	if w != 1 {
		return false
	}
	for k := range tile.NumKinds {
		if orphanMask.Has(tile.Kind(k)) && !o.WildNever.Has(tile.Kind(k)) && (emit == nil || emit(legacyMake13(k))) {
			return true
		}
	}
	return false
}

func legacySingles(c *tile.Counts, o *Options, cand, must Mask, emit func([]Group) bool) bool {
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
	f := legacySingleFill{free: free, emit: emit}
	return f.rec(0, w, have)
}

type legacySingleFill struct {
	free   Mask
	never  Mask
	lowGap bool // 十三不搭: tiles of a suit three apart, free unused
	emit   func([]Group) bool
}

func (f *legacySingleFill) rec(from, left int, have Mask) bool {
	if left == 0 {
		return f.emit == nil || f.emit(legacySingleGroups(have))
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

func legacySingleGroups(m Mask) []Group {
	gs := make([]Group, 0, 14)
	for k := range tile.NumKinds {
		if m.Has(tile.Kind(k)) {
			gs = append(gs, Group{Kind: Single, Tile: tile.Kind(k)})
		}
	}
	return gs
}

func legacyKnittedHonors(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
	for _, km := range knitMasks {
		if legacySingles(c, o, km|honorMask, 0, emit) {
			return true
		}
	}
	return false
}

func legacyGreaterKnitted(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
	for _, km := range knitMasks {
		if legacySingles(c, o, km|honorMask, honorMask, emit) {
			return true
		}
	}
	return false
}

func legacyKnittedStraight(c *tile.Counts, o *Options, emit func([]Group) bool) bool {
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
			if legacyCompleteStandard(&rest, &ro) {
				return true
			}
			continue
		}
		if legacyKnittedRest(&rest, ro.Wildcards, o.WildNever, gs, emit) {
			return true
		}
	}
	return false
}

func legacyKnittedRest(rest *tile.Counts, wild int, never Mask, gs [3]Group, emit func([]Group) bool) bool {
	s := legacyStdSearch{c: *rest, wild: wild, never: never, pair: -1}
	s.emit = func(s *legacyStdSearch) bool {
		out := slices.Clone(gs[:])
		sets := slices.Clone(s.sets)
		slices.SortFunc(sets, compareGroups)
		out = append(out, sets...)
		out = append(out, Group{Kind: Pair, Tile: tile.Kind(s.pair)})
		return emit(out)
	}
	return s.run(0)
}

func legacyThirteenUnrelated(c *tile.Counts, o *Options, must Mask, emit func([]Group) bool) bool {
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
		return emit == nil || emit(legacySingleGroups(have))
	}
	f := legacySingleFill{never: o.WildNever, lowGap: true, emit: emit}
	return f.rec(0, left, have)
}

func legacySpecial(sh Shape, c *tile.Counts, o *Options, emit func([]Group) bool) bool {
	switch sh {
	case SevenPairs:
		return legacySevenPairs(c, o, emit)
	case ThirteenOrphans:
		return legacyThirteenOrphans(c, o, emit)
	case KnittedHonors:
		return legacyKnittedHonors(c, o, emit)
	case GreaterKnitted:
		return legacyGreaterKnitted(c, o, emit)
	case KnittedStraight:
		return legacyKnittedStraight(c, o, emit)
	case ThirteenUnrelated:
		return legacyThirteenUnrelated(c, o, 0, emit)
	case SevenStars:
		return legacyThirteenUnrelated(c, o, honorMask, emit)
	}
	return false
}

func legacyArrangements(c *tile.Counts, o *Options, n int) []Arrangement {
	out := make([]Arrangement, 0, 4)
	handled := false
	if o.Wildcards == 0 {
		out, handled = legacyStandardFast(c, o.PairOnly, out)
	}
	if !handled {
		out = legacyStandardArrangements(*c, *o, out)
	}
	if o.Shapes != 0 && completeShapes(c, o, n, true) != 0 {
		out = legacySpecialArrangements(*c, *o, n, out)
	}
	slices.SortFunc(out, compareArrangements)
	return out
}

func legacySpecialArrangements(c tile.Counts, o Options, n int, out []Arrangement) []Arrangement {
	for sh := SevenPairs; sh < numShapes; sh++ {
		if !o.Shapes.Has(sh) || (n != 14 && needs14(sh)) || (sh == KnittedStraight && n != 14 && n != 11) {
			continue
		}
		legacySpecial(sh, &c, &o, func(gs []Group) bool {
			for _, a := range out {
				if a.Shape == sh && slices.Equal(a.Groups, gs) {
					return false
				}
			}
			a := Arrangement{Shape: sh, Groups: gs}
			if o.Wildcards > 0 {
				a.Wild = legacyStands(gs, c)
			}
			out = append(out, a)
			return false
		})
	}
	return out
}

func compareArrangements(a, b Arrangement) int {
	if a.Shape != b.Shape {
		return int(a.Shape) - int(b.Shape)
	}
	return slices.CompareFunc(a.Groups, b.Groups, compareGroups)
}
