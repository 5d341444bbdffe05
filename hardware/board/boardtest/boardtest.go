package boardtest

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"jantaku/drivers/rfid/pn5180/pn5180test"
	"jantaku/drivers/rfid/rfidtest"
	"jantaku/hardware/profile"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
)

// Bus is an I2C bus of register-file chips (PCA9685, MCP23017 and
// TCA9548A all take a register address then data, auto-incrementing): a
// write [reg, v0, v1 …] stores v0 at reg, v1 at reg+1 …; a read returns
// the registers from the last address written. A Tx to an address with
// no chip fails, as a missing ACK does.
type Bus struct {
	mu   sync.Mutex
	regs map[uint16]*[256]byte
	last map[uint16]byte
	// inputs compute MCP23017 input bits from outside the bus (a chip's
	// BUSY line): by address and GPIO register, bit to level.
	inputs map[uint16]map[byte]map[uint8]func() bool
}

// NewBus returns a bus with register-file chips at addrs.
func NewBus(addrs ...uint16) *Bus {
	b := &Bus{regs: map[uint16]*[256]byte{}, last: map[uint16]byte{}, inputs: map[uint16]map[byte]map[uint8]func() bool{}}
	for _, a := range addrs {
		b.regs[a] = new([256]byte)
	}
	return b
}

func (b *Bus) String() string                  { return "boardtest.Bus" }
func (b *Bus) Close() error                    { return nil }
func (b *Bus) SetSpeed(physic.Frequency) error { return nil }

// Tx implements i2c.Bus.
func (b *Bus) Tx(addr uint16, w, r []byte) error {
	b.mu.Lock()
	regs, ok := b.regs[addr]
	if !ok {
		b.mu.Unlock()
		return fmt.Errorf("boardtest.Bus: no ACK from 0x%02X", addr)
	}
	if len(w) > 0 {
		b.last[addr] = w[0]
		for i, v := range w[1:] {
			regs[int(w[0])+i] = v
		}
	}
	start := b.last[addr]
	out := make([]byte, len(r))
	for i := range out {
		out[i] = regs[int(start)+i]
	}
	in := b.inputs[addr]
	b.mu.Unlock()
	// Input lines are read outside the lock: a chip's BUSY takes its own.
	for i := range out {
		for bit, f := range in[start+byte(i)] {
			if f() {
				out[i] |= 1 << bit
			} else {
				out[i] &^= 1 << bit
			}
		}
	}
	copy(r, out)
	return nil
}

// Get returns register reg of the chip at addr.
func (b *Bus) Get(addr uint16, reg byte) byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.regs[addr][reg]
}

// LastReg returns the register address last written to the chip at addr.
func (b *Bus) LastReg(addr uint16) byte {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.last[addr]
}

// Set sets register reg of the chip at addr.
func (b *Bus) Set(addr uint16, reg, v byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.regs[addr][reg] = v
}

// Input makes bit of MCP23017 register reg (GPIOA 0x12, GPIOB 0x13) at
// addr read level().
func (b *Bus) Input(addr uint16, reg byte, bit uint8, level func() bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.inputs[addr] == nil {
		b.inputs[addr] = map[byte]map[uint8]func() bool{}
	}
	if b.inputs[addr][reg] == nil {
		b.inputs[addr][reg] = map[uint8]func() bool{}
	}
	b.inputs[addr][reg][bit] = level
}

// Rig is a profile's buses backed by emulators.
type Rig struct {
	Bus  *Bus
	Pins map[string]*gpiotest.Pin // Pi lines by name
	// MFRC522 holds the MFRC522 emulators by SPI port, PN5180 the PN5180
	// emulators by reader name.
	MFRC522 map[string]*rfidtest.Chip
	PN5180  map[string]*pn5180test.Chip
	p       *profile.Profile
}

