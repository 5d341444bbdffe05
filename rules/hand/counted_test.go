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

// TestByCountMatchesCounts checks ByCount against the counts read one
// by one, counts over four (in no mask) included.
func TestByCountMatchesCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 14))
	for range diffHands(t) {
		c := randomCounts(r)
		h := Count(&c)
		var want [5]Mask
		for k, v := range c {
			if v <= 4 {
				want[v] |= Mask(1) << k
			}
		}
		if got := h.ByCount(); got != want {
			t.Fatalf("Count(%v).ByCount() = %x, want %x", c, got, want)
		}
	}
}

// TestLessAndPlusMatchCount checks Less and Plus, one tile less of every
// kind held and one more of every kind, against the counts so changed
// read count by count (countedRef), a fifth copy and counts already over
// four included.
func TestLessAndPlusMatchCount(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	for range diffHands(t) {
		c := randomCounts(r)
		h := Count(&c)
		for k := range tile.NumKinds {
			for _, d := range []int{-1, 1} {
				changed := c
				changed[k] += uint8(d)
				var got Counted
				switch {
				case d < 0 && c[k] == 0:
					continue
				case d < 0:
					got = h.Less(tile.Kind(k))
				default:
					got = h.Plus(tile.Kind(k))
				}
				if want := countedRef(&changed); got != want {
					t.Fatalf("Count(%v) with %+d %v = %+v, want %+v", c, d, tile.Kind(k), got, want)
				}
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

// TestCountedCompleteMatchesComplete holds Counted.Complete, which reads
// the suits' table keys Count worked out, to the package's Complete on the
// same counts: on the differential test's hands and options (complete
// hands of many readings, near-special shapes, random tiles, 0–4
// wildcards), each also asked with the pair rules and bans a scorer asks
// one hand under (any pair, 2-5-8, a whole suit's pair, a numbered kind
// banned, which the tables do not cover), and on random counts with
// wildcard numbers out of range and counts over four.
func TestCountedCompleteMatchesComplete(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 11))
	n, complete := diffHands(t), 0
	variants := func(o Options) []Options {
		a, b, c, d, e, f := o, o, o, o, o, o
		a.PairOnly, b.PairOnly, c.PairOnly = 0, mask258All, Mask(0x1ff)<<9
		d.WildNever |= MaskOf(tile.P5)
		// Honours banned and some of them alone allowed as the pair.
		e.WildNever |= MaskOf(tile.East, tile.White)
		f.PairOnly = mask258All | MaskOf(tile.East, tile.North, tile.Red)
		f.WildNever |= MaskOf(tile.North)
		return []Options{o, a, b, c, d, e, f}
	}
	for i := range n {
		c, o := diffCase(r)
		if i%3 == 0 {
			c = randomCounts(r)
			o.Wildcards = r.IntN(7) - 1
		}
		h := Count(&c)
		for _, v := range variants(o) {
			got, want := h.Complete(&v), Complete(&c, &v)
			if got != want {
				t.Fatalf("%v, %+v: Counted.Complete %v, Complete %v", c, v, got, want)
			}
			if got {
				complete++
			}
		}
	}
	// The sample must hold complete hands, or the comparison proves little.
	if complete < n/4 {
		t.Errorf("only %d complete in %d hands", complete, n)
	}
	var none Counted
	if !none.Complete(&Options{Wildcards: 2}) || none.Complete(nil) {
		t.Errorf("no tiles: two wildcards complete %v, none %v; want true, false", none.Complete(&Options{Wildcards: 2}), none.Complete(nil))
	}
}

// TestPartsFitByCounts checks PartsFit against the parts' tile counts
// read one by one: a suit's total modulo three, each honour's count.
func TestPartsFitByCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 13))
	fits := 0
	for i := range diffHands(t) {
		c, _ := diffCase(r)
		if i%2 == 0 {
			c = randomCounts(r)
		}
		want, pairs := true, 0
		for s := range 3 {
			n := 0
			for _, v := range c[9*s : 9*s+9] {
				n += int(v)
				want = want && v <= 4
			}
			switch n % 3 {
			case 1:
				want = false
			case 2:
				pairs++
			}
		}
		for _, v := range c[tile.East:] {
			switch v {
			case 0, 3:
			case 2:
				pairs++
			default:
				want = false
			}
		}
		want = want && pairs == 1
		h := Count(&c)
		if got := h.PartsFit(); got != want {
			t.Fatalf("%v: PartsFit %v, want %v", c, got, want)
		}
		if want {
			fits++
		}
	}
	if fits < diffHands(t)/10 {
		t.Errorf("only %d hands fit", fits)
	}
}

