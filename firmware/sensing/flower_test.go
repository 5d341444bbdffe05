package sensing_test

import (
	"slices"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/firmware/sensing"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// twoFlowers is an MCR hand whose seat to act holds two flowers, x and
// y, and whose first replacement tile is no flower.
type twoFlowers struct {
	g          *tablecore.Game
	sn         *sensing.Sensor
	tb         *players.Table
	seat       game.Seat
	x, y, repl tile.Tile
	wall       sensing.Zone // the replacement's wall
}

func dealTwoFlowers(t *testing.T) twoFlowers {
	t.Helper()
	for seed := uint64(1); seed <= 40; seed++ {
		g, sn, tb := dealPreset(t, "mcr", seed, nil)
		h := g.Hand()
		var flowers []tile.Tile
		for _, a := range g.Legal(h.Turn) {
			if a.Kind == game.Flower {
				flowers = append(flowers, a.Tile)
			}
		}
		ri := h.Wall.NextIndex(game.Tail)
		if len(flowers) < 2 || h.Wall.Tiles[ri].Kind.IsFlower() {
			continue
		}
		wz, err := sensing.ParseZone(tb.WallZones()[ri])
		if err != nil {
			t.Fatal(err)
		}
		return twoFlowers{g: g, sn: sn, tb: tb, seat: h.Turn, x: flowers[0], y: flowers[1], repl: h.Wall.Tiles[ri], wall: wz}
	}
	t.Fatal("no MCR seat to act in 40 hands held two flowers: the test proves nothing")
	return twoFlowers{}
}

// TestFlowersInTheOrderTheHandSawThem: a seat exposes flower X, draws its
// replacement and exposes flower Y. The hand's reads see X gone twice
// while Y is still there; the melds' reads miss X until after they have
// seen Y. Y first would need two missed reads of X in the hand, X first
// one missed read of it in the melds: X went first, though the melds saw
// Y first and Y's reads agree first. (MCR hand 71731 at the fast pace.)
func TestFlowersInTheOrderTheHandSawThem(t *testing.T) {
	d := dealTwoFlowers(t)
	tb, g, seat := d.tb, d.g, d.seat
	xu, yu, ru := uidOf(t, tb, d.x), uidOf(t, tb, d.y), uidOf(t, tb, d.repl)
	wall := slices.DeleteFunc(tb.Surface().Tags(d.wall.String()), func(u rfid.UID) bool { return u == ru })
	hz, mz := sensing.SeatZone(seat, sensing.Hand), sensing.SeatZone(seat, sensing.Melds)
	all := handUIDs(t, g, tb, seat, nil)
	noX := handUIDs(t, g, tb, seat, []tile.Tile{d.x})
	neither := handUIDs(t, g, tb, seat, []tile.Tile{d.x, d.y}, ru)

	r := &reader{t: t, sn: d.sn, at: time.Date(2026, 1, 1, 9, 0, 1, 0, time.UTC)}
	r.read(hz, all...)
	r.read(hz, noX...) // X lifted
	r.read(mz)
	r.read(hz, noX...) // Y still in the hand
	r.read(mz)         // X down by now: missed
	r.read(d.wall, wall...)
	r.read(hz, neither...) // the replacement drawn, Y lifted
	r.read(mz, yu)         // X missed again
	r.read(mz, yu, xu)     // Y's reads agree: one sighting of X
	if len(r.accepted) > 0 {
		t.Fatalf("accepted %v before the melds' reads agreed on X", r.accepted)
	}
	r.read(hz, neither...)
	r.read(mz, yu, xu)
	r.read(hz, neither...)
	r.read(mz, yu, xu)
	want := []game.Action{
		{Kind: game.Flower, Seat: seat, Tile: d.x},
		{Kind: game.Draw, Seat: seat, Tile: d.repl},
		{Kind: game.Flower, Seat: seat, Tile: d.y},
	}
	r.check("", want...)
}

// TestFlowerHeldAfterItsReplacementWentSecond: one read of the hand sees
// X gone and Y still there; one read of the melds sees Y without X. Each
// order needs one missed read, but that read of the hand also saw the
// first replacement tile, drawn after the first flower went out: Y, still
// in the hand then, went second. (MCR and test+flowers hand 94064 at the
// fast pace with 10% missed and 2% ghost reads.)
func TestFlowerHeldAfterItsReplacementWentSecond(t *testing.T) {
	d := dealTwoFlowers(t)
	tb, g, seat := d.tb, d.g, d.seat
	xu, yu, ru := uidOf(t, tb, d.x), uidOf(t, tb, d.y), uidOf(t, tb, d.repl)
	wall := slices.DeleteFunc(tb.Surface().Tags(d.wall.String()), func(u rfid.UID) bool { return u == ru })
	hz, mz := sensing.SeatZone(seat, sensing.Hand), sensing.SeatZone(seat, sensing.Melds)
	all := handUIDs(t, g, tb, seat, nil)
	drawnNoX := handUIDs(t, g, tb, seat, []tile.Tile{d.x}, ru)
	neither := handUIDs(t, g, tb, seat, []tile.Tile{d.x, d.y}, ru)

	r := &reader{t: t, sn: d.sn, at: time.Date(2026, 1, 1, 9, 0, 1, 0, time.UTC)}
	r.read(hz, all...)
	r.read(hz, all...)
	r.read(mz)              // X down by now: missed
	r.read(hz, drawnNoX...) // X gone, its replacement drawn, Y still there
	r.read(mz, yu)          // X missed again
	r.read(hz, neither...)  // Y gone
	r.read(d.wall, wall...) // the replacement left its wall
	r.read(mz, yu, xu)      // Y's reads agree
	r.read(hz, neither...)  // the replacement's reads agree
	r.read(mz, yu, xu)      // X's reads agree
	r.read(hz, neither...)
	want := []game.Action{
		{Kind: game.Flower, Seat: seat, Tile: d.x},
		{Kind: game.Draw, Seat: seat, Tile: d.repl},
		{Kind: game.Flower, Seat: seat, Tile: d.y},
	}
	r.check("", want...)
}
