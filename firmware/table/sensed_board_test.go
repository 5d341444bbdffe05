package table

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/firmware/cycle"
	"jantaku/firmware/registry"
	"jantaku/firmware/sensing"
	"jantaku/hardware/board/boardtest"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/internal/testdir"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
)

// riichiBoard opens p's board on the chip emulators, closed when t ends,
// and returns the emulators, the board's surface, riichi and a registry
// of its tile set A's tags. With timed, the PN5180 emulators take their
// air time on the clock (the bubble's, under synctest).
func riichiBoard(t *testing.T, p *profile.Profile, timed bool) (*boardtest.Rig, *sensing.Surface, game.Ruleset, registry.Memory) {
	t.Helper()
	rig, b := boardtest.Open(t, p, timed)
	surf, err := sensing.SurfaceOf(p, b.Readers, b.Muxes)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := rulesets.New("riichi", nil)
	if err != nil {
		t.Fatal(err)
	}
	reg := registry.Memory{}
	for u, tl := range sim.Tags(rs.Rules().Set, 'A') {
		reg[u] = registry.Entry{Set: 'A', Tile: tl}
	}
	return rig, surf, rs, reg
}

// jantaku run --sensing on hardware: the board's surface (the default
// profile on the chip emulators) and the machine's walls give sensing the
// hand's layout, each wall tile in the zone of the seat whose wall the
// machine built it in.
func TestBoardSenseLayout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Default()
		_, surf, rs, reg := riichiBoard(t, p, false)
		set := rs.Rules().Set
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

// jantaku run --sensing with a board of held zones (zones.yaml on the
// chip emulators): when the machine's walls are dealt the table holds
// every zone's field on and reads the zones with RunQuiet, so the wall
// tiles the machine laid are heard and told to stay quiet; when the table
// stops, every field goes off.
func TestBoardSensedHeldZones(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Zones()
		rig, surf, rs, reg := riichiBoard(t, p, true)
		// The machine's walls, each side's tags on its wall zone's chip.
		uids := sim.List(rs.Rules().Set, 'A')
		w := cycle.Walls{Set: 'A'}
		for s := range 4 {
			var on []*iso15693.Tag
			for _, u := range uids[:34] {
				v, err := iso15693.ParseUID(u)
				if err != nil {
					t.Fatal(err)
				}
				on = append(on, &iso15693.Tag{UID: v})
			}
			rig.PN5180[fmt.Sprintf("seat%d.wall", s)].SetTags(0, on...)
			w.Sides = append(w.Sides, uids[:34])
			uids = uids[34:]
		}
		walls := make(chan cycle.Hand, 1)
		walls <- cycle.Hand{Number: 1, Set: 'A', Dice: [2]int{3, 4}, Walls: w}
		md := NewMachineDealer(walls, reg, nil, nil)
		logs := &syncBuf{}
		s, err := New(context.Background(), Config{
			Dir:       testdir.InMemory(t),
			Ruleset:   "riichi",
			Publisher: &recorder{},
			Dealer:    md,
			Simulated: []bool{false, false, false, false},
			Pace:      time.Microsecond,
			Sensing:   &Sensing{Clock: clock.Real{}, Board: NewBoard(surf, reg, md)},
		})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		s.log = slog.New(slog.NewTextHandler(logs, nil))
		ctx, cancel := context.WithCancel(context.Background())
		ran := make(chan error, 1)
		go func() { ran <- s.Run(ctx) }()

		time.Sleep(2 * time.Second)
		for z := range p.Zones {
			if !rig.PN5180[z].RFOn() {
				t.Errorf("zone %s: field off while the hand is sensed", z)
			}
		}
		for s := range 4 {
			z := fmt.Sprintf("seat%d.wall", s)
			if n := rig.PN5180[z].Quiet(0); n != 34 {
				t.Errorf("%d of the 34 tiles of %s told to stay quiet after 2 s", n, z)
			}
		}
		cancel()
		if err := <-ran; err != nil && !errors.Is(err, context.Canceled) {
			t.Fatal(err)
		}
		synctest.Wait()
		for z := range p.Zones {
			if rig.PN5180[z].RFOn() {
				t.Errorf("zone %s: field still on after the table stopped", z)
			}
		}
		if strings.Contains(logs.String(), "level=ERROR") {
			t.Errorf("errors logged:\n%s", logs)
		}
	})
}
