package hand_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// propertyCase is a hand and options for the property tests.
type propertyCase struct {
	c tile.Counts
	o hand.Options
}

var mask258 = hand.MaskOf(tile.M2, tile.M5, tile.M8, tile.P2, tile.P5, tile.P8, tile.S2, tile.S5, tile.S8)

// randomOptions picks shapes, the pair rule and the four-as-two rule.
func randomOptions(r *rand.Rand) hand.Options {
	var o hand.Options
	if r.IntN(2) == 0 {
		o.Shapes = all
	}
	o.FourAsTwoPairs = r.IntN(2) == 0
	if r.IntN(4) == 0 {
		o.PairOnly = mask258
	}
	return o
}

// randomSpecial returns a random 14-tile hand near a special shape.
func randomSpecial(r *rand.Rand) tile.Counts {
	var c tile.Counts
	switch r.IntN(4) {
	case 0: // pairs
		for c.Total() < 14 {
			k := r.IntN(12) * 3 % 34
			if c[k] <= 2 {
				c[k] += 2
			}
		}
	case 1: // orphans
		orphans := []int{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}
		for _, k := range orphans {
			c[k] = 1
		}
		c[orphans[r.IntN(13)]]++
		if r.IntN(3) == 0 {
			c[orphans[r.IntN(13)]]--
			c[r.IntN(34)]++
		}
	case 2: // knitted tiles and honours
		p := refKnits[r.IntN(6)]
		var cand []int
		for s := range 3 {
			for x := p[s]; x < 9; x += 3 {
				cand = append(cand, s*9+x)
			}
		}
		for k := 27; k < 34; k++ {
			cand = append(cand, k)
		}
		r.Shuffle(len(cand), func(i, j int) { cand[i], cand[j] = cand[j], cand[i] })
		for _, k := range cand[:14] {
			c[k] = 1
		}
		if r.IntN(3) == 0 { // all seven honours: 七星不靠
			for k := 27; k < 34; k++ {
				c[k] = 1
			}
			for c.Total() > 14 {
				if k := cand[r.IntN(16)]; k < 27 {
					c[k] = 0
				}
			}
		}
		if r.IntN(2) == 0 { // knitted straight: nine knitted tiles, a set and a pair
			c = tile.Counts{}
			for s := range 3 {
				for x := p[s]; x < 9; x += 3 {
					c[s*9+x]++
				}
			}
			k := r.IntN(34)
			c[k] += 2
			s := r.IntN(3)*9 + r.IntN(7)
			c[s]++
			c[s+1]++
			c[s+2]++
		}
	case 3: // unrelated: distinct tiles, those of a suit three apart
		honors := 5 + r.IntN(3)
		for c.Total() < honors {
			c[27+r.IntN(7)] = 1
		}
		for tries := 0; c.Total() < 14 && tries < 1000; tries++ {
			k := r.IntN(27)
			if c[k] == 0 && (k%9 < 1 || c[k-1] == 0) && (k%9 < 2 || c[k-2] == 0) &&
				(k%9 > 7 || c[k+1] == 0) && (k%9 > 6 || c[k+2] == 0) {
				c[k] = 1
			}
		}
		for c.Total() < 14 {
			c[r.IntN(34)] = 1
		}
	}
	for k := range c {
		if c[k] > 4 {
			return randomSpecial(r)
		}
	}
	return c
}

// propertyCases returns a fixed random sample of complete-sized hands.
func propertyCases(n int) []propertyCase {
	r := rand.New(rand.NewPCG(7, 11))
	var out []propertyCase
	for i := range n {
		o := randomOptions(r)
		var c tile.Counts
		switch i % 4 {
		case 0:
			c = randomComplete(r, r.IntN(5), r.IntN(2) == 0)
		case 1:
			c = randomTiles(r, 14-3*r.IntN(3), 9+r.IntN(5))
		case 2:
			c = randomSpecial(r)
		case 3:
			c = randomComplete(r, r.IntN(3), true)
			o.Wildcards = 1 + r.IntN(2)
			c = dropTiles(r, c, o.Wildcards)
			if r.IntN(2) == 0 {
				o.WildNever = hand.MaskOf(tile.Green, tile.Red)
			}
		}
		out = append(out, propertyCase{c, o})
	}
	return out
}

