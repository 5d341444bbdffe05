package hand

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/tile"
)

// The one pass over the counts (Count) and its one-tile update (Less)
// against the counts read one by one, on seeded random counts.

// countedRef is what Count must give, read count by count.
func countedRef(c *tile.Counts) Counted {
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
	if h.over != 0 {
		return h
	}
	for s := range 3 {
		h.keys[s], _ = suitKey(c, s)
		for r := range 9 {
			h.sums[s] += c[9*s+r]
		}
	}
	return h
}

// randomCounts draws counts of 0–4 (now and then one of 5–7), up to 14
// tiles, from a narrow or a wide range of kinds.
func randomCounts(r *rand.Rand) tile.Counts {
	var c tile.Counts
	lo, span := r.IntN(tile.NumKinds), 1+r.IntN(tile.NumKinds)
	for n := r.IntN(15); n > 0; n-- {
		if k := (lo + r.IntN(span)) % tile.NumKinds; c[k] < 4 {
			c[k]++
		}
	}
	if r.IntN(50) == 0 {
		c[r.IntN(tile.NumKinds)] = uint8(5 + r.IntN(3))
	}
	return c
}

func TestCountMatchesKinds(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	var reused Counted // Set in place, hand after hand
	for range diffHands(t) {
		c := randomCounts(r)
		want := countedRef(&c)
		if got := Count(&c); got != want {
			t.Fatalf("Count(%v) = %+v, want %+v", c, got, want)
		}
		if reused.Set(&c); reused != want {
			t.Fatalf("Set(%v) after another hand = %+v, want %+v", c, reused, want)
		}
	}
	// Every count in every place, beside another.
	for k := range tile.NumKinds {
		for v := range 8 {
			var c tile.Counts
			c[k] = uint8(v)
			c[(k+5)%tile.NumKinds] = uint8(7 - v)
			if got, want := Count(&c), countedRef(&c); got != want {
				t.Fatalf("Count(%v) = %+v, want %+v", c, got, want)
			}
		}
	}
}

func TestLessMatchesCount(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	for range diffHands(t) {
		c := randomCounts(r)
		h := Count(&c)
		for k := range tile.NumKinds {
			if c[k] == 0 {
				continue
			}
			less := c
			less[k]--
			if got, want := h.Less(tile.Kind(k)), Count(&less); got != want {
				t.Fatalf("Count(%v).Less(%v) = %+v, want %+v", c, tile.Kind(k), got, want)
			}
		}
	}
}

// TestRankKeyMatchesRankSuit compares the rank read from a suit's key
// with rankSuit on every suit of at most maxSuitTiles tiles.
func TestRankKeyMatchesRankSuit(t *testing.T) {
	readingTable()
	var d [9]uint8
	n := 0
	for key := range numSuitKeys {
		sum := 0
		for i, k := 0, key; i < 9; i, k = i+1, k/5 {
			d[i] = uint8(k % 5)
			sum += k % 5
		}
		if sum > maxSuitTiles {
			continue
		}
		n++
		if got, want := rankKey(int32(key)), rankSuit(&d); got != want {
			t.Fatalf("rankKey(%d) = %d, rankSuit(%v) = %d", key, got, d, want)
		}
	}
	if n != int(suitRanks.n) {
		t.Errorf("%d suits of at most %d tiles, rankTable has %d", n, maxSuitTiles, suitRanks.n)
	}
}

// TestCountedWaitsMatchLegacy checks the waits of a complete hand less
// one tile, as a scorer asks them (Less, then CountWaits), against a
// count of the kinds that complete it by the analysis as it stood before
// (legacyArrangements), under MCR's, riichi's and the standard shapes
// alone. Kinds whose four copies are held are skipped on both sides.
func TestCountedWaitsMatchLegacy(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 3))
	opts := []Options{
		{Shapes: Shapes(1<<SevenPairs | 1<<ThirteenOrphans | 1<<KnittedHonors | 1<<GreaterKnitted | 1<<KnittedStraight), FourAsTwoPairs: true},
		{Shapes: ShapesOf(SevenPairs, ThirteenOrphans)},
		{},
	}
	n, waiting := diffHands(t)/10, 0
	for i := range n {
		c, _ := diffCase(r)
		if c.Total() != 14 {
			continue
		}
		o := &opts[i%len(opts)]
		h := Count(&c)
		for k := range tile.NumKinds {
			if c[k] == 0 {
				continue
			}
			less := c
			less[k]--
			skip := MaskOf(tile.Kind((k + 7) % tile.NumKinds))
			want := 0
			for w := range tile.NumKinds {
				if less[w] == 4 {
					skip |= 1 << w
				}
				if skip.Has(tile.Kind(w)) {
					continue
				}
				more := less
				more[w]++
				if len(legacyArrangements(&more, o, 14)) > 0 {
					want++
				}
			}
			before := h.Less(tile.Kind(k))
			got, err := before.CountWaits(o, skip, tile.NumKinds+1)
			if err != nil || got != want {
				t.Fatalf("%v less %v, %+v: %d waits (%v), legacy %d", c, tile.Kind(k), *o, got, err, want)
			}
			waiting += min(want, 1)
		}
	}
	// The sample must hold waiting hands, or the comparison proves little.
	if waiting < n/4 {
		t.Errorf("only %d waiting hands in %d", waiting, n)
	}
}
