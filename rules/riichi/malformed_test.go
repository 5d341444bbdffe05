package riichi_test

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/riichi"
	"jantaku/rules/tile"
	"jantaku/rules/tile/tiletest"
)

// TestMalformedWinsAreTurnedDown scores seeded malformed wins (tiletest:
// melds spoiled, concealed tiles of any kind, winds and counts out of
// range) through Score and a reused Scorer: none may panic, and a tile of
// no playing kind anywhere must be an error.
func TestMalformedWinsAreTurnedDown(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 19))
	var z riichi.Scorer
	foreigners := 0
	for _, n := range []string{"(pon 555z<1)(chi 123m<2)(pon 999p<3)[ankan 1111s]22m", "(kan 5555z<1)234m99p234s22m"} {
		h, err := tile.ParseHand(n)
		if err != nil {
			t.Fatal(err)
		}
		for range 10000 {
			w := riichi.Win{Concealed: tiletest.Tiles(r, h.Concealed), Melds: tiletest.Melds(r, h.Melds), WinTile: tile.Kind(r.IntN(40)),
				Tsumo: r.IntN(2) == 0, Riichi: r.IntN(2) == 0, Seat: riichi.Wind(r.IntN(6)), Round: riichi.Wind(r.IntN(6)), From: riichi.Wind(r.IntN(6)),
				Dora: []tile.Kind{tile.Kind(r.IntN(256))}, Ura: []tile.Kind{tile.Kind(r.IntN(256))}, Kita: r.IntN(6) - 1, Honba: r.IntN(5) - 1}
			foreign := tiletest.Foreign(w.Melds) || w.WinTile >= tile.NumKinds
			for _, tl := range w.Concealed {
				foreign = foreign || tl.Kind >= tile.NumKinds
			}
			if foreign {
				foreigners++
			}
			tiletest.NoPanic(t, w, func() {
				_, err1 := riichi.Score(w, riichi.SeedRules())
				_, err2 := z.Score(w, riichi.MahjongSoulRules())
				if foreign && (err1 == nil || err2 == nil) {
					t.Fatalf("%+v: a tile of no playing kind scored", w)
				}
			})
		}
	}
	if foreigners < 1000 {
		t.Fatalf("only %d wins with a tile of no playing kind", foreigners)
	}
}
