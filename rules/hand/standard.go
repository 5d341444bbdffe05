package hand

import (
	"jantaku/rules/tile"
)

// stdSearch enumerates the ways to read real tiles plus wildcards as sets
// and a pair. An arrangement is determined by its groups alone: what the
// wildcards stood for is the groups' tiles less the real tiles. So the
// search consumes real tiles first and wildcards only for what is missing,
// always covering the lowest real tile left; groups of wildcards only come
// last. It holds everything by value and allocates nothing.
type stdSearch struct {
	c     tile.Counts // real tiles not yet placed
	wild  int         // wildcards not yet placed
	never Mask        // kinds a wildcard may not stand for
	pairs Mask        // kinds the pair may be; 0 = any
	sets  [4]Group    // sets placed so far
	nsets int
	pair  int // kind of the pair, -1 while none
	// prefix are groups every reading starts with (a knitted straight's
	// knitted groups).
	prefix  [3]Group
	nprefix int
	// col receives each complete reading; nil stops at the first.
	col *collector
	// one, if set, receives the first reading (stand-ins worked out
	// from real), and the search stops there (FindStandard).
	one  *Decomposition
	real tile.Counts
	// triplets leaves out sequences; prune checks at every step that
	// the tiles left can still complete (hopeless), by the need table
	// keys of the suits left, kept up to date in take and give.
	triplets, prune bool
	keys            [3]int32
	hsum, hdelta    int    // the honours' needs at the start (hopeless)
	tab             []byte // the need table
}

// emit hands the reading found to the collector; it returns true to stop.
func (s *stdSearch) emit() bool {
	if s.col == nil && s.one == nil {
		return true
	}
	var buf [MaxGroups]Group
	n := copy(buf[:], s.prefix[:s.nprefix])
	sets := buf[n : n+s.nsets]
	copy(sets, s.sets[:s.nsets])
	for i := 1; i < len(sets); i++ {
		for j := i; j > 0 && compareGroups(sets[j-1], sets[j]) > 0; j-- {
			sets[j-1], sets[j] = sets[j], sets[j-1]
		}
	}
	n += s.nsets
	buf[n] = Group{Kind: Pair, Tile: tile.Kind(s.pair)}
	if d := s.one; d != nil {
		d.Shape = Standard
		d.ngroups = uint8(copy(d.groups[:], buf[:n+1]))
		d.nwild = uint8(placeStands(&d.wild, buf[:n+1], s.real))
		return true
	}
	s.col.add(buf[:n+1])
	return false
}

// push and pop place and remove a set.
func (s *stdSearch) push(g Group) bool {
	if s.nsets == len(s.sets) {
		return false
	}
	s.sets[s.nsets] = g
	s.nsets++
	return true
}

func (s *stdSearch) pop() { s.nsets-- }

// take places n tiles of kind k, real ones first. It returns how many
// real and wild tiles it used, ok false when it cannot.
func (s *stdSearch) take(k, n int) (real, wild int, ok bool) {
	real = min(int(s.c[k]), n)
	wild = n - real
	if wild > s.wild || (wild > 0 && s.never.Has(tile.Kind(k))) {
		return 0, 0, false
	}
	s.c[k] -= uint8(real)
	s.wild -= wild
	if k < int(tile.East) {
		s.keys[k/9] -= int32(real) * pow5[k%9]
	}
	return real, wild, true
}

func (s *stdSearch) give(k, real, wild int) {
	s.c[k] += uint8(real)
	s.wild += wild
	if k < int(tile.East) {
		s.keys[k/9] += int32(real) * pow5[k%9]
	}
}

func (s *stdSearch) pairAllowed(k int) bool {
	return s.pairs == 0 || s.pairs.Has(tile.Kind(k))
}

// run searches from kind k on; it returns true when emit asked to stop.
func (s *stdSearch) run(k int) bool {
	for k < tile.NumKinds && s.c[k] == 0 {
		k++
	}
	if k == tile.NumKinds {
		return s.fill(0)
	}
	if s.prune && s.hopeless(k) {
		return false
	}
	if s.pair < 0 && s.pairAllowed(k) {
		if r, w, ok := s.take(k, 2); ok {
			s.pair = k
			stop := s.run(k)
			s.pair = -1
			s.give(k, r, w)
			if stop {
				return true
			}
		}
	}
	if r, w, ok := s.take(k, 3); ok {
		stop := false
		if s.push(Group{Kind: Triplet, Tile: tile.Kind(k)}) {
			stop = s.run(k)
			s.pop()
		}
		s.give(k, r, w)
		if stop {
			return true
		}
	}
	if k < int(tile.East) && !s.triplets {
		// Sequences holding k: k is the lowest real tile left, so tiles
		// below it in a sequence are wildcards.
		rank := k % 9
		for lo := max(k-2, k-rank); lo <= k && lo%9 <= 6; lo++ {
			if s.seq(lo) {
				return true
			}
		}
	}
	return false
}

