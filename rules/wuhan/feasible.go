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
	no         props // the single props found to have no reading
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

// hasMemo is has through m: it first asks for the single props of want
// that cost less to ask than want itself, so that a set of props is ruled
// out by the check of one of them, which the smaller sets asked next
// need anyway.
func (sc *scorer) hasMemo(m *hasMemo, c *tile.Counts, h *hand.Counted, w int, want props) (ok, tabled bool) {
	bit := uint8(1) << (want & allProps)
	if m.known&bit != 0 {
		return m.yes&bit != 0, true
	}
	if want&(want-1) != 0 { // more than one prop
		// The singles a query of want costs more than: with all
		// pungs, want is asked by the counts (pungsOnly), as cheap as
		// its single 2-5-8 pair or hard test and cheaper, so only
		// pungs alone, which rules out half the sets, is asked first;
		// without, hard (most hands fail by the number of tiles of
		// each part) before the 2-5-8 pair.
		singles := [2]props{propHard, prop258}
		if want&propPungs != 0 {
			singles = [2]props{propPungs, 0}
		}
		for _, one := range singles {
			if want&one != 0 && want&m.no == 0 && m.known&(1<<one) == 0 {
				sc.hasKept(m, c, h, w, one)
			}
		}
	}
	if want&m.no != 0 {
		m.known |= bit
		return false, true
	}
	return sc.hasKept(m, c, h, w, want)
}

// hasKept is has, its answer kept in m.
func (sc *scorer) hasKept(m *hasMemo, c *tile.Counts, h *hand.Counted, w int, want props) (ok, tabled bool) {
	ok, tabled = sc.has(c, h, m, w, want)
	if tabled {
		m.known |= 1 << want
		if ok {
			m.yes |= 1 << want
		} else if want&(want-1) == 0 {
			m.no |= want
		}
	}
	return ok, tabled
}

// ruledOut reports whether want holds a prop that has no reading, as
// far as m knows: hasMemo would say no without a check.
func (m *hasMemo) ruledOut(want props) bool { return want&m.no != 0 }

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
	// Wildcards a count needs as triplets only: 1 → 2, 2 → 1, 4 → 2
	// (a triplet and a lone tile made one).
	sum := 2*bits.OnesCount64(uint64(bc[1])) + bits.OnesCount64(uint64(bc[2])) + 2*bits.OnesCount64(uint64(bc[4]))
	// In never, and needing wildcards as triplets.
	if bad := (bc[1] | bc[2] | bc[4]) & never; bad != 0 {
		// Only as the pair, with no wildcard: held twice.
		return bad&(bad-1) == 0 && bad&pairs&bc[2] != 0 && sum-1 <= w
	}
	// The pair takes one wildcard less from a kind held once, twice or
	// four times, two more from one held none or three times, and a
	// wildcard from a barred kind.
	switch {
	case pairs&((bc[1]|bc[4])&^never|bc[2]) != 0:
		return sum-1 <= w
	case pairs&^never&(bc[0]|bc[3]) != 0:
		return sum+2 <= w
	}
	return false
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

// tableBans returns the bans the tables are given for a hand holding the
// kinds held, as hasMemo.hand works them out, and false when the tables
// do not decide (a single numbered kind barred).
func tableBans(never, held hand.Mask) (hand.Mask, bool) {
	tab := never
	for s := range 3 {
		suit := suitMask << (9 * s)
		switch barred := never & suit; {
		case barred == 0:
		case barred == suit && held&suit == 0:
			tab &^= suit
		default:
			return 0, false
		}
	}
	return tab, true
}

