package tests

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/firmware/sensing"
	"jantaku/hardware/board/boardtest"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/tablecore"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// lockedRef is a referee whose changes are made under mu: the players,
// on another goroutine, read the hand only while holding it. The sensor
// reads it without: it is the only goroutine that changes it.
type lockedRef struct {
	sensing.Referee
	mu *sync.Mutex
}

func (r lockedRef) Apply(ctx context.Context, a game.Action) ([]tablecore.Event, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.Referee.Apply(ctx, a)
}

func (r lockedRef) Foul(ctx context.Context, a game.Action, reason string) ([]tablecore.Event, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.Referee.Foul(ctx, a, reason)
}

// TestHeldZonesOnBoard plays the start of a riichi hand at the fast pace
// on the revision-3 board (zones.yaml): a PN5180 per zone behind the
// board's chip-select decoder and BUSY multiplexer, emulated, each zone's
// field held on for the hand (Surface.HoldFields) and read by RunQuiet, a
// goroutine per zone, through the real driver, as the daemon does on the
// table. The players' tiles are mirrored onto the emulated chips, each
// tile's tag keeping its state (quiet or not) while it stays in a zone.
// Every action the players made, up to the first 40, must be the
// referee's, in order, with no anomaly, and no SPI frame may reach a chip
// while its BUSY is high.
func TestHeldZonesOnBoard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		p, err := profile.Parse("zones.yaml", profile.ZonesYAML())
		if err != nil {
			t.Fatal(err)
		}
		rig, surf := boardSurface(t, p, true)
		if !surf.Held() {
			t.Fatal("zones.yaml's surface is not held")
		}
		var mu sync.Mutex
		start := time.Now()
		tb, g, sn := riichiSensedBy(t, start, players.Fast, func(r sensing.Referee) sensing.Referee { return lockedRef{r, &mu} })

		// The players' surface, mirrored onto the chips: a tile keeps
		// its tag (and so its Stay Quiet) while it stays in a zone, and
		// comes to a new zone unpowered, as a lifted tile does.
		tags := map[string]map[rfid.UID]*iso15693.Tag{}
		mirror := func() {
			for name := range p.Zones {
				was := tags[name]
				now := map[rfid.UID]*iso15693.Tag{}
				var on []*iso15693.Tag
				for _, u := range tb.Surface().Tags(name) {
					tg := was[u]
					if tg == nil {
						v, err := iso15693.ParseUID(u)
						if err != nil {
							t.Fatal(err)
						}
						tg = &iso15693.Tag{UID: v}
					}
					now[u] = tg
					on = append(on, tg)
				}
				tags[name] = now
				rig.PN5180[name].SetTags(0, on...)
			}
		}
		mirror()
		frames := func() int {
			n := 0
			for name := range p.Zones {
				n += rig.PN5180[name].Frames()
			}
			return n
		}
		framesBefore := frames()
		zones, err := surf.HoldFields(ctx, start)
		if err != nil {
			t.Fatal(err)
		}
		if len(zones) != 18 {
			t.Fatalf("%d zones held, want 18", len(zones))
		}
		in := make(chan sensing.Input, 8)
		var outMu sync.Mutex
		var sensed []game.Action
		var anomalies []string
		ran := make(chan error, 1)
		go func() {
			ran <- sensing.RunQuiet(ctx, clock.Real{}, sn, zones, in, func(o sensing.Output) {
				outMu.Lock()
				defer outMu.Unlock()
				switch o := o.(type) {
				case *sensing.Accepted:
					if o.Action.Kind != game.Pass {
						sensed = append(sensed, o.Action)
					}
				case *sensing.Anomaly:
					anomalies = append(anomalies, o.String())
				}
			})
		}()
		const want = 40
		count := func() int {
			outMu.Lock()
			defer outMu.Unlock()
			return len(sensed)
		}
		for count() < want {
			time.Sleep(time.Millisecond)
			if time.Since(start) > 10*time.Minute {
				break
			}
			mu.Lock()
			presses := tb.Advance(time.Now())
			mirror()
			over := tb.Done() && g.Hand().Phase == game.Over
			mu.Unlock()
			for _, pr := range presses {
				d := press(pr)
				in <- sensing.Input{Declaration: &d}
			}
			if over {
				break
			}
		}
		played := time.Since(start)
		cancel()
		// The zone readers share one SPI bus: what they ask of it.
		f := frames() - framesBefore
		t.Logf("%d actions in %v of play: the 18 zone readers sent %d SPI frames, %.0f a second", count(), played, f, float64(f)/played.Seconds())
		if err := <-ran; !errors.Is(err, context.Canceled) {
			t.Fatalf("RunQuiet ended with %v", err)
		}
		if err := surf.ReleaseFields(); err != nil {
			t.Fatal(err)
		}
		if err := tb.Err(); err != nil && !errors.Is(err, players.ErrTakenTile) {
			t.Fatal(err)
		}
		var truth []game.Action
		for _, r := range tb.Log() {
			truth = append(truth, r.Action)
		}
		if len(sensed) < want {
			t.Fatalf("sensed %d actions in %v, want %d: %v", len(sensed), time.Since(start), want, sensed)
		}
		for i, a := range sensed {
			if i >= len(truth) || !a.Equal(truth[i]) {
				t.Fatalf("action %d: sensed %v, the players made %v", i, a, truth[min(i, len(truth)-1)])
			}
		}
		for _, a := range anomalies {
			t.Errorf("anomaly: %s", a)
		}
		for name, c := range rig.PN5180 {
			if v := c.Violations(); v != 0 {
				t.Errorf("%s: %d SPI frames sent while BUSY was high", name, v)
			}
			if c.RFOn() {
				t.Errorf("%s: field still on after ReleaseFields", name)
			}
		}
	})
}

