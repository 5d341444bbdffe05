package hand

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"jantaku/internal/difftest"
	"jantaku/rules/tile"
)

// The differential test: Decompose and Arrangements against the analysis
// as it stood before them (legacy_test.go) on random hands, seeded so a
// failure repeats. CI runs a reduced number; JANTAKU_DIFF_HANDS=2000000
// runs millions.

func diffHands(t *testing.T) int { return difftest.Hands(t, 30000, 5000) }

var mask258All = MaskOf(tile.M2, tile.M5, tile.M8, tile.P2, tile.P5, tile.P8, tile.S2, tile.S5, tile.S8)

// diffCase draws a hand and options: complete hands made of random sets
// (from a narrow range of kinds, so that they have many readings), hands
// near a special shape, and random tiles, with 0–4 of their tiles turned
// into wildcards.
func diffCase(r *rand.Rand) (tile.Counts, Options) {
	var o Options
	if r.IntN(2) == 0 {
		o.Shapes = Shapes(1<<numShapes-1) &^ ShapesOf(Standard)
	} else if r.IntN(2) == 0 {
		o.Shapes = ShapesOf(SevenPairs, ThirteenOrphans)
	}
	o.FourAsTwoPairs = r.IntN(2) == 0
	if r.IntN(4) == 0 {
		o.PairOnly = mask258All
	}
	if r.IntN(3) == 0 {
		o.WildNever = MaskOf(tile.Green, tile.Red)
	}
	var c tile.Counts
	melds := r.IntN(5)
	switch r.IntN(6) {
	case 0, 1, 2:
		lo, span := diffRange(r)
		for {
			c = tile.Counts{}
			for range 4 - melds {
				k := lo + r.IntN(span)
				if r.IntN(3) == 0 || k >= int(tile.East) || k%9 > 6 {
					c[k] += 3
				} else {
					c[k]++
					c[k+1]++
					c[k+2]++
				}
			}
			c[lo+r.IntN(span)] += 2
			if !overFour(&c) {
				break
			}
		}
	case 3:
		melds = 0
		c = diffSpecial(r)
	default:
		lo, span := diffRange(r)
		n := 14 - 3*melds
		for c.Total() < n {
			if k := lo + r.IntN(span); c[k] < 4 {
				c[k]++
			}
		}
	}
	// Wildcards replace real tiles.
	w := r.IntN(5)
	if r.IntN(3) == 0 {
		w = 0
	}
	for range min(w, c.Total()) {
		for {
			k := r.IntN(tile.NumKinds)
			if c[k] > 0 {
				c[k]--
				o.Wildcards++
				break
			}
		}
	}
	return c, o
}

// diffRange picks the kinds a hand is drawn from: one suit, a few kinds,
// or all of them.
func diffRange(r *rand.Rand) (lo, span int) {
	switch r.IntN(3) {
	case 0:
		return 9 * r.IntN(3), 9
	case 1:
		return r.IntN(30), 5
	}
	return 0, tile.NumKinds
}

func overFour(c *tile.Counts) bool {
	for _, v := range c {
		if v > 4 {
			return true
		}
	}
	return false
}

// diffSpecial is a hand near a special shape: pairs, orphans, knitted
// tiles and honours, or tiles three apart.
func diffSpecial(r *rand.Rand) tile.Counts {
	var c tile.Counts
	switch r.IntN(4) {
	case 0:
		for c.Total() < 14 {
			if k := r.IntN(tile.NumKinds); c[k] <= 2 {
				c[k] += 2
			}
		}
	case 1:
		for k := range tile.NumKinds {
			if orphanMask.Has(tile.Kind(k)) {
				c[k] = 1
			}
		}
		c[r.IntN(tile.NumKinds)]++
	case 2:
		km := knitMasks[r.IntN(len(knitMasks))] | honorMask
		if r.IntN(3) == 0 {
			// A knitted straight and a set and a pair.
			km = knitMasks[r.IntN(len(knitMasks))]
			for k := range tile.NumKinds {
				if km.Has(tile.Kind(k)) {
					c[k]++
				}
			}
			k := r.IntN(27)
			if k%9 <= 6 && r.IntN(2) == 0 {
				c[k]++
				c[k+1]++
				c[k+2]++
			} else {
				c[k] += 3
			}
			c[r.IntN(tile.NumKinds)] += 2
			if overFour(&c) {
				return diffSpecial(r)
			}
			return c
		}
		for c.Total() < 14 {
			if k := r.IntN(tile.NumKinds); km.Has(tile.Kind(k)) && c[k] == 0 {
				c[k] = 1
			} else if r.IntN(40) == 0 && c[k] < 4 {
				c[k]++
			}
		}
	default:
		for c.Total() < 14 {
			k := r.IntN(tile.NumKinds)
			var m Mask
			for j, v := range c {
				if v > 0 {
					m |= 1 << j
				}
			}
			if c[k] == 0 && unrelatedOK(m|1<<k) || r.IntN(30) == 0 && c[k] < 4 {
				c[k]++
			}
		}
	}
	return c
}

