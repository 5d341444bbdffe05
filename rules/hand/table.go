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

// completeFast is the standard-shape check by tables. handled is false
// when the options or counts are outside what the tables cover (a
// wildcard ban on a numbered tile, a pair rule other than 2-5-8 per suit,
// a fifth copy); then the search decides.
func completeFast(c *tile.Counts, o *Options) (complete, handled bool) {
	if o.WildNever&suitedMask != 0 {
		return false, false
	}
	tab := needTable()
	sum, delta := 0, impossible
	for s := range 3 {
		cs := c[s*9 : s*9+9]
		var key int32
		for r := 8; r >= 0; r-- {
			if cs[r] > 4 {
				return false, false
			}
			key = key*5 + int32(cs[r])
		}
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
			return false, false
		}
		delta = min(delta, n1-n0)
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
