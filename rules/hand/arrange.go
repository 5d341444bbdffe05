package hand

import (
	"encoding/binary"
	"math/bits"

	"jantaku/rules/tile"
)

// Complete reports whether the concealed tiles c, with o.Wildcards
// wildcards, make a winning shape that o accepts. Bad input (a count over
// four, a total that is not 14−3k, more than four wildcards) is not
// complete. It does not allocate, except when o bans wildcards from a
// numbered kind or has a pair rule other than "2, 5 or 8 of a suit": those
// take a slower search. A nil o is the zero Options.
func Complete(c *tile.Counts, o *Options) bool {
	if c == nil {
		return false
	}
	if o == nil {
		o = &Options{}
	}
	n, ok := total(c, o)
	if !ok || n%3 != 2 {
		return false
	}
	return complete(c, o, n)
}

// complete is Complete on checked input of n tiles, wildcards included.
// Counts may exceed four (a wait on a tile whose copies are all held).
func complete(c *tile.Counts, o *Options, n int) bool {
	if completeStandard(c, o) {
		return true
	}
	return completeShapes(c, o, n, true) != 0
}

// completeShapes returns the special shapes of o that c completes; with
// first set it stops at the first one found.
func completeShapes(c *tile.Counts, o *Options, n int, first bool) Shapes {
	return completeShapesOf(c, o, n, first, nil)
}

// completeShapesOf is completeShapes with the counts' masks read from h,
// the same counts counted (nil: read here if needed).
func completeShapesOf(c *tile.Counts, o *Options, n int, first bool, h *Counted) Shapes {
	var got Shapes
	shapes := o.Shapes
	// Seven pairs and orphans give up at the first tile that does not fit;
	// the others are searches worth a pass over the counts first.
	switch {
	case o.Wildcards == 0 && h != nil:
		shapes = possibleShapes(h.held, h.odd, h.multi, shapes)
		// Checked counts with no odd one: seven pairs is the number of
		// tiles and the rule on fours.
		if shapes.Has(SevenPairs) {
			shapes &^= 1 << SevenPairs
			if n == 14 && (h.four == 0 || o.FourAsTwoPairs) {
				got |= 1 << SevenPairs
				if first {
					return got
				}
			}
		}
	case o.Wildcards == 0 && shapes&^pairsOrOrphans != 0:
		held, odd, multi := countMasks(c)
		shapes = possibleShapes(held, odd, multi, shapes)
	}
	// Only the shapes left are visited, in order.
	for left := shapes &^ (1 << Standard); left != 0; left &= left - 1 {
		sh := Shape(bits.TrailingZeros16(uint16(left)))
		if (n != 14 && needs14(sh)) || (sh == KnittedStraight && n != 14 && n != 11) {
			continue
		}
		if special(sh, c, o, nil) {
			got |= 1 << sh
			if first {
				return got
			}
		}
	}
	return got
}

// possibleShapes leaves out of sh the special shapes that tiles with no
// wildcards, holding the kinds held (odd of them an odd number of times,
// multi more than once), plainly cannot make, by conditions each shape
// needs: seven pairs no odd count, thirteen orphans only terminals and
// honours, the shapes of distinct tiles no kind twice, a knitted straight
// one knitted set whole. Most hands are settled here without a search.
func possibleShapes(held, odd, multi Mask, sh Shapes) Shapes {
	if odd != 0 {
		sh &^= 1 << SevenPairs
	}
	if held&^orphanMask != 0 {
		sh &^= 1 << ThirteenOrphans
	}
	if multi != 0 {
		sh &^= distinctShapes
	}
	// The knitted straight's test apart, so that this one is inlined.
	if sh.Has(KnittedStraight) && !knittedWhole(held) {
		sh &^= 1 << KnittedStraight
	}
	return sh
}

// knittedWhole reports whether the kinds held may hold a knitted
// straight: nine suited kinds at least, one knitted set whole.
func knittedWhole(held Mask) bool {
	if popcount(held&suitedMask) < 9 {
		return false
	}
	for _, km := range knitMasks {
		if km&^held == 0 {
			return true
		}
	}
	return false
}

// countMasks returns the kinds c holds, those it holds an odd number of,
// and those it holds more than once, reading the counts (each under 8)
// eight at a time.
func countMasks(c *tile.Counts) (held, odd, multi Mask) {
	const ones = 0x0101010101010101
	// gather moves bit 0 of each byte of x (the others clear) to bits
	// 0–7 of the result.
	gather := func(x uint64) Mask { return Mask((x * 0x0102040810204080) >> 56) }
	for i := 0; i < 32; i += 8 {
		x := binary.LittleEndian.Uint64(c[i : i+8])
		held |= gather((x|x>>1|x>>2)&ones) << i
		odd |= gather(x&ones) << i
		multi |= gather((x>>1|x>>2)&ones) << i
	}
	for k := 32; k < tile.NumKinds; k++ {
		v := c[k]
		if v > 0 {
			held |= 1 << k
		}
		if v&1 != 0 {
			odd |= 1 << k
		}
		if v > 1 {
			multi |= 1 << k
		}
	}
	return held, odd, multi
}

