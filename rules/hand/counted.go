package hand

import (
	"encoding/binary"
	"math/bits"

	"jantaku/rules/tile"
)

// Counted is a hand's counts with what one pass over them tells: the
// number of tiles, the kinds held, held an odd number of times, more than
// once and four times, and each suit's tile count and table key.
// Decompose, the waits and a scorer's setup read these instead of each
// scanning the counts again, and Less gives them for the hand less one
// tile (the hand before its winning tile) without a new pass.
//
// The zero value is the empty hand. A Counted holds its counts by value.
type Counted struct {
	c     tile.Counts
	n     int
	held  Mask     // held at least once
	odd   Mask     // held an odd number of times
	multi Mask     // held more than once
	four  Mask     // held exactly four times
	over  Mask     // held more than four times: bad input
	keys  [3]int32 // each suit's need-table key (suitKey); zero with bad input
	sums  [3]uint8 // each suit's number of tiles; zero with bad input
}

// Count reads the counts c in one pass (Set).
func Count(c *tile.Counts) Counted {
	var h Counted
	h.Set(c)
	return h
}

// Set makes h the counted hand of the counts c, in place. It reads each
// suit's first eight counts as one word (the word that gives its table
// key) and its ninth, then the masks from the counts eight at a time, in
// kind order.
func (h *Counted) Set(c *tile.Counts) {
	h.c = *c
	// The suits one by one, unrolled: their bounds are constants.
	h.sums[0], h.keys[0] = suitSumKey((*[9]uint8)(c[0:9]))
	h.sums[1], h.keys[1] = suitSumKey((*[9]uint8)(c[9:18]))
	h.sums[2], h.keys[2] = suitSumKey((*[9]uint8)(c[18:27]))
	// Bits 0, 1 and 2 of each count: for counts of at most four, held
	// is any of them, odd bit 0, more than once bit 1 or 2, four bit 2.
	w0 := binary.LittleEndian.Uint64(c[0:8])
	w1 := binary.LittleEndian.Uint64(c[8:16])
	w2 := binary.LittleEndian.Uint64(c[16:24])
	w3 := binary.LittleEndian.Uint64(c[24:32])
	w4 := uint64(c[32]) | uint64(c[33])<<8
	over := byteOverFour(w0) | byteOverFour(w1) | byteOverFour(w2) | byteOverFour(w3) | byteOverFour(w4)
	// Bytes of at most four: five words sum to at most 20 a byte.
	n := (w0 + w1 + w2 + w3 + w4) * byteOnes >> 56
	b0 := gatherLow(w0) | gatherLow(w1)<<8 | gatherLow(w2)<<16 | gatherLow(w3)<<24 | gatherLow(w4)<<32
	w0, w1, w2, w3, w4 = w0>>1, w1>>1, w2>>1, w3>>1, w4>>1
	b1 := gatherLow(w0) | gatherLow(w1)<<8 | gatherLow(w2)<<16 | gatherLow(w3)<<24 | gatherLow(w4)<<32
	w0, w1, w2, w3, w4 = w0>>1, w1>>1, w2>>1, w3>>1, w4>>1
	b2 := gatherLow(w0) | gatherLow(w1)<<8 | gatherLow(w2)<<16 | gatherLow(w3)<<24 | gatherLow(w4)<<32
	h.n, h.over = int(n), 0
	h.held, h.odd, h.multi, h.four = b0|b1|b2, b0, b1|b2, b2
	if over != 0 {
		// Bad input, rare: counted one by one (a count may be over
		// seven), the keys and sums left zero (no table indexes a
		// fifth copy).
		*h = countedByKinds(c)
	}
}

// suitSumKey is the number of tiles and the need table's key of one suit's
// nine counts d, each at most four. Eight counts of at most four sum to
// at most 32: the top byte of the product holds their sum. (A count over
// four is found by Set, and then neither sum nor key is kept.)
func suitSumKey(d *[9]uint8) (uint8, int32) {
	x, x9 := binary.LittleEndian.Uint64(d[:8]), uint64(d[8])
	return uint8(x*byteOnes>>56 + x9), base5(x) + int32(x9)*pow5[8]
}

