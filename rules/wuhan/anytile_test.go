package wuhan

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// TestAnyTileByTablesMatchesReadings checks the any-tile check by the
// need tables (anyTileByTables) against the check it replaces (anyTile:
// a reading of the hand with each kind added), on the waiting hands of
// random situations with 0–3 more of their tiles made wildcards (so that
// many wait on every tile), under every way of winning, 全求人's shape
// or not, and the lax reading of FalseWin.
func TestAnyTileByTablesMatchesReadings(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 27))
	n := diffSituations(t)
	var rs readingSet
	tested, wins, tabled := 0, 0, 0
	for tested < n {
		o, s, ok := randomSituation(r)
		if !ok {
			continue
		}
		sc := &scorer{o: &o, n: o.Players()}
		sc.r, _ = o.Roles(s.Indicator)
		win := &s.Players[s.Winner]
		ks := append([]tile.Kind(nil), win.Concealed...)
		for range r.IntN(4) {
			ks[r.IntN(len(ks))] = sc.r.Wildcard
		}
		c, w := sc.split(ks)
		if w > 4 {
			continue
		}
		h := hand.Count(&c)
		tested++
		for _, way := range []Way{BySelfDraw, ByDiscard, ByRobbing} {
			for v := range 4 {
				ctx := winCtx{way: way, bare: v&1 != 0, melded: meldKinds(win.Melds)}
				if way == BySelfDraw {
					ctx.replacement, ctx.seabed = v == 1, v == 2
				}
				sc.lax = v == 3
				got, ok := sc.anyTileByTables(&h, w, win.Melds, ctx)
				want := sc.anyTile(c, &h, w, win.Melds, ctx, &rs)
				if !ok {
					continue
				}
				tabled++
				if got != want {
					t.Fatalf("%+v, %v wildcards %d, melds %v, %+v, lax %v: by tables %v, by readings %v",
						sc.r, c, w, win.Melds, ctx, sc.lax, got, want)
				}
				if got {
					wins++
				}
			}
		}
	}
	if wins < tested/20 || tabled < tested {
		t.Fatalf("%d hands: %d checks by tables, %d waiting on every tile", tested, tabled, wins)
	}
	t.Logf("%d hands: %d checks by tables, %d waiting on every tile", tested, tabled, wins)
}

// TestPungsPlusMatchesPungsOnly checks pungsPlus, and pungsOnly of the
// counts with each kind added, against pungsByNeeds, on random counts,
// bans and pair rules.
func TestPungsPlusMatchesPungsOnly(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 29))
	yes := 0
	for range 20000 {
		var c tile.Counts
		for range r.IntN(14) {
			if k := r.IntN(tile.NumKinds); c[k] < 4 {
				c[k]++
			}
		}
		h := hand.Count(&c)
		bc := byCount(h.ByCount())
		w := r.IntN(5)
		var never, pairs hand.Mask
		if r.IntN(2) == 0 {
			never = hand.MaskOf(tile.Red, tile.Green)
		}
		if r.IntN(3) == 0 {
			never |= hand.Mask(r.Uint64()) & allKinds
		}
		pairs = allKinds
		if r.IntN(2) == 0 {
			pairs = mask258
		}
		if r.IntN(3) == 0 {
			pairs = hand.Mask(r.Uint64()) & allKinds
		}
		cand := allKinds &^ h.Four()
		if r.IntN(2) == 0 {
			cand &= hand.Mask(r.Uint64())
		}
		got := pungsPlus(&bc, w, never, pairs, cand)
		for k := range tile.Kind(tile.NumKinds) {
			if !cand.Has(k) {
				continue
			}
			ck := c
			ck[k]++
			hk := hand.Count(&ck)
			bk := byCount(hk.ByCount())
			want := pungsByNeeds(&bk, w, never, pairs)
			if one := pungsOnly(&bk, w, never, pairs); one != want {
				t.Fatalf("%v plus %v, %d wildcards, never %x, pairs %x: pungsOnly %v, by the needs of each count %v", c, k, w, never, pairs, one, want)
			}
			if got.Has(k) != want {
				t.Fatalf("%v plus %v, %d wildcards, never %x, pairs %x: pungsPlus %v, by the needs of each count %v", c, k, w, never, pairs, got.Has(k), want)
			} else if want {
				yes++
			}
		}
		if got&^cand != 0 {
			t.Fatalf("%v: pungsPlus %x outside the candidates %x", c, got, cand)
		}
	}
	if yes < 1000 {
		t.Fatalf("only %d kinds read as pungs", yes)
	}
}

// pungsByNeeds is pungsOnly worked out count by count: the wildcards
// each count needs as triplets only and with the pair in it, the pair
// going where it costs least.
func pungsByNeeds(bc *byCount, w int, never, pairs hand.Mask) bool {
	need0 := [5]int{0, 2, 1, 0, 2}
	need1 := [5]int{2, 1, 0, 2, 1}
	sum := 0
	var bad hand.Mask // in never, and needing wildcards as triplets
	for v := 1; v <= 4; v++ {
		sum += need0[v] * bits.OnesCount64(uint64(bc[v]))
		if need0[v] > 0 {
			bad |= bc[v] & never
		}
	}
	if bad != 0 {
		// Only as the pair, with no wildcard: held twice.
		return bad&(bad-1) == 0 && bad&pairs&bc[2] != 0 && sum-need0[2] <= w
	}
	delta := impossible
	for v, m := range bc {
		if m &= pairs; need1[v] > 0 {
			m &^= never
		}
		if m != 0 {
			delta = min(delta, need1[v]-need0[v])
		}
	}
	return sum+delta <= w
}
