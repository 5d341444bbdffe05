package sichuan_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/sichuan"
	"jantaku/rules/tile"
	"jantaku/rules/tile/tiletest"
)

// TestMalformedHandsAreTurnedDown scores seeded malformed hands
// (tiletest: melds spoiled, counts of any value, a missing suit of any
// value) through Score and a reused Scorer: none may panic, and a tile of
// no playing kind in a meld must be an error.
func TestMalformedHandsAreTurnedDown(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 21))
	var z sichuan.Scorer
	foreigners := 0
	for _, n := range []string{"123456p22p888p(pon 999p<1)", "111m999m222p33p(pon 777p<1)", "(kan 5555p<1)(chi 123m<2)99p234m22m"} {
		h0, err := sichuan.ParseHand(n, tile.Sou)
		if err != nil {
			t.Fatal(err)
		}
		for range 7000 {
			h := h0
			h.Melds = tiletest.Melds(r, h0.Melds)
			if r.IntN(3) == 0 {
				h.Concealed[r.IntN(len(h.Concealed))] = uint8(r.IntN(256))
			}
			if r.IntN(5) == 0 {
				h.Missing = tile.Suit(r.IntN(256))
			}
			c := sichuan.Conditions{SelfDrawn: r.IntN(2) == 0, Replacement: r.IntN(2) == 0, Robbing: r.IntN(2) == 0}
			foreign := tiletest.Foreign(h.Melds)
			if foreign {
				foreigners++
			}
			tiletest.NoPanic(t, h, func() {
				_, err1 := sichuan.Score(h, c, sichuan.Defaults())
				_, err2 := z.Score(h, c, sichuan.Defaults())
				if foreign && (err1 == nil || err2 == nil) {
					t.Fatalf("%+v: a tile of no playing kind scored", h)
				}
			})
		}
	}
	if foreigners < 1000 {
		t.Fatalf("only %d hands with a tile of no playing kind", foreigners)
	}
}

// TestBadMeldIsIllegal: a meld that is no set is turned down as an
// illegal description, not counted as three tiles of nothing.
func TestBadMeldIsIllegal(t *testing.T) {
	h, err := sichuan.ParseHand("12223456888p(pon 999p<1)", tile.Sou)
	if err != nil {
		t.Fatal(err)
	}
	flower := h
	flower.Melds = []tile.Meld{{Type: tile.Pon, From: 1, Tiles: []tile.Tile{{Kind: tile.Spring}, {Kind: tile.Spring}, {Kind: tile.Spring}}}}
	short := h
	short.Melds = []tile.Meld{{Type: tile.Pon, From: 1, Tiles: h.Melds[0].Tiles[:2]}}
	for name, bad := range map[string]sichuan.Hand{"a pung of flowers": flower, "a pung of two tiles": short} {
		if _, err := sichuan.Score(bad, sichuan.Conditions{SelfDrawn: true}, sichuan.Defaults()); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("%s: %v, want %v", name, err, game.ErrIllegal)
		}
	}
	if _, err := sichuan.Score(h, sichuan.Conditions{SelfDrawn: true}, sichuan.Defaults()); err != nil {
		t.Fatalf("the hand itself: %v", err)
	}
}
