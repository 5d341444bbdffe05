package boardtest

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/enable/enabletest"
	"jantaku/drivers/rfid/pn5180/pn5180test"
	"jantaku/drivers/rfid/rfidtest"
	"jantaku/hardware/board"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim/chips"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
)

// Rig is a profile's buses backed by emulators.
type Rig struct {
	// Bus is I2C1, holding an emulator (hardware/sim/chips) for every
	// chip of the profile on it, by chip name in PCA9685, MCP23017 and
	// TCA9548A.
	Bus      *chips.Bus
	PCA9685  map[string]*chips.PCA9685
	MCP23017 map[string]*chips.MCP23017
	TCA9548A map[string]*chips.TCA9548A
	Pins     map[string]*gpiotest.Pin // Pi lines by name
	// Hold is the motor-power enable line (safety.enable) as the board's
	// hold circuit sees it; nil when the profile has none.
	Hold *enabletest.Hold
	// MFRC522 holds the MFRC522 emulators by SPI port, PN5180 the PN5180
	// emulators by reader name (those on a chip-select decoder too).
	MFRC522 map[string]*rfidtest.Chip
	PN5180  map[string]*pn5180test.Chip
	p       *profile.Profile
	ports   map[string]*port
	decs    map[string]*decoderChip
}

// New registers emulators for every bus, Pi line and reader of p, except
// those named in skip (a bus, a pin, an SPI port), and unregisters them
// when t ends. Contacts on the expanders start open: a test closes the
// normally-closed ones it needs closed (MCP23017.Contact).
func New(t testing.TB, p *profile.Profile, skip ...string) *Rig {
	t.Helper()
	r := &Rig{Bus: &chips.Bus{Name: "I2C1"}, PCA9685: map[string]*chips.PCA9685{}, MCP23017: map[string]*chips.MCP23017{},
		TCA9548A: map[string]*chips.TCA9548A{}, Pins: map[string]*gpiotest.Pin{}, MFRC522: map[string]*rfidtest.Chip{},
		PN5180: map[string]*pn5180test.Chip{}, p: p, ports: map[string]*port{}, decs: map[string]*decoderChip{}}
	for n, ch := range p.Chips {
		addr := uint16(ch.Addr)
		switch ch.Kind {
		case profile.KindPCA9685:
			r.PCA9685[n] = chips.NewPCA9685(addr)
			r.Bus.Add(r.PCA9685[n])
		case profile.KindMCP23017:
			r.MCP23017[n] = chips.NewMCP23017(addr)
			r.Bus.Add(r.MCP23017[n])
		case profile.KindTCA9548A:
			r.TCA9548A[n] = &chips.TCA9548A{Addr: addr}
			r.Bus.Add(r.TCA9548A[n])
		}
	}
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
	if e := p.Safety.Enable; e != "" && !skipped(e) {
		r.Hold = &enabletest.Hold{Hold: p.Safety.Hold.D()}
		r.Hold.N, r.Hold.Num = e, gpioNum(e)
		if err := gpioreg.Register(r.Hold); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = gpioreg.Unregister(e) })
	}
	// The BUSY lines on Pi lines are the chips' own outputs.
	busyPins := map[string]bool{}
	for _, rd := range p.Readers {
		if rd.ReaderKind() == profile.ReaderPN5180 {
			busyPins[rd.Busy] = true
		}
	}
	for _, d := range p.Decoders {
		busyPins[d.Busy] = true
	}
	line := func(n string) {
		if strings.HasPrefix(n, "GPIO") && !skipped(n) && !busyPins[n] && n != p.Safety.Enable {
			r.gpio(t, n)
		}
	}
	for _, in := range []map[string]profile.Input{p.Inputs, p.Buttons} {
		for _, i := range in {
			line(i.Pin)
		}
	}
	for _, m := range p.Motors {
		for _, n := range []string{m.IN1Pin, m.IN2Pin, m.Step, m.Dir, m.Enable} {
			line(n)
		}
	}
	for _, m := range p.Muxes {
		for _, n := range append([]string{m.Enable}, m.Select...) {
			line(n)
		}
	}
	for _, d := range p.Decoders {
		for _, n := range d.Address {
			line(n)
		}
	}
	for _, rd := range p.Readers {
		if rd.Decoder == "" {
			line(rd.Reset)
		}
		line(rd.IRQ)
	}
	// Readers of a lockstep group may share a BUSY line: the OR of their
	// chips' outputs.
	busyOf := map[string][]gpio.PinIn{}
	for name, rd := range p.Readers {
		if rd.Decoder != "" {
			continue // r.decoders
		}
		if skipped(rd.SPI) {
			continue
		}
		var chip spi.PortCloser
		switch rd.ReaderKind() {
		case profile.ReaderPN5180:
			c := pn5180test.NewChip(name)
			r.PN5180[name] = c
			chip = c
			if rd.Mux != "" {
				c.Antenna = r.channel(p.Muxes[rd.Mux])
			}
			busyOf[rd.Busy] = append(busyOf[rd.Busy], c.Busy())
		default:
			c := rfidtest.NewChip()
			r.MFRC522[rd.SPI] = c
			chip = c
		}
		pt := &port{PortCloser: chip}
		r.ports[rd.SPI] = pt
		if err := spireg.Register(rd.SPI, nil, -1, func() (spi.PortCloser, error) { return pt, nil }); err != nil {
			t.Fatal(err)
		}
		spiName := rd.SPI
		t.Cleanup(func() { _ = spireg.Unregister(spiName) })
	}
	for pin, bs := range busyOf {
		if len(bs) == 1 {
			r.busy(t, pin, bs[0])
			continue
		}
		r.busy(t, pin, orLine(bs))
	}
	r.decoders(t, skipped)
	return r
}

