package hand

import (
	"sync"

	"jantaku/rules/tile"
)

// The fast standard-shape check reads each numbered suit through a table
// indexed by the suit's nine counts in base 5 (5^9 entries, one byte each,
// built once on first use). An entry holds, capped at 5 (more than any
// hand has wildcards), how many wildcards the suit's tiles need to become
// sets only (need0), sets and a pair of any rank (need1), and sets and a
// pair of rank 2, 5 or 8 (need258).

const (
	numSuitKeys = 1953125 // 5^9
	needCap     = 5
)

var pow5 = [10]int32{1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125}

var suitNeeds struct {
	once sync.Once
	tab  []byte // need0 + 6·need1 + 36·need258
}

func needTable() []byte {
	suitNeeds.once.Do(buildNeedTable)
	return suitNeeds.tab
}

func buildNeedTable() {
	tab := make([]byte, numSuitKeys)
	tab[0] = 0 + 6*2 + 36*2 // no tiles: no sets needed; a pair is two wildcards
	var d [9]int32          // digits of key
	for key := int32(1); key < numSuitKeys; key++ {
		for i := 0; ; i++ { // increment the base-5 digits
			d[i]++
			if d[i] < 5 {
				break
			}
			d[i] = 0
		}
		i := 0
		for d[i] == 0 {
			i++
		}
		b0, b1, b2 := uint8(needCap), uint8(needCap), uint8(needCap)
		// The lowest tile i is in a triplet, a sequence or the pair. Sets:
		set := func(rest int32, wild uint8) {
			e := tab[rest]
			b0 = min(b0, e%6+wild)
			b1 = min(b1, e/6%6+wild)
			b2 = min(b2, e/36+wild)
		}
		r := min(d[i], 3)
		set(key-r*pow5[i], uint8(3-r))
		for lo := max(i-2, 0); lo <= i && lo <= 6; lo++ {
			rest, wild := key, uint8(0)
			for j := lo; j < lo+3; j++ {
				if j >= i && d[j] > 0 {
					rest -= pow5[j]
				} else {
					wild++
				}
			}
			set(rest, wild)
		}
		// The pair, then sets only.
		r = min(d[i], 2)
		v := tab[key-r*pow5[i]]%6 + uint8(2-r)
		b1 = min(b1, v)
		if i%3 == 1 {
			b2 = min(b2, v)
		}
		tab[key] = min(b0, needCap) + 6*min(b1, needCap) + 36*min(b2, needCap)
	}
	suitNeeds.tab = tab
}

// Wildcards honours need, by count: as sets only (1 → a triplet with two
// wildcards, 4 → a triplet and a lone tile made a triplet), and with the
// pair in that kind.
var (
	honorNeed0 = [5]int{0, 2, 1, 0, 2}
	honorNeed1 = [5]int{2, 1, 0, 2, 1}
)

const (
	suitedMask = Mask(1)<<27 - 1
	mask258    = Mask(0x92)
	impossible = 99
)

// parts holds what each part of a hand needs by the tables: the three
// suits (parts 0–2) and the seven honours (3–9), n0 wildcards as sets
// only, n1 with the pair in that part (impossible when it may not be).
type parts struct {
	n0, n1 [10]int
}

// partOf is the part of kind k.
func partOf(k int) int {
	if k < int(tile.East) {
		return k / 9
	}
	return 3 + k - int(tile.East)
}

// needTabled reports whether the tables cover o: no wildcard ban on a
// numbered kind, and a pair rule, if any, of whole suits or of 2, 5 and 8.
func needTabled(o *Options) bool {
	if o.WildNever&suitedMask != 0 {
		return false
	}
	for s := range 3 {
		switch pm := (o.PairOnly >> (9 * s)) & 0x1ff; {
		case o.PairOnly == 0, pm == 0x1ff, pm == 0, pm == mask258:
		default:
			return false
		}
	}
	return true
}

// need sets part p of the counts c (o tabled); false when a count of
// the part is over four.
func (ps *parts) need(p int, c *tile.Counts, o *Options, tab []byte) bool {
	if p >= 3 {
		k := tile.East + tile.Kind(p-3)
		v := c[k]
		if v > 4 {
			return false
		}
		ps.n0[p], ps.n1[p] = honourNeed(k, v, o)
		return true
	}
	key, ok := suitKey(c, p)
	if !ok {
		return false
	}
	ps.suit(p, tab[key], o)
	return true
}

