package cycle_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/sensor"
	"jantaku/firmware/cycle"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

// The safety claims of docs/wiring.md, in simulated time: for each fault
// the motors are off (no power, nothing moving) within the stated time of
// the event, and the machine reports the fault.
//
// Stated times, from the default profile: the E-stop and the lid cut the
// power in hardware at once; a fault the firmware finds on a guarding
// input is seen within a feed period (watchdog/3 = 20ms) and the power
// drops within the hold (100ms); a fault of the firmware itself (a dead
// process, a stalled control loop) stops the pulses, and the power drops
// within feed + watchdog + period/2 + hold (190ms) of the last feed.

// building starts a hand and waits until the machine builds walls, with
// motors powered and moving.
func building(t *testing.T, r *rig) {
	t.Helper()
	settle()
	r.sim.PressStart()
	time.Sleep(r.cfg.Timing.Mix.D() + 3*time.Second)
	if st := r.m.State(); st != cycle.Building || !r.sim.Powered() || !r.sim.Moving() {
		t.Fatalf("state %s, powered %v, moving %v: want building under power", st, r.sim.Powered(), r.sim.Moving())
	}
}

// stoppedWithin waits until the machine stands still without power and
// checks that it took at most limit since at.
func stoppedWithin(t *testing.T, r *rig, at time.Time, limit time.Duration) {
	t.Helper()
	for r.sim.Powered() || r.sim.Moving() {
		if time.Since(at) > time.Minute {
			t.Fatal("still moving a minute after the event")
		}
		time.Sleep(time.Millisecond)
	}
	d := time.Since(at)
	if d > limit {
		t.Errorf("motors off %v after the event, more than the stated %v", d, limit)
	}
	t.Logf("motors off %v after the event (stated: at most %v)", d, limit)
}

func TestSafetyFaults(t *testing.T) {
	prof := profile.Default()
	sf := prof.Safety
	hold, feed := sf.Hold.D(), sf.Watchdog.D()/3
	expanders := func(r *rig, err error) {
		for s := range r.sim.Bottoms {
			r.sim.FailInput(r.sim.Bottoms[s].Name, err)
			r.sim.FailInput(r.sim.Homes[s].Name, err)
		}
		for _, mt := range r.sim.Motors() {
			r.sim.FailMotor(mt.Name, err)
		}
	}
	cases := []struct {
		name   string
		inject func(r *rig)
		code   string
		part   string
		within time.Duration // motors off within this of the injection
	}{
		{"E-stop pressed", func(r *rig) { r.sim.PressEStop(true) }, cycle.CodeEStop, "estop", 0},
		{"lid opened", func(r *rig) { r.sim.OpenLid(true) }, cycle.CodeLid, "lid", 0},
		{"lid switch unreadable", func(r *rig) { r.sim.FailInput("lid", errors.New("gpio: read failed")) }, cycle.CodeLid, "lid", feed + hold},
		{"E-stop sense unreadable", func(r *rig) { r.sim.FailInput("estop", errors.New("gpio: read failed")) }, cycle.CodeEStop, "estop", feed + hold},
		{"limit switch unreadable", func(r *rig) { r.sim.FailInput("lift2.bottom", errors.New("i2c: no ACK from 0x22")) }, cycle.CodeSwitch, "lift2.bottom", feed + hold},
		{"both limits active (a broken NC wire)", func(r *rig) { r.sim.BreakWire("lift1.top", true) }, cycle.CodeSwitch, "lift1", feed + hold},
		{"lid wire broken", func(r *rig) { r.sim.BreakWire("lid", true) }, cycle.CodeLid, "lid", 0},
		// The whole I2C bus: the PCA9685s keep driving, no command or
		// halt reaches them; the expander reads fail.
		{"I2C bus failure", func(r *rig) { expanders(r, errors.New("i2c: SDA stuck low")) }, "", "", feed + hold},
		{"stacker driver unreachable", func(r *rig) { r.sim.FailMotor("stacker3", errors.New("i2c: no ACK from 0x41")) }, cycle.CodeActuator, "", feed + hold},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				set, _ := tile.Standard(0)
				r := newRig(t, set, "136", false, nil)
				building(t, r)
				at := time.Now()
				c.inject(r)
				stoppedWithin(t, r, at, c.within)
				f := waitFault(t, r)
				if c.code != "" && (f.Code != c.code || c.part != "" && f.Part != c.part) {
					t.Errorf("fault %v (part %s), want %s on %s", f, f.Part, c.code, c.part)
				}
				if f.Remedy() == "" || f.Title() == "" {
					t.Errorf("fault %s without title or remedy", f.Code)
				}
				if n := liftUps(r); n != 0 {
					t.Errorf("%d lift-up commands: unbuilt walls must never rise", n)
				}
				// Nothing moves afterwards either.
				time.Sleep(10 * time.Second)
				if r.sim.Moving() || r.sim.Powered() {
					t.Error("moving again after the fault")
				}
			})
		})
	}
}

