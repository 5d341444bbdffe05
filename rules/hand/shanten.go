package hand

import (
	"fmt"
	"sync"

	"jantaku/rules/tile"
)

// Shanten returns the number of tiles the concealed part c is short of
// tenpai: 0 is tenpai, -1 complete (a 14−3k tile part). It is the least
// over Standard and the special shapes of o, except KnittedStraight,
// which is not counted. A wildcard counts as the best
// tile for the hand, whatever o.WildNever says. o.PairOnly constrains the
// pair of the standard shape.
//
// c holds 13−3k or 14−3k tiles with the wildcards. The count is the usual
// block formula, which treats a tile whose four copies are all held as
// still available.
func Shanten(c tile.Counts, o Options) (int, error) {
	// One pass over the counts gives the check, the suits' table keys
	// and the masks the special shapes are counted from.
	h := Count(&c)
	n, err := h.check(&o, totalEither)
	if err != nil {
		return 0, err
	}
	s := shantenStandard(&h, n, o.PairOnly)
	if n >= 13 {
		if o.Shapes.Has(SevenPairs) {
			s = min(s, shantenSevenPairs(&h, o.FourAsTwoPairs))
		}
		if o.Shapes.Has(ThirteenOrphans) {
			s = min(s, shantenOrphans(&h))
		}
		if o.Shapes&distinctShapes != 0 {
			s = min(s, shantenSingles(h.held, o.Shapes))
		}
	}
	floor := 0
	if n%3 == 2 {
		floor = -1
	}
	return max(floor, s-o.Wildcards), nil
}

// ShantenStandard is Shanten for the standard shape (four sets less one
// per meld, and a pair) with no wildcards.
func ShantenStandard(c tile.Counts) (int, error) {
	h := Count(&c)
	n, err := h.check(&Options{}, totalEither)
	if err != nil {
		return 0, err
	}
	return shantenStandard(&h, n, 0), nil
}

// ShantenSevenPairs is Shanten for seven distinct pairs (spec/riichi.md
// §7.1) with no wildcards; for Shanten with Options.FourAsTwoPairs four
// identical tiles are two pairs. c holds 13 or 14 tiles.
func ShantenSevenPairs(c tile.Counts) (int, error) {
	h := Count(&c)
	n, err := h.check(&Options{}, totalEither)
	if err != nil {
		return 0, err
	}
	if n < 13 {
		return 0, errNeeds13(n)
	}
	return shantenSevenPairs(&h, false), nil
}

// ShantenOrphans is Shanten for thirteen orphans with no wildcards. c holds
// 13 or 14 tiles.
func ShantenOrphans(c tile.Counts) (int, error) {
	h := Count(&c)
	n, err := h.check(&Options{}, totalEither)
	if err != nil {
		return 0, err
	}
	if n < 13 {
		return 0, errNeeds13(n)
	}
	return shantenOrphans(&h), nil
}

func errNeeds13(n int) error {
	return fmt.Errorf("hand: %d tiles, the shape needs 13 or 14 (no melds): %w", n, ErrTileCount)
}

// shantenSevenPairs counts seven pairs from the masks of h (counts at
// most four): the kinds held, those held more than once (a pair), four
// times (two pairs when four count as two).
func shantenSevenPairs(h *Counted, fourAsTwo bool) int {
	kinds, pairs := popcount(h.held), popcount(h.multi)
	if fourAsTwo {
		return 6 - min(pairs+popcount(h.four), 7)
	}
	return 6 - pairs + max(0, 7-kinds)
}

// shantenSingles is the least shanten over the shapes of 14 distinct
// tiles in sh: 全不靠, 七星不靠, 十三不搭, 七星聚会. Each is 13 less the
// most distinct tiles of the hand (have, the kinds held) that can be part
// of it.
func shantenSingles(have Mask, sh Shapes) int {
	best := 99
	honors := popcount(have & honorMask)
	if sh.Has(KnittedHonors) || sh.Has(GreaterKnitted) {
		for _, km := range knitMasks {
			suited := popcount(have & km)
			if sh.Has(KnittedHonors) {
				best = min(best, 13-min(14, suited+honors))
			}
			if sh.Has(GreaterKnitted) {
				best = min(best, 13-honors-min(7, suited))
			}
		}
	}
	if sh.Has(ThirteenUnrelated) || sh.Has(SevenStars) {
		suited := unrelatedKept(have)
		if sh.Has(ThirteenUnrelated) {
			best = min(best, 13-min(14, suited+honors))
		}
		if sh.Has(SevenStars) {
			best = min(best, 13-honors-min(7, suited))
		}
	}
	return best
}