// TestHeldZoneMisroutedOnBoard: on the revision-3 board with every zone's
// field held and read by RunQuiet, as the daemon reads it, an address
// line of the chip-select decoder sticks low a second into the hand. The
// frames of the eight readers whose output has that bit now reach
// another zone's chip, which answers as their own would. Each reader
// reads its chip's die identifier again every die_check (500 ms): the
// first of them to fail ReaderFailures steps in a row ends RunQuiet with
// an error naming its zone and ErrWrongChip, well before the hand could
// go on with a zone read as another's, and no action was taken from the
// misrouted reads.
func TestHeldZoneMisroutedOnBoard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p, err := profile.Parse("zones.yaml", profile.ZonesYAML())
		if err != nil {
			t.Fatal(err)
		}
		line := &boardtest.FailingLine{Pin: gpiotest.Pin{N: "GPIO25", Num: 25}}
		rig, b := boardtest.Open(t, p, true, line)
		surf, err := sensing.SurfaceOf(p, b.Readers, b.Muxes)
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		tb, _, sn := riichiSensed(t, start)
		// The dealt tiles on their zones' chips, to be heard and quieted.
		for name := range p.Zones {
			var on []*iso15693.Tag
			for _, u := range tb.Surface().Tags(name) {
				v, err := iso15693.ParseUID(u)
				if err != nil {
					t.Fatal(err)
				}
				on = append(on, &iso15693.Tag{UID: v})
			}
			rig.PN5180[name].SetTags(0, on...)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		zones, err := surf.HoldFields(ctx, start)
		if err != nil {
			t.Fatal(err)
		}
		var mu sync.Mutex
		var actions []string
		ran := make(chan error, 1)
		go func() {
			ran <- sensing.RunQuiet(ctx, clock.Real{}, sn, zones, nil, func(o sensing.Output) {
				if a, ok := o.(*sensing.Accepted); ok {
					mu.Lock()
					actions = append(actions, a.Action.String())
					mu.Unlock()
				}
			})
		}()
		time.Sleep(time.Second)
		line.Fail(gpio.Low)
		failed := time.Now()
		err = <-ran
		if err == nil || errors.Is(err, context.DeadlineExceeded) || !errors.Is(err, pn5180.ErrWrongChip) {
			t.Fatalf("RunQuiet ended with %v, want a reader's ErrWrongChip", err)
		}
		named := false
		for z, r := range p.Readers {
			if r.Decoder != "" && r.Output>>2&1 == 1 && strings.Contains(err.Error(), "zone "+z+":") {
				named = true
			}
		}
		if !named {
			t.Errorf("the error does not name a zone whose reader the stuck line misroutes: %v", err)
		}
		if d := time.Since(failed); d > 2*time.Second {
			t.Errorf("RunQuiet ended %v after the line failed, want within a die check and the failures that end it", d)
		}
		mu.Lock()
		defer mu.Unlock()
		if len(actions) != 0 {
			t.Errorf("actions taken with nothing moved: %v", actions)
		}
		t.Logf("the line failed; %v later: %v", time.Since(failed), err)
	})
}
