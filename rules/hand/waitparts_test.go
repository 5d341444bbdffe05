package hand

import (
	"math/rand/v2"
	"slices"
	"testing"

	"jantaku/internal/corpustest"
	"jantaku/rules/tile"
)

// The standard waits read by parts (standardWaits) against the
// kind-by-kind check that Waits and CountWaits used before them, on
// seeded random waiting hands (diffHands of them; JANTAKU_DIFF_HANDS runs
// more) and on every hand of the MCR corpus less each tile it holds.

// sameWaits compares waits by parts with the kind-by-kind check on c
// under o: the lists, and the counts for a few skips and limits.
func sameWaits(t *testing.T, r *rand.Rand, what string, c tile.Counts, o Options) (waiting bool) {
	t.Helper()
	got, _, gerr := waitsBy(nil, true, &c, &o, 0, tile.NumKinds+1, true)
	want, _, werr := waitsBy(nil, true, &c, &o, 0, tile.NumKinds+1, false)
	if (gerr == nil) != (werr == nil) || !slices.Equal(got, want) {
		t.Fatalf("%s: %v %+v\nby parts:     %v, %v\nkind by kind: %v, %v", what, c, o, got, gerr, want, werr)
	}
	for range 3 {
		var skip Mask
		for range r.IntN(3) {
			skip |= 1 << r.IntN(tile.NumKinds)
		}
		if r.IntN(2) == 0 && len(want) > 0 {
			skip |= MaskOf(want[r.IntN(len(want))].Tile)
		}
		limit := 1 + r.IntN(3)
		_, gn, _ := waitsBy(nil, false, &c, &o, skip, limit, true)
		_, wn, _ := waitsBy(nil, false, &c, &o, skip, limit, false)
		if gn != wn {
			t.Fatalf("%s: %v %+v skipping %x, limit %d: %d by parts, %d kind by kind", what, c, o, skip, limit, gn, wn)
		}
	}
	return len(want) > 0
}

func TestWaitsByPartsMatchKindByKind(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 2026))
	n := diffHands(t)
	waiting, plain := 0, 0
	for i := 0; i < n; {
		c, o := diffCase(r)
		if o.Wildcards > 0 && r.IntN(4) != 0 {
			continue // most cases without wildcards: the ones read by parts
		}
		if r.IntN(4) != 0 {
			o.WildNever, o.PairOnly = 0, 0
		}
		// One tile out (a wildcard or a real one) leaves a hand that may
		// wait.
		if o.Wildcards > 0 && (c.Total() == 0 || r.IntN(2) == 0) {
			o.Wildcards--
		} else {
			for {
				if k := r.IntN(tile.NumKinds); c[k] > 0 {
					c[k]--
					break
				}
			}
		}
		if c.Total()+o.Wildcards == 0 {
			continue
		}
		i++
		if sameWaits(t, r, "random hand", c, o) {
			waiting++
			if o.Wildcards == 0 && o.WildNever == 0 && o.PairOnly == 0 {
				plain++
			}
		}
	}
	// Most hands must wait, and many be read by parts.
	if waiting < n/3 || plain < n/5 {
		t.Fatalf("of %d random hands %d waited, %d of them read by parts", n, waiting, plain)
	}
	t.Logf("%d hands, %d waiting, %d read by parts", n, waiting, plain)
}

func TestWaitsByPartsCorpus(t *testing.T) {
	cases := corpustest.MCR(t)
	if len(cases) < 100 {
		t.Fatalf("%s: %d cases, want the 132 worked examples", corpustest.MCRFile, len(cases))
	}
	// MCR's shapes, riichi's and the standard shape alone.
	opts := []Options{
		{Shapes: ShapesOf(SevenPairs, ThirteenOrphans, KnittedHonors, GreaterKnitted, KnittedStraight), FourAsTwoPairs: true},
		{Shapes: ShapesOf(SevenPairs, ThirteenOrphans)},
		{},
	}
	r := rand.New(rand.NewPCG(26, 2026))
	hands, waiting := 0, 0
	for _, cs := range cases {
		var c tile.Counts
		for _, s := range append(cs.Concealed, cs.WinTile) {
			ts, err := tile.Parse(s)
			if err != nil || len(ts) != 1 {
				t.Fatalf("case %d: tile %q: %v", cs.ID, s, err)
			}
			c[ts[0].Kind]++
		}
		// Each kind held out in turn: the hand before the win on it.
		for k := range c {
			if c[k] == 0 {
				continue
			}
			c[k]--
			for _, o := range opts {
				hands++
				if sameWaits(t, r, "corpus case", c, o) {
					waiting++
				}
			}
			c[k]++
		}
	}
	if waiting < hands/2 {
		t.Fatalf("of %d corpus hands less a tile only %d waited", hands, waiting)
	}
	t.Logf("%d corpus hands less a tile, %d waiting", hands, waiting)
}
