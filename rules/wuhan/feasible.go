package wuhan

import (
	"math/bits"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// has reports whether the real tiles c (none of the wildcard's kind:
// those are all wildcards) and w wildcards (w > 0) have a standard
// reading with the props in want, as find would find one, but without
// searching: from the hand core's per-suit need tables (hand.Complete)
// and, for all pungs, the count of each kind. A scorer then searches for
// the arrangement of the best reading only. tabled is false when the
// tables do not decide (a wildcard barred from a single numbered kind, a
// count over four, more than four wildcards): find must. m keeps what
// is worked out once a hand.
//
// What find asks, and so what is decided here: all triplets; a pair of a
// 2, 5 or 8 held, or (the wildcard being a 2, 5 or 8) two wildcards
// paired as a kind not held, DEC-15; every wildcard standing for itself.
func (sc *scorer) has(c *tile.Counts, h *hand.Counted, m *hasMemo, w int, want props) (ok, tabled bool) {
	never := sc.r.never()
	switch m.hand(sc, h, w) {
	case handUntabled:
		return false, false
	case handBadCount:
		return false, true // find's hand core rejects the count
	}
	if want&propHard != 0 {
		// Every wildcard is the wildcard's kind itself, of which no real
		// tile is held: a hand of real tiles only. Its pair is a held
		// kind: with 2-5-8, one of those or two wildcards of a 2, 5 or 8.
		hh := *h
		for range w {
			hh = hh.Plus(sc.r.Wildcard)
		}
		if !hh.PartsFit() {
			return false, true
		}
		pairs, o := allKinds, hand.Options{} // PairOnly 0: any pair
		if want&prop258 != 0 {
			pairs, o.PairOnly = mask258, mask258
		}
		if want&propPungs != 0 {
			hb := *m.kinds(h)
			hb[0] &^= hand.MaskOf(sc.r.Wildcard)
			hb[w] |= hand.MaskOf(sc.r.Wildcard)
			return pungsOnly(&hb, 0, 0, pairs), true
		}
		return hh.Complete(&o), true
	}
	held := h.Held()
	if want&propPungs != 0 {
		bc := m.kinds(h)
		if want&prop258 == 0 {
			return pungsOnly(bc, w, never, allKinds), true
		}
		pairs := held & mask258
		if w >= 2 && is258(sc.r.Wildcard) {
			pairs |= allKinds &^ held &^ never
		}
		return pungsOnly(bc, w, never, pairs), true
	}
	o := hand.Options{Wildcards: w, WildNever: m.tabNever}
	if want&prop258 == 0 {
		return h.Complete(&o), true
	}
	// A 2-5-8 pair: a held 2, 5 or 8, or (the wildcard one) two
	// wildcards as a kind not held. The table's 2-5-8 pair is a held one
	// or two wildcards as a 2, 5 or 8 not held. Those two wildcards
	// leave the rest as sets, so they may pair as any kind not held
	// (what the wildcard being a 2, 5 or 8 allows), or as a held 2, 5 or
	// 8 when there is one: either way the table's answer is find's, but
	// with no 2, 5 or 8 held and a wildcard that is none.
	if !is258(sc.r.Wildcard) && held&mask258 == 0 {
		return false, true
	}
	o.PairOnly = mask258
	return h.Complete(&o), true
}

// hasMemo holds what has told of one hand, for each set of props (a
// bit each): a set holding one without a reading has none either.
type hasMemo struct {
	known, yes uint8
	counted    bool
	bc         byCount // the hand's kinds by count, once counted
	checked    bool
	status     handStatus
	tabNever   hand.Mask // the bans the tables are given
}

// handStatus is what has may tell of a hand at all.
type handStatus uint8

const (
	handTabled   handStatus = iota
	handUntabled            // find decides
	handBadCount            // no reading: find's hand core rejects the count
)

// hand checks once a hand whether the tables decide for it, and works
// out the bans they are given. The tables know no ban on a numbered
// kind, but a whole suit barred (荊州's removed suit) with none of its
// tiles held bars only groups of wildcards alone, which may be of
// another kind: it is left out. A single numbered kind barred (a 皮 of
// 七皮四頼) would break sequences: find decides.
func (m *hasMemo) hand(sc *scorer, h *hand.Counted, w int) handStatus {
	if m.checked {
		return m.status
	}
	m.checked = true
	never := sc.r.never()
	if w > 4 || h.Over() != 0 {
		m.status = handUntabled
		return m.status
	}
	m.tabNever = never
	for s := range 3 {
		suit := suitMask << (9 * s)
		switch barred := never & suit; {
		case barred == 0:
		case barred == suit && h.Held()&suit == 0:
			m.tabNever &^= suit
		default:
			m.status = handUntabled
			return m.status
		}
	}
	if n := h.Total() + w; n > 14 || n%3 != 2 {
		m.status = handBadCount
	}
	return m.status
}

// hasMemo is has through m: it first asks for each single prop of want,
// so that a set of props is ruled out by the check of one of them, which
// the smaller sets asked next need anyway.
func (sc *scorer) hasMemo(m *hasMemo, c *tile.Counts, h *hand.Counted, w int, want props) (ok, tabled bool) {
	bit := uint8(1) << (want & allProps)
	if m.known&bit != 0 {
		return m.yes&bit != 0, true
	}
	if want&(want-1) != 0 { // more than one prop
		for rest := want; rest != 0; rest &= rest - 1 {
			if ok, tabled := sc.hasMemo(m, c, h, w, rest&-rest); tabled && !ok {
				m.known |= bit
				return false, true
			}
		}
	}
	ok, tabled = sc.has(c, h, m, w, want)
	if tabled {
		m.known |= bit
		if ok {
			m.yes |= bit
		}
	}
	return ok, tabled
}

// kinds returns the kinds of h by count, on first use.
func (m *hasMemo) kinds(h *hand.Counted) *byCount {
	if !m.counted {
		m.bc, m.counted = h.ByCount(), true
	}
	return &m.bc
}

// heldKinds is the mask of the kinds c holds.
func heldKinds(c *tile.Counts) hand.Mask {
	var held hand.Mask
	for k, v := range c {
		if v > 0 {
			held |= 1 << k
		}
	}
	return held
}

// byCount are the kinds a hand holds by count: [0] not held, [v] held
// v times (counts over four are left to find).
type byCount [5]hand.Mask

// pungsOnly reports whether a hand of the kinds bc and w wildcards reads
// as triplets and a pair of a kind in pairs, the wildcards standing for
// no kind in never: each count needs a fixed number of wildcards as
// triplets, and one more kind (held or not) takes the pair.
func pungsOnly(bc *byCount, w int, never, pairs hand.Mask) bool {
	// Wildcards a count needs as triplets only, and with the pair in it.
	need0 := [5]int{0, 2, 1, 0, 2}
	need1 := [5]int{2, 1, 0, 2, 1}
	sum := 0
	var bad hand.Mask // in never, and needing wildcards as triplets
	for v := 1; v <= 4; v++ {
		sum += need0[v] * bits.OnesCount64(uint64(bc[v]))
		if need0[v] > 0 {
			bad |= bc[v] & never
		}
	}
	if bad != 0 {
		// Only as the pair, with no wildcard: held twice.
		return bad&(bad-1) == 0 && bad&pairs&bc[2] != 0 && sum-need0[2] <= w
	}
	delta := impossible
	for v, m := range bc {
		if m &= pairs; need1[v] > 0 {
			m &^= never
		}
		if m != 0 {
			delta = min(delta, need1[v]-need0[v])
		}
	}
	return sum+delta <= w
}

// impossible is a need no hand meets.
const impossible = 99

// suitedKinds are the 27 numbered kinds; honourKinds the seven honours;
// suitMask the nine kinds of the first suit.
const (
	suitMask    = hand.Mask(1)<<9 - 1
	suitedKinds = hand.Mask(1)<<27 - 1
	honourKinds = allKinds &^ suitedKinds
)
