package tests

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/rfid/iso15693"
	"jantaku/firmware/sensing"
	"jantaku/hardware/board/boardtest"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
)

// boardSurface opens p's board on emulated chips (boardtest), closed
// when t ends, and returns the rig and the board's surface. With timed,
// the PN5180 emulators take their air time on the clock (the bubble's,
// under synctest).
func boardSurface(t *testing.T, p *profile.Profile, timed bool) (*boardtest.Rig, *sensing.Surface) {
	t.Helper()
	rig, b := boardtest.Open(t, p, timed)
	surf, err := sensing.SurfaceOf(p, b.Readers, b.Muxes)
	if err != nil {
		t.Fatal(err)
	}
	return rig, surf
}

// TestSensingOnBoard plays the start of a riichi hand on the hardware
// path: simulated players move the tiles, their tags are put on the
// antennas of the PN5180 emulator behind the default profile's buses, and
// sensing reads the zones through the board's code (SPI frames, BUSY on
// the rfio expander, the RF switch on the zones mux) and the real
// PN5180 driver, feeding a referee of its own. Every action the players
// made, up to the first 40, must be the referee's, in order.
func TestSensingOnBoard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		p := profile.Default()
		rig, surf := boardSurface(t, p, false)
		chip := rig.PN5180["surface"]
		start := time.Now()
		tb, g, sn := riichiSensed(t, start)
		sched := sensing.NewSchedule(surf.Zones())

		// The players' surface, mirrored onto the emulator's antennas.
		mirror := func() {
			for name, z := range p.Zones {
				var tags []*iso15693.Tag
				for _, u := range tb.Surface().Tags(name) {
					v, err := iso15693.ParseUID(u)
					if err != nil {
						t.Fatal(err)
					}
					tags = append(tags, &iso15693.Tag{UID: v})
				}
				chip.SetTags(*z.Antenna, tags...)
			}
		}
		var sensed []game.Action
		var spent time.Duration
		const want = 40
		for len(sensed) < want {
			now := time.Now()
			for _, pr := range tb.Advance(now) {
				sn.Declare(ctx, press(pr))
			}
			if now.Sub(start) > time.Hour || (tb.Done() && g.Hand().Phase == game.Over) {
				break
			}
			mirror()
			sched.Focus(sn.Focus())
			z := sched.Next(now)
			uids, err := surf.Inventory(ctx, z)
			if err != nil {
				t.Fatalf("reading %s: %v", z, err)
			}
			// The emulator answers at once; the radio's time passes here.
			time.Sleep(chip.Airtime() - spent)
			spent = chip.Airtime()
			now = time.Now()
			sched.Done(z, now)
			outs := sn.Observe(ctx, sensing.Read{Zone: z, At: now, UIDs: uids})
			for _, o := range append(outs, sn.Tick(ctx, now)...) {
				switch o := o.(type) {
				case *sensing.Accepted:
					if o.Action.Kind != game.Pass {
						sensed = append(sensed, o.Action)
					}
				case *sensing.Anomaly:
					t.Errorf("anomaly: %v", o)
				}
			}
		}
		if err := tb.Err(); err != nil && !errors.Is(err, players.ErrTakenTile) {
			t.Fatal(err)
		}
		var truth []game.Action
		for _, r := range tb.Log() {
			truth = append(truth, r.Action)
		}
		if len(sensed) < want {
			t.Fatalf("sensed %d actions, want %d: %v", len(sensed), want, sensed)
		}
		for i, a := range sensed {
			if i >= len(truth) || !a.Equal(truth[i]) {
				t.Fatalf("action %d: sensed %v, the players made %v", i, a, truth[min(i, len(truth)-1)])
			}
		}
		if v := chip.Violations(); v != 0 {
			t.Errorf("%d SPI frames sent while BUSY was high", v)
		}
	})
}
