package motor_test

import (
	"errors"
	"math"
	"sync"
	"testing"
	"time"

	"jantaku/drivers/clock/clocktest"
	"jantaku/drivers/motor"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/devices/v3/pca9685"
)

func pins() (pwm, in1, in2 *gpiotest.Pin) {
	return &gpiotest.Pin{N: "PWM"}, &gpiotest.Pin{N: "IN1"}, &gpiotest.Pin{N: "IN2"}
}

func TestHBridgeDirectionAndSpeed(t *testing.T) {
	pwm, in1, in2 := pins()
	m, err := motor.NewHBridge("lift0", motor.HBridgeConfig{PWM: pwm, IN1: in1, IN2: in2})
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		dir      motor.Direction
		speed    float64
		in1, in2 gpio.Level
	}{
		{motor.Forward, 1, gpio.High, gpio.Low},
		{motor.Reverse, 0.5, gpio.Low, gpio.High},
	}
	for _, c := range cases {
		if err := m.Run(c.dir, c.speed); err != nil {
			t.Fatal(err)
		}
		if in1.L != c.in1 || in2.L != c.in2 {
			t.Errorf("%v: IN1=%v IN2=%v, want %v %v", c.dir, in1.L, in2.L, c.in1, c.in2)
		}
		if want := gpio.Duty(c.speed * float64(gpio.DutyMax)); pwm.D != want {
			t.Errorf("%v: duty %v, want %v", c.dir, pwm.D, want)
		}
		if pwm.F != 1600*physic.Hertz {
			t.Errorf("PWM frequency %v, want the 1.6kHz default", pwm.F)
		}
	}
	if err := m.Halt(); err != nil {
		t.Fatal(err)
	}
	if pwm.D != 0 || in1.L != gpio.Low || in2.L != gpio.Low {
		t.Errorf("after Halt: duty %v IN1 %v IN2 %v, want all off", pwm.D, in1.L, in2.L)
	}
}

func TestHBridgeReversed(t *testing.T) {
	pwm, in1, in2 := pins()
	m, _ := motor.NewHBridge("conveyor2", motor.HBridgeConfig{PWM: pwm, IN1: in1, IN2: in2, Reversed: true})
	if err := m.Run(motor.Forward, 1); err != nil {
		t.Fatal(err)
	}
	if in1.L != gpio.Low || in2.L != gpio.High {
		t.Errorf("reversed Forward: IN1=%v IN2=%v, want Low High", in1.L, in2.L)
	}
}

func TestHBridgeRejectsBadArguments(t *testing.T) {
	pwm, in1, in2 := pins()
	if _, err := motor.NewHBridge("x", motor.HBridgeConfig{PWM: pwm, IN1: in1}); err == nil {
		t.Error("NewHBridge without IN2: no error")
	}
	m, _ := motor.NewHBridge("tray", motor.HBridgeConfig{PWM: pwm, IN1: in1, IN2: in2})
	for _, s := range []float64{0, -1, 1.5, math.NaN()} {
		if err := m.Run(motor.Forward, s); err == nil {
			t.Errorf("Run(speed %v): no error", s)
		}
	}
	if err := m.Run(0, 1); err == nil {
		t.Error("Run(direction 0): no error")
	}
	if pwm.D != 0 {
		t.Errorf("a rejected Run changed the duty to %v", pwm.D)
	}
}

// regBus is an i2c.Bus with a PCA9685's register file (auto-increment).
type regBus struct {
	mu   sync.Mutex
	regs [256]byte
}

func (b *regBus) String() string                  { return "regbus" }
func (b *regBus) SetSpeed(physic.Frequency) error { return nil }
func (b *regBus) Tx(addr uint16, w, r []byte) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if addr != pca9685.I2CAddr {
		return errors.New("no device at address")
	}
	if len(w) == 0 {
		return errors.New("empty write")
	}
	reg := w[0]
	for i, v := range w[1:] {
		b.regs[reg+byte(i)] = v
	}
	for i := range r {
		r[i] = b.regs[reg+byte(i)]
	}
	return nil
}

var _ i2c.Bus = (*regBus)(nil)

// TestHBridgeOnPCA9685 drives the motor through the real pca9685 driver
// down to its LED registers (channel n at 0x06+4n: ON_L ON_H OFF_L OFF_H).
func TestHBridgeOnPCA9685(t *testing.T) {
	bus := &regBus{}
	dev, err := pca9685.NewI2C(bus, pca9685.I2CAddr)
	if err != nil {
		t.Fatal(err)
	}
	ch := func(n int) gpio.PinOut {
		p, err := dev.CreatePin(n)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	m, err := motor.NewHBridge("lift1", motor.HBridgeConfig{
		PWM: ch(8), IN1: ch(9), IN2: ch(10), Freq: 50 * physic.Hertz, DigitalViaPWM: true,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Run(motor.Reverse, 0.5); err != nil {
		t.Fatal(err)
	}
	led := func(n int) (on, off uint16) {
		b := bus.regs[0x06+4*n:]
		return uint16(b[0]) | uint16(b[1])<<8, uint16(b[2]) | uint16(b[3])<<8
	}
	if _, off := led(8); off != 2048 {
		t.Errorf("PWM channel OFF count = %d, want 2048 (50%%)", off)
	}
	if on, _ := led(9); on&0x1000 != 0 {
		t.Errorf("IN1 is full on, want off for Reverse")
	}
	if on, _ := led(10); on&0x1000 == 0 {
		t.Errorf("IN2 is not full on, want on for Reverse")
	}
}

func TestStepDir(t *testing.T) {
	step, dir, en := &gpiotest.Pin{N: "STEP"}, &gpiotest.Pin{N: "DIR"}, &gpiotest.Pin{N: "EN"}
	clk := clocktest.New()
	s, err := motor.NewStepDir("stacker0", step, dir, en, 2*time.Millisecond, clk)
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	done := make(chan error, 1)
	go func() { done <- s.Step(ctx, motor.Reverse, 10) }()
	// Each step is two half-periods on the clock: advance through them.
	for i := 0; i < 20; i++ {
		if err := clk.BlockUntil(ctx, 1); err != nil {
			t.Fatal(err)
		}
		clk.Advance(time.Millisecond)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if dir.L != gpio.Low || en.L != gpio.Low {
		t.Errorf("DIR=%v EN=%v, want Low (reverse) and Low (enabled)", dir.L, en.L)
	}

	// Halt during a long move ends it with ErrHalted and disables the driver.
	errc := make(chan error, 1)
	go func() { errc <- s.Step(ctx, motor.Forward, 1_000_000) }()
	clk.Advance(10 * time.Millisecond) // no timer pending: nothing moves
	if err := clk.BlockUntil(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if err := s.Halt(); err != nil {
		t.Fatal(err)
	}
	if err := <-errc; !errors.Is(err, motor.ErrHalted) {
		t.Errorf("Step after Halt = %v, want ErrHalted", err)
	}
	if en.L != gpio.High {
		t.Error("Halt left the driver enabled")
	}
	if err := s.Step(ctx, motor.Forward, -1); err == nil {
		t.Error("Step(-1): no error")
	}
}
