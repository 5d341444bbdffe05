package rfid

import (
	"fmt"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/i2c"
)

// GPIOMux selects an antenna on an analog multiplexer (CD74HC4067,
// 74HC4051 ...) with binary select lines and an optional active-low enable.
type GPIOMux struct {
	name   string
	sel    []gpio.PinOut
	enable gpio.PinOut
}

// NewGPIOMux returns a multiplexer of 2^len(sel) channels.
func NewGPIOMux(name string, sel []gpio.PinOut, enable gpio.PinOut) (*GPIOMux, error) {
	if len(sel) == 0 || len(sel) > 5 {
		return nil, fmt.Errorf("rfid mux %s: %d select lines, want 1 to 5", name, len(sel))
	}
	for i, p := range sel {
		if p == nil {
			return nil, fmt.Errorf("rfid mux %s: select line %d has no pin", name, i)
		}
	}
	return &GPIOMux{name: name, sel: sel, enable: enable}, nil
}

func (m *GPIOMux) String() string { return m.name }

// Channels implements Mux.
func (m *GPIOMux) Channels() int { return 1 << len(m.sel) }

// Select implements Mux.
func (m *GPIOMux) Select(ch int) error {
	if ch < 0 || ch >= m.Channels() {
		return fmt.Errorf("rfid mux %s: channel %d out of range 0–%d", m.name, ch, m.Channels()-1)
	}
	for i, p := range m.sel {
		if err := p.Out(gpio.Level(ch&(1<<i) != 0)); err != nil {
			return fmt.Errorf("rfid mux %s: %w", m.name, err)
		}
	}
	if m.enable != nil {
		if err := m.enable.Out(gpio.Low); err != nil {
			return fmt.Errorf("rfid mux %s: %w", m.name, err)
		}
	}
	return nil
}

// I2CMux selects an antenna through an I2C switch with one bit per channel
// (TCA9548A / PCA9548A, 8 channels).
type I2CMux struct {
	name string
	dev  *i2c.Dev
}

// NewI2CMux returns the switch at addr on bus.
func NewI2CMux(name string, bus i2c.Bus, addr uint16) (*I2CMux, error) {
	if bus == nil {
		return nil, fmt.Errorf("rfid mux %s: no I2C bus", name)
	}
	return &I2CMux{name: name, dev: &i2c.Dev{Bus: bus, Addr: addr}}, nil
}

func (m *I2CMux) String() string { return m.name }

// Channels implements Mux.
func (m *I2CMux) Channels() int { return 8 }

// Select implements Mux.
func (m *I2CMux) Select(ch int) error {
	if ch < 0 || ch >= 8 {
		return fmt.Errorf("rfid mux %s: channel %d out of range 0–7", m.name, ch)
	}
	if err := m.dev.Tx([]byte{1 << ch}, nil); err != nil {
		return fmt.Errorf("rfid mux %s: %w", m.name, err)
	}
	return nil
}
