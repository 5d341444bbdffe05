package hand

import (
	"math/rand/v2"
	"slices"
	"testing"

	"jantaku/rules/tile"
)

// TestFindStandardMatchesLegacy checks FindStandard against the analysis
// as it stood before (legacy_test.go) on the differential test's random
// hands, with random pair rules and bans as a scorer asks them: it finds
// a reading exactly when the old analysis has a standard reading (with
// only triplets, when asked), and the reading it gives is one of those,
// stand-ins included.
func TestFindStandardMatchesLegacy(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2027))
	n := diffHands(t)
	found := [2]int{}
	for i := range n {
		c, o := diffCase(r)
		o.Shapes = 0
		switch r.IntN(4) {
		case 0: // a pair among random kinds
			o.PairOnly = Mask(r.Uint64()) & (1<<tile.NumKinds - 1)
		case 1: // wildcards standing for one kind only (硬胡)
			o.WildNever = (1<<tile.NumKinds - 1) &^ (1 << r.IntN(tile.NumKinds))
		}
		total, err := check(&c, &o, totalComplete)
		if err != nil {
			t.Fatalf("case %d: generated a bad hand %v %+v: %v", i, c, o, err)
		}
		want := legacyArrangements(&c, &o, total)
		for _, triplets := range []bool{false, true} {
			var match []Arrangement
			for _, a := range want {
				if a.Shape == Standard && (!triplets || !slices.ContainsFunc(a.Groups, func(g Group) bool { return g.Kind == Sequence })) {
					match = append(match, a)
				}
			}
			d, ok, err := FindStandard(&c, &o, triplets)
			if err != nil {
				t.Fatalf("case %d: FindStandard(%v, %+v, %v): %v", i, c, o, triplets, err)
			}
			if ok != (len(match) > 0) {
				t.Fatalf("case %d: FindStandard(%v, %+v, %v) = %v, legacy has %d such readings: %s",
					i, c, o, triplets, ok, len(match), diffString(match))
			}
			if !ok {
				continue
			}
			found[b2i(triplets)]++
			got := d.Arrangement()
			if !slices.ContainsFunc(match, func(a Arrangement) bool { return sameArrangements([]Arrangement{a}, []Arrangement{got}) }) {
				t.Fatalf("case %d: FindStandard(%v, %+v, %v) = %s, not among %s",
					i, c, o, triplets, diffString([]Arrangement{got}), diffString(match))
			}
		}
	}
	if found[0] < n/5 || found[1] < n/50 {
		t.Fatalf("only %d of %d hands had a reading (%d all triplets)", found[0], n, found[1])
	}
	t.Logf("%d hands, %d with a reading, %d all triplets", n, found[0], found[1])
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestFindStandardErrors(t *testing.T) {
	var c tile.Counts
	c[tile.M1] = 5
	if _, _, err := FindStandard(&c, nil, false); err == nil {
		t.Error("five copies: no error")
	}
	if _, _, err := FindStandard(nil, nil, false); err == nil {
		t.Error("nil counts: no error")
	}
	c[tile.M1] = 2
	if _, _, err := FindStandard(&c, &Options{Wildcards: 5}, false); err == nil {
		t.Error("five wildcards: no error")
	}
	if d, ok, err := FindStandard(&c, &Options{Wildcards: 3}, true); err != nil || !ok ||
		!slices.Equal(d.Groups(), []Group{{Triplet, 0}, {Pair, tile.M1}}) {
		t.Errorf("11m + 3 wildcards, triplets: %v %v %v", d.Groups(), ok, err)
	}
}

func TestFindStandardAllocs(t *testing.T) {
	var c tile.Counts
	for _, k := range []tile.Kind{tile.S4, tile.S5, tile.S6, tile.S2, tile.S3, tile.S8, tile.S8} {
		c[k]++
	}
	o := Options{Wildcards: 4, WildNever: MaskOf(tile.Green, tile.Red)}
	if n := testing.AllocsPerRun(10, func() { FindStandard(&c, &o, false) }); n != 0 {
		t.Errorf("FindStandard: %v allocations", n)
	}
}
