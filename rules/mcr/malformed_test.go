package mcr_test

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/mcr"
	"jantaku/rules/tile"
	"jantaku/rules/tile/tiletest"
)

// TestMalformedHandsAreTurnedDown scores seeded malformed hands
// (tiletest: melds spoiled, counts of any value, winds and flowers out of
// range) through Score and a reused Scorer: none may panic, and a tile of
// no playing kind anywhere must be an error.
func TestMalformedHandsAreTurnedDown(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 20))
	h0, err := mcr.ParseHand("(pon 555z<1)(chi 123m<2)(pon 999p<3)(kan 1111s<1)22m")
	if err != nil {
		t.Fatal(err)
	}
	var z mcr.Scorer
	foreigners := 0
	for range 20000 {
		h := h0
		h.Melds = tiletest.Melds(r, h0.Melds)
		if r.IntN(3) == 0 {
			h.Concealed[r.IntN(len(h.Concealed))] = uint8(r.IntN(256))
		}
		h.Flowers = r.IntN(12) - 2
		c := mcr.Conditions{Win: tile.Kind(r.IntN(40)), Prevalent: tile.Kind(r.IntN(40)), Seat: tile.Kind(r.IntN(40)), SelfDrawn: r.IntN(2) == 0}
		foreign := tiletest.Foreign(h.Melds) || c.Win >= tile.NumKinds
		if foreign {
			foreigners++
		}
		tiletest.NoPanic(t, []any{h, c}, func() {
			_, err1 := mcr.Score(h, c, mcr.Official())
			_, err2 := z.Score(h, c, mcr.Simplified())
			if foreign && (err1 == nil || err2 == nil) {
				t.Fatalf("%+v %+v: a tile of no playing kind scored", h, c)
			}
		})
	}
	if foreigners < 1000 {
		t.Fatalf("only %d hands with a tile of no playing kind", foreigners)
	}
}
