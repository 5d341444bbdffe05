package hand

import (
	"math/bits"

	"jantaku/rules/tile"
)

// FindStandard looks for one standard reading of the concealed tiles c
// with o's wildcards, its sets all triplets when tripletsOnly, and returns
// it (with its stand-ins, as Decompose gives them): the first the search
// meets, which need not be Decompose's first. ok is false when there is
// none. o.Shapes is ignored. Bad input is an error, as for Decompose.
//
// It is how a scorer asks whether a reading with some property exists
// (a pair of a given rank: o.PairOnly; wildcards standing for given
// kinds: o.WildNever; all triplets) without reading the hand every way:
// with wildcards a hand has up to hundreds of readings, while the search
// here treats the wildcards as a count that the per-suit need table
// checks at every step, so it never enters a branch that cannot complete.
// It allocates nothing.
func FindStandard(c *tile.Counts, o *Options, tripletsOnly bool) (d Decomposition, ok bool, err error) {
	if o == nil {
		o = &Options{}
	}
	if c == nil {
		return d, false, errNilCounts
	}
	if _, err := check(c, o, totalComplete); err != nil {
		return d, false, err
	}
	s := stdSearch{c: *c, wild: o.Wildcards, never: o.WildNever, pairs: o.PairOnly, pair: -1,
		one: &d, real: *c, triplets: tripletsOnly}
	if k, ok := onlyKind(o.WildNever); ok && o.Wildcards > 0 && int(c[k])+o.Wildcards <= 4 {
		// Wildcards that may stand for one kind only are tiles of that
		// kind: a search without wildcards, which the table prunes
		// exactly. The stand-ins are worked out from the real tiles.
		s.c[k] += uint8(o.Wildcards)
		s.wild = 0
	}
	s.startPruning()
	return d, s.run(0), nil
}

// startPruning sets s to check at every step that the tiles left can
// still complete (hopeless), when every count is four or less (the need
// table's range).
func (s *stdSearch) startPruning() {
	for su := range s.keys {
		key, ok := suitKey(&s.c, su)
		if !ok {
			return
		}
		s.keys[su] = key
	}
	for k := int(tile.East); k < tile.NumKinds; k++ {
		if s.c[k] > 4 {
			return
		}
	}
	s.hsum, s.hdelta = s.honorNeeds()
	s.tab = needTable()
	s.prune = true
}

// onlyKind returns the one kind not in never, if there is one.
func onlyKind(never Mask) (tile.Kind, bool) {
	allowed := ^never & (1<<tile.NumKinds - 1)
	if allowed == 0 || allowed&(allowed-1) != 0 {
		return 0, false
	}
	return tile.Kind(bits.TrailingZeros64(uint64(allowed))), true
}

// hopeless reports whether the real tiles left in s cannot be completed
// with the wildcards left, by a lower bound on the wildcards they need:
// the per-suit need table with the bans and pair rule on numbered kinds
// left out (fewer constraints need no more wildcards), the honours exact.
func (s *stdSearch) hopeless(k int) bool {
	tab := s.tab
	sum, delta := 0, impossible
	for su, key := range s.keys {
		e := int(tab[key])
		n0, n1 := e%6, e/6%6
		// The pair rule within the suit: none of it, or only 2, 5 and
		// 8 (or fewer: no fewer wildcards than for all three).
		switch pm := (s.pairs >> (9 * su)) & 0x1ff; {
		case s.pairs == 0:
		case pm == 0:
			n1 = impossible
		case pm&^mask258 == 0:
			n1 = e / 36
		}
		sum += n0
		delta = min(delta, n1-n0)
	}
	// The honours are the same as at the start until the search
	// reaches them.
	hsum, hdelta := s.hsum, s.hdelta
	if k >= int(tile.East) {
		hsum, hdelta = s.honorNeeds()
	}
	sum += hsum
	delta = min(delta, hdelta)
	if s.pair < 0 {
		sum += delta
	}
	return sum > s.wild
}

// honorNeeds returns the wildcards the honours left need as sets, and
// the least extra for the pair among them.
func (s *stdSearch) honorNeeds() (sum, delta int) {
	delta = impossible
	for k := int(tile.East); k < tile.NumKinds; k++ {
		v := s.c[k]
		if v > 4 {
			return 0, -impossible // not covered: no bound
		}
		n0, n1 := honorNeed0[v], honorNeed1[v]
		if s.never.Has(tile.Kind(k)) {
			if n0 > 0 {
				n0 = impossible
			}
			if n1 > 0 {
				n1 = impossible
			}
		}
		if !s.pairAllowed(k) {
			n1 = impossible
		}
		sum += n0
		delta = min(delta, n1-n0)
	}
	return sum, delta
}
