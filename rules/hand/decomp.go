package hand

import (
	"encoding/binary"
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

// standardTable appends the standard readings of c with no wildcards,
// read from the table, to dst, unsorted. ok is false when a count is over
// four (a wait on a tile whose copies are all held); then the search
// decides.
func standardTable(dst []Decomposition, c *tile.Counts, pairs Mask) (_ []Decomposition, ok bool) {
	readingTable()
	var lists [3][]uint32
	empty := [1]uint32{0}
	hpair := -1
	var honors [4]Group // honour triplets, ascending
	nh := 0
	for k := int(tile.East); k < tile.NumKinds; k++ {
		switch c[k] {
		case 0:
		case 2:
			if hpair >= 0 {
				return dst, true
			}
			hpair = k
		case 3:
			if nh == len(honors) {
				return dst, true
			}
			honors[nh] = Group{Kind: Triplet, Tile: tile.Kind(k)}
			nh++
		case 1, 4:
			return dst, true
		default:
			return dst, false
		}
	}
	for s := range 3 {
		// The suit's nine counts, the first eight read as one word.
		d := (*[9]uint8)(c[s*9 : s*9+9])
		x := binary.LittleEndian.Uint64(d[:8])
		if byteOverFour(x) != 0 || d[8] > 4 {
			return dst, false
		}
		sum := int(x*byteOnes>>56) + int(d[8])
		if sum == 0 {
			lists[s] = empty[:]
			continue
		}
		if sum > maxSuitTiles {
			return dst, true
		}
		e := suitReadings.index[rankSuit(d)]
		if e == 0 {
			return dst, true
		}
		lists[s] = suitReadings.pool[e>>8 : e>>8+e&0xff]
	}
	for _, a := range lists[0] {
		for _, b := range lists[1] {
			for _, x := range lists[2] {
				// Exactly one pair, and one the rule allows.
				p, np := hpair, 0
				if p >= 0 {
					np++
				}
				for s, v := range [3]uint32{a, b, x} {
					if r := int(v >> 20 & 15); r > 0 {
						p = s*9 + r - 1
						np++
					}
				}
				if np != 1 || (pairs != 0 && !pairs.Has(tile.Kind(p))) {
					continue
				}
				dst = append(dst, Decomposition{Shape: Standard})
				d := &dst[len(dst)-1]
				n := 0
				for s, v := range [3]uint32{a, b, x} {
					for i := range int(v >> 24) {
						g := setCodes[v>>(5*i)&31-1]
						g.Tile += tile.Kind(9 * s)
						d.groups[n] = g
						n++
					}
				}
				n += copy(d.groups[n:], honors[:nh])
				d.groups[n] = Group{Kind: Pair, Tile: tile.Kind(p)}
				d.ngroups = uint8(n + 1)
			}
		}
	}
	return dst, true
}
