package wuhan

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/hand"
	"jantaku/rules/tile"
)

// TestHasMatchesFind: what the tables tell of a set of props (has) is
// what the search finds (find), for every set of props, on random hands
// of every variant with 1 to 4 wildcards: complete hands (sets and a
// pair, some tiles made wildcards) and the same with a tile changed.
func TestHasMatchesFind(t *testing.T) {
	r := rand.New(rand.NewPCG(24, 24))
	n := 20000
	if testing.Short() {
		n = 3000
	}
	tabled, yes := 0, 0
	for i := 0; i < n; i++ {
		name := presetNames[r.IntN(len(presetNames))]
		o, err := Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		set, err := o.Set()
		if err != nil {
			t.Fatal(err)
		}
		ind := tile.Kind(r.IntN(tile.NumKinds))
		if !set.Has(ind) {
			continue
		}
		roles, err := o.Roles(ind)
		if err != nil {
			t.Fatal(err)
		}
		sc := &scorer{o: &o, r: roles, n: o.Players()}
		c, w, ok := randomHand(r, roles)
		if !ok {
			continue
		}
		h := hand.Count(&c)
		var memo hasMemo
		opts := hand.Options{Wildcards: w, WildNever: roles.never()}
		for want := props(0); want <= allProps; want++ {
			got, tab := sc.has(&c, &h, &memo, w, want)
			if !tab {
				continue
			}
			tabled++
			var d hand.Decomposition
			if found := sc.find(&c, h.Held(), &opts, want, &d); got != found {
				t.Fatalf("%s, wildcard %v: %v with %d wildcards, props %03b: the tables say %v, the search %v",
					name, roles.Wildcard, tile.Format(countsTiles(&c)), w, want, got, found)
			}
			if got {
				yes++
			}
		}
	}
	if tabled < n || yes < n/4 {
		t.Fatalf("only %d sets of props decided by the tables, %d with a reading", tabled, yes)
	}
	t.Logf("%d sets of props decided by the tables, %d with a reading", tabled, yes)
}

// randomHand is 14 tiles of sets and a pair over a few kinds (so that
// they read several ways), 1 to 4 of them made wildcards, and one time
// in three a real tile changed; ok false when a count is over four.
func randomHand(r *rand.Rand, roles Roles) (c tile.Counts, w int, ok bool) {
	var play []tile.Kind
	for k := range tile.Kind(tile.NumKinds) {
		if roles.playable(k) && k != roles.Wildcard {
			play = append(play, k) // a real tile
		}
	}
	// The scorer's counts hold no wildcard's kind: its tiles are all
	// wildcards.
	isReal := func(k tile.Kind) bool { return roles.playable(k) && k != roles.Wildcard }
	lo := r.IntN(len(play))
	pick := func() tile.Kind { return play[(lo+r.IntN(8))%len(play)] }
	var ks []tile.Kind
	for range 4 {
		k := pick()
		if r.IntN(2) == 0 && k.IsSuited() && k.Rank() <= 7 && isReal(k+1) && isReal(k+2) {
			ks = append(ks, k, k+1, k+2)
		} else {
			ks = append(ks, k, k, k)
		}
	}
	p := pick()
	ks = append(ks, p, p)
	w = 1 + r.IntN(4)
	r.Shuffle(len(ks), func(i, j int) { ks[i], ks[j] = ks[j], ks[i] })
	if r.IntN(3) == 0 {
		ks[w] = pick()
	}
	for _, k := range ks[w:] {
		c[k]++
		if c[k] > 4 {
			return c, w, false
		}
	}
	return c, w, true
}

func countsTiles(c *tile.Counts) []tile.Tile {
	var out []tile.Tile
	for k, v := range c {
		for range v {
			out = append(out, tile.Tile{Kind: tile.Kind(k)})
		}
	}
	return out
}