// checkArrangements compares Arrangements with the reference and checks
// that each arrangement rebuilds the hand.
func checkArrangements(t *testing.T, c tile.Counts, o hand.Options) {
	t.Helper()
	got, err := hand.Arrangements(c, o)
	if err != nil {
		t.Fatalf("%v %+v: %v", c, o, err)
	}
	gs := make([]string, len(got))
	for i, a := range got {
		gs[i] = formatKinds(a)
		checkRebuild(t, c, o, a)
	}
	slices.Sort(gs)
	want := refArrangements(c, o)
	if joinLines(gs) != joinLines(want) {
		t.Errorf("Arrangements(%v, %+v) =\n%s\nreference:\n%s", c, o, joinLines(gs), joinLines(want))
	}
	if complete := hand.Complete(&c, &o); complete != (len(want) > 0) {
		t.Errorf("Complete(%v, %+v) = %v, reference has %d readings", c, o, complete, len(want))
	}
}

// checkRebuild checks that a's groups hold exactly the real tiles and the
// stand-ins, and that each stand-in is allowed and sits in its group.
func checkRebuild(t *testing.T, c tile.Counts, o hand.Options, a hand.Arrangement) {
	t.Helper()
	var sum tile.Counts
	for _, g := range a.Groups {
		for _, k := range groupKinds(g) {
			sum[k]++
		}
	}
	real := c
	if len(a.Wild) != o.Wildcards {
		t.Errorf("%s: %d stand-ins for %d wildcards", format(a), len(a.Wild), o.Wildcards)
	}
	for _, w := range a.Wild {
		real[w.For]++
		if o.WildNever.Has(w.For) {
			t.Errorf("%s: a wildcard stands for %v", format(a), w.For)
		}
		if w.Group < 0 || w.Group >= len(a.Groups) || !slices.Contains(groupKinds(a.Groups[w.Group]), w.For) {
			t.Errorf("%s: stand-in %v is not in group %d", format(a), w.For, w.Group)
		}
	}
	if sum != real {
		t.Errorf("%s does not rebuild %v", format(a), c)
	}
}

func groupKinds(g hand.Group) []tile.Kind {
	switch g.Kind {
	case hand.Sequence:
		return []tile.Kind{g.Tile, g.Tile + 1, g.Tile + 2}
	case hand.Triplet:
		return []tile.Kind{g.Tile, g.Tile, g.Tile}
	case hand.Pair:
		return []tile.Kind{g.Tile, g.Tile}
	case hand.Knitted:
		return []tile.Kind{g.Tile, g.Tile + 3, g.Tile + 6}
	}
	return []tile.Kind{g.Tile}
}

func TestArrangementsProperty(t *testing.T) {
	var shapes [hand.SevenStars + 1]int
	wild := 0
	for _, pc := range propertyCases(400) {
		checkArrangements(t, pc.c, pc.o)
		as, _ := hand.Arrangements(pc.c, pc.o)
		for _, a := range as {
			shapes[a.Shape]++
			if len(a.Wild) > 0 {
				wild++
			}
		}
	}
	// The sample must reach every shape, or the comparison proves little.
	for sh, n := range shapes {
		if n == 0 {
			t.Errorf("no sample hand has shape %d", sh)
		}
	}
	if wild < 50 {
		t.Errorf("only %d readings with wildcards in the sample", wild)
	}
	t.Logf("readings per shape %v, with wildcards %d", shapes, wild)
}