// seq tries the sequence starting at lo and continues the search.
func (s *stdSearch) seq(lo int) bool {
	var r, w [3]int
	for i := range 3 {
		var ok bool
		if r[i], w[i], ok = s.take(lo+i, 1); !ok {
			for j := i - 1; j >= 0; j-- {
				s.give(lo+j, r[j], w[j])
			}
			return false
		}
	}
	stop := false
	if s.push(Group{Kind: Sequence, Tile: tile.Kind(lo)}) {
		stop = s.run(lo)
		s.pop()
	}
	for i := range 3 {
		s.give(lo+i, r[i], w[i])
	}
	return stop
}

// fill places the remaining wildcards as sets (in ascending order from
// the set numbered from, see setAt) and a pair.
func (s *stdSearch) fill(from int) bool {
	if s.wild == 0 {
		if s.pair < 0 {
			return false
		}
		return s.emit()
	}
	if s.wild == 2 && s.pair < 0 {
		for k := range tile.NumKinds {
			if s.pairAllowed(k) && !s.never.Has(tile.Kind(k)) {
				s.pair = k
				stop := s.emit()
				s.pair = -1
				if stop {
					return true
				}
			}
		}
		return false
	}
	if s.wild < 3 {
		return false
	}
	for i := from; i < numSetsAt; i++ {
		g := setAt(i)
		if s.never&g.mask() != 0 || s.triplets && g.Kind == Sequence {
			continue
		}
		if !s.push(g) {
			return false
		}
		s.wild -= 3
		stop := s.fill(i)
		s.pop()
		s.wild += 3
		if stop {
			return true
		}
	}
	return false
}

// numSetsAt is the number of distinct sets: 34 triplets, 21 sequences.
const numSetsAt = tile.NumKinds + 21

// setAt numbers the distinct sets in ascending order (by Tile, a sequence
// before a triplet of its lowest tile).
func setAt(i int) Group {
	for k := range tile.NumKinds {
		if k < int(tile.East) && k%9 <= 6 {
			if i == 0 {
				return Group{Kind: Sequence, Tile: tile.Kind(k)}
			}
			i--
		}
		if i == 0 {
			return Group{Kind: Triplet, Tile: tile.Kind(k)}
		}
		i--
	}
	panic("hand: set index out of range")
}

// mask returns the kinds in g.
func (g Group) mask() Mask {
	switch g.Kind {
	case Sequence:
		return 7 << g.Tile
	case Knitted:
		return (1 | 1<<3 | 1<<6) << g.Tile
	}
	return 1 << g.Tile
}

// kinds appends g's tiles to ks.
func (g Group) appendKinds(ks []tile.Kind) []tile.Kind {
	switch g.Kind {
	case Sequence:
		return append(ks, g.Tile, g.Tile+1, g.Tile+2)
	case Triplet:
		return append(ks, g.Tile, g.Tile, g.Tile)
	case Pair:
		return append(ks, g.Tile, g.Tile)
	case Knitted:
		return append(ks, g.Tile, g.Tile+3, g.Tile+6)
	}
	return append(ks, g.Tile)
}

// compareGroups orders groups by tile, then kind.
func compareGroups(a, b Group) int {
	if a.Tile != b.Tile {
		return int(a.Tile) - int(b.Tile)
	}
	return int(a.Kind) - int(b.Kind)
}

// standardSearch gives col every standard reading of c with o's
// wildcards.
func standardSearch(c *tile.Counts, o *Options, col *collector) {
	s := stdSearch{c: *c, wild: o.Wildcards, never: o.WildNever, pairs: o.PairOnly, pair: -1, col: col}
	if o.Wildcards > 0 {
		s.startPruning()
	}
	s.run(0)
}

// completeStandard reports whether c with o's wildcards reads as sets and a
// pair.
func completeStandard(c *tile.Counts, o *Options) bool {
	if ok, handled := completeFast(c, o); handled {
		return ok
	}
	s := stdSearch{c: *c, wild: o.Wildcards, never: o.WildNever, pairs: o.PairOnly, pair: -1}
	return s.run(0)
}
