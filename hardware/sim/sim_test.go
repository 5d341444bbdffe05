package sim_test

import (
	"context"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/motor"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

// start runs a simulated table with tray tiles in the tray and the motor
// power on: the enable armed and fed every 20ms, as the firmware's
// supervising loop does.
func start(t *testing.T, tray int) (*sim.Machine, context.Context) {
	return startWith(t, tray, sim.Config{Timing: profile.Default().Timing})
}

func startWith(t *testing.T, tray int, cfg sim.Config) (*sim.Machine, context.Context) {
	set, _ := tile.Standard(0)
	uids := sim.List(set, 'A')[:tray]
	m := sim.New(cfg, uids, nil)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{}, 2)
	go func() { m.Run(ctx); done <- struct{}{} }()
	if err := m.Enable.Arm(); err != nil {
		t.Fatal(err)
	}
	go func() {
		for ctx.Err() == nil {
			_ = m.Enable.Feed()
			select {
			case <-ctx.Done():
			case <-time.After(20 * time.Millisecond):
			}
		}
		_ = m.Enable.Disarm()
		done <- struct{}{}
	}()
	t.Cleanup(func() { cancel(); <-done; <-done })
	return m, ctx
}

func TestLiftTravel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, ctx := start(t, 0)
		tm := profile.Default().Timing
		t0 := time.Now()
		_ = m.Lifts[1].Run(motor.Forward, 1)
		ok, err := m.Tops[1].WaitFor(ctx, true, time.Minute)
		if !ok || err != nil {
			t.Fatalf("top not reached: %v %v", ok, err)
		}
		if got := time.Since(t0); got != tm.Lift.D() {
			t.Errorf("lift took %v, want %v", got, tm.Lift.D())
		}
		if b, _ := m.Bottoms[1].Active(); b {
			t.Error("bottom switch still active at the top")
		}
		_ = m.Lifts[1].Stop()
	})
}

func TestStall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, ctx := start(t, 0)
		m.Stall("lift0", true)
		_ = m.Lifts[0].Run(motor.Forward, 1)
		if ok, _ := m.Tops[0].WaitFor(ctx, true, time.Minute); ok {
			t.Error("a stalled lift reached the top")
		}
	})
}

func TestFeedAndStroke(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, ctx := start(t, 3)
		tm := profile.Default().Timing
		t0 := time.Now()
		_ = m.Conveyors[2].Run(motor.Forward, 1)
		if ok, _ := m.Eyes[2].WaitFor(ctx, true, time.Second); !ok {
			t.Fatal("no tile at the gate")
		}
		if got := time.Since(t0); got != tm.Feed.D() {
			t.Errorf("feed took %v, want %v", got, tm.Feed.D())
		}
		_ = m.Conveyors[2].Stop()
		uid, err := m.Inline[2].ReadUID(ctx, 0)
		if err != nil || uid == "" {
			t.Fatalf("inline read: %q %v", uid, err)
		}
		_ = m.Stackers[2].Run(motor.Forward, 1)
		if ok, _ := m.Homes[2].WaitFor(ctx, false, time.Second); !ok {
			t.Fatal("cam did not leave home")
		}
		if ok, _ := m.Homes[2].WaitFor(ctx, true, time.Second); !ok {
			t.Fatal("cam did not return home")
		}
		_ = m.Stackers[2].Stop()
		if w := m.Walls()[2]; len(w) != 1 || w[0] != uid {
			t.Errorf("wall 2 = %v, want [%s]", w, uid)
		}
		if e, _ := m.Eyes[2].Active(); e {
			t.Error("eye still blocked after the stroke")
		}
	})
}

func TestJam(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, ctx := start(t, 2)
		m.Jam(0, true)
		_ = m.Conveyors[0].Run(motor.Forward, 1)
		m.Eyes[0].WaitFor(ctx, true, time.Second)
		_ = m.Stackers[0].Run(motor.Forward, 1)
		m.Homes[0].WaitFor(ctx, false, time.Second)
		m.Homes[0].WaitFor(ctx, true, time.Second)
		_ = m.Stackers[0].Stop()
		if e, _ := m.Eyes[0].Active(); !e {
			t.Error("jammed tile left the gate")
		}
	})
}

