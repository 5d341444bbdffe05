package hand

import (
	"math/rand/v2"
	"slices"
	"testing"

	"jantaku/rules/tile"
)

// setsByWalk is Sets worked out the long way: a walk over the groups
// counting each kind's sequences, and the last pair.
func setsByWalk(gs []Group) Sets {
	var s Sets
	var n [tile.NumKinds]int
	for _, g := range gs {
		switch g.Kind {
		case Sequence:
			n[g.Tile]++
			s.NumSequences++
		case Triplet:
			s.Triplets |= MaskOf(g.Tile)
		}
	}
	for k, v := range n {
		if v > 0 {
			s.Sequences |= MaskOf(tile.Kind(k))
		}
		if v%2 == 1 {
			s.OddSequences |= MaskOf(tile.Kind(k))
		}
	}
	for i := len(gs) - 1; i >= 0; i-- {
		if gs[i].Kind == Pair {
			s.Pair = gs[i].Tile
			break
		}
	}
	return s
}

// waitsByReadings are the waits of AppendReadings in order, each kind
// once: what AppendWaits must give.
func waitsByReadings(d *Decomposition, win tile.Kind) []WaitKind {
	var out []WaitKind
	for _, rd := range d.AppendReadings(nil, win) {
		if !slices.Contains(out, rd.Wait) {
			out = append(out, rd.Wait)
		}
	}
	return out
}

// TestSetsMatchGroups checks Sets and AppendWaits against the groups and
// AppendReadings of every decomposition of random hands (the reading
// tables' and the searches', with wildcards too), seeded so a failure
// repeats, and of hands made of many identical sequences.
func TestSetsMatchGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1207))
	n := diffHands(t)
	var buf [collectFixed]Decomposition
	checked, waits := 0, 0
	check := func(i int, c *tile.Counts, o *Options) {
		ds, err := Decompose(buf[:0], c, o)
		if err != nil {
			t.Fatalf("case %d: Decompose(%v, %+v): %v", i, *c, *o, err)
		}
		for j := range ds {
			d := &ds[j]
			if got, want := d.Sets(), setsByWalk(d.Groups()); got != want {
				t.Fatalf("case %d: %v %+v reading %v: Sets %+v, want %+v", i, *c, *o, d.Groups(), got, want)
			}
			if d.Shape != Standard {
				continue
			}
			checked++
			s := d.Sets()
			for k := range tile.Kind(tile.NumKinds) {
				if c[k] == 0 {
					continue
				}
				got, want := s.AppendWaits(nil, k), waitsByReadings(d, k)
				if !slices.Equal(got, want) {
					t.Fatalf("case %d: %v reading %v wins on %v: AppendWaits %v, want %v", i, *c, d.Groups(), k, got, want)
				}
				waits += len(got)
			}
		}
	}
	for i := range n {
		c, o := diffCase(r)
		check(i, &c, &o)
	}
	// Repeated sequences, which the masks count by parity: 123 up to
	// four times with other sets and a pair.
	for i := range n / 10 {
		var c tile.Counts
		s := 9 * r.IntN(3)
		lo := s + r.IntN(7)
		reps := 1 + r.IntN(4)
		for k := lo; k < lo+3; k++ {
			c[k] = uint8(reps)
		}
		for c.Total() < 14 {
			if k := r.IntN(tile.NumKinds); c[k] < 4 {
				c[k]++
			}
		}
		check(n+i, &c, &Options{Shapes: ShapesOf(SevenPairs, ThirteenOrphans)})
	}
	if checked < n/10 || waits == 0 {
		t.Fatalf("only %d standard readings and %d waits checked", checked, waits)
	}
	t.Logf("%d standard readings, %d waits", checked, waits)
}

func TestAppendWaitsExamples(t *testing.T) {
	// Vectors read off the hands by hand (spec/riichi.md §10.1).
	cases := []struct {
		hand string
		win  tile.Kind
		want []WaitKind
	}{
		{"123m456m789m123p55p", tile.M3, []WaitKind{Penchan}},
		{"123m456m789m123p55p", tile.M4, []WaitKind{Ryanmen}},
		{"123m456m789m789p55p", tile.P7, []WaitKind{Penchan}},
		{"123m456m789m123p55p", tile.M5, []WaitKind{Kanchan}},
		{"234m456m789m123p55p", tile.M4, []WaitKind{Ryanmen}},
		{"345m456m567m111p55p", tile.M5, []WaitKind{Ryanmen, Kanchan}},
		{"111m456m789m123p55p", tile.M1, []WaitKind{Shanpon}},
		{"123m456m789m123p55p", tile.P5, []WaitKind{Tanki}},
		{"123m123m123m789p11z", tile.East, []WaitKind{Tanki}},
	}
	for _, c := range cases {
		counts := tile.CountsOf(tile.MustParse(c.hand))
		var buf [collectFixed]Decomposition
		ds, err := Decompose(buf[:0], &counts, nil)
		if err != nil || len(ds) == 0 {
			t.Fatalf("%s: %d readings, %v", c.hand, len(ds), err)
		}
		s := ds[0].Sets()
		if got := s.AppendWaits(nil, c.win); !slices.Equal(got, c.want) {
			t.Errorf("%s (%v) on %v: %v, want %v", c.hand, ds[0].Groups(), c.win, got, c.want)
		}
	}
}
