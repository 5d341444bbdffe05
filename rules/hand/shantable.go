package hand

import (
	"sync"

	"jantaku/rules/tile"
)

// Shanten without a pair rule reads each part of the hand (a numbered
// suit, or all the honours) through a table of its slots: what the part
// adds at best to the blocks the standard formula counts, for each
// number of the hand's slots it is given (see slots). The slots of parts
// combine by a small max-plus product (slots.times), and a whole hand's
// slots give its count. Only 63 different slots arise from suits, the
// honours and their products, so each is kept as a class number: a suit
// is a byte in a table, combining two parts one look-up in a table of
// products, and the count one more. Built once on first use.

const (
	maxSuitTiles = 14
	// maxClasses bounds the classes of slots (there are 63; a test
	// checks).
	maxClasses = 64
)

var suitBlocks struct {
	once sync.Once
	// tab[rank]: the class of the slots of each suit of at most 14
	// tiles, by rankSuit.
	tab []uint8
	// honors[n1 + 8·n2 + 64·n3 + 512·n4]: the class of all the honours,
	// n_v kinds being held v times.
	honors [4096]uint8
	// classes[c]: the slots of class c; n of them.
	classes [maxClasses]slots
	n       int
	// times[a][b]: the class of the slots of classes a and b together.
	times [maxClasses][maxClasses]uint8
	// short[c][need]: the count 2·need − blocks of a hand of class c
	// with need sets to make (4 less the melds).
	short [maxClasses][5]int8
}

// slots holds what a part of a hand adds at best to 2m + t + p, the
// blocks of the standard formula (m sets, t partial sets, p a pair), when
// k of the hand's need slots for sets and partial sets (k = 0–4) go to
// it: g[0][k] with no pair, g[1][k] with at most one. A hand's best
// reading gives each part some of the slots, sets first, so its count is
// the best sum over the ways to share the need slots between the parts:
// the parts are combined one at a time (times), not their readings.
type slots [2][5]int

// times returns the slots of a and b together: for each k, the best way
// to share k slots between them, with at most one pair in all.
func (a *slots) times(b *slots) slots {
	var r slots
	for k := range 5 {
		// Every value is at least zero, and i = 0 reaches these.
		r0, r1 := 0, 0
		for i := 0; i <= k; i++ {
			j := k - i
			r0 = max(r0, a[0][i]+b[0][j])
			r1 = max(r1, a[0][i]+b[1][j], a[1][i]+b[0][j])
		}
		r[0][k], r[1][k] = r0, r1
	}
	return r
}

// slotsOf returns the slots of a part whose readings are b.
func slotsOf(b *blocks) slots {
	var g slots
	for m := range 5 {
		for p := range 2 {
			t := int(b[m][p][0])
			if t < 0 {
				continue
			}
			for k := range 5 {
				// Sets first: each is worth two, a partial set one.
				mk := min(m, k)
				g[p][k] = max(g[p][k], 2*mk+min(t, k-mk)+p)
			}
		}
	}
	for k := range 5 {
		g[1][k] = max(g[1][k], g[0][k])
	}
	return g
}

// honorsIndex is the index in suitBlocks.honors of the honours of h
// (no count over four): an honour's blocks depend only on its count, and
// the honours' on how many are held each number of times.
func honorsIndex(h *Counted) int {
	kinds := func(m Mask) int { return int(bitsIn7[m>>tile.East&0x7f]) }
	return kinds(h.held&^h.multi) + 8*kinds(h.multi&^h.odd&^h.four) + 64*kinds(h.multi&h.odd) + 512*kinds(h.four)
}

// bitsIn7 counts the bits of a 7-bit mask: a look-up, where popcount
// would need a check of the processor each time on the baseline amd64.
var bitsIn7 = func() (b [128]uint8) {
	for m := range b {
		b[m] = uint8(popcount(Mask(m)))
	}
	return b
}()

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

func blockTable() {
	suitBlocks.once.Do(buildBlockTable)
}

func buildBlockTable() {
	rankTable()
	keyRankTable()
	n := suitRanks.n
	// First the readings of each suit (packBlocks), each from those of
	// the suit less its first block, then the classes of their slots.
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
	t := &suitBlocks
	ids := map[slots]uint8{}
	class := func(g slots) uint8 {
		c, ok := ids[g]
		if !ok {
			c = uint8(t.n)
			ids[g], t.classes[c] = c, g
			t.n++
		}
		return c
	}
	t.tab = make([]uint8, n)
	byBlocks := map[uint32]uint8{} // few suits' readings differ
	for r, v := range tab {
		c, ok := byBlocks[v]
		if !ok {
			b := unpackBlocks(v)
			c = class(slotsOf(&b))
			byBlocks[v] = c
		}
		t.tab[r] = c
	}

	// The honours: one held v times, then all of them, n_v held v
	// times, one after another.
	var honor [5]slots
	for v := range 5 {
		var b blocks
		b.reset()
		s := suitSearch{n: 1, elig: 1, out: &b}
		s.c[0] = uint8(v)
		s.run(0)
		honor[v] = slotsOf(&b)
	}
	var kinds [5]int
	var fill func(v, left int)
	fill = func(v, left int) {
		if v == 5 {
			g := honor[0]
			for v := 1; v < 5; v++ {
				for range kinds[v] {
					g = g.times(&honor[v])
				}
			}
			t.honors[kinds[1]+8*kinds[2]+64*kinds[3]+512*kinds[4]] = class(g)
			return
		}
		for x := 0; x <= left; x++ {
			kinds[v] = x
			fill(v+1, left-x)
		}
	}
	fill(1, tile.NumKinds-int(tile.East))

	// The products of all classes, until they give no new one.
	for a := 0; a < t.n; a++ {
		for b := 0; b <= a; b++ {
			c := class(t.classes[a].times(&t.classes[b]))
			t.times[a][b], t.times[b][a] = c, c
		}
	}
	for c := range t.n {
		for need := range 5 {
			t.short[c][need] = int8(2*need - t.classes[c][1][need])
		}
	}
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

// shantenTable is shantenStandard without a pair rule, by the tables,
// for the counted hand h of n tiles with the wildcards (no count over
// four, at most 14 tiles: check has passed).
func shantenTable(h *Counted, n int) int {
	blockTable()
	t := &suitBlocks
	c := t.times[t.tab[rankKey(h.keys[0])]][t.tab[rankKey(h.keys[1])]]
	c = t.times[c][t.tab[rankKey(h.keys[2])]]
	c = t.times[c][t.honors[honorsIndex(h)]]
	return int(t.short[c][4-(14-n)/3])
}