// TestCompletedByMatchesComplete checks CompletedBy and AllCompletedBy
// against Complete of the counts with each kind added, counted again: the
// differential test's hands less a tile (waiting hands, with 0–4
// wildcards), under the options of TestCountedCompleteMatchesComplete and
// without special shapes (the tables' case), and random counts.
func TestCompletedByMatchesComplete(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 17))
	n, waiting, all := diffHands(t), 0, 0
	variants := func(o Options) []Options {
		a, b, c, d, e, f := o, o, o, o, o, o
		a.PairOnly, b.PairOnly, c.PairOnly = 0, mask258All, Mask(0x1ff)<<9
		d.WildNever |= MaskOf(tile.P5)
		e.WildNever |= MaskOf(tile.East, tile.White)
		f.PairOnly = mask258All | MaskOf(tile.East, tile.North, tile.Red)
		f.WildNever |= MaskOf(tile.North)
		// The special shapes (asked kind by kind) once; the tables'
		// options without them.
		vs := []Options{o, a, b, c, d, e, f}
		for i := 1; i < len(vs); i++ {
			vs[i].Shapes = 0
		}
		return vs
	}
	for i := range n {
		c, o := diffCase(r)
		switch {
		case i%5 == 0:
			c = randomCounts(r)
			o.Wildcards = r.IntN(7) - 1
		case o.Wildcards > 0 && (r.IntN(3) == 0 || c.Total() == 0):
			o.Wildcards-- // a wildcard out
		case c.Total() > 0:
			for {
				if k := r.IntN(tile.NumKinds); c[k] > 0 {
					c[k]--
					break
				}
			}
		}
		h := Count(&c)
		// All kinds, a random few, and the kinds Complete says complete
		// (for AllCompletedBy to say yes).
		cands := []Mask{allKindsMask, Mask(r.Uint64()) & allKindsMask}
		for _, v := range variants(o) {
			var want Mask
			for k := range tile.Kind(tile.NumKinds) {
				ck := c
				ck[k]++
				if Complete(&ck, &v) {
					want |= MaskOf(k)
				}
			}
			if want != 0 {
				waiting++
			}
			for _, cand := range append(cands, want, want|MaskOf(tile.Kind(r.IntN(tile.NumKinds)))) {
				if got := h.CompletedBy(&v, cand); got != want&cand {
					t.Fatalf("%v, %+v, candidates %x: CompletedBy %x, Complete kind by kind %x", c, v, cand, got, want&cand)
				}
				if got := h.AllCompletedBy(&v, cand); got != (want&cand == cand) {
					t.Fatalf("%v, %+v, candidates %x: AllCompletedBy %v, Complete kind by kind %x", c, v, cand, got, want&cand)
				} else if got && cand != 0 {
					all++
				}
			}
		}
	}
	// The sample must hold waiting hands, or the comparison proves little.
	if waiting < n || all < n {
		t.Errorf("only %d waiting and %d all completing in %d hands", waiting, all, n)
	}
	t.Logf("%d hands: %d waiting under some options, %d candidate sets all completing", n, waiting, all)
	var none Counted
	if got := none.CompletedBy(&Options{Wildcards: 1}, allKindsMask); got != allKindsMask {
		t.Errorf("one wildcard: completed by %x, want every kind", got)
	}
}

// TestSetsFitByCounts checks SetsFit against the parts' tile counts read
// one by one: each suit's total a multiple of three, each honour's count
// none or three.
func TestSetsFitByCounts(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 19))
	fits := 0
	for i := range diffHands(t) {
		c, _ := diffCase(r)
		switch i % 3 {
		case 0:
			c = randomCounts(r)
		case 1:
			// Less its pair, or another two tiles: sets alone, often.
			for n := 0; n < 2 && c.Total() > 0; {
				if k := r.IntN(tile.NumKinds); c[k] >= 2 || (c[k] > 0 && r.IntN(4) == 0) {
					c[k]--
					n++
				}
			}
		}
		want := true
		for s := range 3 {
			n := 0
			for _, v := range c[9*s : 9*s+9] {
				n += int(v)
				want = want && v <= 4
			}
			want = want && n%3 == 0
		}
		for _, v := range c[tile.East:] {
			want = want && (v == 0 || v == 3)
		}
		h := Count(&c)
		if got := h.SetsFit(); got != want {
			t.Fatalf("%v: SetsFit %v, want %v", c, got, want)
		}
		if want {
			fits++
		}
	}
	if fits < diffHands(t)/20 {
		t.Errorf("only %d hands fit", fits)
	}
	t.Logf("%d of %d hands fit", fits, diffHands(t))
}
