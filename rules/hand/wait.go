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
	if o == nil {
		o = &Options{}
	}
	if counts == nil {
		return dst, 0, errNilCounts
	}
	c := *counts
	n, err := check(&c, o, totalWaiting)
	if err != nil {
		return dst, 0, err
	}
	// Without wildcards a standard wait is a held kind or one at most two
	// ranks from a held tile of its suit; a seven-pairs wait is a kind
	// held an odd number of times.
	held, odd, _ := countMasks(&c)
	near := held
	for s := range 3 {
		lo := held >> (9 * s) & 0x1ff
		near |= (lo | lo<<1 | lo<<2 | lo>>1 | lo>>2) & 0x1ff << (9 * s)
	}
	// Without wildcards the shapes of distinct tiles need 13 distinct
	// tiles, and a knitted straight all but one of its nine: leave them
	// out at once for the hands (nearly all) that cannot wait on them.
	shapes := o.Shapes &^ ShapesOf(Standard)
	if o.Wildcards == 0 {
		if held != odd || popcount(held) != n {
			shapes &^= ShapesOf(KnittedHonors, GreaterKnitted, ThirteenUnrelated, SevenStars)
		}
		if shapes.Has(KnittedStraight) {
			within := false
			for _, km := range knitMasks {
				within = within || popcount(km&^held) <= 1
			}
			if !within {
				shapes &^= ShapesOf(KnittedStraight)
			}
		}
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
		for s := range keys {
			keys[s], _ = suitKey(&c, s)
			ps.suit(s, tab[keys[s]], o)
		}
		for p := len(keys); p < len(ps.n0); p++ {
			ps.need(p, &c, o, tab)
		}
		rest = ps.others()
	}
	// The special shapes this hand can make with one more tile.
	for s := SevenPairs; s < numShapes; s++ {
		if (n+1 != 14 && needs14(s)) || (s == KnittedStraight && n+1 != 14 && n+1 != 11) {
			shapes &^= 1 << s
		}
	}
	// Without wildcards seven pairs waits only with one kind held an odd
	// number of times, and thirteen orphans only on terminals and honours.
	if o.Wildcards == 0 {
		if popcount(odd) != 1 {
			shapes &^= ShapesOf(SevenPairs)
		}
		if held&^orphanMask != 0 {
			shapes &^= ShapesOf(ThirteenOrphans)
		}
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
	out, found := dst, 0
	// Without wildcards only kinds near a held tile can complete the
	// standard shape or seven pairs (a kind held an odd number of
	// times), and only orphans thirteen orphans; the other special
	// shapes may wait anywhere.
	cand := Mask(1<<tile.NumKinds - 1)
	if o.Wildcards == 0 && shapes&^ShapesOf(SevenPairs, ThirteenOrphans) == 0 {
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
				sh = ShapesOf(Standard)
			}
		case completeStandard(&c, o):
			sh = ShapesOf(Standard)
		}
		for left := shapes; left != 0; left &= left - 1 {
			s := Shape(bits.TrailingZeros16(uint16(left)))
			switch {
			case o.Wildcards == 0 && s == SevenPairs && !odd.Has(tile.Kind(k)):
			case o.Wildcards == 0 && s == ThirteenOrphans && !orphanMask.Has(tile.Kind(k)):
			case special(s, &c, o, nil):
				sh |= 1 << s
			}
		}
		c[k]--
		if sh == 0 {
			continue
		}
		if collect {
			out = append(out, Wait{Tile: tile.Kind(k), Shapes: sh, Exhausted: c[k] == 4})
		}
		if !skip.Has(tile.Kind(k)) {
			if found++; found == limit {
				break
			}
		}
	}
	return out, found, nil
}