// unrelated holds, for each set of ranks of one suit (bit r for rank
// r+1), whether its tiles are three apart and how many such tiles a suit
// can hold that include them.
var unrelated struct {
	once  sync.Once
	valid [512]bool
	room  [512]int8
}

func unrelatedTable() {
	unrelated.once.Do(func() {
		for m := range 512 {
			unrelated.valid[m] = unrelatedOK(Mask(m))
		}
		for m := range 512 {
			unrelated.room[m] = -1
			if !unrelated.valid[m] {
				continue
			}
			for sup := range 512 {
				if sup&m == m && unrelated.valid[sup] {
					unrelated.room[m] = max(unrelated.room[m], int8(popcount(Mask(sup))))
				}
			}
		}
	})
}

// unrelatedKept returns the most suited tiles of have that a 十三不搭 can
// keep: tiles of a suit three apart, leaving room in the three suits for
// the seven suited tiles the shape needs at least.
func unrelatedKept(have Mask) int {
	unrelatedTable()
	// best[r]: most tiles kept with room r (capped at 7) in the suits so far.
	best := [8]int{0, -1, -1, -1, -1, -1, -1, -1}
	for s := range 3 {
		ranks := int(have>>(9*s)) & 511
		var next [8]int
		for i := range next {
			next[i] = -1
		}
		for sub := ranks; ; sub = (sub - 1) & ranks {
			if unrelated.valid[sub] {
				n, room := popcount(Mask(sub)), int(unrelated.room[sub])
				for r, kept := range best {
					if kept >= 0 {
						nr := min(r+room, 7)
						next[nr] = max(next[nr], kept+n)
					}
				}
			}
			if sub == 0 {
				break
			}
		}
		best = next
	}
	return best[7]
}

// shantenOrphans counts thirteen orphans from the masks of h: the
// terminals and honours held, and a pair of one.
func shantenOrphans(h *Counted) int {
	pair := 0
	if h.multi&orphanMask != 0 {
		pair = 1
	}
	return 13 - popcount(h.held&orphanMask) - pair
}

// shantenStandard counts by blocks: with m sets, t partial sets (at most
// need in all) and p = 1 for a pair, a hand is 2·need − 2m − t − p from
// tenpai, need being 4 less the melds. With a pair rule, a hand with no
// pair and no lone tile that may become one needs a draw more. Without
// one, tables give the count (shantenTable); with one, a search.
func shantenStandard(h *Counted, n int, pairs Mask) int {
	if pairs == 0 {
		return shantenTable(h, n)
	}
	return shantenSearch(&h.c, n, pairs)
}

// shantenSearch is shantenStandard by a search: each suit (and each
// honour) is searched on its own for the best t per (m, p), and the
// results are combined, so the cost is a sum over suits, not a product.
// pairs is zero for no pair rule.
func shantenSearch(c *tile.Counts, n int, pairs Mask) int {
	need := 4 - (14-n)/3
	var acc, part blocks
	acc.reset()
	acc[0][0][0] = 0
	rule := pairs != 0
	for s := range 3 {
		ss := suitSearch{n: 9, seq: true, rule: rule, out: &part}
		empty := true
		for r := range 9 {
			ss.c[r] = c[s*9+r]
			empty = empty && ss.c[r] == 0
			if !rule || pairs.Has(tile.Kind(s*9+r)) {
				ss.elig |= 1 << r
			}
		}
		if empty {
			continue
		}
		part.reset()
		ss.run(0)
		acc.merge(&part)
	}
	for k := int(tile.East); k < tile.NumKinds; k++ {
		if c[k] == 0 {
			continue
		}
		ss := suitSearch{n: 1, rule: rule, out: &part}
		ss.c[0] = c[k]
		if !rule || pairs.Has(tile.Kind(k)) {
			ss.elig = 1
		}
		part.reset()
		ss.run(0)
		acc.merge(&part)
	}
	best := 2*need + 1
	for m := range 5 {
		for p := range 2 {
			for iso := range 2 {
				t := int(acc[m][p][iso])
				if t < 0 {
					continue
				}
				mm := min(m, need)
				v := 2*need - 2*mm - min(t, need-mm) - p
				if rule && p == 0 && iso == 0 {
					// No lone tile may become the pair: a draw more.
					v++
				}
				best = min(best, v)
			}
		}
	}
	return best
}

