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
