package hand

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/tile"
)

// The table-driven paths must agree with the searches they shortcut.

func randomHand(r *rand.Rand, n, kinds int) tile.Counts {
	var c tile.Counts
	for c.Total() < n {
		if k := r.IntN(kinds); c[k] < 4 {
			c[k]++
		}
	}
	return c
}

func TestCompleteFastMatchesSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 20000 {
		w := i % 5
		melds := r.IntN(5)
		n := 14 - 3*melds - w
		if n < 0 {
			continue
		}
		c := randomHand(r, n, 5+r.IntN(30))
		o := Options{Wildcards: w}
		if r.IntN(3) == 0 {
			o.WildNever = MaskOf(tile.Green, tile.Red)
		}
		if r.IntN(3) == 0 {
			o.PairOnly = MaskOf(tile.M2, tile.M5, tile.M8, tile.P2, tile.P5, tile.P8, tile.S2, tile.S5, tile.S8)
		}
		fast, handled := completeFast(&c, &o)
		if !handled {
			t.Fatalf("completeFast did not handle %v %+v", c, o)
		}
		s := stdSearch{c: c, wild: w, never: o.WildNever, pairs: o.PairOnly, pair: -1}
		if slow := s.run(0); slow != fast {
			t.Fatalf("%v %+v: table %v, search %v", c, o, fast, slow)
		}
	}
}

func TestShantenTableMatchesSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 5000 {
		melds := r.IntN(5)
		n := 13 - 3*melds + i%2
		c := randomHand(r, n, 9+r.IntN(26))
		h := Count(&c)
		fast := shantenTable(&h, n)
		// The per-suit search, as under a pair rule that allows every kind.
		slow := shantenSearch(&c, n, Mask(1)<<tile.NumKinds-1)
		if fast != slow {
			t.Fatalf("%v: table %d, search %d", c, fast, slow)
		}
	}
}

func TestKnitMasks(t *testing.T) {
	// Each mask: ranks r, r+3, r+6 of each suit, a different r per suit.
	seen := map[Mask]bool{}
	for _, m := range knitMasks {
		var offs [3]bool
		for s := range 3 {
			bits := m >> (9 * s) & 0x1ff
			var r int
			switch bits {
			case 0x49:
				r = 0
			case 0x92:
				r = 1
			case 0x124:
				r = 2
			default:
				t.Fatalf("mask %#x suit %d: ranks %#x", m, s, bits)
			}
			if offs[r] {
				t.Fatalf("mask %#x repeats an offset", m)
			}
			offs[r] = true
		}
		if m>>27 != 0 || seen[m] {
			t.Fatalf("mask %#x: honours or repeated", m)
		}
		seen[m] = true
	}
}

// TestCountMasks checks the word-at-a-time masks against a count by count
// reading, every count 0–7 in every place.
func TestCountMasks(t *testing.T) {
	for k := range tile.NumKinds {
		for v := range 8 {
			var c tile.Counts
			c[k] = uint8(v)
			c[(k+5)%tile.NumKinds] = uint8(7 - v)
			var held, odd, multi Mask
			for j, n := range c {
				if n > 0 {
					held |= 1 << j
				}
				if n&1 != 0 {
					odd |= 1 << j
				}
				if n > 1 {
					multi |= 1 << j
				}
			}
			if h, o, m := countMasks(&c); h != held || o != odd || m != multi {
				t.Fatalf("%v: countMasks %x %x %x, want %x %x %x", c, h, o, m, held, odd, multi)
			}
		}
	}
}

// TestGroupOffsets holds the offsets appendReadings tests to the kinds
// Group.mask gives, for every group kind and tile.
func TestGroupOffsets(t *testing.T) {
	for kind := Sequence; kind <= Single; kind++ {
		for k := range tile.Kind(tile.NumKinds) {
			g := Group{Kind: kind, Tile: k}
			for win := range tile.Kind(tile.NumKinds) {
				d := uint8(win - k)
				got := d <= 6 && groupOffsets[kind]>>d&1 != 0
				if want := g.mask().Has(win); got != want {
					t.Errorf("%v at %v holds %v: offsets say %v, mask %v", kind, k, win, got, want)
				}
			}
		}
	}
}

// TestShantenDifferential compares Shanten, on seeded random hands of
// every size (13−3k and 14−3k tiles with the wildcards, from a window of
// kinds so that a suit may hold up to 14 tiles), with a reference that
// shares none of its tables: the standard shape by the per-suit search
// without a pair rule, seven pairs and thirteen orphans counted kind by
// kind.
func TestShantenDifferential(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	orphans := []tile.Kind{tile.M1, tile.M9, tile.P1, tile.P9, tile.S1, tile.S9,
		tile.East, tile.South, tile.West, tile.North, tile.White, tile.Green, tile.Red}
	var seen [2][16]int // by whole or not, shanten + 1
	for range 40000 {
		n := 13 - 3*r.IntN(5) + r.IntN(2)
		w := 0
		if r.IntN(3) == 0 {
			w = min(r.IntN(5), n-1)
		}
		start, width := r.IntN(tile.NumKinds), 1+r.IntN(tile.NumKinds)
		width = max(width, (n-w+3)/4)
		var c tile.Counts
		for left := n - w; left > 0; {
			if k := (start + r.IntN(width)) % tile.NumKinds; c[k] < 4 {
				c[k]++
				left--
			}
		}
		o := Options{Wildcards: w, FourAsTwoPairs: r.IntN(3) == 0}
		if r.IntN(2) == 0 {
			o.Shapes |= ShapesOf(SevenPairs)
		}
		if r.IntN(2) == 0 {
			o.Shapes |= ShapesOf(ThirteenOrphans)
		}

		want := shantenSearch(&c, n, 0)
		if n >= 13 && o.Shapes.Has(SevenPairs) {
			pairs, kinds, two := 0, 0, 0
			for _, v := range c {
				kinds += min(int(v), 1)
				pairs += min(int(v)/2, 1)
				two += int(v) / 2
			}
			if o.FourAsTwoPairs {
				want = min(want, 6-min(two, 7))
			} else {
				want = min(want, 6-pairs+max(0, 7-kinds))
			}
		}
		if n >= 13 && o.Shapes.Has(ThirteenOrphans) {
			kinds, pair := 0, 0
			for _, k := range orphans {
				kinds += min(int(c[k]), 1)
				pair = max(pair, min(int(c[k])/2, 1))
			}
			want = min(want, 13-kinds-pair)
		}
		floor := 0
		if n%3 == 2 {
			floor = -1
		}
		want = max(floor, want-w)

		got, err := Shanten(c, o)
		if err != nil || got != want {
			t.Fatalf("Shanten(%v, %+v) = %d, %v; reference %d", c, o, got, err, want)
		}
		seen[min(n, 14)/13][got+1]++
	}
	// The hands reach complete, tenpai and far from it.
	for whole, counts := range seen {
		if counts[0] == 0 || counts[1] == 0 || counts[4] == 0 {
			t.Errorf("whole hands %v: shanten counts from -1: %v", whole == 1, counts)
		}
	}
}

// TestSlotClasses checks the table of products of slot classes against
// the products themselves, and that the classes fit.
func TestSlotClasses(t *testing.T) {
	blockTable()
	b := &suitBlocks
	if b.n > maxClasses {
		t.Fatalf("%d classes, room for %d", b.n, maxClasses)
	}
	for x := range b.n {
		for y := range b.n {
			if got, want := b.classes[b.times[x][y]], b.classes[x].times(&b.classes[y]); got != want {
				t.Fatalf("classes %d × %d: table %v, product %v", x, y, got, want)
			}
		}
	}
}