func sameArrangements(a, b []Arrangement) bool {
	return slices.EqualFunc(a, b, func(x, y Arrangement) bool {
		return x.Shape == y.Shape && slices.Equal(x.Groups, y.Groups) && slices.Equal(x.Wild, y.Wild) &&
			(x.Wild == nil) == (y.Wild == nil)
	})
}

func TestDecomposeMatchesLegacy(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2026))
	n := diffHands(t)
	var buf [collectFixed]Decomposition
	complete, readings := 0, 0
	for i := range n {
		c, o := diffCase(r)
		total, err := check(&c, &o, totalComplete)
		if err != nil {
			t.Fatalf("case %d: generated a bad hand %v %+v: %v", i, c, o, err)
		}
		want := legacyArrangements(&c, &o, total)
		ds, err := Decompose(buf[:0], &c, &o)
		if err != nil {
			t.Fatalf("case %d: Decompose(%v, %+v): %v", i, c, o, err)
		}
		got := arrangementsOf(ds)
		if !sameArrangements(got, want) {
			t.Fatalf("case %d: %v %+v\nDecompose: %s\nbefore:    %s", i, c, o, diffString(got), diffString(want))
		}
		arrs, err := Arrangements(c, o)
		if err != nil || !sameArrangements(arrs, want) {
			t.Fatalf("case %d: %v %+v\nArrangements: %s, %v\nbefore:       %s", i, c, o, diffString(arrs), err, diffString(want))
		}
		if Complete(&c, &o) != (len(want) > 0) {
			t.Fatalf("case %d: %v %+v: Complete %v with %d readings", i, c, o, Complete(&c, &o), len(want))
		}
		if len(want) > 0 {
			complete++
			readings += len(want)
		}
	}
	// The generator must reach many complete hands, not only failures.
	if complete < n/5 {
		t.Fatalf("only %d of %d random hands were complete", complete, n)
	}
	t.Logf("%d hands, %d complete, %d readings", n, complete, readings)
}

func diffString(as []Arrangement) string {
	s := fmt.Sprint(len(as), ":")
	for _, a := range as {
		s += fmt.Sprintf(" %v%v%v", a.Shape, a.Groups, a.Wild)
	}
	return s
}

func TestDecomposeAppends(t *testing.T) {
	c := tile.Counts{}
	for _, k := range []tile.Kind{tile.M1, tile.M1, tile.M1, tile.M2, tile.M2, tile.M2, tile.M3, tile.M3, tile.M3, tile.P5, tile.P6, tile.P7, tile.East, tile.East} {
		c[k]++
	}
	o := Options{}
	prev := Decomposition{Shape: SevenPairs, ngroups: 1}
	ds, err := Decompose([]Decomposition{prev}, &c, &o)
	if err != nil {
		t.Fatal(err)
	}
	// 111 222 333 or 123 123 123, then 567p and the pair of East.
	if len(ds) != 3 || ds[0] != prev {
		t.Fatalf("Decompose appended %d readings after %v", len(ds)-1, ds[0])
	}
	for _, d := range ds[1:] {
		if gs := d.Groups(); len(gs) != 5 || gs[4] != (Group{Kind: Pair, Tile: tile.East}) || d.Wild() != nil {
			t.Errorf("reading %v %v", gs, d.Wild())
		}
	}
	if _, err := Decompose(nil, nil, &o); err == nil {
		t.Error("Decompose of nil counts: no error")
	}
	c[tile.M1]++
	if got, err := Decompose(ds[:1], &c, &o); err == nil || len(got) != 1 {
		t.Errorf("Decompose of 15 tiles: %d readings, %v", len(got), err)
	}
}

func TestDecomposeAllocs(t *testing.T) {
	hands := []struct {
		c tile.Counts
		o Options
	}{}
	r := rand.New(rand.NewPCG(7, 7))
	for len(hands) < 50 {
		c, o := diffCase(r)
		if o.Wildcards == 0 && Complete(&c, &o) {
			hands = append(hands, struct {
				c tile.Counts
				o Options
			}{c, o})
		}
	}
	var buf [collectFixed]Decomposition
	for _, h := range hands {
		if n := testing.AllocsPerRun(10, func() { Decompose(buf[:0], &h.c, &h.o) }); n != 0 {
			t.Errorf("Decompose(%v, %+v): %v allocations", h.c, h.o, n)
		}
	}
}
