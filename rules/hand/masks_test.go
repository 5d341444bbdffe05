package hand_test

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// TestMasks: the masks read eight counts at a time are those of a plain
// scan of the counts, for random counts of every size a byte holds.
func TestMasks(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 1))
	for i := range 20000 {
		var c tile.Counts
		for k := range c {
			switch r.IntN(4) {
			case 0:
				c[k] = uint8(r.IntN(256))
			default:
				c[k] = uint8(r.IntN(7))
			}
		}
		var held, four, over hand.Mask
		for k, v := range c {
			if v > 0 {
				held |= 1 << k
			}
			if v == 4 {
				four |= 1 << k
			}
			if v > 4 {
				over |= 1 << k
			}
		}
		h, f, o := hand.Masks(&c)
		if h != held || f != four || o != over {
			t.Fatalf("case %d %v: Masks %x %x %x, scan %x %x %x", i, c, h, f, o, held, four, over)
		}
	}
}

// TestKindMasks: the family masks hold the kinds tile says they do.
func TestKindMasks(t *testing.T) {
	for k := tile.Kind(0); k < tile.NumKinds; k++ {
		for _, c := range []struct {
			m    hand.Mask
			want bool
			name string
		}{
			{hand.SuitedKinds, k.IsSuited(), "suited"},
			{hand.WindKinds, k.IsWind(), "wind"},
			{hand.DragonKinds, k.IsDragon(), "dragon"},
			{hand.HonorKinds, k.IsHonor(), "honour"},
			{hand.TerminalKinds, k.IsTerminal(), "terminal"},
			{hand.SimpleKinds, k.IsSimple(), "simple"},
		} {
			if c.m.Has(k) != c.want {
				t.Errorf("%s in %s: %v, tile says %v", k, c.name, c.m.Has(k), c.want)
			}
		}
	}
	if got := hand.MaskOf(tile.P2, tile.P9, tile.S5).SuitRanks(1); got != 1<<1|1<<8 {
		t.Errorf("circles of 2p9p5s: %b", got)
	}
}

// TestCountWaits: CountWaits counts what Waits lists, less the kinds
// skipped, exactly below its limit, on random waiting hands.
func TestCountWaits(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	o := hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans, hand.KnittedHonors, hand.GreaterKnitted, hand.KnittedStraight), FourAsTwoPairs: true}
	seen := 0
	for i := range 3000 {
		c := waitingHand(r)
		ws, err := hand.Waits(c, o)
		if err != nil {
			t.Fatal(err)
		}
		skip := hand.Mask(r.Uint64()) & (1<<tile.NumKinds - 1)
		want := 0
		for _, w := range ws {
			if !skip.Has(w.Tile) {
				want++
			}
		}
		seen += want
		for limit := 1; limit <= 3; limit++ {
			got, err := hand.CountWaits(&c, &o, skip, limit)
			if err != nil {
				t.Fatal(err)
			}
			if got != min(want, limit) {
				t.Fatalf("case %d %v skipping %x, limit %d: %d, Waits says %d", i, c, skip, limit, got, want)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no random hand was waiting: the test proves nothing")
	}
}

// waitingHand is four random sets and a pair, less one random tile: a
// hand waiting at least on that tile.
func waitingHand(r *rand.Rand) tile.Counts {
	for {
		var c tile.Counts
		ok := true
		for range 4 {
			k := r.IntN(tile.NumKinds)
			if k < int(tile.East) && k%9 < 7 && r.IntN(2) == 0 {
				c[k]++
				c[k+1]++
				c[k+2]++
			} else {
				c[k] += 3
			}
		}
		c[r.IntN(tile.NumKinds)] += 2
		for _, v := range c {
			ok = ok && v <= 4
		}
		if !ok {
			continue
		}
		for {
			if k := r.IntN(tile.NumKinds); c[k] > 0 {
				c[k]--
				return c
			}
		}
	}
}

// TestTotal: Total counts what tile.Counts.Total counts, for counts up to
// four (read eight at a time) and over (counted one by one).
func TestTotal(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 2))
	for i := range 20000 {
		var c tile.Counts
		top := 5
		if i%4 == 0 {
			top = 256
		}
		for k := range c {
			if r.IntN(3) == 0 {
				c[k] = uint8(r.IntN(top))
			}
		}
		if got, want := hand.Total(&c), c.Total(); got != want {
			t.Fatalf("case %d %v: Total %d, want %d", i, c, got, want)
		}
	}
}
