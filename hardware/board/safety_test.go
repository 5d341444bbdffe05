package board_test

import (
	"errors"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/motor"
	"jantaku/hardware/board"
	"jantaku/hardware/profile"
	"periph.io/x/conn/v3/physic"
)

// The lift bottoms are normally-closed contacts on io2 (0x22): closed at
// rest, open at the limit; a broken wire reads as the limit, and a bus
// that fails is an error, never a quiet "not at the limit".
func TestGuardingExpanderInputs(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Default()
		r := newRig(t, p)
		for _, pin := range []string{"A0", "A1", "A2", "A3"} {
			_ = r.MCP23017["io2"].Contact(pin, true)
		}
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		bottom := b.Inputs["lift0.bottom"]
		if a, err := bottom.Active(); a || err != nil {
			t.Errorf("contact closed: active %v, %v", a, err)
		}
		_ = r.MCP23017["io2"].Contact("A0", false) // the lift arrives, or the wire breaks
		if ok, err := bottom.WaitFor(t.Context(), true, time.Second); !ok || err != nil {
			t.Errorf("contact open: WaitFor(active) = %v, %v", ok, err)
		}
		r.Bus.Fail(0x22, errors.New("SDA stuck low"))
		_, err = bottom.Active()
		if err == nil || !strings.Contains(err.Error(), "SDA stuck low") || !strings.Contains(err.Error(), "lift0.bottom") {
			t.Errorf("Active on a failed bus = %v, want the bus error naming the input", err)
		}
		if _, err := b.Inputs["lift1.bottom"].WaitFor(t.Context(), false, time.Second); err == nil {
			t.Error("WaitFor on a failed bus: no error")
		}
		r.Bus.Fail(0x22, nil)
	})
}

// A dead process: the PCA9685s keep their last outputs (a lift runs at full
// speed), the enable line freezes, and the hold circuit raises the
// PCA9685s' OE: every output is off within the hold time.
func TestDeadProcessOutputsOffWithinHold(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Default()
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		// The hold circuit drives OE of every PCA9685: high (disabled)
		// unless the enable pulses come.
		oe := func() {
			for _, c := range r.PCA9685 {
				c.SetOE(!r.Hold.Powered())
			}
		}
		oe()
		if err := b.Motors["lift1"].Run(motor.Forward, 1); err != nil {
			t.Fatal(err)
		}
		if r.PCA9685["pwm2"].Duty(3) != 0 {
			t.Fatal("a motor is driven with the enable chain off")
		}
		if err := b.Enable.Arm(); err != nil {
			t.Fatal(err)
		}
		oe()
		if r.PCA9685["pwm2"].Duty(3) == 0 { // ramping up: 0.2 of full speed first
			t.Fatal("lift1 not driven with the enable armed")
		}
		// Fed for a while, then the process dies: nothing runs any more,
		// the line keeps its level.
		for range 10 {
			time.Sleep(20 * time.Millisecond)
			_ = b.Enable.Feed()
			oe()
		}
		r.Hold.Freeze(true)
		died := time.Now()
		for r.PCA9685["pwm2"].Duty(3) != 0 {
			time.Sleep(time.Millisecond)
			oe()
		}
		if d, hold := time.Since(died), p.Safety.Hold.D(); d > hold {
			t.Errorf("lift1 driven %v after the process died, more than the %v hold", d, hold)
		}
		// The PCA9685 itself still holds the run command: only OE stops it.
		if r.PCA9685["pwm2"].Reg(0x06+4*3+1)&0x10 == 0 {
			t.Error("the PCA9685's channel register changed: the test no longer shows outputs held by a dead process")
		}
		r.Hold.Freeze(false)
	})
}