// gatherLow moves bit 0 of each byte of x to bits 0–7 of a mask.
func gatherLow(x uint64) Mask { return Mask((x & byteOnes * 0x0102040810204080) >> 56) }

// countedByKinds is c counted one count at a time: for counts over four,
// which the word-at-a-time reading does not cover. The keys and sums
// are left zero.
func countedByKinds(c *tile.Counts) Counted {
	h := Counted{c: *c, n: c.Total()}
	for k, v := range c {
		bit := Mask(1) << k
		if v > 0 {
			h.held |= bit
		}
		if v%2 == 1 {
			h.odd |= bit
		}
		if v > 1 {
			h.multi |= bit
		}
		if v == 4 {
			h.four |= bit
		}
		if v > 4 {
			h.over |= bit
		}
	}
	return h
}

// base5 is the need table's key of the first eight counts of a suit,
// packed a byte each (each at most four): digit i is byte i. Pairs of
// digits, then pairs of pairs, are combined in the lanes of one word.
func base5(x uint64) int32 {
	const l16, l32 = 0x00ff00ff00ff00ff, 0x0000ffff0000ffff
	x = x&l16 + x>>8&l16*5   // d0+5·d1 in each 16-bit lane, at most 24
	x = x&l32 + x>>16&l32*25 // four digits in each 32-bit lane, at most 624
	return int32(x&0xffffffff + x>>32*625)
}

// Total returns the number of tiles, as tile.Counts.Total.
func (h *Counted) Total() int { return h.n }

// Held returns the kinds held.
func (h *Counted) Held() Mask { return h.held }

// Four returns the kinds held exactly four times.
func (h *Counted) Four() Mask { return h.four }

// ByCount returns the kinds held n times for n from 0 to 4 (the kinds
// held more often are in none: see Over).
func (h *Counted) ByCount() [5]Mask {
	const all = Mask(1)<<tile.NumKinds - 1
	ok := ^h.over
	return [5]Mask{
		all &^ h.held,
		h.held &^ h.multi & ok,
		h.multi &^ h.odd &^ h.four & ok,
		h.multi & h.odd & ok,
		h.four,
	}
}

// Over returns the kinds held more than four times (bad input).
func (h *Counted) Over() Mask { return h.over }

// Less returns h less one tile of kind k, as Count of those counts would,
// in constant time. k must be held.
func (h *Counted) Less(k tile.Kind) Counted {
	l := *h
	v := l.c[k]
	if v == 0 || v > 4 || h.over != 0 {
		// Not a tile held, or bad input: counted again.
		if v > 0 {
			l.c[k]--
		}
		return Count(&l.c)
	}
	l.c[k] = v - 1
	l.n--
	bit := Mask(1) << k
	l.odd ^= bit
	switch v {
	case 1:
		l.held &^= bit
	case 2:
		l.multi &^= bit
	case 4:
		l.four &^= bit
	}
	if k < tile.East {
		s := k / 9
		l.sums[s]--
		l.keys[s] -= pow5[k%9]
	}
	return l
}

// PartsFit reports whether h may be sets and one pair by the number of
// tiles of each part alone: every suit's a multiple of three but one's,
// two more, or else one honour held twice, the other honours none or
// three. It rules most hands out, with no wildcard, before any table is
// read. Bad input (a count over four) does not fit.
func (h *Counted) PartsFit() bool {
	if h.over != 0 {
		return false
	}
	hon := honorMask & h.held
	if hon&^h.multi != 0 || hon&h.four != 0 {
		return false // an honour held once or four times
	}
	pairs := bits.OnesCount64(uint64(hon &^ h.odd)) // held twice
	for _, n := range h.sums {
		switch n % 3 {
		case 1:
			return false
		case 2:
			pairs++
		}
	}
	return pairs == 1
}

// SetsFit reports whether h may be sets alone by the number of tiles of
// each part: every suit's a multiple of three, every honour held none or
// three times. Bad input (a count over four) does not fit.
func (h *Counted) SetsFit() bool {
	if h.over != 0 {
		return false
	}
	hon := honorMask & h.held
	if hon&^(h.multi&h.odd&^h.four) != 0 {
		return false // an honour held once, twice or four times
	}
	return h.sums[0]%3|h.sums[1]%3|h.sums[2]%3 == 0
}