// A dead process: from now on nothing the firmware commands reaches the
// machine; the motors keep their last commands and the enable line its
// level. The hold circuit alone stops them, within the hold time.
func TestDeadProcess(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		set, _ := tile.Standard(0)
		r := newRig(t, set, "136", false, nil)
		building(t, r)
		died := time.Now()
		r.sim.Freeze(true)
		stoppedWithin(t, r, died, profile.Default().Safety.Hold.D())
		// The firmware still runs here (the test cannot kill it): it
		// finds the machine stalled and faults, which changes nothing
		// for the frozen machine.
		time.Sleep(10 * time.Second)
		if r.sim.Moving() {
			t.Error("moving again")
		}
		r.sim.Freeze(false)
	})
}

// hangSwitch is a switch whose reads hang once hung is closed: an I2C
// transaction that never returns.
type hangSwitch struct {
	sensor.Switch
	mu   sync.Mutex
	hang chan struct{} // nil: reads pass
}

func (h *hangSwitch) wait() {
	h.mu.Lock()
	c := h.hang
	h.mu.Unlock()
	if c != nil {
		<-c
	}
}

func (h *hangSwitch) Active() (bool, error) { h.wait(); return h.Switch.Active() }

func (h *hangSwitch) WaitFor(ctx context.Context, on bool, d time.Duration) (bool, error) {
	h.wait()
	return h.Switch.WaitFor(ctx, on, d)
}

// A stalled control loop: the supervising loop hangs on a read and stops
// feeding the enable; its watchdog stops the pulses and the hold circuit
// the motors, although the firmware never halted them.
func TestStalledLoopStarvesTheEnable(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		set, _ := tile.Standard(0)
		var hs *hangSwitch
		r := newRigWith(t, set, "136", false, nil, nil, func(p *cycle.Parts) {
			hs = &hangSwitch{Switch: p.Tops[0]}
			p.Tops[0] = hs
		})
		building(t, r)
		release := make(chan struct{})
		hs.mu.Lock()
		hs.hang = release
		hs.mu.Unlock()
		hung := time.Now()
		sf := profile.Default().Safety
		stoppedWithin(t, r, hung, sf.Watchdog.D()/3+sf.Watchdog.D()+sf.Period.D()/2+sf.Hold.D())
		close(release) // the read returns: the loop finds the power gone
		f := waitFault(t, r)
		if f.Code != cycle.CodeEnable {
			t.Errorf("fault %v, want %s", f, cycle.CodeEnable)
		}
	})
}

// Bouncing limit and home switches, read through debounced inputs as on
// the board: the walls are built and rise as without bounce.
func TestBouncingSwitches(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		set, _ := tile.Standard(0)
		deb := profile.Default().Timing.SwitchDebounce.D()
		r := newRigWith(t, set, "136", false, func(sc *sim.Config) { sc.Bounce = 2 * time.Millisecond }, nil, func(p *cycle.Parts) {
			for _, l := range [][]sensor.Switch{p.Homes, p.Tops, p.Bottoms, p.Eyes} {
				for i := range l {
					l[i] = sensor.Debounce(l[i], deb, nil)
				}
			}
		})
		settle()
		r.sim.PressStart()
		h := r.next(t)
		r.checkWalls(t, h, 'A')
		if f := r.m.Fault(); f != nil {
			t.Errorf("fault %v", f)
		}
	})
}

// A lift that coasts past its limit when stopped: with the overtravel the
// frame allows it never reaches the end stop, and the next move starts
// from beyond the limit (the opposite limit released, as it should).
func TestLiftOvershoot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		set, _ := tile.Standard(0)
		r := newRig(t, set, "136", true, func(sc *sim.Config) {
			sc.Overshoot, sc.Overtravel = 60*time.Millisecond, 150*time.Millisecond
		})
		for _, label := range []byte{'A', 'B'} {
			r.awaitReady(t)
			r.sim.PressStart()
			r.checkWalls(t, r.next(t), label)
		}
		r.awaitReady(t) // the lifts lowered for the next walls
		if n := r.sim.Crashes(); n != 0 {
			t.Errorf("%d crashes into an end stop", n)
		}
		if p := r.sim.Lift(0); p >= 0 {
			t.Errorf("lift0 at %v after lowering: it should have coasted past the bottom limit", p)
		}
	})
}