// New registers emulators for every bus, Pi line and reader of p, except
// those named in skip (a bus, a pin, an SPI port), and unregisters them
// when t ends.
func New(t testing.TB, p *profile.Profile, skip ...string) *Rig {
	t.Helper()
	var addrs []uint16
	for _, ch := range p.Chips {
		if ch.Kind != profile.KindSysfsPWM {
			addrs = append(addrs, uint16(ch.Addr))
		}
	}
	r := &Rig{Bus: NewBus(addrs...), Pins: map[string]*gpiotest.Pin{}, MFRC522: map[string]*rfidtest.Chip{}, PN5180: map[string]*pn5180test.Chip{}, p: p}
	skipped := func(n string) bool {
		for _, s := range skip {
			if s == n {
				return true
			}
		}
		return false
	}
	if !skipped("I2C1") {
		if err := i2creg.Register("I2C1", nil, 1, func() (i2c.BusCloser, error) { return r.Bus, nil }); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = i2creg.Unregister("I2C1") })
	}
	for _, in := range []map[string]profile.Input{p.Inputs, p.Buttons} {
		for _, i := range in {
			if strings.HasPrefix(i.Pin, "GPIO") && !skipped(i.Pin) {
				r.gpio(t, i.Pin)
			}
		}
	}
	for _, m := range p.Motors {
		for _, n := range []string{m.IN1Pin, m.IN2Pin} {
			if strings.HasPrefix(n, "GPIO") && !skipped(n) {
				r.gpio(t, n)
			}
		}
	}
	for name, rd := range p.Readers {
		if skipped(rd.SPI) {
			continue
		}
		var port spi.PortCloser
		switch rd.ReaderKind() {
		case profile.ReaderPN5180:
			c := pn5180test.NewChip(name)
			r.PN5180[name] = c
			port = c
			if rd.Mux != "" {
				c.Antenna = r.channel(p.Muxes[rd.Mux])
			}
			r.busy(t, rd.Busy, c.Busy())
		default:
			c := rfidtest.NewChip()
			r.MFRC522[rd.SPI] = c
			port = c
		}
		if err := spireg.Register(rd.SPI, nil, -1, func() (spi.PortCloser, error) { return port, nil }); err != nil {
			t.Fatal(err)
		}
		spiName := rd.SPI
		t.Cleanup(func() { _ = spireg.Unregister(spiName) })
	}
	return r
}

func (r *Rig) gpio(t testing.TB, name string) {
	if _, ok := r.Pins[name]; ok {
		return
	}
	var n int
	fmt.Sscanf(name, "GPIO%d", &n)
	p := &gpiotest.Pin{N: name, Num: n, EdgesChan: make(chan gpio.Level, 4)}
	r.Pins[name] = p
	if err := gpioreg.Register(p); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = gpioreg.Unregister(name) })
}

// expander resolves "io1.B3" to the chip's address, its port (0 A, 1 B)
// and bit.
func (r *Rig) expander(pin string) (addr uint16, port byte, bit uint8, ok bool) {
	i := strings.LastIndexByte(pin, '.')
	if i < 0 || len(pin) != i+3 {
		return 0, 0, 0, false
	}
	ch, found := r.p.Chips[pin[:i]]
	if !found {
		return 0, 0, 0, false
	}
	return uint16(ch.Addr), pin[i+1] - 'A', pin[i+2] - '0', true
}

// busy wires a PN5180's BUSY output to the input the profile reads it on.
func (r *Rig) busy(t testing.TB, pin string, busy gpio.PinIn) {
	if addr, port, bit, ok := r.expander(pin); ok {
		r.Bus.Input(addr, 0x12+port, bit, func() bool { return busy.Read() == gpio.High })
		return
	}
	if strings.HasPrefix(pin, "GPIO") {
		p := &busyLine{Pin: gpiotest.Pin{N: pin}, busy: busy}
		if err := gpioreg.Register(p); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = gpioreg.Unregister(pin) })
	}
}

type busyLine struct {
	gpiotest.Pin
	busy gpio.PinIn
}

func (b *busyLine) Read() gpio.Level              { return b.busy.Read() }
func (b *busyLine) In(gpio.Pull, gpio.Edge) error { return nil }

// channel returns the channel m's select lines (expander outputs) select
// now, as the RF switch sees them.
func (r *Rig) channel(m profile.Mux) func() int {
	return func() int {
		ch := 0
		for i, s := range m.Select {
			addr, port, bit, ok := r.expander(s)
			if ok && r.Bus.Get(addr, 0x14+port)&(1<<bit) != 0 {
				ch |= 1 << i
			}
		}
		return ch
	}
}

// PWM reports whether PCA9685 channel ch at addr is fully on, and its
// 12-bit off count otherwise.
func (b *Bus) PWM(addr uint16, ch int) (on bool, off int) {
	base := byte(6 + 4*ch)
	if b.Get(addr, base+3)&0x10 != 0 {
		return false, 0
	}
	if b.Get(addr, base+1)&0x10 != 0 {
		return true, 4096
	}
	return false, int(b.Get(addr, base+2)) | int(b.Get(addr, base+3)&0x0F)<<8
}
