package hand

import (
	"sync"

	"jantaku/rules/tile"
)

// Shanten without a pair rule reads each numbered suit through a table of
// its best blocks: for every suit of at most 14 tiles (405,350 of them,
// ranked by rankSuit), the most partial sets (capped at 4, which is all
// the formula can use) for each number of sets (0–4) and pair (0, 1),
// packed 3 bits a field (t+1, 0 for none). Built once on first use.

const maxSuitTiles = 14

var suitBlocks struct {
	once sync.Once
	tab  []uint32
	// honor[v]: the blocks of one honour kind held v times.
	honor [5]uint32
	// honors[n1 + 8·n2 + 64·n3 + 512·n4]: the blocks of all the
	// honours, n_v kinds being held v times, partial sets capped at 4
	// (all the formula can use).
	honors [4096]blocks2
}

// honorsIndex is the index in suitBlocks.honors of the honours of c; ok
// is false for a count over four.
func honorsIndex(c *tile.Counts) (i int, ok bool) {
	for k := int(tile.East); k < tile.NumKinds; k++ {
		v := c[k]
		if v > 4 {
			return 0, false
		}
		i += honorsDigit[v&7]
	}
	return i, true
}

// honorsDigit is what one honour held v times adds to honorsIndex.
var honorsDigit = [8]int{0, 1, 8, 64, 512}

// suitRanks numbers the suits of at most 14 tiles densely, for tables
// indexed by suit: a few kB, built once on first use.
var suitRanks struct {
	once sync.Once
	// below[j][s][d]: suits ranked before one whose digits before j are
	// fixed, with s tiles left for digits j.., and digit j less than d.
	below [9][maxSuitTiles + 1][5]int32
	n     int32 // how many suits
}

// rankSuit numbers the digit vectors with digits 0–4 and sum ≤ 14, from
// 0 to suitRanks.n−1 (rankTable must have run).
func rankSuit(d *[9]uint8) int32 {
	b := &suitRanks.below
	var r int32
	left := maxSuitTiles
	for j, x := range d {
		r += b[j][left][x]
		left -= int(x)
	}
	return r
}

func rankTable() {
	suitRanks.once.Do(func() {
		// count[n][s]: vectors of n digits 0–4 with sum ≤ s.
		var count [10][maxSuitTiles + 1]int32
		for s := range count[0] {
			count[0][s] = 1
		}
		for n := 1; n <= 9; n++ {
			for s := 0; s <= maxSuitTiles; s++ {
				for x := 0; x <= 4 && x <= s; x++ {
					count[n][s] += count[n-1][s-x]
				}
			}
		}
		b := &suitRanks.below
		for j := range 9 {
			for s := 0; s <= maxSuitTiles; s++ {
				var acc int32
				for x := range 5 {
					b[j][s][x] = acc
					if x <= s {
						acc += count[8-j][s-x]
					}
				}
			}
		}
		suitRanks.n = count[9][maxSuitTiles]
	})
}

func blockTable() []uint32 {
	suitBlocks.once.Do(buildBlockTable)
	return suitBlocks.tab
}

func buildBlockTable() {
	rankTable()
	n := suitRanks.n
	tab := make([]uint32, n)
	done := make([]bool, n)
	var get func(d *[9]uint8) uint32
	get = func(d *[9]uint8) uint32 {
		r := rankSuit(d)
		if done[r] {
			return tab[r]
		}
		var bl blocks
		bl.reset()
		i := 0
		for i < 9 && d[i] == 0 {
			i++
		}
		if i == 9 {
			bl[0][0][0] = 0
		} else {
			take := func(dm, dt, dp int, ks ...int) {
				for _, k := range ks {
					d[k]--
				}
				sub := unpackBlocks(get(d))
				for _, k := range ks {
					d[k]++
				}
				for m := range 5 {
					for p := range 2 - dp {
						t := sub[m][p][0]
						if t < 0 {
							continue
						}
						mm, tt := min(m+dm, 4), min(int(t)+dt, 4)
						if int8(tt) > bl[mm][p+dp][0] {
							bl[mm][p+dp][0] = int8(tt)
						}
					}
				}
			}
			if d[i] >= 3 {
				take(1, 0, 0, i, i, i)
			}
			if i <= 6 && d[i+1] > 0 && d[i+2] > 0 {
				take(1, 0, 0, i, i+1, i+2)
			}
			if d[i] >= 2 {
				take(0, 0, 1, i, i)
				take(0, 1, 0, i, i)
			}
			if i <= 7 && d[i+1] > 0 {
				take(0, 1, 0, i, i+1)
			}
			if i <= 6 && d[i+2] > 0 {
				take(0, 1, 0, i, i+2)
			}
			take(0, 0, 0, i)
		}
		v := packBlocks(&bl)
		tab[r], done[r] = v, true
		return v
	}
	var d [9]uint8
	var walk func(j, left int)
	walk = func(j, left int) {
		if j == 9 {
			get(&d)
			return
		}
		for x := 0; x <= 4 && x <= left; x++ {
			d[j] = uint8(x)
			walk(j+1, left-x)
		}
		d[j] = 0
	}
	walk(0, maxSuitTiles)
	suitBlocks.tab = tab
	for v := range 5 {
		var b blocks
		b.reset()
		s := suitSearch{n: 1, elig: 1, out: &b}
		s.c[0] = uint8(v)
		s.run(0)
		suitBlocks.honor[v] = packBlocks(&b)
	}
	var c tile.Counts
	var fill func(k int)
	fill = func(k int) {
		if k == tile.NumKinds {
			i, _ := honorsIndex(&c)
			acc := blocks2{0, -1, -1, -1, -1, -1, -1, -1, -1, -1}
			for h := int(tile.East); h < tile.NumKinds; h++ {
				if v := c[h]; v > 0 {
					part := unpack2(suitBlocks.honor[v])
					acc.merge(&part)
				}
			}
			for j := range acc {
				acc[j] = min(acc[j], 4)
			}
			suitBlocks.honors[i] = acc
			return
		}
		for v := range uint8(5) {
			c[k] = v
			fill(k + 1)
		}
		c[k] = 0
	}
	fill(int(tile.East))
}