// blocks holds, per number of sets (capped at 4), pair (0, 1) and whether
// a lone tile could become the pair under a pair rule, the most partial
// sets a reading has; -1 for none.
type blocks [5][2][2]int8

func (b *blocks) reset() {
	for m := range b {
		b[m] = [2][2]int8{{-1, -1}, {-1, -1}}
	}
}

// merge combines b with the readings of another part.
func (b *blocks) merge(o *blocks) {
	type entry struct{ m, p, i, t int8 }
	var es [20]entry
	n := 0
	for m := range 5 {
		for p := range 2 {
			for i := range 2 {
				if t := o[m][p][i]; t >= 0 {
					es[n] = entry{int8(m), int8(p), int8(i), t}
					n++
				}
			}
		}
	}
	var r blocks
	r.reset()
	for m1 := range 5 {
		for p1 := range 2 {
			for i1 := range 2 {
				t1 := b[m1][p1][i1]
				if t1 < 0 {
					continue
				}
				for _, e := range es[:n] {
					p := p1 + int(e.p)
					if p > 1 {
						continue
					}
					m, i := min(m1+int(e.m), 4), i1|int(e.i)
					if t := min(t1+e.t, 8); t > r[m][p][i] {
						r[m][p][i] = t
					}
				}
			}
		}
	}
	*b = r
}

// suitSearch reads the tiles of one suit (or one honour, n = 1, no
// sequences) as sets, partial sets, a pair and lone tiles.
type suitSearch struct {
	c       [9]uint8
	n       int
	seq     bool
	rule    bool   // a pair rule is in force
	elig    uint16 // ranks that may be the pair
	m, t, p int
	iso     int // a lone tile could be the pair
	out     *blocks
}

func (s *suitSearch) run(i int) {
	for i < s.n && s.c[i] == 0 {
		i++
	}
	if i == s.n {
		m := min(s.m, 4)
		if t := int8(min(s.t, 8)); t > s.out[m][s.p][s.iso] {
			s.out[m][s.p][s.iso] = t
		}
		return
	}
	c := &s.c
	if c[i] >= 3 {
		c[i] -= 3
		s.m++
		s.run(i)
		s.m--
		c[i] += 3
	}
	if s.seq && i <= 6 && c[i+1] > 0 && c[i+2] > 0 {
		c[i]--
		c[i+1]--
		c[i+2]--
		s.m++
		s.run(i)
		s.m--
		c[i]++
		c[i+1]++
		c[i+2]++
	}
	if c[i] >= 2 {
		c[i] -= 2
		if s.p == 0 && s.elig&(1<<i) != 0 {
			s.p = 1
			s.run(i)
			s.p = 0
		}
		s.t++
		s.run(i)
		s.t--
		c[i] += 2
	}
	if s.seq && i <= 7 && c[i+1] > 0 {
		c[i]--
		c[i+1]--
		s.t++
		s.run(i)
		s.t--
		c[i]++
		c[i+1]++
	}
	if s.seq && i <= 6 && c[i+2] > 0 {
		c[i]--
		c[i+2]--
		s.t++
		s.run(i)
		s.t--
		c[i]++
		c[i+2]++
	}
	c[i]--
	old := s.iso
	if s.rule && s.elig&(1<<i) != 0 {
		s.iso = 1
	}
	s.run(i)
	s.iso = old
	c[i]++
}
