package hand

import (
	"math/bits"

	"jantaku/rules/tile"
)

// Wait is one tile kind that completes a waiting hand.
type Wait struct {
	Tile tile.Kind
	// Shapes the hand makes with Tile: Standard and every special shape
	// of the options that it completes.
	Shapes Shapes
	// Exhausted is set when the concealed part already holds all four
	// copies of Tile, so the wait is one of shape only. Riichi does not
	// count such a tile as a winning tile (spec/riichi.md §7.5); copies in
	// melds and discards are the caller's to count.
	Exhausted bool
}

// Waits returns every tile kind that completes the waiting concealed part
// c (13−3k tiles with the wildcards), ascending, with the shapes it
// completes. Kinds whose four copies are all in c are listed too, marked
// Exhausted. A hand that is not waiting gives an empty slice and a nil
// error. The winning tile is a real tile, so o.WildNever does not limit
// it.
func Waits(c tile.Counts, o Options) ([]Wait, error) {
	return AppendWaits([]Wait{}, &c, &o)
}

// AppendWaits appends the waits of Waits to dst: with room in dst (34
// waits at most) it allocates nothing. Bad input is an error and leaves
// dst as it was; a nil o is the zero Options.
func AppendWaits(dst []Wait, counts *tile.Counts, o *Options) ([]Wait, error) {
	dst, _, err := waits(dst, true, counts, o, 0, tile.NumKinds+1)
	return dst, err
}

// CountWaits counts the waits of Waits, leaving out the kinds in skip,
// and stops at limit: below limit the count is exact. It is Waits for a
// caller that asks only whether a hand waits on one kind or on several
// (limit 2) and may stop at the second wait.
func CountWaits(counts *tile.Counts, o *Options, skip Mask, limit int) (int, error) {
	_, n, err := waits(nil, false, counts, o, skip, limit)
	return n, err
}

// waits is AppendWaits and CountWaits: the waits found are appended to
// dst if collect, and counted unless in skip, until limit.
func waits(dst []Wait, collect bool, counts *tile.Counts, o *Options, skip Mask, limit int) ([]Wait, int, error) {
	return waitsBy(dst, collect, counts, o, skip, limit, true)
}

// waitsBy is waits; byParts lets the standard shape be read by parts
// (standardWaits) when the options allow, and is false only in the
// tests that compare it with the kind-by-kind check.
func waitsBy(dst []Wait, collect bool, counts *tile.Counts, o *Options, skip Mask, limit int, byParts bool) ([]Wait, int, error) {
	if counts == nil {
		return dst, 0, errNilCounts
	}
	h := Count(counts)
	return waitsOf(dst, collect, &h, o, skip, limit, byParts)
}

