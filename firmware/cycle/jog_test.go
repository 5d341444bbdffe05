package cycle_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/motor"
	"jantaku/firmware/cycle"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

// jogRig is a simulated table running in the bubble, and a jog of lift
// side's motor on it with its limit in the direction of travel.
func jogRig(t *testing.T, side int, dir motor.Direction, d time.Duration) (*sim.Machine, *cycle.Jog) {
	t.Helper()
	prof := profile.Default()
	set, _ := tile.Standard(3)
	sm := sim.New(sim.Config{Timing: prof.Timing, Seed: 7, Safety: prof.Safety}, sim.List(set, 'A'), nil)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { sm.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	j := &cycle.Jog{Motor: sm.Lifts[side], Dir: dir, Speed: 1, For: d, Lid: sm.Lid, EStop: sm.EStop,
		Enable: sm.Enable, Feed: prof.Safety.Watchdog.D() / 3, Clock: clock.Real{}}
	j.Limit, j.LimitName = sm.Tops[side], "top"
	if dir == motor.Reverse {
		j.Limit, j.LimitName = sm.Bottoms[side], "bottom"
	}
	return sm, j
}

// A lift's whole travel takes 3s on the simulated table (timing
// lift_travel): a 10s jog up ends at the top switch, a 1s one ends on time
// below it; either way the motor stands still after, and unpowered once
// the enable's hold is over.
func TestJogEnds(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want cycle.JogEnd
		top  bool
	}{{10 * time.Second, cycle.JogAtLimit, true}, {time.Second, cycle.JogTimeUp, false}} {
		t.Run(c.d.String(), func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				sm, j := jogRig(t, 0, motor.Forward, c.d)
				started := 0
				j.Started = func() {
					started++
					if !sm.Powered() {
						t.Error("Started before the motor power is on")
					}
				}
				if err := j.Check(); err != nil {
					t.Fatal(err)
				}
				if at, err := j.AtLimit(); at || err != nil {
					t.Fatalf("AtLimit at the bottom going up: %v, %v", at, err)
				}
				t0 := time.Now()
				end, err := j.Run(t.Context())
				if err != nil || end != c.want {
					t.Fatalf("Run: %v, %v; want %v", end, err, c.want)
				}
				if d := time.Since(t0); d > c.d {
					t.Errorf("the jog took %v, more than its %v", d, c.d)
				}
				// The enable's hold keeps the power a moment after the
				// last feed.
				time.Sleep(profile.Default().Safety.Hold.D())
				synctest.Wait()
				if top, _ := sm.Tops[0].Active(); top != c.top {
					t.Errorf("top switch %v after the jog, want %v", top, c.top)
				}
				if started != 1 || sm.Moving() || sm.Powered() {
					t.Errorf("after the jog: started %d times, moving %v, powered %v", started, sm.Moving(), sm.Powered())
				}
			})
		})
	}
}

// Check refuses a jog with the lid open, AtLimit finds a lift already at its
// limit; a jog stops within a feed period of the E-stop being pressed.
func TestJogGuards(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sm, j := jogRig(t, 1, motor.Reverse, 5*time.Second)
		synctest.Wait()
		if at, err := j.AtLimit(); !at || err != nil {
			t.Errorf("AtLimit going down at the bottom: %v, %v; want at the limit", at, err)
		}
		sm.OpenLid(true)
		if err := j.Check(); err == nil || !strings.Contains(err.Error(), "lid is active (the lid is open)") {
			t.Errorf("Check with the lid open: %v", err)
		}
		sm.OpenLid(false)

		j.Dir, j.Limit = motor.Forward, nil // limits overridden
		go func() {
			time.Sleep(500 * time.Millisecond)
			sm.PressEStop(true)
		}()
		t0 := time.Now()
		_, err := j.Run(t.Context())
		if err == nil || err.Error() != "estop active: stopped" {
			t.Errorf("E-stop during a jog: %v", err)
		}
		if d := time.Since(t0); d > 500*time.Millisecond+j.Feed {
			t.Errorf("the jog noticed the E-stop after %v", d)
		}
		if sm.Moving() {
			t.Error("the lift still moves")
		}
	})
}

// Without a motor-power enable there is no jog; a cancelled one is
// interrupted and the motor halted.
func TestJogNoPowerAndInterrupted(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		sm, j := jogRig(t, 2, motor.Forward, 5*time.Second)
		e := j.Enable
		j.Enable = nil
		if _, err := j.Run(t.Context()); err == nil || !strings.Contains(err.Error(), "no motor-power enable") {
			t.Errorf("no enable: %v", err)
		}
		j.Enable = e
		ctx, cancel := context.WithTimeout(t.Context(), time.Second)
		defer cancel()
		end, err := j.Run(ctx)
		if end != cycle.JogInterrupted || err != nil {
			t.Errorf("cancelled jog: %v, %v", end, err)
		}
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) || sm.Moving() {
			t.Errorf("after a cancelled jog: ctx %v, moving %v", ctx.Err(), sm.Moving())
		}
	})
}