// A braking lift stops with both bridge inputs on; Halt coasts.
func TestBrakeFromProfile(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		text := strings.Replace(string(profile.DefaultYAML()),
			"lift0:     {chip: pwm2, pwm: 0, in1: 1, in2: 2, brake: true, ramp: 200ms}",
			"lift0:     {chip: pwm2, pwm: 0, in1: 1, in2: 2, brake: true, ramp: 250ms}", 1)
		p, err := profile.Parse("brake.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		if m := p.Motors["lift0"]; m.Ramp.D() != 250*time.Millisecond || !m.Brake {
			t.Fatalf("lift0 = %+v: the default profile's lift line changed", m)
		}
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		lift := b.Motors["lift0"]
		if err := lift.Run(motor.Forward, 1); err != nil {
			t.Fatal(err)
		}
		if d := r.PCA9685["pwm2"].Duty(0); d < 0.19 || d > 0.21 {
			t.Errorf("start of the 250ms ramp: duty %v, want 0.2", d)
		}
		time.Sleep(250 * time.Millisecond)
		if d := r.PCA9685["pwm2"].Duty(0); d != 1 {
			t.Errorf("after the ramp: duty %v, want 1", d)
		}
		if err := lift.Stop(); err != nil {
			t.Fatal(err)
		}
		if r.PCA9685["pwm2"].Duty(1) != 1 || r.PCA9685["pwm2"].Duty(2) != 1 || r.PCA9685["pwm2"].Duty(0) != 1 {
			t.Error("Stop did not brake (IN1, IN2 and PWM on)")
		}
		if err := b.Halt(); err != nil {
			t.Fatal(err)
		}
		for ch := 0; ch < 3; ch++ {
			if r.PCA9685["pwm2"].High(ch) {
				t.Errorf("after Halt channel %d still on", ch)
			}
		}
	})
}

// The SPI clock is set per bus: each reader's driver asks for its chip's
// maximum (7 MHz for the PN5180) and the port, limited to its bus's
// spi_speed, gives at most that, as Linux's spidev ports in periph do.
func TestSPISpeedPerBus(t *testing.T) {
	for _, c := range []struct {
		name, old, new string
		want           map[string]physic.Frequency
	}{
		{"default", "", "", map[string]physic.Frequency{"SPI0.0": 5 * physic.MegaHertz, "SPI1.0": 2 * physic.MegaHertz, "SPI1.2": 2 * physic.MegaHertz}},
		{"SPI1 uncapped", "  SPI1: 2MHz", "", map[string]physic.Frequency{"SPI0.1": 5 * physic.MegaHertz, "SPI1.1": 7 * physic.MegaHertz, "SPI1.2": 7 * physic.MegaHertz}},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				p, err := profile.Parse(c.name+".yaml", []byte(strings.Replace(string(profile.DefaultYAML()), c.old, c.new, 1)))
				if err != nil {
					t.Fatal(err)
				}
				r := newRig(t, p)
				b, err := board.New(p, board.Options{})
				if err != nil {
					t.Fatal(err)
				}
				defer b.Close()
				for port, want := range c.want {
					if got := r.SPIClock(port); got != want {
						t.Errorf("%s at %v, want %v", port, got, want)
					}
				}
			})
		})
	}
}

// A stepper named in the profile is a motor of the board: step and dir on
// Pi lines, its driver's enable on an expander pin.
func TestStepperFromProfile(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		text := strings.Replace(string(profile.DefaultYAML()), "sides: 4", "sides: 4\nfree_uart_pins: true", 1)
		text = strings.Replace(text, "tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2}",
			"tray:      {kind: stepper, step: GPIO14, dir: GPIO15, enable: io1.A7, step_period: 2ms}", 1)
		p, err := profile.Parse("stepper.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		if err := b.Motors["tray"].Run(motor.Reverse, 1); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second)
		if r.Pins["GPIO15"].Read() != false {
			t.Error("dir not low for reverse")
		}
		if h, out := r.MCP23017["io1"].Output("A7"); !out || h {
			t.Errorf("driver enable io1.A7: high %v, output %v; want driven low (enabled)", h, out)
		}
		if err := b.Halt(); err != nil {
			t.Fatal(err)
		}
		if h, _ := r.MCP23017["io1"].Output("A7"); !h {
			t.Error("Halt left the stepper driver enabled")
		}
	})
}

