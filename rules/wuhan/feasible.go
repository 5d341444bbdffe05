package wuhan

import (
	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// has reports whether the real tiles c and w wildcards (w > 0) have a
// standard reading with the props in want, as find would find one, but
// without searching: from the hand core's per-suit need tables
// (hand.Complete) and, for all pungs, the count of each kind. A scorer
// then searches for the arrangement of the best reading only. tabled is
// false when the tables do not decide (a wildcard barred from a numbered
// kind, a count over four, more than four wildcards): find must.
//
// What find asks, and so what is decided here: all triplets; a pair of a
// 2, 5 or 8 held, or (the wildcard being a 2, 5 or 8) two wildcards
// paired as a kind not held, DEC-15; every wildcard standing for itself.
func (sc *scorer) has(c *tile.Counts, h *hand.Counted, w int, want props) (ok, tabled bool) {
	never := sc.r.never()
	if w > 4 || never&suitedKinds != 0 || h.Over() != 0 {
		return false, false
	}
	if n := h.Total() + w; n > 14 || n%3 != 2 {
		return false, true // find's hand core rejects the count
	}
	if want&propHard != 0 {
		// Every wildcard is the wildcard's kind itself, of which no real
		// tile is held: a hand of real tiles only. Its pair is a held
		// kind: with 2-5-8, one of those or two wildcards of a 2, 5 or 8.
		hc := *c
		hc[sc.r.Wildcard] += uint8(w)
		pairs, o := allKinds, hand.Options{} // PairOnly 0: any pair
		if want&prop258 != 0 {
			pairs, o.PairOnly = mask258, mask258
		}
		if want&propPungs != 0 {
			return pungsOnly(&hc, 0, 0, pairs), true
		}
		return hand.Complete(&hc, &o), true
	}
	held := h.Held()
	if want&propPungs != 0 {
		if want&prop258 == 0 {
			return pungsOnly(c, w, never, allKinds), true
		}
		pairs := held & mask258
		if w >= 2 && is258(sc.r.Wildcard) {
			pairs |= allKinds &^ held &^ never
		}
		return pungsOnly(c, w, never, pairs), true
	}
	o := hand.Options{Wildcards: w, WildNever: never}
	if want&prop258 == 0 {
		return hand.Complete(c, &o), true
	}
	// A 2-5-8 pair: a held 2, 5 or 8, or (the wildcard one) two
	// wildcards as a kind not held. The table's 2-5-8 pair is either a
	// held one or two wildcards as a 2, 5 or 8 not held; two wildcards
	// may pair as a kind not held when the rest needs w-2 wildcards as
	// sets, which a pair on an honour not held tells.
	free := allKinds &^ held &^ never
	hon := free & honourKinds
	if hon == 0 {
		return false, false
	}
	o.PairOnly = hon & -hon
	rest := hand.Complete(c, &o) // sets with w-2 wildcards and a pair of two
	if is258(sc.r.Wildcard) && rest && free != 0 {
		return true, true
	}
	if rest {
		return held&mask258 != 0, true
	}
	o.PairOnly = mask258
	return hand.Complete(c, &o), true
}

// pungsOnly reports whether c and w wildcards read as triplets and a
// pair of a kind in pairs, the wildcards standing for no kind in never:
// each kind's count needs a fixed number of wildcards as triplets, and
// one more kind (held or not) takes the pair.
func pungsOnly(c *tile.Counts, w int, never, pairs hand.Mask) bool {
	// Wildcards a count needs as triplets only, and with the pair in it.
	need0 := [5]int{0, 2, 1, 0, 2}
	need1 := [5]int{2, 1, 0, 2, 1}
	sum, delta := 0, impossible
	for k, v := range c {
		n0, n1 := need0[v], need1[v]
		if never.Has(tile.Kind(k)) {
			if n0 > 0 {
				n0 = impossible
			}
			if n1 > 0 {
				n1 = impossible
			}
		}
		if !pairs.Has(tile.Kind(k)) {
			n1 = impossible
		}
		sum += n0
		delta = min(delta, n1-n0)
	}
	return sum+delta <= w
}

// impossible is a need no hand meets.
const impossible = 99

// suitedKinds are the 27 numbered kinds; honourKinds the seven honours.
const (
	suitedKinds = hand.Mask(1)<<27 - 1
	honourKinds = allKinds &^ suitedKinds
)
