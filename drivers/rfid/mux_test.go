package rfid_test

import (
	"testing"

	"jantaku/drivers/rfid"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c/i2ctest"
)

func TestGPIOMux(t *testing.T) {
	s0, s1, s2, en := &gpiotest.Pin{N: "S0"}, &gpiotest.Pin{N: "S1"}, &gpiotest.Pin{N: "S2"}, &gpiotest.Pin{N: "EN", L: gpio.High}
	m, err := rfid.NewGPIOMux("zones", []gpio.PinOut{s0, s1, s2}, en)
	if err != nil {
		t.Fatal(err)
	}
	if m.Channels() != 8 {
		t.Errorf("Channels = %d", m.Channels())
	}
	if err := m.Select(5); err != nil {
		t.Fatal(err)
	}
	if s0.L != gpio.High || s1.L != gpio.Low || s2.L != gpio.High || en.L != gpio.Low {
		t.Errorf("channel 5: S0..S2 = %v %v %v, EN %v", s0.L, s1.L, s2.L, en.L)
	}
	if err := m.Select(8); err == nil {
		t.Error("Select(8) on 8 channels: no error")
	}
}

func TestI2CMux(t *testing.T) {
	bus := &i2ctest.Playback{
		Ops:       []i2ctest.IO{{Addr: 0x70, W: []byte{0x08}}},
		DontPanic: true,
	}
	m, err := rfid.NewI2CMux("zones", bus, 0x70)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Select(3); err != nil {
		t.Fatal(err)
	}
	if err := m.Select(3); err == nil {
		// The playback has no second op: the bus error comes back wrapped.
		t.Errorf("Select on a bus that fails = %v, want the bus error", err)
	}
	if err := bus.Close(); err != nil {
		t.Error(err)
	}
}