// orLine is the OR of several BUSY outputs (a 74LVC4072 on the board):
// high while any chip is busy. Every read samples every chip.
type orLine []gpio.PinIn

// pinStub is the rest of an input that only reads.
type pinStub struct{}

func (pinStub) Halt() error                    { return nil }
func (pinStub) Number() int                    { return -1 }
func (pinStub) In(gpio.Pull, gpio.Edge) error  { return nil }
func (pinStub) WaitForEdge(time.Duration) bool { return false }
func (pinStub) Pull() gpio.Pull                { return gpio.Float }
func (pinStub) DefaultPull() gpio.Pull         { return gpio.Float }

func (o orLine) Read() gpio.Level {
	l := gpio.Low
	for _, b := range o {
		if b.Read() == gpio.High {
			l = gpio.High
		}
	}
	return l
}

func (o orLine) String() string                 { return "OR of BUSY lines" }
func (o orLine) Halt() error                    { return nil }
func (o orLine) Name() string                   { return "BUSY-OR" }
func (o orLine) Number() int                    { return -1 }
func (o orLine) Function() string               { return "In/OR" }
func (o orLine) In(gpio.Pull, gpio.Edge) error  { return nil }
func (o orLine) WaitForEdge(time.Duration) bool { return false }
func (o orLine) Pull() gpio.Pull                { return gpio.Float }
func (o orLine) DefaultPull() gpio.Pull         { return gpio.Float }

func gpioNum(name string) int {
	var n int
	fmt.Sscanf(name, "GPIO%d", &n)
	return n
}

func (r *Rig) gpio(t testing.TB, name string) {
	if _, ok := r.Pins[name]; ok {
		return
	}
	p := &gpiotest.Pin{N: name, Num: gpioNum(name), EdgesChan: make(chan gpio.Level, 4)}
	r.Pins[name] = p
	if err := gpioreg.Register(p); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = gpioreg.Unregister(name) })
}

