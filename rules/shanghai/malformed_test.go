package shanghai_test

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/shanghai"
	"jantaku/rules/tile"
	"jantaku/rules/tile/tiletest"
)

// TestMalformedSituationsAreTurnedDown scores seeded malformed
// situations of every variant (tiletest: every hand's melds spoiled, its
// concealed tiles and flowers of any kind, seats and the winning tile out
// of range) through Score and a reused Scorer: none may panic, and a meld
// tile or a winning tile of no playing kind must be an error.
func TestMalformedSituationsAreTurnedDown(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 23))
	var base shanghai.Situation
	for i, h := range []string{
		"999s55z14m8p26s (pon 555p<1) 1f",
		"234m777p567s22z (pon 777z<2) 2f",
		"369m3p48s1z (pon 666z<1) (kan 1111p<2)",
		"2568m269p137s13z4z 3f",
	} {
		var err error
		if base.Hands[i], err = tile.ParseHand(h); err != nil {
			t.Fatal(err)
		}
	}
	base.Round = tile.East
	base.Win = shanghai.Win{Seat: 1, Tile: tile.M3, From: game.NoSeat}
	var z shanghai.Scorer
	foreigners := 0
	for _, v := range []shanghai.Variant{shanghai.Laoshi, shanghai.Liuxing, shanghai.Xinshi} {
		o, err := shanghai.Preset(v)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := shanghai.Score(o, base); err != nil {
			t.Fatalf("%v: the situation spoiled below: %v", v, err)
		}
		for range 7000 {
			s := base
			foreign := false
			for i, h := range base.Hands {
				h.Melds = tiletest.Melds(r, h.Melds)
				h.Concealed = tiletest.Tiles(r, h.Concealed)
				h.Flowers = tiletest.Tiles(r, h.Flowers)
				s.Hands[i] = h
				foreign = foreign || tiletest.Foreign(h.Melds)
			}
			if r.IntN(4) == 0 {
				s.Win.Tile = tile.Kind(r.IntN(256))
			}
			foreign = foreign || s.Win.Tile >= tile.NumKinds
			if r.IntN(4) == 0 {
				s.Win.Seat = game.Seat(r.IntN(10) - 2)
			}
			if r.IntN(4) == 0 {
				s.Win.From = game.Seat(r.IntN(10) - 2)
			}
			if r.IntN(4) == 0 {
				s.Dealer = game.Seat(r.IntN(10) - 2)
			}
			if foreign {
				foreigners++
			}
			tiletest.NoPanic(t, s, func() {
				_, err1 := shanghai.Score(o, s)
				_, err2 := z.Score(o, s)
				if foreign && (err1 == nil || err2 == nil) {
					t.Fatalf("%v %+v: a tile of no playing kind scored (%v, %v)", v, s, err1, err2)
				}
			})
		}
	}
	if foreigners < 1000 {
		t.Fatalf("only %d situations with a tile of no playing kind", foreigners)
	}
}