// Probe finds a PCA9685 that no longer answers, and one that reset (a
// brown-out put it back to sleep with its outputs off).
func TestProbeMotorDrivers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Default()
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		if err := b.Probe(); err != nil {
			t.Fatalf("healthy board: %v", err)
		}
		r.Bus.Fail(0x41, errors.New("no ACK"))
		if err := b.Probe(); err == nil || !strings.Contains(err.Error(), "PCA9685 pwm1 does not answer") {
			t.Errorf("pwm1 gone: %v", err)
		}
		r.Bus.Fail(0x41, nil)
		r.PCA9685["pwm2"].PowerCycle()
		if err := b.Probe(); err == nil || !strings.Contains(err.Error(), "PCA9685 pwm2 has reset") {
			t.Errorf("pwm2 reset: %v", err)
		}
	})
}

// Revision 2 (perseat.yaml) moves the lift top limits onto io2 beside the
// bottom ones, polled instead of on interrupt lines. Each of the eight
// limits must still read a broken wire as the limit, fail loudly on a
// failed bus, and be seen within one poll period and the switch debounce
// of the contact opening (docs/wiring.md, "A reader per seat": what the
// move costs).
func TestPerSeatLimitsOnTheExpander(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.PerSeat()
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		// board.Options.Poll's default, then the debounce: the contact
		// must stay open that long.
		limit := 5*time.Millisecond + p.Timing.SwitchDebounce.D()
		for i, name := range []string{"lift0.bottom", "lift1.bottom", "lift2.bottom", "lift3.bottom", "lift0.top", "lift1.top", "lift2.top", "lift3.top"} {
			pin := "A" + string(rune('0'+i))
			if got := p.Inputs[name].Pin; got != "io2."+pin {
				t.Fatalf("%s on %s, want io2.%s", name, got, pin)
			}
			_ = r.MCP23017["io2"].Contact(pin, true)
			in := b.Inputs[name]
			if a, err := in.Active(); a || err != nil {
				t.Errorf("%s, contact closed: active %v, %v", name, a, err)
			}
			// The contact opens at an arbitrary point of a poll period.
			time.Sleep(time.Duration(i+1) * 700 * time.Microsecond)
			opened := make(chan time.Time, 1)
			go func() {
				time.Sleep(time.Duration(i) * 600 * time.Microsecond)
				_ = r.MCP23017["io2"].Contact(pin, false)
				opened <- time.Now()
			}()
			ok, err := in.WaitFor(t.Context(), true, time.Second)
			seen := time.Now()
			if !ok || err != nil {
				t.Fatalf("%s, contact open: WaitFor(active) = %v, %v", name, ok, err)
			}
			if lag := seen.Sub(<-opened); lag > limit {
				t.Errorf("%s seen %v after its contact opened, more than a poll and the debounce (%v)", name, lag, limit)
			}
			_ = r.MCP23017["io2"].Contact(pin, true)
		}
		r.Bus.Fail(0x22, errors.New("SDA stuck low"))
		for _, name := range []string{"lift2.top", "lift2.bottom"} {
			if _, err := b.Inputs[name].Active(); err == nil || !strings.Contains(err.Error(), name) {
				t.Errorf("%s on a failed bus: %v, want an error naming it", name, err)
			}
		}
		r.Bus.Fail(0x22, nil)
	})
}

// A limit that opens between a caller's read and the wait that follows it
// is seen within the debounce, not a wait slice later: the polled expander pin counts
// the change since the last read as an edge, as an interrupt line keeps
// an edge that came before the wait.
func TestPolledLimitOpensBeforeTheWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.PerSeat()
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		in := b.Inputs["lift0.bottom"]
		// The contact is closed for the first two reads of the pin after
		// this (the debounced switch's look, then the pin's own), and
		// open from the next, the read that begins the pin's wait for an
		// edge: it opens between a look and the wait, at one instant.
		var reads int
		if err := r.MCP23017["io2"].Follow("A0", func() bool {
			reads++
			return reads > 2
		}); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		ok, err := in.WaitFor(t.Context(), true, time.Second)
		if !ok || err != nil {
			t.Fatalf("WaitFor(active) = %v, %v", ok, err)
		}
		if reads < 3 {
			t.Fatalf("the pin was read %d times: the test did not open the contact between reads", reads)
		}
		// Seen once the switch debounce has confirmed it.
		if d, want := time.Since(start), p.Timing.SwitchDebounce.D(); d > want {
			t.Errorf("the open limit was seen %v after the wait began, want within the debounce (%v)", d, want)
		}
	})
}