// Expander resolves an expander pin of the profile ("io1.B3") to its
// MCP23017 emulator and the pin's name on it ("B3").
func (r *Rig) Expander(pin string) (*chips.MCP23017, string, bool) {
	chip, on, ok := strings.Cut(pin, ".")
	if !ok {
		return nil, "", false
	}
	m, found := r.MCP23017[chip]
	return m, on, found
}

// busy wires a PN5180's BUSY output to the input the profile reads it on.
func (r *Rig) busy(t testing.TB, pin string, busy gpio.PinIn) {
	if m, on, ok := r.Expander(pin); ok {
		if err := m.Follow(on, func() bool { return busy.Read() == gpio.High }); err != nil {
			t.Fatal(err)
		}
		return
	}
	if strings.HasPrefix(pin, "GPIO") {
		p := &busyLine{Pin: gpiotest.Pin{N: pin, Num: gpioNum(pin)}, busy: busy}
		if err := gpioreg.Register(p); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = gpioreg.Unregister(pin) })
	}
}

// busyLine is a Pi line wired to a chip's BUSY output.
type busyLine struct {
	gpiotest.Pin
	busy gpio.PinIn
}

func (b *busyLine) Read() gpio.Level              { return b.busy.Read() }
func (b *busyLine) In(gpio.Pull, gpio.Edge) error { return nil }

// channel returns the channel m's select lines select now, as the RF
// switch sees them.
func (r *Rig) channel(m profile.Mux) func() int {
	return func() int {
		ch := 0
		for i, s := range m.Select {
			if r.High(s) {
				ch |= 1 << i
			}
		}
		return ch
	}
}

// High reports whether the board drives output pin (a Pi line or an
// expander pin) high.
func (r *Rig) High(pin string) bool {
	if m, on, ok := r.Expander(pin); ok {
		h, out := m.Output(on)
		return out && h
	}
	if p, ok := r.Pins[pin]; ok {
		return p.Read() == gpio.High
	}
	return false
}

// SPIClock returns the clock the board connected SPI port n at: the
// speed its driver asked for, limited by the port's LimitSpeed, as
// Linux's spidev does; 0 before it connected.
func (r *Rig) SPIClock(n string) physic.Frequency {
	pt, ok := r.ports[n]
	if !ok {
		return 0
	}
	pt.mu.Lock()
	defer pt.mu.Unlock()
	return pt.clock
}

// port is an emulator's SPI port as spireg hands it out, keeping the
// clock the board set.
type port struct {
	spi.PortCloser
	mu           sync.Mutex
	limit, clock physic.Frequency
}

func (p *port) LimitSpeed(f physic.Frequency) error {
	p.mu.Lock()
	p.limit = f
	p.mu.Unlock()
	return p.PortCloser.LimitSpeed(f)
}

func (p *port) Connect(f physic.Frequency, m spi.Mode, bits int) (spi.Conn, error) {
	p.mu.Lock()
	if p.limit > 0 && (f == 0 || f > p.limit) {
		f = p.limit
	}
	p.clock = f
	p.mu.Unlock()
	return p.PortCloser.Connect(f, m, bits)
}

// Open registers emulators for p (New) and opens the board's code on
// them, closed when t ends. With timed, the PN5180 emulators take their
// air time on the real clock: the bubble's fake one under synctest.
// Each of lines takes the place of the Rig's Pi line of its name (a
// FailingLine, say).
func Open(t testing.TB, p *profile.Profile, timed bool, lines ...gpio.PinIO) (*Rig, *board.Board) {
	t.Helper()
	var skip []string
	for _, l := range lines {
		skip = append(skip, l.Name())
	}
	r := New(t, p, skip...)
	for _, l := range lines {
		if err := gpioreg.Register(l); err != nil {
			t.Fatal(err)
		}
		name := l.Name()
		t.Cleanup(func() { _ = gpioreg.Unregister(name) })
	}
	if timed {
		for _, c := range r.PN5180 {
			c.Clock = clock.Real{}
		}
	}
	b, err := board.New(p, board.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return r, b
}