// waitsOf is waitsBy on the counted hand h.
func waitsOf(dst []Wait, collect bool, h *Counted, o *Options, skip Mask, limit int, byParts bool) ([]Wait, int, error) {
	if o == nil {
		o = &Options{}
	}
	n, err := h.check(o, totalWaiting)
	if err != nil {
		return dst, 0, err
	}
	c := h.c
	// Without wildcards a standard wait is a held kind or one at most two
	// ranks from a held tile of its suit; a seven-pairs wait is a kind
	// held an odd number of times.
	held, odd := h.held, h.odd
	near := held
	for s := range 3 {
		lo := held >> (9 * s) & 0x1ff
		near |= (lo | lo<<1 | lo<<2 | lo>>1 | lo>>2) & 0x1ff << (9 * s)
	}
	// Without wildcards the shapes of distinct tiles need 13 distinct
	// tiles, and a knitted straight all but one of its nine: leave them
	// out at once for the hands (nearly all) that cannot wait on them.
	shapes := o.Shapes &^ Shapes(1<<Standard)
	if o.Wildcards == 0 {
		if held != odd || popcount(held) != n {
			shapes &^= distinctShapes
		}
		// Eight of a knitted straight's nine kinds: eight suited kinds
		// held at least.
		if shapes.Has(KnittedStraight) && popcount(held&suitedMask) < 8 {
			shapes &^= Shapes(1 << KnittedStraight)
		}
		if shapes.Has(KnittedStraight) {
			within := false
			for _, km := range knitMasks {
				within = within || popcount(km&^held) <= 1
			}
			if !within {
				shapes &^= Shapes(1 << KnittedStraight)
			}
		}
	}
	// The special shapes this hand can make with one more tile.
	switch n + 1 {
	case 14:
	case 11:
		shapes &^= only14
	default:
		shapes &^= only14 | 1<<KnittedStraight
	}
	// Without wildcards seven pairs waits only with one kind held an odd
	// number of times, and thirteen orphans only on terminals and honours.
	if o.Wildcards == 0 {
		if popcount(odd) != 1 {
			shapes &^= Shapes(1 << SevenPairs)
		}
		if held&^orphanMask != 0 {
			shapes &^= Shapes(1 << ThirteenOrphans)
		}
	}
	if byParts && o.Wildcards == 0 && o.WildNever == 0 && o.PairOnly == 0 {
		// The standard waits read by parts, the special shapes' kind by
		// kind: seven pairs on the odd kind, thirteen orphans on an
		// orphan, the others anywhere.
		std, fifth := standardWaits(h, near, needTable())
		cand := std | fifth
		switch {
		case shapes&^pairsOrOrphans != 0:
			cand = Mask(1<<tile.NumKinds - 1)
		case shapes.Has(SevenPairs):
			cand |= odd
		}
		if shapes.Has(ThirteenOrphans) {
			cand |= orphanMask
		}
		l := waitList{dst: dst, collect: collect, skip: skip, limit: limit}
		for ; cand != 0; cand &= cand - 1 {
			k := bits.TrailingZeros64(uint64(cand))
			c[k]++
			var sh Shapes
			if std.Has(tile.Kind(k)) || (fifth.Has(tile.Kind(k)) && completeStandard(&c, o)) {
				sh = Shapes(1 << Standard)
			}
			sh |= specialShapes(shapes, &c, o, tile.Kind(k), odd)
			c[k]--
			if l.add(tile.Kind(k), sh, c[k] == 4) {
				break
			}
		}
		return l.dst, l.found, nil
	}
	// The standard shape by the tables: what each suit and honour needs,
	// worked out once; a candidate changes one part.
	tabled := needTabled(o)
	var ps parts
	var rest others
	var tab []byte
	var keys [3]int32
	if tabled {
		tab = needTable()
		// check refused counts over four: every key is good.
		keys = h.keys
		for s := range keys {
			ps.suit(s, tab[keys[s]], o)
		}
		for p := len(keys); p < len(ps.n0); p++ {
			ps.need(p, &c, o, tab)
		}
		rest = ps.others()
	}
	// One real tile lowers the wildcards a hand needs by one at most (a
	// wildcard could stand in for it): a hand that needs two or more for
	// the standard shape waits on none, and most hands are settled here
	// without trying each kind. Wildcard bans and pair rules are left to
	// the kind-by-kind check.
	noStd := tabled && o.Wildcards == 0 && o.WildNever == 0 && o.PairOnly == 0 &&
		rest.wildcards(&ps, 0, ps.n0[0], ps.n1[0]) > 1
	if noStd && shapes == 0 {
		return dst, 0, nil
	}
	l := waitList{dst: dst, collect: collect, skip: skip, limit: limit}
	// Without wildcards only kinds near a held tile can complete the
	// standard shape or seven pairs (a kind held an odd number of
	// times), and only orphans thirteen orphans; the other special
	// shapes may wait anywhere.
	cand := Mask(1<<tile.NumKinds - 1)
	if o.Wildcards == 0 && shapes&^pairsOrOrphans == 0 {
		cand = near
		if noStd {
			cand = 0
			if shapes.Has(SevenPairs) {
				cand = odd
			}
		}
		if shapes.Has(ThirteenOrphans) {
			cand |= orphanMask
		}
	}
	for ; cand != 0; cand &= cand - 1 {
		k := bits.TrailingZeros64(uint64(cand))
		c[k]++
		var sh Shapes
		switch {
		case noStd, o.Wildcards == 0 && !near.Has(tile.Kind(k)):
		case tabled && c[k] <= 4:
			p := partOf(k)
			var n0, n1 int
			if p < 3 {
				n0, n1 = suitNeed(p, tab[keys[p]+pow5[k%9]], o)
			} else {
				var one parts
				one.need(p, &c, o, tab)
				n0, n1 = one.n0[p], one.n1[p]
			}
			if rest.wildcards(&ps, p, n0, n1) <= o.Wildcards {
				sh = Shapes(1 << Standard)
			}
		case completeStandard(&c, o):
			sh = Shapes(1 << Standard)
		}
		sh |= specialShapes(shapes, &c, o, tile.Kind(k), odd)
		c[k]--
		if l.add(tile.Kind(k), sh, c[k] == 4) {
			break
		}
	}
	return l.dst, l.found, nil
}