// Plus returns h with one more tile of kind k, as Count of those counts
// would, in constant time while no count passes four.
func (h *Counted) Plus(k tile.Kind) Counted {
	l := *h
	v := l.c[k]
	if v >= 4 || h.over != 0 {
		// A fifth copy, or bad input already: counted again.
		l.c[k]++
		return Count(&l.c)
	}
	l.c[k] = v + 1
	l.n++
	bit := Mask(1) << k
	l.odd ^= bit
	switch v {
	case 0:
		l.held |= bit
	case 1:
		l.multi |= bit
	case 3:
		l.four |= bit
	}
	if k < tile.East {
		s := k / 9
		l.sums[s]++
		l.keys[s] += pow5[k%9]
	}
	return l
}

// check is the package's check on counted input: the number of tiles
// with the wildcards, or an error for bad input.
func (h *Counted) check(o *Options, want int) (int, error) {
	// The usual case without a call: a number of tiles that want
	// accepts, no wildcards and no count over four.
	totals := completeTotals | waitingTotals
	switch want {
	case totalComplete:
		totals = completeTotals
	case totalWaiting:
		totals = waitingTotals
	}
	if o.Wildcards == 0 && h.over == 0 && uint(h.n) <= 14 && totals>>h.n&1 != 0 {
		return h.n, nil
	}
	return checkTally(&h.c, h.n, h.over, o, want)
}

// completeTotals and waitingTotals have bit n set for each number of
// tiles n of a complete concealed part (2, 5, 8, 11, 14) and of a waiting
// one (1, 4, 7, 10, 13).
const (
	completeTotals = 1<<2 | 1<<5 | 1<<8 | 1<<11 | 1<<14
	waitingTotals  = 1<<1 | 1<<4 | 1<<7 | 1<<10 | 1<<13
)

// Decompose is the package's Decompose on the counted hand h.
func (h *Counted) Decompose(dst []Decomposition, o *Options) ([]Decomposition, error) {
	if o == nil {
		o = &Options{}
	}
	// The usual case, a complete hand without wildcards (as in check),
	// tested here without a call.
	n := h.n
	if o.Wildcards != 0 || h.over != 0 || uint(n) > 14 || completeTotals>>n&1 == 0 {
		var err error
		if n, err = h.check(o, totalComplete); err != nil {
			return dst, err
		}
	}
	return decompose(dst, h, o, n), nil
}

// Complete is the package's Complete on the counted hand h: with the
// suits' table keys already worked out, asking it under several options
// (a pair rule, a ban) costs a table lookup a suit each time.
func (h *Counted) Complete(o *Options) bool {
	if o == nil {
		o = &Options{}
	}
	if o.Wildcards < 0 || o.Wildcards > 4 || h.over != 0 {
		return false
	}
	n := h.n + o.Wildcards
	if n > 14 || n%3 != 2 {
		return false
	}
	std, handled := completeKeys(h, o)
	if !handled {
		std = completeStandard(&h.c, o)
	}
	return std || completeShapesOf(&h.c, o, n, true, h) != 0
}

// CountWaits is the package's CountWaits on the counted hand h.
func (h *Counted) CountWaits(o *Options, skip Mask, limit int) (int, error) {
	_, n, err := waitsOf(nil, false, h, o, skip, limit, true)
	return n, err
}

// CompletedBy returns the kinds of cand that complete h, one at a time:
// each kind k such that h with one more tile of k is Complete under o.
// Rather than a Complete a kind, it reads h's parts by the need tables
// once and each kind by one lookup of its own part, as the waits do; the
// options the tables do not cover (a special shape, a wildcard ban on a
// numbered kind, a pair rule other than whole suits or 2, 5 and 8) are
// asked kind by kind. A nil o is the zero Options.
func (h *Counted) CompletedBy(o *Options, cand Mask) Mask {
	return h.completedBy(o, cand, false)
}