// TestArrangementsManyWildcards covers three and four wildcards on small
// hands, where the reference's substitution stays quick.
func TestArrangementsManyWildcards(t *testing.T) {
	cases := []struct {
		hand string
		o    hand.Options
	}{
		{"1m", hand.Options{Wildcards: 4}},
		{"2m", hand.Options{Wildcards: 4, PairOnly: mask258}},
		{"5z", hand.Options{Wildcards: 4, WildNever: hand.MaskOf(tile.Green, tile.Red)}},
		{"13m", hand.Options{Wildcards: 3}},
		{"1z9s", hand.Options{Wildcards: 3}},
		{"1234m", hand.Options{Wildcards: 4}},
		{"11m", hand.Options{Wildcards: 3}},
		{"", hand.Options{Wildcards: 2}},
		{"123m456p789s1z", hand.Options{Wildcards: 4, Shapes: all, FourAsTwoPairs: true}},
		{"19m19p19s12345z", hand.Options{Wildcards: 3, Shapes: all}},
		{"147m258p3s1234z", hand.Options{Wildcards: 3, Shapes: all}},
		{"112233m4455p", hand.Options{Wildcards: 4, Shapes: all, FourAsTwoPairs: true}},
	}
	for _, tt := range cases {
		t.Run(tt.hand, func(t *testing.T) {
			checkArrangements(t, counts(t, tt.hand), tt.o)
		})
	}
}

// refWaits is Waits by brute force over the 34 kinds.
func refWaits(c tile.Counts, o hand.Options) string {
	var ws []hand.Wait
	for k := range tile.NumKinds {
		c2 := c
		c2[k]++
		var sh hand.Shapes
		var ic [tile.NumKinds]int
		for i, v := range c2 {
			ic[i] = int(v)
		}
		for _, s := range refArrangements(c2, o) {
			if s[0] >= '0' && s[0] <= '9' && s[1] == ':' {
				sh |= hand.ShapesOf(hand.Shape(s[0] - '0'))
			} else {
				sh |= hand.ShapesOf(hand.Standard)
			}
		}
		if sh != 0 {
			ws = append(ws, hand.Wait{Tile: tile.Kind(k), Shapes: sh, Exhausted: c[k] == 4})
		}
	}
	return waitString(ws)
}

func TestWaitsProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	for i, pc := range propertyCases(160) {
		c, o := pc.c, pc.o
		if o.Wildcards > 0 && i%3 != 0 {
			continue // keep the brute force quick
		}
		if c.Total() > 0 {
			c = dropTiles(r, c, 1)
		} else {
			o.Wildcards--
		}
		got, err := hand.Waits(c, o)
		if err != nil {
			t.Fatalf("Waits(%v, %+v): %v", c, o, err)
		}
		if g, w := waitString(got), refWaits(c, o); g != w {
			t.Errorf("Waits(%v, %+v) = %q, brute force %q", c, o, g, w)
		}
	}
}

// TestShantenProperty checks shanten against its definition: -1 exactly
// for complete hands, 0 exactly for waiting ones, and otherwise one more
// than the best hand one exchange (a tile out, another in) away.
func TestShantenProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	for i := range 120 {
		o := randomOptions(r)
		o.Shapes &= hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans)
		melds := r.IntN(3)
		var c tile.Counts
		switch i % 3 {
		case 0:
			c = dropTiles(r, randomComplete(r, melds, true), 1+r.IntN(4))
			for c.Total() < 13-3*melds {
				c[r.IntN(34)]++
			}
		case 1:
			c = randomTiles(r, 13-3*melds, 34)
		case 2:
			c = randomTiles(r, 13-3*melds, 12)
		}
		if slices.Max(c[:]) > 4 {
			continue
		}
		checkShanten(t, c, o)
	}
}

// TestShantenSpecialProperty does the same near the shapes of distinct
// tiles (全不靠, 七星不靠, 十三不搭, 七星聚会).
func TestShantenSpecialProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 1))
	o := hand.Options{Shapes: all &^ hand.ShapesOf(hand.KnittedStraight)}
	for range 150 {
		c := dropTiles(r, randomSpecial(r), 1+r.IntN(3))
		for c.Total() < 13 {
			if k := r.IntN(34); c[k] < 4 {
				c[k]++
			}
		}
		checkShanten(t, c, o)
	}
}