// Arrangements returns every distinct reading of the concealed tiles c
// (14−3k of them with the wildcards) as a winning shape that o accepts:
// ordered by Shape, then by their groups (compared in turn by Tile, then
// Kind). A hand that fits several shapes (七星不靠 is also 全不靠) has a
// reading of each. An incomplete hand gives an empty slice and a nil
// error.
//
// Standard readings list the sets in ascending order, then the pair; the
// other shapes list their groups as documented on the Shape constants, in
// ascending order (a knitted straight: the three knitted groups, the set,
// the pair). Two readings differ in their groups; what the wildcards stood
// for follows from the groups (Arrangement.Wild).
func Arrangements(c tile.Counts, o Options) ([]Arrangement, error) {
	var buf [collectFixed]Decomposition
	ds, err := Decompose(buf[:0], &c, &o)
	if err != nil {
		return nil, err
	}
	return arrangementsOf(ds), nil
}

// arrangementsOf copies decompositions to the heap as Arrangements, their
// groups and stand-ins in one allocation each.
func arrangementsOf(ds []Decomposition) []Arrangement {
	out := make([]Arrangement, len(ds))
	ng, nw := 0, 0
	for i := range ds {
		ng += int(ds[i].ngroups)
		nw += int(ds[i].nwild)
	}
	groups := make([]Group, 0, ng)
	var wild []Stand
	if nw > 0 {
		wild = make([]Stand, 0, nw)
	}
	for i := range ds {
		d := &ds[i]
		start := len(groups)
		groups = append(groups, d.Groups()...)
		out[i] = Arrangement{Shape: d.Shape, Groups: groups[start:len(groups):len(groups)]}
		if d.nwild > 0 {
			ws := len(wild)
			wild = append(wild, d.Wild()...)
			out[i].Wild = wild[ws:len(wild):len(wild)]
		}
	}
	return out
}

// Readings returns every way the winning tile win can sit in a group of
// a: one Reading per group that holds a tile of kind win, with the wait it
// completed (spec/riichi.md §10.1):
//
//   - a sequence: Penchan for the 3 of 123 and the 7 of 789, Kanchan for
//     the middle tile, Ryanmen otherwise;
//   - a triplet: Shanpon; a pair: Tanki (seven pairs included);
//   - a single or knitted group of a special shape, and every group of
//     thirteen orphans: Special.
//
// Wildcards are read as the tiles they stand for: the winning tile is a real tile, and it can trade places with
// a stand-in of its kind in another group, so every group holding its
// kind is a reading.
func (a Arrangement) Readings(win tile.Kind) []Reading {
	return a.AppendReadings(nil, win)
}

// AppendReadings appends the readings of Readings to out: with room in
// out (MaxGroups) it allocates nothing.
func (a Arrangement) AppendReadings(out []Reading, win tile.Kind) []Reading {
	return appendReadings(out, a.Shape, a.Groups, win)
}

// AppendReadings is Arrangement.AppendReadings of d read in place, without
// an Arrangement made for it.
func (d *Decomposition) AppendReadings(out []Reading, win tile.Kind) []Reading {
	return appendReadings(out, d.Shape, d.groups[:d.ngroups], win)
}

// groupOffsets has bit d set for each kind d above its tile that a group
// of the kind holds, as Group.mask.
var groupOffsets = [8]uint8{Sequence: 0b111, Triplet: 1, Pair: 1, Knitted: 0b1001001, Single: 1}

// appendReadings appends the readings of win in groups, of shape sh, to
// out.
func appendReadings(out []Reading, sh Shape, groups []Group, win tile.Kind) []Reading {
	for i, g := range groups {
		// Every group spans at most seven kinds from its tile (a knitted
		// set, 147): most are ruled out by one unsigned test, the rest
		// by the offsets from its tile its kind holds.
		if d := uint8(win - g.Tile); d > 6 || groupOffsets[g.Kind&7]>>d&1 == 0 {
			continue
		}
		w := Special
		switch {
		case sh == ThirteenOrphans || g.Kind == Single || g.Kind == Knitted:
		case g.Kind == Triplet:
			w = Shanpon
		case g.Kind == Pair:
			w = Tanki
		case win == g.Tile+1:
			w = Kanchan
		case win == g.Tile && g.Tile%9 == 6, win == g.Tile+2 && g.Tile%9 == 0:
			w = Penchan
		default:
			w = Ryanmen
		}
		out = append(out, Reading{Group: i, Wait: w})
	}
	return out
}
