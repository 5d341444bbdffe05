package sensing_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"jantaku/firmware/sensing"
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// TestFaceDownTileBeforeTheDiscard: the last seat to choose its missing
// suit (the dealer) puts a tile of that suit face down in its melds and
// discards another tile of the suit. Two reads of the melds miss the
// face-down tile, and the discard's reads agree first. The discard is not
// taken for the face-down tile discarded at once while the hand's reads
// no longer see the face-down tile: once the melds see it, the choice is
// made with it, then the discard. (Sichuan hand 91032 at the fast pace.)
func TestFaceDownTileBeforeTheDiscard(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		g, sn, tb := dealPreset(t, "sichuan", seed, nil)
		h := g.Hand()
		if h.Phase != game.Setup {
			t.Fatalf("seed %d: sichuan starts with %s, want the missing-suit choices", seed, h.Phase)
		}
		dealer := h.Turn
		// The dealer's suit with two tiles or more: a face-down tile and a
		// discard.
		var down, disc tile.Tile
		for su := tile.Man; su <= tile.Sou && disc == (tile.Tile{}); su++ {
			var of []tile.Tile
			for _, tl := range h.Seats[dealer].Hand {
				if tl.Kind.IsSuited() && tl.Kind.Suit() == su {
					of = append(of, tl)
				}
			}
			if len(of) >= 2 {
				down, disc = of[0], of[1]
			}
		}
		if disc == (tile.Tile{}) {
			continue
		}
		at := time.Date(2026, 1, 1, 9, 0, 1, 0, time.UTC)
		for s := range h.Players {
			if seat := game.Seat(s); seat != dealer {
				sn.Declare(context.Background(), sensing.Declaration{Seat: seat, Kind: sensing.DeclareMissing, Suit: tile.Pin, At: at})
			}
		}
		if got := g.Hand().Phase; got != game.Setup {
			t.Fatalf("seed %d: after three choices the hand is at %s, want the dealer's choice still to come", seed, got)
		}
		du, xu := uidOf(t, tb, down), uidOf(t, tb, disc)
		hz, mz, pz := sensing.SeatZone(dealer, sensing.Hand), sensing.SeatZone(dealer, sensing.Melds), sensing.SeatZone(dealer, sensing.Discards)
		all := handUIDs(t, g, tb, dealer, nil)
		noDown := handUIDs(t, g, tb, dealer, []tile.Tile{down})
		neither := handUIDs(t, g, tb, dealer, []tile.Tile{down, disc})

		r := &reader{t: t, sn: sn, at: at}
		r.read(hz, all...)
		r.read(hz, all...)
		r.read(hz, noDown...) // the face-down tile lifted
		r.read(mz)            // down by now: missed
		r.read(hz, neither...)
		r.read(mz) // missed again
		r.read(pz, xu)
		r.read(pz, xu) // the discard's reads agree
		if len(r.accepted) > 0 {
			t.Fatalf("seed %d: accepted %v while the face-down tile was on its way", seed, r.accepted)
		}
		r.read(mz, du)
		r.read(mz, du)
		r.read(hz, neither...)
		want := []game.Action{
			{Kind: game.Missing, Seat: dealer, Suit: down.Kind.Suit(), Tile: down},
			{Kind: game.Discard, Seat: dealer, Tile: disc},
		}
		r.check(fmt.Sprintf("seed %d: ", seed), want...)
		return
	}
	t.Fatal("no Sichuan dealer in 40 hands held two tiles of a suit: the test proves nothing")
}