func packBlocks(b *blocks) uint32 {
	var v uint32
	for m := range 5 {
		for p := range 2 {
			v |= uint32(b[m][p][0]+1) << (3 * (m*2 + p))
		}
	}
	return v
}

func unpackBlocks(v uint32) blocks {
	var b blocks
	b.reset()
	for m := range 5 {
		for p := range 2 {
			b[m][p][0] = int8(v>>(3*(m*2+p))&7) - 1
		}
	}
	return b
}

// blocks2 is blocks without the pair-rule flag: index 2m+p.
type blocks2 [10]int8

func unpack2(v uint32) (b blocks2) {
	for i := range b {
		b[i] = int8(v>>(3*i)&7) - 1
	}
	return b
}

func (b *blocks2) merge(o *blocks2) {
	// The readings of o, gathered once.
	var is, ts [10]int8
	n := 0
	for i, t := range o {
		if t >= 0 {
			is[n], ts[n] = int8(i), t
			n++
		}
	}
	r := blocks2{-1, -1, -1, -1, -1, -1, -1, -1, -1, -1}
	for i1, t1 := range b {
		if t1 < 0 {
			continue
		}
		for j := range n {
			i2, t2 := int(is[j]), ts[j]
			if i1&i2&1 != 0 {
				continue
			}
			i := min(i1>>1+i2>>1, 4)<<1 | (i1|i2)&1
			if t := min(t1+t2, 8); t > r[i] {
				r[i] = t
			}
		}
	}
	*b = r
}

// shantenTable is shantenStandard without a pair rule, by tables; ok is
// false when a suit holds more than 14 tiles or a count over four.
func shantenTable(c *tile.Counts, n int) (int, bool) {
	tab := blockTable()
	// The blocks of each part held: the suits, then the honours.
	var parts [4]blocks2
	np := 0
	for s := range 3 {
		var d [9]uint8
		sum := 0
		for r := range 9 {
			d[r] = c[s*9+r]
			if d[r] > 4 {
				return 0, false
			}
			sum += int(d[r])
		}
		if sum == 0 {
			continue
		}
		if sum > maxSuitTiles {
			return 0, false
		}
		parts[np] = unpack2(tab[rankSuit(&d)])
		np++
	}
	i, ok := honorsIndex(c)
	if !ok {
		return 0, false
	}
	if i != 0 {
		parts[np] = suitBlocks.honors[i]
		np++
	}
	// Merge all but the last part; the last is combined with the
	// formula directly rather than merged. none is the blocks of no
	// tiles.
	none := blocks2{0, -1, -1, -1, -1, -1, -1, -1, -1, -1}
	acc, last := none, none
	if np > 0 {
		acc = parts[0]
	}
	for p := 1; p < np-1; p++ {
		acc.merge(&parts[p])
	}
	if np > 1 {
		last = parts[np-1]
	}
	need := 4 - (14-n)/3
	best := 2*need + 1
	for i1, t1 := range acc {
		if t1 < 0 {
			continue
		}
		for i2, t2 := range last {
			if t2 < 0 || i1&i2&1 != 0 {
				continue
			}
			m, p := min(i1>>1+i2>>1, need), (i1|i2)&1
			best = min(best, 2*need-2*m-min(int(t1+t2), need-m)-p)
		}
	}
	return best, true
}