// AllCompletedBy reports whether every kind of cand completes h, as
// CompletedBy(o, cand) == cand, but stops at the first kind that does
// not: a hand that waits on few kinds is settled in a few lookups.
func (h *Counted) AllCompletedBy(o *Options, cand Mask) bool {
	cand &= allKindsMask
	return h.completedBy(o, cand, true) == cand
}

// allKindsMask are the 34 kinds.
const allKindsMask = Mask(1)<<tile.NumKinds - 1

// completedBy is CompletedBy; with all it stops at the first kind of
// cand that does not complete h.
func (h *Counted) completedBy(o *Options, cand Mask, all bool) Mask {
	if o == nil {
		o = &Options{}
	}
	cand &= allKindsMask
	// What Complete refuses whatever the kind: a count over four, a
	// number of wildcards or of tiles no hand has.
	if o.Wildcards < 0 || o.Wildcards > 4 || h.over != 0 {
		return 0
	}
	if n := h.n + 1 + o.Wildcards; n > 14 || n%3 != 2 {
		return 0
	}
	// A fifth copy: Complete refuses it too.
	if all && cand&h.four != 0 {
		return 0
	}
	cand &^= h.four
	var got Mask
	if o.Shapes&^ShapesOf(Standard) != 0 || !needTabled(o) {
		for m := cand; m != 0; m &= m - 1 {
			k := tile.Kind(bits.TrailingZeros64(uint64(m)))
			hk := h.Plus(k)
			switch {
			case hk.Complete(o):
				got |= MaskOf(k)
			case all:
				return got
			}
		}
		return got
	}
	tab := needTable()
	// What each suit needs as sets only (n0) and the extra it needs to
	// hold the pair (d), and the honours' sum and least extra: a kind
	// added changes its own part only, so the hand with it needs the
	// others' sets, its own part's, and the least extra of all for the
	// pair.
	var n0, d [3]int
	for s, key := range h.keys {
		a, b := suitNeed(s, tab[key], o)
		n0[s], d[s] = a, b-a
	}
	sets := n0[0] + n0[1] + n0[2]
	hs, hd := h.honourNeeds(o)
	extras := [3]int{min(hd, d[1], d[2]), min(hd, d[0], d[2]), min(hd, d[0], d[1])}
	for s := range 3 {
		m := cand >> (9 * s) & 0x1ff
		if m == 0 {
			continue
		}
		// The kind's part needs a + min(the others' extra, b-a): within
		// room, min(a+extra, b) ≤ room.
		room := o.Wildcards - (sets - n0[s] + hs)
		extra := extras[s]
		key := h.keys[s]
		pair := pairRule(s, o)
		for ; m != 0; m &= m - 1 {
			r := bits.TrailingZeros64(uint64(m))
			// At most three held: the key with one more is in the table.
			a, b := entryNeed(tab[key+pow5[r]], pair)
			switch {
			case min(a+extra, b) <= room:
				got |= 1 << (9*s + r)
			case all:
				return got
			}
		}
	}
	hon := cand & honorMask
	if hon == 0 {
		return got
	}
	// An honour added: each honour's needs, and the least extra of the
	// others, which is the second least when it has the least.
	var hn0 [7]int
	hd, hd2, hat := impossible, impossible, -1
	for i := range hn0 {
		k := tile.East + tile.Kind(i)
		a, b := honourNeed(k, h.c[k], o)
		hn0[i] = a
		switch x := b - a; {
		case x < hd:
			hd, hd2, hat = x, hd, i
		case x < hd2:
			hd2 = x
		}
	}
	suitExtra := min(d[0], d[1], d[2])
	for ; hon != 0; hon &= hon - 1 {
		k := tile.Kind(bits.TrailingZeros64(uint64(hon)))
		i := int(k - tile.East)
		room := o.Wildcards - (sets + hs - hn0[i])
		extra := hd
		if i == hat {
			extra = hd2
		}
		extra = min(extra, suitExtra)
		a, b := honourNeed(k, h.c[k]+1, o)
		switch {
		case min(a+extra, b) <= room:
			got |= MaskOf(k)
		case all:
			return got
		}
	}
	return got
}
