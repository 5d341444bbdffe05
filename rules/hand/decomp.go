package hand

import (
	"math/bits"
	"slices"
	"sync"

	"jantaku/rules/tile"
)

// Readings without wildcards combine per-suit readings from a table: for
// every suit that can be read as up to four sets and at most one pair, its
// rank (rankSuit) indexes the list of its readings. A reading
// packs up to four set codes (5 bits each, in ascending order), the pair
// rank + 1 (4 bits, 0 for none) and the number of sets.

// setCodes number a suit's sets in group order: for each rank, the
// sequence starting there (ranks 1–7), then the triplet. Tile is the rank
// (0–8); add the suit's first kind.
var setCodes = [16]Group{
	{Sequence, 0}, {Triplet, 0}, {Sequence, 1}, {Triplet, 1}, {Sequence, 2}, {Triplet, 2},
	{Sequence, 3}, {Triplet, 3}, {Sequence, 4}, {Triplet, 4}, {Sequence, 5}, {Triplet, 5},
	{Sequence, 6}, {Triplet, 6}, {Triplet, 7}, {Triplet, 8},
}

var suitReadings struct {
	once  sync.Once
	index []uint32 // rank → offset<<8 | count into pool; 0 for none
	pool  []uint32
}

func readingTable() {
	suitReadings.once.Do(func() {
		type entry struct {
			key int32
			dec uint32
		}
		var es []entry
		var d [9]int
		var codes []int
		var rec func(from int)
		rec = func(from int) {
			key := int32(0)
			for r := 8; r >= 0; r-- {
				key = key*5 + int32(d[r])
			}
			var dec uint32
			for i, c := range codes {
				dec |= uint32(c+1) << (5 * i)
			}
			dec |= uint32(len(codes)) << 24
			if key != 0 {
				es = append(es, entry{key, dec})
			}
			for r := range 9 {
				if d[r] <= 2 {
					es = append(es, entry{key + 2*pow5[r], dec | uint32(r+1)<<20})
				}
			}
			if len(codes) == 4 {
				return
			}
			for c := from; c < len(setCodes); c++ {
				g := setCodes[c]
				ks := g.appendKinds(nil)
				ok := true
				for _, k := range ks {
					d[k]++
					ok = ok && d[k] <= 4
				}
				if ok {
					codes = append(codes, c)
					rec(c)
					codes = codes[:len(codes)-1]
				}
				for _, k := range ks {
					d[k]--
				}
			}
		}
		rec(0)
		slices.SortFunc(es, func(a, b entry) int {
			if a.key != b.key {
				return int(a.key - b.key)
			}
			return int(a.dec) - int(b.dec)
		})
		rankTable()
		keyRankTable()
		index := make([]uint32, suitRanks.n)
		pool := make([]uint32, len(es))
		var r int32
		for i, e := range es {
			pool[i] = e.dec
			if i > 0 && es[i-1].key == e.key {
				index[r]++
				continue
			}
			var d [9]uint8
			for j, key := 0, e.key; j < 9; j, key = j+1, key/5 {
				d[j] = uint8(key % 5)
			}
			r = rankSuit(&d)
			index[r] = uint32(i)<<8 | 1
		}
		suitReadings.index, suitReadings.pool = index, pool
	})
}

// standardTable appends the standard readings of the counted hand h,
// with no wildcards, read from the table, to dst, unsorted. ok is false
// when a count is over four (a wait on a tile whose copies are all
// held); then the search decides.
func standardTable(dst []Decomposition, h *Counted, pairs Mask) (_ []Decomposition, ok bool) {
	if h.over != 0 {
		return dst, false
	}
	readingTable()
	// Each honour is held 0, 2 (the pair) or 3 times; a lone honour or
	// four of one reads as no sets and pair.
	hon := h.held & HonorKinds
	if hon&(h.four|h.odd&^h.multi) != 0 {
		return dst, true
	}
	hpairs := hon & h.multi &^ h.odd
	// A part's tiles are sets (3j) or sets and the pair (3j+2): exactly
	// one part holds the pair, the same in every reading. Each suit's
	// readings are the table's, read in the same pass (a suit without
	// tiles has the one empty reading).
	npairs, pairSuit := popcount(hpairs), -1
	// Each suit's readings: the first and how many, from off in the
	// table's pool (a suit without tiles has the one empty reading, 0).
	var first, count, off [3]uint32
	for s, n := range h.sums {
		switch mod3[n] {
		case 1:
			return dst, true
		case 2:
			npairs++
			pairSuit = s
		}
		if n == 0 {
			count[s] = 1
			continue
		}
		if n > maxSuitTiles {
			return dst, true
		}
		e := suitReadings.index[rankKey(h.keys[s])]
		if e == 0 {
			return dst, true
		}
		off[s], count[s] = e>>8, e&0xff
		first[s] = suitReadings.pool[off[s]]
	}
	if npairs != 1 {
		return dst, true
	}
	st := standardParts{pairs: pairs, pair: tile.Kind(bits.TrailingZeros64(uint64(hpairs))), pairSuit: pairSuit}
	for m := hon & h.odd; m != 0; m &= m - 1 {
		if st.nh == len(st.honors) {
			return dst, true
		}
		st.honors[st.nh] = Group{Kind: Triplet, Tile: tile.Kind(bits.TrailingZeros64(uint64(m)))}
		st.nh++
	}
	// Most hands have one reading in each suit: then the one
	// decomposition, without the lists.
	if count[0]|count[1]|count[2] == 1 {
		return st.append(dst, first[0], first[1], first[2]), true
	}
	var lists [3][]uint32
	for s := range lists {
		if h.sums[s] == 0 {
			lists[s] = first[s : s+1]
			continue
		}
		lists[s] = suitReadings.pool[off[s] : off[s]+count[s]]
	}
	for _, a := range lists[0] {
		for _, b := range lists[1] {
			for _, x := range lists[2] {
				dst = st.append(dst, a, b, x)
			}
		}
	}
	return dst, true
}

