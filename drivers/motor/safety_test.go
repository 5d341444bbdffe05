package motor_test

import (
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/motor"
	"jantaku/drivers/motor/motortest"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// A braking bridge stops with both inputs high and the PWM on (the
// TB6612's short brake); Halt coasts with everything low.
func TestHBridgeBrake(t *testing.T) {
	pwm, in1, in2 := pins()
	m, err := motor.NewHBridge("lift0", motor.HBridgeConfig{PWM: pwm, IN1: in1, IN2: in2, Brake: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Run(motor.Forward, 1); err != nil {
		t.Fatal(err)
	}
	if err := m.Stop(); err != nil {
		t.Fatal(err)
	}
	if in1.L != gpio.High || in2.L != gpio.High || pwm.D != gpio.DutyMax {
		t.Errorf("brake: IN1 %v IN2 %v duty %v, want High High full", in1.L, in2.L, pwm.D)
	}
	// From the brake it drives again.
	if err := m.Run(motor.Reverse, 0.5); err != nil {
		t.Fatal(err)
	}
	if in1.L != gpio.Low || in2.L != gpio.High || pwm.D != gpio.DutyMax/2 {
		t.Errorf("after the brake, reverse: IN1 %v IN2 %v duty %v", in1.L, in2.L, pwm.D)
	}
	if err := m.Halt(); err != nil {
		t.Fatal(err)
	}
	if in1.L != gpio.Low || in2.L != gpio.Low || pwm.D != 0 {
		t.Errorf("Halt: IN1 %v IN2 %v duty %v, want all low (coast)", in1.L, in2.L, pwm.D)
	}
}

func TestRamp(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		clk := clock.Real{}
		inner := &motortest.Motor{Name: "tray", Clock: clk}
		m := motor.Ramp(inner, 500*time.Millisecond, clk)
		t0 := time.Now()
		if err := m.Run(motor.Forward, 1); err != nil {
			t.Fatal(err)
		}
		if s := inner.State().Speed; s != 0.2 {
			t.Errorf("speed at the start of the ramp %v, want 0.2", s)
		}
		time.Sleep(time.Second)
		log := inner.Log()
		var speeds []float64
		for _, c := range log {
			speeds = append(speeds, c.Speed)
		}
		want := []float64{0.2, 0.4, 0.6, 0.8, 1}
		if len(speeds) != len(want) {
			t.Fatalf("speeds %v, want %v", speeds, want)
		}
		for i := range want {
			if d := speeds[i] - want[i]; d > 1e-9 || d < -1e-9 {
				t.Errorf("step %d: speed %v, want %v", i, speeds[i], want[i])
			}
		}
		if at := log[len(log)-1].At.Sub(t0); at != 400*time.Millisecond {
			t.Errorf("full speed after %v, want 400ms (5 steps of 100ms)", at)
		}
		// A stop is immediate, and ends a ramp under way.
		if err := m.Run(motor.Reverse, 1); err != nil {
			t.Fatal(err)
		}
		time.Sleep(150 * time.Millisecond)
		if err := m.Stop(); err != nil {
			t.Fatal(err)
		}
		n := len(inner.Log())
		time.Sleep(time.Second)
		if inner.State().Running() || len(inner.Log()) != n {
			t.Errorf("the ramp went on after Stop: %v", inner.Log()[n-1:])
		}
	})
}

// recordPin counts rising edges.
type recordPin struct {
	gpiotest.Pin
	mu    sync.Mutex
	rises int
	l     gpio.Level
}

func (p *recordPin) Out(l gpio.Level) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if l && !p.l {
		p.rises++
	}
	p.l = l
	return nil
}

func (p *recordPin) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.rises
}

// A stepper runs as a Motor: steps at period/speed until Stop.
func TestStepDirRun(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		step := &recordPin{}
		dir, en := &gpiotest.Pin{N: "DIR"}, &gpiotest.Pin{N: "EN"}
		var m motor.Motor
		s, err := motor.NewStepDir("lift0", step, dir, en, 2*time.Millisecond, clock.Real{})
		if err != nil {
			t.Fatal(err)
		}
		m = s
		if err := m.Run(motor.Forward, 0.5); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Second - time.Millisecond) // 4ms a step at half speed
		if err := m.Stop(); err != nil {
			t.Fatal(err)
		}
		if n := step.count(); n != 250 {
			t.Errorf("%d steps in a second at 4ms a step, want 250", n)
		}
		if dir.L != gpio.High || en.L != gpio.Low {
			t.Errorf("DIR %v EN %v, want High (forward) and Low (enabled, holding)", dir.L, en.L)
		}
		time.Sleep(time.Second)
		if n := step.count(); n != 250 {
			t.Errorf("stepping went on after Stop: %d steps", n)
		}
		if err := m.Halt(); err != nil {
			t.Fatal(err)
		}
		if en.L != gpio.High {
			t.Error("Halt left the driver enabled")
		}
	})
}
