package sensing_test

import (
	"slices"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/firmware/sensing"
	"jantaku/rules/game"
)

// As a hand begins on held zones, the antenna of the next seat's melds
// hears three times a tile of the dealer's hand that is still in its
// wall (the wall's tiles answer every antenna near them until they are
// told to keep quiet). Before the wall's first read the locator keeps it
// there (with every zone polled, a read of its zone is a few
// milliseconds away); after a read of the wall that missed it, the
// locator moves it, and it is still no discard claimed there: a tile the
// referee has in a hand by the deal and the reads in its wall has not
// been dealt. Once dealt, its way to the pond is the dealer's discard.
// (Riichi 30207 at the fast pace: taken for the dealer's first discard.)
func TestHeldUndealtTileIsNotPlayed(t *testing.T) {
	for _, held := range []bool{true, false} {
		g, sn, tb, walls := dealWith(t, "riichi", 1, nil, sensing.Config{Held: held})
		h := g.Hand()
		dealer := h.Turn
		if h.Phase != game.ToAct {
			t.Fatalf("riichi starts at %s, want the dealer to act", h.Phase)
		}
		x := h.Seats[dealer].Hand[0]
		ux := uidOf(t, tb, x)
		r := &reader{t: t, sn: sn, at: time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)}
		melds := sensing.SeatZone(dealer.Next(h.Players), sensing.Melds)
		for range 3 {
			r.read(melds, ux)
		}
		if !held {
			// One reader switched across the zones: a hand may go unread
			// between a deal and a discard, and the same sightings are
			// taken as played.
			if len(r.accepted) == 0 {
				t.Fatalf("without Held, nothing accepted: the case does not show what Held changes")
			}
			continue
		}
		if got := sn.Where(ux); got == melds || len(r.accepted) > 0 || len(r.anom) > 0 {
			t.Fatalf("held, the wall not read yet: %s in %s, accepted %v, anomalies %v", x, got, r.accepted, r.anom)
		}
		byWall := map[sensing.Zone][]rfid.UID{}
		dealt := map[rfid.UID]bool{}
		for _, tl := range h.Seats[dealer].Hand {
			dealt[uidOf(t, tb, tl)] = true
		}
		for u, tl := range tb.Tags() {
			for i, wt := range h.Wall.Tiles {
				if wt == tl && i < len(walls) {
					byWall[walls[i]] = append(byWall[walls[i]], u)
				}
			}
			for s := range h.Players {
				for _, ht := range h.Seats[s].Hand {
					if ht == tl && s != int(dealer) {
						dealt[u] = false // another seat's: not read in this test
					}
				}
			}
		}
		// Every wall read with its tiles, then x's without it (a miss),
		// and the melds' antenna hears it three times more.
		for z, us := range byWall {
			r.read(z, us...)
		}
		var xWall sensing.Zone
		for z, us := range byWall {
			if slices.Contains(us, ux) {
				xWall = z
			}
		}
		r.read(xWall, slices.DeleteFunc(slices.Clone(byWall[xWall]), func(u rfid.UID) bool { return u == ux })...)
		for range 3 {
			r.read(melds, ux)
		}
		if got := sn.Where(ux); got != melds {
			t.Fatalf("held, the wall read without it: %s in %s, want %s (the case does not reach the sensor)", x, got, melds)
		}
		if len(r.accepted) > 0 || len(r.anom) > 0 {
			t.Fatalf("held: accepted %v, anomalies %v, from a neighbour's antenna hearing an undealt tile", r.accepted, r.anom)
		}

		// The deal: the dealer's hand read with its tiles, the walls
		// without them.
		var mine []rfid.UID
		for _, tl := range h.Seats[dealer].Hand {
			mine = append(mine, uidOf(t, tb, tl))
		}
		hand := sensing.SeatZone(dealer, sensing.Hand)
		for range 3 {
			r.read(hand, mine...)
		}
		for z := range byWall {
			var still []rfid.UID
			for _, u := range byWall[z] {
				if !dealt[u] {
					still = append(still, u)
				}
			}
			r.read(z, still...)
		}
		r.read(melds) // it has left the melds' antenna
		r.read(hand, mine...)
		if got := sn.Where(ux); got != hand {
			t.Fatalf("after the deal %s is in %s, want %s", x, got, hand)
		}
		var rest []rfid.UID
		for _, u := range mine {
			if u != ux {
				rest = append(rest, u)
			}
		}
		pond := sensing.SeatZone(dealer, sensing.Discards)
		for range 3 {
			r.read(pond, ux)
			r.read(hand, rest...)
		}
		r.check("held: ", game.Action{Kind: game.Discard, Seat: dealer, Tile: x})
	}
}