// standardParts is what the suits' readings share in standardTable: the
// pairs allowed (0 for any), the honour pair (when no suit holds it), the
// suit holding the pair (-1 for none) and the honour triplets, ascending.
type standardParts struct {
	pairs    Mask
	pair     tile.Kind
	pairSuit int
	nh       int
	honors   [4]Group
}

// append appends to dst the decomposition of the suit readings a, b and
// x with st's honours, unless its pair is not allowed.
func (st *standardParts) append(dst []Decomposition, a, b, x uint32) []Decomposition {
	p := st.pair
	switch st.pairSuit {
	case 0:
		p = pairOf(a, 0)
	case 1:
		p = pairOf(b, 9)
	case 2:
		p = pairOf(x, 18)
	}
	if st.pairs != 0 && !st.pairs.Has(p) {
		return dst
	}
	dst = append(dst, Decomposition{Shape: Standard})
	d := &dst[len(dst)-1]
	n := putSets(d, 0, a, 0)
	n = putSets(d, n, b, 9)
	n = putSets(d, n, x, 18)
	if st.nh > 0 {
		n += copy(d.groups[n:], st.honors[:st.nh])
	}
	d.groups[n] = Group{Kind: Pair, Tile: p}
	d.ngroups = uint8(n + 1)
	return dst
}

// pairOf is the pair of the suit reading v, a suit whose first kind is
// base.
func pairOf(v uint32, base tile.Kind) tile.Kind { return base + tile.Kind(v>>20&15) - 1 }

// putSets writes the sets of the suit reading v, a suit whose first kind
// is base, to d's groups from n on, and returns the next group.
func putSets(d *Decomposition, n int, v uint32, base tile.Kind) int {
	// The codes (each the set's number + 1, so never zero) fill the low
	// 20 bits from bit 0: the sets end at the first zero code.
	for x := v & (1<<20 - 1); x != 0; x >>= 5 {
		g := setCodes[(x-1)&15]
		g.Tile += base
		d.groups[n] = g
		n++
	}
	return n
}

// The rank (rankSuit) of a suit from its need-table key: the rank is a
// sum over the digits in turn, each term depending on the digit and the
// tiles left; the first four digits' terms depend on them alone, the last
// five's on them and the tiles the first four leave.
var keyRanks struct {
	once sync.Once
	lo   [625]int32 // the first four digits' terms, by their key
	left [625]uint8 // the tiles they leave of maxSuitTiles
	hi   [maxSuitTiles + 1][3125]int32
}

// rankKey is rankSuit of the suit whose need-table key is key (at most
// maxSuitTiles tiles).
func rankKey(key int32) int32 {
	// Unsigned, the division and remainder need no sign fix-up.
	k := uint32(key)
	lo, hi := k%625, k/625
	return keyRanks.lo[lo] + keyRanks.hi[keyRanks.left[lo]][hi]
}

// keyRankTable builds keyRanks (rankTable has run).
func keyRankTable() {
	keyRanks.once.Do(func() {
		b := &suitRanks.below
		// terms sums digits from j on, from key k with left tiles; ok
		// false when they hold more.
		terms := func(j, k, left int) (r int32, n int, ok bool) {
			for ; j < 9; j, k = j+1, k/5 {
				x := k % 5
				if x > left {
					return 0, 0, false
				}
				r += b[j][left][x]
				left -= x
				n += x
			}
			return r, n, true
		}
		for k := range 625 {
			// The first four digits alone: the other five zero.
			// (Digits of more tiles are never asked: they count as none.)
			r, n, ok := terms(0, k, maxSuitTiles)
			if !ok {
				r, n = 0, 0
			}
			keyRanks.lo[k], keyRanks.left[k] = r, uint8(maxSuitTiles-n)
		}
		for left := range maxSuitTiles + 1 {
			for k := range 3125 {
				if r, _, ok := terms(4, k, left); ok {
					keyRanks.hi[left][k] = r
				}
			}
		}
	})
}