// Without the enable chain's pulses the motors have no power: a commanded
// lift does not move.
func TestNoPowerNoMotion(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m := sim.New(sim.Config{Timing: profile.Default().Timing}, nil, nil)
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go m.Run(ctx)
		_ = m.Lifts[0].Run(motor.Forward, 1)
		time.Sleep(time.Second)
		if p := m.Lift(0); p != 0 || m.Powered() {
			t.Errorf("lift at %v (powered %v) with no enable pulses", p, m.Powered())
		}
		_ = m.Lifts[0].Stop()
	})
}

// The E-stop cuts the power in hardware: the lift stops where it is, with
// the firmware still commanding it up.
func TestEStopCutsPower(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, _ := start(t, 0)
		_ = m.Lifts[0].Run(motor.Forward, 1)
		time.Sleep(time.Second)
		m.PressEStop(true)
		at := m.Lift(0)
		time.Sleep(time.Second)
		if p := m.Lift(0); p != at || m.Moving() {
			t.Errorf("lift moved from %v to %v with the E-stop pressed", at, p)
		}
		m.PressEStop(false)
		time.Sleep(time.Second)
		if p := m.Lift(0); p <= at {
			t.Error("released E-stop: the lift did not go on")
		}
		_ = m.Lifts[0].Stop()
	})
}

// A lift that coasts past its limit: Overshoot of travel after the stop;
// past Overtravel it hits the end stop.
func TestOvershoot(t *testing.T) {
	for _, c := range []struct {
		name      string
		overshoot time.Duration
		crashes   int
	}{{"within the overtravel", 50 * time.Millisecond, 0}, {"into the end stop", 300 * time.Millisecond, 1}} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				m, ctx := startWith(t, 0, sim.Config{Timing: profile.Default().Timing, Overshoot: c.overshoot, Overtravel: 100 * time.Millisecond})
				_ = m.Lifts[2].Run(motor.Forward, 1)
				if ok, _ := m.Tops[2].WaitFor(ctx, true, time.Minute); !ok {
					t.Fatal("top not reached")
				}
				_ = m.Lifts[2].Stop()
				time.Sleep(time.Second)
				want := 1 + min(float64(c.overshoot), float64(100*time.Millisecond))/float64(profile.Default().Timing.Lift.D())
				if p := m.Lift(2); p < want-1e-6 || p > want+1e-6 {
					t.Errorf("lift at %v after coasting, want %v", p, want)
				}
				if n := m.Crashes(); n != c.crashes {
					t.Errorf("%d crashes into the end stop, want %d", n, c.crashes)
				}
				if a, _ := m.Tops[2].Active(); !a {
					t.Error("top switch released by the overshoot")
				}
			})
		})
	}
}

// A bouncing limit switch flips three times over the bounce time, then
// settles.
func TestBounce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m, ctx := startWith(t, 0, sim.Config{Timing: profile.Default().Timing, Bounce: 4 * time.Millisecond})
		_ = m.Lifts[1].Run(motor.Forward, 1)
		if ok, _ := m.Tops[1].WaitFor(ctx, true, time.Minute); !ok {
			t.Fatal("top not reached")
		}
		_ = m.Lifts[1].Stop()
		before := m.Tops[1].Changes()
		time.Sleep(10 * time.Millisecond)
		if n := m.Tops[1].Changes() - before; n != 4 {
			t.Errorf("%d flips after the first contact, want 4 (off, on, off, then settled on)", n)
		}
		if a, _ := m.Tops[1].Active(); !a {
			t.Error("not settled active")
		}
	})
}

// The lighter enable driver of long simulated runs: power while fed,
// dropped within the hold of the last feed.
func TestFedEnable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		m := sim.New(sim.Config{Timing: profile.Default().Timing}, nil, nil)
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		go m.Run(ctx)
		e := m.FedEnable()
		if err := e.Feed(); err == nil {
			t.Error("Feed before Arm: no error")
		}
		if err := e.Arm(); err != nil {
			t.Fatal(err)
		}
		_ = m.Lifts[0].Run(motor.Forward, 1)
		for range 20 {
			time.Sleep(50 * time.Millisecond)
			if err := e.Feed(); err != nil {
				t.Fatal(err)
			}
		}
		if !m.Powered() || m.Lift(0) <= 0 {
			t.Fatalf("fed for a second: powered %v, lift at %v", m.Powered(), m.Lift(0))
		}
		last := time.Now()
		for m.Powered() {
			time.Sleep(time.Millisecond)
		}
		if d := time.Since(last); d > 100*time.Millisecond {
			t.Errorf("power held %v after the last feed, more than the 100ms hold", d)
		}
		if err := e.Disarm(); err != nil {
			t.Fatal(err)
		}
	})
}