// anyTileByTables is anyTile read by the need tables, all kinds at once
// rather than a reading of each hand: h is the waiting hand's real tiles
// counted, w its wildcards. A kind wins when its hand is 風一色 or 将一色
// (no shape needed), or reads as sets and a pair with a pattern, or with
// a 2-5-8 pair and one wildcard at most or a way of winning that is a
// pattern: each a mask of kinds, asked of the tables only for the kinds
// not settled yet. Most hands are settled first by their counts (a kind
// far from every tile held), or by the plain reading, which stops at the
// first kind that does not complete the hand. tabled is
// false where has defers to find (a single numbered kind barred, more
// than four wildcards, a count over four): anyTile decides.
func (sc *scorer) anyTileByTables(h *hand.Counted, w int, melds []tile.Meld, ctx winCtx) (wins, tabled bool) {
	never := sc.r.never()
	if w > 4 || h.Over() != 0 {
		return false, false
	}
	held := h.Held()
	tabNever, ok := tableBans(never, held)
	if !ok {
		return false, false
	}
	// The kinds anyTile tries: in play, not the wildcard, not held four
	// times.
	left := allKinds &^ never &^ hand.MaskOf(sc.r.Wildcard) &^ h.Four()
	all := held | ctx.melded
	if all&suitedKinds == 0 {
		left &^= honourKinds // 風一色
	}
	if all&^mask258 == 0 {
		left &^= mask258 // 将一色
	}
	// A kind with no tile of its own nor one within two ranks held (an
	// honour not held) joins the hand's groups only with wildcards: as
	// the pair with one, a triplet with two. Without a wildcard such a
	// kind completes no hand; with one, only a hand whose real tiles
	// are sets alone. Most hands are settled here, by their counts.
	if w <= 1 {
		near := held
		for s := range 3 {
			lo := held >> (9 * s) & suitMask
			near |= (lo | lo<<1 | lo<<2 | lo>>1 | lo>>2) & suitMask << (9 * s)
		}
		if left&^near != 0 && (w == 0 || !h.SetsFit()) {
			return false, true
		}
	}
	o := hand.Options{Wildcards: w, WildNever: tabNever}
	if !h.AllCompletedBy(&o, left) {
		return false, true
	}
	// Every kind left reads as sets and a pair: it wins with a pattern
	// (清一色 or all pungs), or by a 2-5-8 pair as classifyProps says.
	if sc.lax {
		return true, true
	}
	left &^= qingKinds(all)
	pungs := true
	for _, m := range melds {
		pungs = pungs && m.Type != tile.Chi
	}
	if left != 0 && pungs {
		bc := h.ByCount()
		left &^= pungsPlus((*byCount)(&bc), w, never, allKinds, left)
	}
	if left == 0 {
		return true, true
	}
	wayPattern := ctx.way == ByRobbing || ctx.way == ByDiscard && ctx.bare ||
		ctx.way == BySelfDraw && (ctx.replacement || ctx.seabed)
	if w > 1 && !wayPattern {
		return false, true // W5: a 2-5-8 pair alone wins with one wildcard at most
	}
	if !is258(sc.r.Wildcard) && held&mask258 == 0 && left&^mask258 != 0 {
		return false, true // no 2, 5 or 8 held to pair (has)
	}
	o.PairOnly = mask258
	return h.AllCompletedBy(&o, left), true
}

// qingKinds are the kinds k for which a hand holding the kinds held and
// k is of one suit (清一色).
func qingKinds(held hand.Mask) hand.Mask {
	switch {
	case held&honourKinds != 0:
		return 0
	case held == 0:
		return suitedKinds
	}
	for s := range 3 {
		if suit := suitMask << (9 * s); held&^suit == 0 {
			return suit
		}
	}
	return 0
}

// pungsPlus returns the kinds k of cand for which the hand of the kinds
// bc with one more k and w wildcards reads as pungsOnly says. A kind held
// v times then is held v+1 times, which changes the wildcards the
// triplets need by an amount fixed by v, and the kinds the pair may be
// by k alone: the kinds held v times are read together.
func pungsPlus(bc *byCount, w int, never, pairs, cand hand.Mask) hand.Mask {
	// As pungsOnly: the wildcards the triplets need, the kinds barred
	// that need some, and the kinds that pair for one wildcard less
	// (low: held once, twice or four times) or two more (high).
	sum := 2*bits.OnesCount64(uint64(bc[1])) + bits.OnesCount64(uint64(bc[2])) + 2*bits.OnesCount64(uint64(bc[4]))
	bad := (bc[1] | bc[2] | bc[4]) & never
	low := pairs & ((bc[1]|bc[4])&^never | bc[2])
	high := pairs &^ never & (bc[0] | bc[3])
	// The triplets' need when a kind held v times is held once more.
	dsum := [4]int{2, -1, -1, 2}
	var got hand.Mask
	for v := range 4 {
		m := cand & bc[v]
		if m == 0 {
			continue
		}
		// A barred kind changes bad: each read whole.
		for b := m & never; b != 0; b &= b - 1 {
			bit := b & -b
			bk := *bc
			bk[v] &^= bit
			bk[v+1] |= bit
			if pungsOnly(&bk, w, never, pairs) {
				got |= bit
			}
		}
		m &^= never
		n := sum + dsum[v]
		switch {
		case m == 0 || n-1 > w:
			// Even the pair that saves a wildcard leaves too few.
		case bad != 0:
			// Only the barred kind held twice as the pair (k is none).
			if bad&(bad-1) == 0 && bad&pairs&bc[2] != 0 {
				got |= m
			}
		case n+2 <= w:
			// Any pair will do: one other than k, or k itself.
			got |= m & (others(low|high) | pairs)
		default:
			// A pair that saves a wildcard: one other than k, or k
			// itself held once, twice or four times.
			lo := others(low)
			if v+1 != 3 {
				lo |= pairs
			}
			got |= m & lo
		}
	}
	return got
}

// others returns the kinds k for which m less k is not empty.
func others(m hand.Mask) hand.Mask {
	switch {
	case m == 0:
		return 0
	case m&(m-1) == 0:
		return ^m
	}
	return ^hand.Mask(0)
}
