package hand

import (
	"fmt"

	"jantaku/rules/tile"
)

// Shanten returns the number of tiles the concealed part c is short of
// tenpai: 0 is tenpai, -1 complete (a 14−3k tile part). It is the least
// over Standard and the shapes of o among SevenPairs and ThirteenOrphans;
// the other special shapes are not counted. A wildcard counts as the best
// tile for the hand, whatever o.WildNever says. o.PairOnly constrains the
// pair of the standard shape.
//
// c holds 13−3k or 14−3k tiles with the wildcards. The count is the usual
// block formula, which treats a tile whose four copies are all held as
// still available.
func Shanten(c tile.Counts, o Options) (int, error) {
	n, err := check(&c, &o, totalEither)
	if err != nil {
		return 0, err
	}
	s := shantenStandard(&c, n, o.PairOnly)
	if n >= 13 {
		if o.Shapes.Has(SevenPairs) {
			s = min(s, shantenSevenPairs(&c, o.FourAsTwoPairs))
		}
		if o.Shapes.Has(ThirteenOrphans) {
			s = min(s, shantenOrphans(&c))
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
	n, err := check(&c, &Options{}, totalEither)
	if err != nil {
		return 0, err
	}
	return shantenStandard(&c, n, 0), nil
}

// ShantenSevenPairs is Shanten for seven distinct pairs (spec/riichi.md
// §7.1) with no wildcards; for Shanten with Options.FourAsTwoPairs four
// identical tiles are two pairs. c holds 13 or 14 tiles.
func ShantenSevenPairs(c tile.Counts) (int, error) {
	n, err := check(&c, &Options{}, totalEither)
	if err != nil {
		return 0, err
	}
	if n < 13 {
		return 0, errNeeds13(n)
	}
	return shantenSevenPairs(&c, false), nil
}

// ShantenOrphans is Shanten for thirteen orphans with no wildcards. c holds
// 13 or 14 tiles.
func ShantenOrphans(c tile.Counts) (int, error) {
	n, err := check(&c, &Options{}, totalEither)
	if err != nil {
		return 0, err
	}
	if n < 13 {
		return 0, errNeeds13(n)
	}
	return shantenOrphans(&c), nil
}

func errNeeds13(n int) error {
	return fmt.Errorf("hand: %d tiles, the shape needs 13 or 14 (no melds): %w", n, ErrTileCount)
}

func shantenSevenPairs(c *tile.Counts, fourAsTwo bool) int {
	pairs, kinds := 0, 0
	for _, v := range c {
		if v == 0 {
			continue
		}
		kinds++
		if fourAsTwo {
			pairs += int(v / 2)
		} else if v >= 2 {
			pairs++
		}
	}
	if fourAsTwo {
		return 6 - min(pairs, 7)
	}
	return 6 - pairs + max(0, 7-kinds)
}

func shantenOrphans(c *tile.Counts) int {
	kinds, pair := 0, 0
	for k, v := range c {
		if v > 0 && orphanMask.Has(tile.Kind(k)) {
			kinds++
			if v >= 2 {
				pair = 1
			}
		}
	}
	return 13 - kinds - pair
}

// shantenStandard counts by blocks: with m sets, t partial sets (at most
// need in all) and p = 1 for a pair, a hand is 2·need − 2m − t − p from
// tenpai. n is the number of tiles; need = 4 less the melds.
func shantenStandard(c *tile.Counts, n int, pairs Mask) int {
	s := shSearch{c: *c, need: (14 - n) / 3, pairs: pairs}
	s.need = 4 - s.need
	s.best = 2*s.need + 1
	s.run(0)
	return s.best
}

type shSearch struct {
	c        tile.Counts
	need     int
	pairs    Mask // allowed pairs; 0 = any
	m, t, p  int
	isolated Mask // kinds left over as lone tiles
	best     int
}

func (s *shSearch) eval() {
	t := min(s.t, s.need-s.m)
	v := 2*s.need - 2*s.m - t - s.p
	if s.pairs != 0 && s.p == 0 && s.isolated&s.pairs == 0 {
		// No lone tile may become the pair: it takes a draw more.
		v++
	}
	s.best = min(s.best, v)
}

func (s *shSearch) run(k int) {
	for k < tile.NumKinds && s.c[k] == 0 {
		k++
	}
	if k == tile.NumKinds {
		s.eval()
		return
	}
	c := &s.c
	if c[k] >= 3 {
		c[k] -= 3
		s.m++
		s.run(k)
		s.m--
		c[k] += 3
	}
	suited := k < int(tile.East)
	if suited && k%9 <= 6 && c[k+1] > 0 && c[k+2] > 0 {
		c[k]--
		c[k+1]--
		c[k+2]--
		s.m++
		s.run(k)
		s.m--
		c[k]++
		c[k+1]++
		c[k+2]++
	}
	if c[k] >= 2 {
		c[k] -= 2
		if s.p == 0 && (s.pairs == 0 || s.pairs.Has(tile.Kind(k))) {
			s.p = 1
			s.run(k)
			s.p = 0
		}
		s.t++
		s.run(k)
		s.t--
		c[k] += 2
	}
	if suited && k%9 <= 7 && c[k+1] > 0 {
		c[k]--
		c[k+1]--
		s.t++
		s.run(k)
		s.t--
		c[k]++
		c[k+1]++
	}
	if suited && k%9 <= 6 && c[k+2] > 0 {
		c[k]--
		c[k+2]--
		s.t++
		s.run(k)
		s.t--
		c[k]++
		c[k+2]++
	}
	c[k]--
	old := s.isolated
	s.isolated |= 1 << k
	s.run(k)
	s.isolated = old
	c[k]++
}