// honourNeed is what honour k held v times (at most four) needs under
// o's bans and pair rule: the wildcards as sets only, and with the pair.
func honourNeed(k tile.Kind, v uint8, o *Options) (n0, n1 int) {
	n0, n1 = honorNeed0[v], honorNeed1[v]
	if o.WildNever.Has(k) {
		if n0 > 0 {
			n0 = impossible
		}
		if n1 > 0 {
			n1 = impossible
		}
	}
	if o.PairOnly != 0 && !o.PairOnly.Has(k) {
		n1 = impossible
	}
	return n0, n1
}

// suitKey is the table key of suit s of c; false when a count is over
// four.
func suitKey(c *tile.Counts, s int) (int32, bool) {
	var key int32
	for r := 8; r >= 0; r-- {
		v := c[s*9+r]
		if v > 4 {
			return 0, false
		}
		key = key*5 + int32(v)
	}
	return key, true
}

// suit sets part p, a suit, from its table entry.
func (ps *parts) suit(p int, entry byte, o *Options) {
	ps.n0[p], ps.n1[p] = suitNeed(p, entry, o)
}

// suitNeed reads suit s's table entry under o's pair rule: the
// wildcards it needs as sets only, and with the pair.
func suitNeed(s int, entry byte, o *Options) (n0, n1 int) {
	e := int(entry)
	switch pm := (o.PairOnly >> (9 * s)) & 0x1ff; {
	case o.PairOnly == 0 || pm == 0x1ff:
		return e % 6, e / 6 % 6
	case pm == 0:
		return e % 6, impossible
	default: // 2, 5 and 8
		return e % 6, e / 36
	}
}

// The pair rules of a suit the tables read: any rank, none, or 2, 5
// and 8.
const (
	pairAny = iota
	pairNone
	pair258
)

// pairRule is suit s's pair rule under o, as suitNeed reads it.
func pairRule(s int, o *Options) int {
	switch pm := (o.PairOnly >> (9 * s)) & 0x1ff; {
	case o.PairOnly == 0 || pm == 0x1ff:
		return pairAny
	case pm == 0:
		return pairNone
	}
	return pair258
}

// entryNeed is suitNeed with the suit's pair rule read once (pairRule).
func entryNeed(entry byte, pair int) (n0, n1 int) {
	e := uint(entry) // unsigned: the divisions are a multiply and a shift
	switch pair {
	case pairAny:
		return int(e % 6), int(e / 6 % 6)
	case pairNone:
		return int(e % 6), impossible
	}
	return int(e % 6), int(e / 36)
}

// others is, for each part, the wildcards every other part needs as
// sets (sum) and the least extra any other part needs for the pair
// (delta): with them a changed part is checked in constant time.
type others struct {
	sum   int
	delta [10]int
}

func (ps *parts) others() others {
	var o others
	// The least and second least delta, so that leaving one part out is
	// one comparison.
	d1, d2, at := impossible, impossible, -1
	for p := range ps.n0 {
		o.sum += ps.n0[p]
		switch d := ps.n1[p] - ps.n0[p]; {
		case d < d1:
			d1, d2, at = d, d1, p
		case d < d2:
			d2 = d
		}
	}
	for p := range o.delta {
		o.delta[p] = d1
		if p == at {
			o.delta[p] = d2
		}
	}
	return o
}

// wildcards is the fewest wildcards that complete the hand whose part p
// needs n0 and n1, the others as in o.
func (o *others) wildcards(ps *parts, p, n0, n1 int) int {
	return o.sum - ps.n0[p] + n0 + min(o.delta[p], n1-n0)
}

// completeKeys is completeFast on a counted hand with no count over four
// (h.over zero): its suits' table keys are h's.
func completeKeys(h *Counted, o *Options) (complete, handled bool) {
	if o.WildNever&suitedMask != 0 {
		return false, false
	}
	sum, delta, ok := suitsNeed(&h.keys, o)
	if !ok {
		return false, false
	}
	hs, hd := h.honourNeeds(o)
	return sum+hs+min(delta, hd) <= o.Wildcards, true
}

