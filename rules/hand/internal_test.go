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
		fast, ok := shantenTable(&c, n)
		if !ok {
			continue
		}
		// The per-suit search, as under a pair rule that allows every kind.
		slow := shantenStandard(&c, n, Mask(1)<<tile.NumKinds-1)
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

func TestOrphanKinds(t *testing.T) {
	var m Mask
	for _, k := range orphanKinds {
		m |= 1 << k
	}
	if m != orphanMask {
		t.Errorf("orphanKinds make %#x, orphanMask is %#x", m, orphanMask)
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