// standardWaits returns the kinds that complete the standard shape of c,
// a hand of 3k+1 tiles, no count over four, no wildcards, read by parts
// (the three suits and each honour): adding a tile changes one part, so
// the hand waits only when every part is whole (a multiple of three
// tiles, or two more for the pair) but one of 3j+1 tiles, which takes the
// pair, or but two of 3j+2, one of them then the pair and the other
// taking a tile into sets. The parts in question are read by the need
// table, each candidate (near, the kinds at most two ranks from a held
// tile of their suit) one lookup. fifth is the kinds held four times in
// the waiting part, whose fifth copy the table cannot index: the caller
// checks those itself.
func standardWaits(h *Counted, near Mask, tab []byte) (std, fifth Mask) {
	c, keys := &h.c, &h.keys
	// The parts whose count is not a multiple of three, in part order:
	// at most two. An honour held once or four times leaves one, held
	// twice two.
	var odd, rem [2]int
	no := 0
	for p, sum := range h.sums {
		if r := mod3[sum]; r != 0 {
			if no == 2 {
				return 0, 0
			}
			odd[no], rem[no] = p, int(r)
			no++
		}
	}
	one := (h.odd&^h.multi | h.four) & HonorKinds
	two := h.multi &^ h.odd &^ h.four & HonorKinds
	for m := one | two; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(uint64(m))
		if no == 2 {
			return 0, 0
		}
		odd[no], rem[no] = 3+k-int(tile.East), 1
		if two.Has(tile.Kind(k)) {
			rem[no] = 2
		}
		no++
	}
	// whole is whether part p is whole as sets only, or as sets and the
	// pair.
	whole := func(p int, pair bool) bool {
		if p < 3 {
			e := tab[keys[p]]
			return (pair && e/6%6 == 0) || (!pair && e%6 == 0)
		}
		v := c[int(tile.East)+p-3]
		return (pair && v == 2) || (!pair && (v == 0 || v == 3))
	}
	// completing returns the kinds that make part p whole, as sets and
	// the pair if pair, else as sets only.
	completing := func(p int, pair bool) (w, four Mask) {
		if p >= 3 {
			k := int(tile.East) + p - 3
			switch v := c[k]; {
			case (pair && v == 1) || (!pair && v == 2):
				w = 1 << k
			case v == 4:
				four = 1 << k
			}
			return w, four
		}
		for m := near >> (9 * p) & 0x1ff; m != 0; m &= m - 1 {
			r := bits.TrailingZeros64(uint64(m))
			if c[p*9+r] == 4 {
				four |= 1 << (p*9 + r)
				continue
			}
			e := tab[keys[p]+pow5[r]]
			if (pair && e/6%6 == 0) || (!pair && e%6 == 0) {
				w |= 1 << (p*9 + r)
			}
		}
		return w, four
	}
	// Every other part must be sets only; the suits not yet read by the
	// table are read now (the honours' counts were: 0 or 3).
	for p := range 3 {
		if (no < 1 || p != odd[0]) && (no < 2 || p != odd[1]) && keys[p] != 0 && tab[keys[p]]%6 != 0 {
			return 0, 0
		}
	}
	switch {
	case no == 1 && rem[0] == 1:
		// The pair goes to the one part of 3j+1.
		return completing(odd[0], true)
	case no == 2 && rem[0] == 2 && rem[1] == 2:
		// One part of 3j+2 keeps the pair, the other takes a tile.
		for i, p := range odd {
			if whole(odd[1-i], true) {
				w, four := completing(p, false)
				std, fifth = std|w, fifth|four
			}
		}
		return std, fifth
	}
	return 0, 0
}

// mod3 is n%3 for the tile counts of a part.
var mod3 = [15]uint8{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}

// specialShapes returns the special shapes among shapes that the counts
// c, holding the candidate k, complete. Without wildcards seven pairs
// can only wait on the kind held an odd number of times (odd) and
// thirteen orphans only on an orphan, so the others are not tried.
func specialShapes(shapes Shapes, c *tile.Counts, o *Options, k tile.Kind, odd Mask) Shapes {
	var sh Shapes
	for left := shapes; left != 0; left &= left - 1 {
		s := Shape(bits.TrailingZeros16(uint16(left)))
		switch {
		case o.Wildcards == 0 && s == SevenPairs && !odd.Has(k):
		case o.Wildcards == 0 && s == ThirteenOrphans && !orphanMask.Has(k):
		case special(s, c, o, nil):
			sh |= 1 << s
		}
	}
	return sh
}

// waitList gathers the waits found: each one in dst when collect, and
// a count of those not in skip, up to limit.
type waitList struct {
	dst          []Wait
	collect      bool
	skip         Mask
	found, limit int
}

// add records a wait on k by the shapes sh (none: not a wait); it
// reports whether the count has reached the limit.
func (l *waitList) add(k tile.Kind, sh Shapes, exhausted bool) bool {
	if sh == 0 {
		return false
	}
	if l.collect {
		l.dst = append(l.dst, Wait{Tile: k, Shapes: sh, Exhausted: exhausted})
	}
	if !l.skip.Has(k) {
		l.found++
		return l.found == l.limit
	}
	return false
}
