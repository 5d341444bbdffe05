package table

import (
	"testing"
	"testing/synctest"

	"jantaku/drivers/rfid"
	"jantaku/firmware/cycle"
	"jantaku/firmware/registry"
	"jantaku/firmware/sensing"
	"jantaku/hardware/board"
	"jantaku/hardware/board/boardtest"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// jantaku run --sensing on hardware: the board's surface (the default
// profile on the chip emulators) and the machine's walls give sensing the
// hand's layout, each wall tile in the zone of the seat whose wall the
// machine built it in.
func TestBoardSenseLayout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Default()
		boardtest.New(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		rs, err := rulesets.New("riichi", nil)
		if err != nil {
			t.Fatal(err)
		}
		set := rs.Rules().Set
		reg := registry.Memory{}
		for u, tl := range sim.Tags(set, 'A') {
			reg[u] = registry.Entry{Set: 'A', Tile: tl}
		}
		surf, err := sensing.SurfaceOf(p, b.Readers, b.Muxes)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(surf.Zones()); n != 18 {
			t.Errorf("%d zones on the surface, want 18", n)
		}
		uids := sim.List(set, 'A')
		w := cycle.Walls{Set: 'A'}
		side := map[rfid.UID]int{}
		for s := range 4 {
			for _, u := range uids[:34] {
				side[u] = s
			}
			w.Sides = append(w.Sides, uids[:34])
			uids = uids[34:]
		}
		walls := make(chan cycle.Hand, 1)
		md := NewMachineDealer(walls, reg, nil, nil)
		bs := NewBoard(surf, reg, md)
		g, err := tablecore.New(rs, 2)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bs.layout(g); err == nil {
			t.Error("a layout before the machine built walls")
		}
		walls <- cycle.Hand{Number: 1, Set: 'A', Dice: [2]int{3, 4}, Walls: w}
		dl, err := md.Deal(t.Context(), g)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := g.StartHand(dl); err != nil {
			t.Fatal(err)
		}
		l, err := bs.layout(g)
		if err != nil {
			t.Fatal(err)
		}
		if len(l.Tags) != 136 || len(l.Walls) != 136 {
			t.Fatalf("layout of %d tags and %d wall zones, want 136", len(l.Tags), len(l.Walls))
		}
		uidOf := map[rfid.UID]bool{}
		for i, tl := range dl.Wall {
			// The tile at draw position i is the one the machine laid in
			// the wall of the seat its zone names.
			var found bool
			for u, t2 := range l.Tags {
				if t2 == tl && !uidOf[u] {
					if l.Walls[i] != sensing.SeatZone(game.Seat(side[u]), sensing.Wall) {
						t.Fatalf("draw position %d (%v): zone %s, but the machine laid it in wall %d", i, tl, l.Walls[i], side[u])
					}
					uidOf[u], found = true, true
					break
				}
			}
			if !found {
				t.Fatalf("draw position %d: %v has no tag in the layout", i, tl)
			}
		}
	})
}
