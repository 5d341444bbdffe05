package wuhan_test

import (
	"math/rand/v2"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/rules/tile/tiletest"
	"jantaku/rules/wuhan"
)

// TestMalformedSituationsAreTurnedDown scores and values as false wins
// seeded malformed situations (tiletest: every player's melds spoiled,
// concealed tiles and specials of any kind, seats, ways and indicators
// out of range): none may panic, and a meld tile or a winning tile of no
// playing kind must be an error.
func TestMalformedSituationsAreTurnedDown(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 22))
	pungs := win(t, false, "(pon 111s<1)", "999m333p11z5p8p", "")
	small := win(t, false, "(chi 123m<3)", "456m789s234p8m", "")
	bases := []wuhan.Situation{
		situation(t, "4p", 0, "8p", wuhan.ByDiscard, 1, pungs, payer(t, false, opened, ""), payer(t, false, "", ""), payer(t, false, ankan, "")),
		situation(t, "4p", 3, "8m", wuhan.ByDiscard, 1, payer(t, true, opened, "6z"), payer(t, false, opened, ""), payer(t, false, opened, "7z5p"), small),
	}
	var z wuhan.Scorer
	foreigners := 0
	for _, s0 := range bases {
		for range 10000 {
			s := s0
			s.Players = make([]wuhan.Player, len(s0.Players))
			foreign := false
			for i, p := range s0.Players {
				p.Melds = tiletest.Melds(r, p.Melds)
				p.Concealed = tiletest.Kinds(r, p.Concealed)
				p.Specials = tiletest.Kinds(r, p.Specials)
				s.Players[i] = p
				foreign = foreign || tiletest.Foreign(p.Melds)
			}
			if r.IntN(4) == 0 {
				s.Players = s.Players[:r.IntN(len(s.Players)+1)]
				foreign = false // the meld may be cut off with its player
				for _, p := range s.Players {
					foreign = foreign || tiletest.Foreign(p.Melds)
				}
			}
			if r.IntN(4) == 0 {
				s.Tile = tile.Kind(r.IntN(256))
			}
			foreign = foreign || s.Tile >= tile.NumKinds
			if r.IntN(4) == 0 {
				s.Indicator = tile.Kind(r.IntN(256))
			}
			if r.IntN(4) == 0 {
				s.Winner = game.Seat(r.IntN(10) - 2)
			}
			if r.IntN(4) == 0 {
				s.From = game.Seat(r.IntN(10) - 2)
			}
			if r.IntN(4) == 0 {
				s.Way = wuhan.Way(r.IntN(6))
			}
			if foreign {
				foreigners++
			}
			tiletest.NoPanic(t, s, func() {
				_, err1 := wuhan.Score(wuhan.Defaults(), s)
				_, err2 := z.FalseWin(wuhan.Defaults(), s)
				if foreign && (err1 == nil || err2 == nil) {
					t.Fatalf("%+v: a tile of no playing kind scored (%v, %v)", s, err1, err2)
				}
			})
		}
	}
	if foreigners < 1000 {
		t.Fatalf("only %d situations with a tile of no playing kind", foreigners)
	}
}
