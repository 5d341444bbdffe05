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

func start(t *testing.T, tray int) (*sim.Machine, context.Context) {
	set, _ := tile.Standard(0)
	uids := sim.List(set, 'A')[:tray]
	m := sim.New(sim.Config{Timing: profile.Default().Timing}, uids, nil)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { m.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
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
