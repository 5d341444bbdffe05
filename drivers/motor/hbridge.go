package motor

import (
	"fmt"
	"sync"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
)

// HBridge is a DC motor on an H-bridge driver (TB6612, DRV8833, L298 ...):
// a PWM pin sets the speed and two input pins the direction.
type HBridge struct {
	name string
	cfg  HBridgeConfig

	mu sync.Mutex
}

// HBridgeConfig wires an HBridge.
type HBridgeConfig struct {
	PWM      gpio.PinOut // speed; must support PWM
	IN1, IN2 gpio.PinOut // direction
	// Freq is the PWM frequency; 0 means 1.6 kHz.
	Freq physic.Frequency
	// Reversed swaps Forward and Reverse (the motor is wired the other way).
	Reversed bool
	// DigitalViaPWM sets IN1 and IN2 with PWM at 0 or 100 % duty instead of
	// Out. It is required for PCA9685 channels: in pca9685 v3.7.4,
	// pin.Out calls PWM with a frequency of 0 (a division by zero) and
	// drives the pin fully on even for Low.
	DigitalViaPWM bool
	// Brake makes Stop a short brake: both inputs high and the PWM fully
	// on (TB6612, L298; a DRV8833's xIN1 = xIN2 = 1), so a lift stops at
	// its limit instead of coasting past it. Halt always coasts with
	// every input low, the state the board's pull-downs give a bridge
	// whose PCA9685 outputs are disabled.
	Brake bool
}

// NewHBridge returns the motor named name. The motor is stopped.
func NewHBridge(name string, cfg HBridgeConfig) (*HBridge, error) {
	if cfg.PWM == nil || cfg.IN1 == nil || cfg.IN2 == nil {
		return nil, fmt.Errorf("motor %s: PWM, IN1 and IN2 pins are all required", name)
	}
	if cfg.Freq == 0 {
		cfg.Freq = 1600 * physic.Hertz
	}
	m := &HBridge{name: name, cfg: cfg}
	if err := m.Stop(); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *HBridge) String() string { return m.name }

// Run implements Motor.
func (m *HBridge) Run(dir Direction, speed float64) error {
	if err := CheckRun(m.name, dir, speed); err != nil {
		return err
	}
	if m.cfg.Reversed {
		dir = -dir
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	// Set the duty to 0 while the direction changes, so the bridge never
	// sees both a new direction and the old speed's pulse mid-change.
	if err := m.cfg.PWM.PWM(0, m.cfg.Freq); err != nil {
		return m.wrap(err)
	}
	if err := m.digital(m.cfg.IN1, dir == Forward); err != nil {
		return m.wrap(err)
	}
	if err := m.digital(m.cfg.IN2, dir == Reverse); err != nil {
		return m.wrap(err)
	}
	duty := gpio.Duty(speed * float64(gpio.DutyMax))
	return m.wrap(m.cfg.PWM.PWM(duty, m.cfg.Freq))
}

// Stop implements Motor: a short brake when the bridge is configured to
// brake, else speed 0 and both inputs low (coast).
func (m *HBridge) Stop() error {
	if !m.cfg.Brake {
		return m.coast()
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	// Both inputs high first, then the PWM on: at no instant does the
	// bridge see one input high with the PWM on (drive).
	err := m.digital(m.cfg.IN1, true)
	if e := m.digital(m.cfg.IN2, true); err == nil {
		err = e
	}
	if err == nil {
		err = m.cfg.PWM.PWM(gpio.DutyMax, m.cfg.Freq)
	}
	if err != nil {
		_ = m.cfg.PWM.PWM(0, m.cfg.Freq)
	}
	return m.wrap(err)
}

// coast sets the speed to 0 and both inputs low.
func (m *HBridge) coast() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	err := m.cfg.PWM.PWM(0, m.cfg.Freq)
	if e := m.digital(m.cfg.IN1, false); err == nil {
		err = e
	}
	if e := m.digital(m.cfg.IN2, false); err == nil {
		err = e
	}
	return m.wrap(err)
}

// Halt implements conn.Resource: every input low (coast).
func (m *HBridge) Halt() error { return m.coast() }

func (m *HBridge) digital(p gpio.PinOut, on bool) error {
	if m.cfg.DigitalViaPWM {
		d := gpio.Duty(0)
		if on {
			d = gpio.DutyMax
		}
		return p.PWM(d, m.cfg.Freq)
	}
	l := gpio.Low
	if on {
		l = gpio.High
	}
	return p.Out(l)
}

func (m *HBridge) wrap(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("motor %s: %w", m.name, err)
}