// checkShanten checks the shanten of a 13−3k tile hand against waits and
// the hands one exchange away.
func checkShanten(t *testing.T, c tile.Counts, o hand.Options) {
	t.Helper()
	shanten := func(c tile.Counts, o hand.Options) int {
		s, err := hand.Shanten(c, o)
		if err != nil {
			t.Fatalf("Shanten(%v, %+v): %v", c, o, err)
		}
		return s
	}
	s := shanten(c, o)
	ws, err := hand.Waits(c, o)
	if err != nil {
		t.Fatal(err)
	}
	if (s == 0) != (len(ws) > 0) {
		t.Errorf("Shanten(%v, %+v) = %d but %d waits", c, o, s, len(ws))
	}
	for k, v := range c {
		if v == 0 {
			continue
		}
		c14 := c
		c14[k]++
		if v < 4 {
			if s14 := shanten(c14, o); s14 < s-1 || s14 > s || (s14 == -1) != hand.Complete(&c14, &o) {
				t.Errorf("Shanten(%v) = %d, with %v = %d", c, s, tile.Kind(k), s14)
			}
		}
	}
	if s <= 0 {
		return
	}
	best := 99
	for out := range tile.NumKinds {
		if c[out] == 0 {
			continue
		}
		for in := range tile.NumKinds {
			if in == out || c[in] == 4 {
				continue
			}
			c2 := c
			c2[out]--
			c2[in]++
			s2 := shanten(c2, o)
			if s2 < s-1 {
				t.Fatalf("Shanten(%v, %+v) = %d, but %v→%v gives %d", c, o, s, tile.Kind(out), tile.Kind(in), s2)
			}
			best = min(best, s2)
		}
	}
	if best != s-1 {
		t.Errorf("Shanten(%v, %+v) = %d, best exchange gives %d", c, o, s, best)
	}
}

// TestShantenWildcards compares a wildcard's shanten with the best real
// tile in its place.
func TestShantenWildcards(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for range 60 {
		o := randomOptions(r)
		o.Shapes &= hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans)
		o.Wildcards = 1 + r.IntN(2)
		c := randomTiles(r, 13-o.Wildcards, 20+r.IntN(14))
		got, err := hand.Shanten(c, o)
		if err != nil {
			t.Fatal(err)
		}
		best := 99
		plain := o
		plain.Wildcards = 0
		var rec func(from, left int, c tile.Counts)
		rec = func(from, left int, c tile.Counts) {
			if left == 0 {
				s, err := hand.Shanten(c, plain)
				if err != nil {
					t.Fatal(err)
				}
				best = min(best, s)
				return
			}
			for k := from; k < tile.NumKinds; k++ {
				if c[k] < 4 {
					c[k]++
					rec(k, left-1, c)
					c[k]--
				}
			}
		}
		rec(0, o.Wildcards, c)
		if got != best {
			t.Errorf("Shanten(%v, %+v) = %d, best substitution %d", c, o, got, best)
		}
	}
}

func TestFuzzSeedsBadInput(t *testing.T) {
	// Bad input is an error, never a panic.
	var c tile.Counts
	c[0] = 200
	if _, err := hand.Waits(c, hand.Options{}); !errors.Is(err, hand.ErrTooManyCopies) {
		t.Errorf("Waits(200 copies) error = %v", err)
	}
	if _, err := hand.Shanten(c, hand.Options{}); !errors.Is(err, hand.ErrTooManyCopies) {
		t.Errorf("Shanten(200 copies) error = %v", err)
	}
	c = counts(t, "123m456p789s1122z")
	if _, err := hand.Waits(c, hand.Options{Wildcards: 9}); !errors.Is(err, hand.ErrWildcards) {
		t.Errorf("Waits(9 wildcards) error = %v", err)
	}
	if _, err := hand.Waits(counts(t, "123m456p789s11223z"), hand.Options{}); !errors.Is(err, hand.ErrTileCount) {
		t.Errorf("Waits(14 tiles) error = %v", err)
	}
}
