package chips_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"testing/synctest"

	"jantaku/hardware/sim/chips"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/devices/v3/mcp23xxx"
	"periph.io/x/devices/v3/pca9685"
)

// periph's own PCA9685 driver, on the emulator: the PWM it asks for is
// the duty the channel outputs, and OE high turns every output off.
func TestPCA9685WithPeriph(t *testing.T) {
	synctest.Test(t, func(t *testing.T) { // periph's driver sleeps 100ms twice
		bus := &chips.Bus{}
		chip := chips.NewPCA9685(0x40)
		bus.Add(chip)
		d, err := pca9685.NewI2C(bus, 0x40)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.SetPwmFreq(1600 * physic.Hertz); err != nil {
			t.Fatal(err)
		}
		// The datasheet's prescale is round(25 MHz / (4096 × f)) − 1 = 3
		// for 1.6 kHz; periph's pca9685 v3.7.4 leaves out the − 1 and
		// writes 4, so the outputs run at 25 MHz / (4096 × 5) ≈ 1.22 kHz.
		if got := chip.Reg(0xFE); got != 4 {
			t.Errorf("PRE_SCALE %d for 1.6 kHz, want periph's 4", got)
		}
		p, err := d.CreatePin(5)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.PWM(gpio.DutyHalf, 1600*physic.Hertz); err != nil {
			t.Fatal(err)
		}
		if got := chip.Duty(5); got < 0.49 || got > 0.51 {
			t.Errorf("channel 5 at half duty outputs %v", got)
		}
		if err := p.PWM(gpio.DutyMax, 1600*physic.Hertz); err != nil {
			t.Fatal(err)
		}
		if got := chip.Duty(5); got != 1 {
			t.Errorf("channel 5 at full duty outputs %v", got)
		}
		chip.SetOE(true)
		if got := chip.Duty(5); got != 0 {
			t.Errorf("with OE high channel 5 outputs %v, want 0", got)
		}
		chip.SetOE(false)
		if err := d.SetAllPwm(0, 0); err != nil {
			t.Fatal(err)
		}
		if got := chip.Duty(5); got != 0 {
			t.Errorf("after SetAllPwm(0, 0) channel 5 outputs %v", got)
		}
		// periph leaves ALLCALL on: the chip answers 0x70.
		if !chip.Answers(chips.AllCallAddr) {
			t.Error("the PCA9685 does not answer its all-call address")
		}
	})
}

// A TCA9548A at 0x70 next to a PCA9685: both answer, and a read fights.
func TestAllCallClash(t *testing.T) {
	bus := &chips.Bus{}
	pca := chips.NewPCA9685(0x40)
	tca := &chips.TCA9548A{Addr: 0x70}
	bus.Add(pca, tca)
	var r [1]byte
	if err := bus.Tx(0x70, nil, r[:]); !errors.Is(err, chips.ErrCollision) {
		t.Errorf("reading 0x70 = %v, want a collision", err)
	}
	// The write reaches both: the TCA9548A's channel byte lands in the
	// PCA9685's register pointer too.
	if err := bus.Tx(0x70, []byte{0x04}, nil); err != nil {
		t.Fatal(err)
	}
	if tca.Control() != 0x04 {
		t.Errorf("TCA9548A control %#x", tca.Control())
	}
	if err := bus.Tx(0x71, []byte{0x01}, nil); !errors.Is(err, chips.ErrNoAck) {
		t.Errorf("0x71: %v, want no ACK", err)
	}
}

// periph's MCP23017 driver on the emulator: pull-ups, contacts, outputs,
// and the error its Read swallows.
func TestMCP23017WithPeriph(t *testing.T) {
	bus := &chips.Bus{}
	chip := chips.NewMCP23017(0x20)
	bus.Add(chip)
	d, err := mcp23xxx.NewI2C(bus, mcp23xxx.MCP23017, 0x20)
	if err != nil {
		t.Fatal(err)
	}
	a0, b7 := d.Pins[0][0], d.Pins[1][7]
	if err := a0.In(gpio.PullUp, gpio.NoEdge); err != nil {
		t.Fatal(err)
	}
	if !chip.PullUp("A0") {
		t.Error("GPPUA bit 0 not set")
	}
	if err := a0.In(gpio.PullDown, gpio.NoEdge); err == nil {
		t.Error("periph accepted a pull-down the MCP23017 does not have")
	}
	if a0.Read() != gpio.High {
		t.Error("open contact with the pull-up reads low")
	}
	if err := chip.Contact("A0", true); err != nil {
		t.Fatal(err)
	}
	if a0.Read() != gpio.Low {
		t.Error("closed contact reads high")
	}
	if err := b7.Out(gpio.High); err != nil {
		t.Fatal(err)
	}
	if h, out := chip.Output("B7"); !h || !out {
		t.Errorf("B7 output %v (an output: %v)", h, out)
	}
	// A dead bus: periph's Read says Low, with no error, as a closed
	// switch would. hardware/board reads the register itself for that.
	if err := chip.Contact("A0", false); err != nil {
		t.Fatal(err)
	}
	bus.Fail(0x20, errors.New("cable pulled"))
	if a0.Read() != gpio.Low {
		t.Error("periph's Read on a dead bus no longer reads Low: revisit hardware/board's expanderIn")
	}
	if err := chip.Contact("C9", true); err == nil {
		t.Error("a bad pin name: no error")
	}
}

// A pin wired to another chip's output (a PN5180's BUSY line) reads that
// output at each read, through periph's driver.
func TestMCP23017Follow(t *testing.T) {
	bus := &chips.Bus{}
	chip := chips.NewMCP23017(0x24)
	bus.Add(chip)
	busy := false
	if err := chip.Follow("B2", func() bool { return busy }); err != nil {
		t.Fatal(err)
	}
	if err := chip.Follow("Z9", func() bool { return true }); err == nil {
		t.Error("a bad pin name: no error")
	}
	d, err := mcp23xxx.NewI2C(bus, mcp23xxx.MCP23017, 0x24)
	if err != nil {
		t.Fatal(err)
	}
	b2 := d.Pins[1][2]
	if err := b2.In(gpio.PullNoChange, gpio.NoEdge); err != nil {
		t.Fatal(err)
	}
	for _, want := range []bool{false, true, false} {
		busy = want
		if got := b2.Read() == gpio.High; got != want {
			t.Errorf("BUSY %v reads %v", want, got)
		}
	}
}

// An MCP23017 pin wired to another chip's input (a PN5180's RST) tells
// it of the level it drives, once at once and then on every change, as
// periph's driver sets the pin.
func TestMCP23017Watch(t *testing.T) {
	m := chips.NewMCP23017(0x25)
	var told []string
	if err := m.Watch("B2", func(high, out bool) { told = append(told, fmt.Sprintf("%v/%v", high, out)) }); err != nil {
		t.Fatal(err)
	}
	// IODIRB: B2 an output (low); then OLATB: B2 high; B3 changes alone.
	for _, w := range [][]byte{{0x01, 0xFB}, {0x15, 0x04}, {0x15, 0x0C}, {0x15, 0x08}} {
		if err := m.Tx(0x25, w, nil); err != nil {
			t.Fatal(err)
		}
	}
	if want := []string{"false/false", "false/true", "true/true", "false/true"}; !slices.Equal(told, want) {
		t.Errorf("told %v, want %v", told, want)
	}
	if err := m.Watch("C9", func(bool, bool) {}); err == nil {
		t.Error("watched pin C9")
	}
}
