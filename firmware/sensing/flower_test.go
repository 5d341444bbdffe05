package sensing_test

import (
	"slices"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/firmware/sensing"
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// TestFlowersInTheOrderTheHandSawThem: a seat exposes flower X, draws its
// replacement and exposes flower Y. The hand's reads see X gone twice
// while Y is still there; the melds' reads miss X until after they have
// seen Y. Y first would need two missed reads of X in the hand, X first
// one missed read of it in the melds: X went first, though the melds saw
// Y first and Y's reads agree first. (MCR hand 71731 at the fast pace.)
func TestFlowersInTheOrderTheHandSawThem(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		g, sn, tb := dealPreset(t, "mcr", seed, nil)
		h := g.Hand()
		seat := h.Turn
		var flowers []tile.Tile
		for _, a := range g.Legal(seat) {
			if a.Kind == game.Flower {
				flowers = append(flowers, a.Tile)
			}
		}
		ri := h.Wall.NextIndex(game.Tail)
		repl := h.Wall.Tiles[ri]
		if len(flowers) < 2 || repl.Kind.IsFlower() {
			continue
		}
		x, y := flowers[0], flowers[1]
		xu, yu, ru := uidOf(t, tb, x), uidOf(t, tb, y), uidOf(t, tb, repl)
		wz, err := sensing.ParseZone(tb.WallZones()[ri])
		if err != nil {
			t.Fatal(err)
		}
		wall := slices.DeleteFunc(tb.Surface().Tags(wz.String()), func(u rfid.UID) bool { return u == ru })
		hz, mz := sensing.SeatZone(seat, sensing.Hand), sensing.SeatZone(seat, sensing.Melds)
		all := handUIDs(t, g, tb, seat, nil)
		noX := handUIDs(t, g, tb, seat, []tile.Tile{x})
		neither := handUIDs(t, g, tb, seat, []tile.Tile{x, y}, ru)

		r := &reader{t: t, sn: sn, at: time.Date(2026, 1, 1, 9, 0, 1, 0, time.UTC)}
		r.read(hz, all...)
		r.read(hz, noX...) // X lifted
		r.read(mz)
		r.read(hz, noX...) // Y still in the hand
		r.read(mz)         // X down by now: missed
		r.read(wz, wall...)
		r.read(hz, neither...) // the replacement drawn, Y lifted
		r.read(mz, yu)         // X missed again
		r.read(mz, yu, xu)     // Y's reads agree: one sighting of X
		if len(r.accepted) > 0 {
			t.Fatalf("seed %d: accepted %v before the melds' reads agreed on X", seed, r.accepted)
		}
		r.read(hz, neither...)
		r.read(mz, yu, xu)
		r.read(hz, neither...)
		r.read(mz, yu, xu)
		want := []game.Action{
			{Kind: game.Flower, Seat: seat, Tile: x},
			{Kind: game.Draw, Seat: seat, Tile: repl},
			{Kind: game.Flower, Seat: seat, Tile: y},
		}
		if !slices.EqualFunc(r.accepted, want, game.Action.Equal) {
			t.Errorf("seed %d: accepted %v, want %v", seed, r.accepted, want)
		}
		if len(r.anom) > 0 {
			t.Errorf("seed %d: anomalies %v", seed, r.anom)
		}
		return
	}
	t.Fatal("no MCR seat to act in 40 hands held two flowers: the test proves nothing")
}