// suitsNeed is the suits' part of the tables' check, the suits' table
// keys given: the wildcards they need as sets (sum) and the least extra
// one of them needs for the pair (delta), under o's pair rule; ok is
// false for a pair rule the tables do not cover.
func suitsNeed(keys *[3]int32, o *Options) (sum, delta int, ok bool) {
	tab := needTable()
	delta = impossible
	for s, key := range keys {
		e := int(tab[key])
		n0 := e % 6
		sum += n0
		var n1 int
		switch pm := (o.PairOnly >> (9 * s)) & 0x1ff; {
		case o.PairOnly == 0 || pm == 0x1ff:
			n1 = e / 6 % 6
		case pm == 0:
			continue
		case pm == mask258:
			n1 = e / 36
		default:
			return 0, 0, false
		}
		delta = min(delta, n1-n0)
	}
	return sum, delta, true
}

// honourNeeds is, for the honours of h under o's bans and pair rule, what
// the loop over them in completeFast adds up: the wildcards they need as
// sets (sum) and the least extra any of them needs for the pair (delta),
// with impossible for a need a ban or the pair rule forbids. It works on
// the masks of the kinds held once, twice, three and four times instead,
// all seven honours at a time.
func (h *Counted) honourNeeds(o *Options) (sum, delta int) {
	const hon = honorMask
	v1 := hon & h.held &^ h.multi
	v2 := hon & h.multi &^ h.odd &^ h.four
	v3 := hon & h.multi & h.odd
	v4 := hon & h.four
	v0 := hon &^ h.held
	never := o.WildNever & hon
	pair := hon // the honours the pair may be
	if o.PairOnly != 0 {
		pair &= o.PairOnly
	}
	// As sets: a single and a four need two wildcards, a pair one; a
	// banned kind cannot have them.
	sum = 2*popcount(v1&^never) + popcount(v2&^never) + 2*popcount(v4&^never) +
		impossible*popcount((v1|v2|v4)&never)
	// With the pair, less what the kind needs as sets: a single, a pair
	// and a four one less (-1), none or a triplet two more (2); banned,
	// a pair held is the pair at no cost (-impossible), a single or a
	// four none the better (0); a kind the pair may not be, the pair
	// impossible.
	delta = impossible
	switch {
	case v2&never&pair != 0:
		delta = -impossible
	case (v1|v2|v4)&^never&pair != 0:
		delta = -1
	case (v1|v4)&never != 0 || v2&never&^pair != 0:
		delta = 0
	case (v0|v3)&^never&pair != 0:
		delta = 2
	case (v1|v4)&^never&^pair != 0:
		delta = impossible - 2
	case v2&^never&^pair != 0:
		delta = impossible - 1
	}
	return sum, delta
}

// completeFast is the standard-shape check by tables. handled is false
// when the options or counts are outside what the tables cover (a
// wildcard ban on a numbered tile, a pair rule other than 2-5-8 per suit,
// a fifth copy); then the search decides.
func completeFast(c *tile.Counts, o *Options) (complete, handled bool) {
	if o.WildNever&suitedMask != 0 {
		return false, false
	}
	var keys [3]int32
	for s := range keys {
		var ok bool
		if keys[s], ok = suitKey(c, s); !ok {
			return false, false
		}
	}
	sum, delta, ok := suitsNeed(&keys, o)
	if !ok {
		return false, false
	}
	for k := int(tile.East); k < tile.NumKinds; k++ {
		v := c[k]
		if v > 4 {
			return false, false
		}
		n0, n1 := honorNeed0[v], honorNeed1[v]
		if o.WildNever.Has(tile.Kind(k)) {
			if n0 > 0 {
				n0 = impossible
			}
			if n1 > 0 {
				n1 = impossible
			}
		}
		if o.PairOnly != 0 && !o.PairOnly.Has(tile.Kind(k)) {
			n1 = impossible
		}
		sum += n0
		delta = min(delta, n1-n0)
	}
	return sum+delta <= o.Wildcards, true
}
