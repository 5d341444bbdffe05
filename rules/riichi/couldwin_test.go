package riichi_test

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/hand"
	"jantaku/rules/riichi"
	"jantaku/rules/tile"
)

// TestCouldWinMatchesComplete checks the quick test a claim window opens
// with, the mask of kinds the referee keeps for a hand (WinKinds) and the
// exact one (Waits),
// against the full shape test, on seeded random hands drawn from
// narrow sets of kinds (so that many of them wait) and from every kind.
func TestCouldWinMatchesComplete(t *testing.T) {
	o, err := riichi.TablePreset("tenhou")
	if err != nil {
		t.Fatal(err)
	}
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	orphans := []tile.Kind{0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}
	pools := [][]tile.Kind{nil, {0, 1, 2, 3, 4, 5, 6, 7, 8}, {9, 10, 11, 12, 13, 14, 15, 16, 17, 27, 31}, orphans}
	rng := rand.New(rand.NewPCG(24, 3000))
	h := &game.Hand{Players: 4, Seats: make([]game.Player, 4)}
	wins := 0
	for i := range 20000 {
		pool := pools[i%len(pools)]
		var c tile.Counts
		held := h.Seats[0].Hand[:0]
		for len(held) < 13 {
			k := tile.Kind(rng.IntN(tile.NumKinds))
			if pool != nil {
				k = pool[rng.IntN(len(pool))]
			}
			if c[k] < 4 {
				held = append(held, tile.Tile{Kind: k, Copy: c[k]})
				c[k]++
			}
		}
		h.Seats[0].Hand = held
		var masks [4]hand.Mask // kinds held more than i times
		for k, v := range c {
			for i := range int(v) {
				masks[i] |= 1 << k
			}
		}
		kinds, ok := rs.WinKinds(&masks)
		if !ok {
			t.Fatalf("%s: no mask of the kinds it may win on", tile.Format(held))
		}
		exact, ok := rs.Waits(&masks)
		if !ok {
			t.Fatalf("%s: no exact mask of the kinds it wins on", tile.Format(held))
		}
		for k := range tile.Kind(tile.NumKinds) {
			if c[k] == 4 {
				if exact.Has(k) || rs.CouldWin(h, 0, tile.Tile{Kind: k}) {
					t.Fatalf("%s + a fifth %s: Waits %v, CouldWin %v, want neither", tile.Format(held), k, exact.Has(k), rs.CouldWin(h, 0, tile.Tile{Kind: k}))
				}
				continue
			}
			w := c
			w[k]++
			want := hand.Complete(&w, &hand.Options{Shapes: hand.ShapesOf(hand.SevenPairs, hand.ThirteenOrphans)})
			if want {
				wins++
			}
			if got := rs.CouldWin(h, 0, tile.Tile{Kind: k}); got != want {
				t.Fatalf("%s + %s: CouldWin %v, the shape test %v", tile.Format(held), k, got, want)
			}
			if exact.Has(k) != want {
				t.Fatalf("%s + %s: Waits says %v, the shape test %v", tile.Format(held), k, exact.Has(k), want)
			}
			if want && !kinds.Has(k) {
				t.Fatalf("%s + %s wins, but WinKinds leaves %s out", tile.Format(held), k, k)
			}
		}
	}
	if wins < 100 {
		t.Fatalf("only %d winning tiles in the random hands: the test says little", wins)
	}
}
