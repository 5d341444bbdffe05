package hand

import (
	"slices"
	"sync"

	"jantaku/rules/tile"
)

// Readings without wildcards combine per-suit readings from a table: for
// every suit that can be read as up to four sets and at most one pair, its
// base-5 key (as in table.go) maps to the list of its readings. A reading
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
	index map[int32]uint32 // key → offset<<8 | count into pool
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
		index := make(map[int32]uint32)
		pool := make([]uint32, len(es))
		for i, e := range es {
			pool[i] = e.dec
			if i > 0 && es[i-1].key == e.key {
				index[e.key]++
			} else {
				index[e.key] = uint32(i)<<8 | 1
			}
		}
		suitReadings.index, suitReadings.pool = index, pool
	})
}

// standardFast returns the standard readings of c with no wildcards by
// the table, appended to out. ok is false when a count is over four.
func standardFast(c *tile.Counts, pairs Mask, out []Arrangement) ([]Arrangement, bool) {
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
		e, ok := suitReadings.index[key]
		if !ok {
			return out, true
		}
		lists[s] = suitReadings.pool[e>>8 : e>>8+e&0xff]
	}
	// pairOf returns the pair kind of a combination, or -1 when it has
	// not exactly one pair allowed by pairs.
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
