package chips

import (
	"fmt"
	"sync"
)

// MCP23017 registers with IOCON.BANK = 0 (Microchip MCP23017 datasheet,
// table 3-1): port A at even addresses, port B at odd ones.
const (
	mcpIODIR = 0x00
	mcpGPPU  = 0x0C
	mcpGPIO  = 0x12
	mcpOLAT  = 0x14
)

// MCP23017 is an emulated MCP23017 at Addr. Pins are named "A0" … "B7".
type MCP23017 struct {
	Addr uint16

	mu       sync.Mutex
	regs     [0x16]byte
	ptr      byte
	ground   [2]byte // pins an external contact holds low
	drive    [2]byte // pins an external source drives
	driveLvl [2]byte // … and the level it drives
	floating int     // reads of an input nothing drives and no pull-up holds
	follow   []follower
	watch    []watcher
}

// watcher is another chip's input wired to a pin, told when the pin's
// output changes.
type watcher struct {
	port     int
	bit      byte
	high, on bool // what it was last told
	f        func(high, isOutput bool)
}

// follower is a pin driven by another chip's output, read when the pin is.
type follower struct {
	port  int
	bit   byte
	level func() bool
}

// NewMCP23017 returns an MCP23017 at addr in its power-up state: every
// pin an input without pull-up.
func NewMCP23017(addr uint16) *MCP23017 {
	m := &MCP23017{Addr: addr}
	m.regs[mcpIODIR], m.regs[mcpIODIR+1] = 0xFF, 0xFF
	return m
}

// Answers implements Chip.
func (m *MCP23017) Answers(addr uint16) bool { return addr == m.Addr }

// Tx implements Chip: the address pointer increments after each byte
// (IOCON.SEQOP = 0, the default), rolling over at the end of the map.
// The pins' watchers (Watch) hear of the changes it made after it.
func (m *MCP23017) Tx(addr uint16, w, r []byte) error {
	err := m.tx(w, r)
	m.notify()
	return err
}

// Watch wires pin to another chip's input (a PN5180's RST): f is told
// the level the pin drives and whether it is an output at once, then
// after every transaction that changes either. f is called without the
// expander's lock and must not call into its bus transactions.
func (m *MCP23017) Watch(pin string, f func(high, isOutput bool)) error {
	port, b := pinOf(pin)
	if b == 0 {
		return badPin(pin)
	}
	m.mu.Lock()
	w := watcher{port: port, bit: b, f: f}
	w.high, w.on = m.outputLocked(port, b)
	m.watch = append(m.watch, w)
	m.mu.Unlock()
	f(w.high, w.on)
	return nil
}

// notify tells the watchers of the pins whose output changed.
func (m *MCP23017) notify() {
	m.mu.Lock()
	var calls []func()
	for i := range m.watch {
		w := &m.watch[i]
		h, on := m.outputLocked(w.port, w.bit)
		if h != w.high || on != w.on {
			w.high, w.on = h, on
			f := w.f
			calls = append(calls, func() { f(h, on) })
		}
	}
	m.mu.Unlock()
	for _, c := range calls {
		c()
	}
}

// outputLocked is Output's answer. m.mu held.
func (m *MCP23017) outputLocked(port int, b byte) (high, isOutput bool) {
	if m.regs[mcpIODIR+port]&b != 0 {
		return false, false
	}
	return m.regs[mcpOLAT+port]&b != 0, true
}

func (m *MCP23017) tx(w, r []byte) error {
	m.mu.Lock()
	fs := m.follow
	m.mu.Unlock()
	// Followed outputs are sampled outside the lock: the chip driving
	// them may itself read this expander's latches (an RF switch's select
	// lines).
	var lvl [2]byte
	if len(r) > 0 {
		for _, f := range fs {
			if f.level() {
				lvl[f.port] |= f.bit
			}
		}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, f := range fs {
		m.drive[f.port] |= f.bit
		m.driveLvl[f.port] = m.driveLvl[f.port]&^f.bit | lvl[f.port]&f.bit
	}
	if len(w) > 0 {
		if int(w[0]) >= len(m.regs) {
			return fmt.Errorf("MCP23017@0x%02X: no register 0x%02X", m.Addr, w[0])
		}
		m.ptr = w[0]
		for _, v := range w[1:] {
			m.write(m.ptr, v)
			m.next()
		}
	}
	for i := range r {
		r[i] = m.read(m.ptr)
		m.next()
	}
	return nil
}

func (m *MCP23017) next() { m.ptr = (m.ptr + 1) % byte(len(m.regs)) }

func (m *MCP23017) write(reg, v byte) {
	switch reg {
	case mcpGPIO, mcpGPIO + 1:
		m.regs[mcpOLAT+reg-mcpGPIO] = v // a write to GPIO writes the latch
	default:
		m.regs[reg] = v
	}
}

// read returns a register; GPIO reads the pins.
func (m *MCP23017) read(reg byte) byte {
	if reg != mcpGPIO && reg != mcpGPIO+1 {
		return m.regs[reg]
	}
	port := reg - mcpGPIO
	var v byte
	for bit := 0; bit < 8; bit++ {
		b := byte(1) << bit
		switch {
		case m.regs[mcpIODIR+port]&b == 0: // output: the latch
			v |= m.regs[mcpOLAT+port] & b
		case m.ground[port]&b != 0:
		case m.drive[port]&b != 0:
			v |= m.driveLvl[port] & b
		case m.regs[mcpGPPU+port]&b != 0:
			v |= b
		default:
			m.floating++
		}
	}
	return v
}

// pinOf parses "A0" … "B7"; a bad name gives bit 0, which matches no pin.
func pinOf(name string) (port int, bit byte) {
	if len(name) != 2 || (name[0] != 'A' && name[0] != 'B') || name[1] < '0' || name[1] > '7' {
		return 0, 0
	}
	return int(name[0] - 'A'), 1 << (name[1] - '0')
}

func badPin(name string) error {
	return fmt.Errorf("chips: MCP23017 pin %q: want A0–B7", name)
}

// Contact sets a switch between pin and ground: closed holds the pin low,
// open leaves it to the pull-up (or floating).
func (m *MCP23017) Contact(pin string, closed bool) error {
	port, b := pinOf(pin)
	if b == 0 {
		return badPin(pin)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if closed {
		m.ground[port] |= b
	} else {
		m.ground[port] &^= b
	}
	return nil
}

// Follow makes pin read what level returns at each read: another chip's
// logic output wired to it (a PN5180's BUSY line). level must not call
// into this expander's bus transactions.
func (m *MCP23017) Follow(pin string, level func() bool) error {
	port, b := pinOf(pin)
	if b == 0 {
		return badPin(pin)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.follow = append(m.follow, follower{port, b, level})
	return nil
}

// Drive makes an external push-pull source drive pin at level (a sensor's
// logic output).
func (m *MCP23017) Drive(pin string, high bool) error {
	port, b := pinOf(pin)
	if b == 0 {
		return badPin(pin)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.drive[port] |= b
	if high {
		m.driveLvl[port] |= b
	} else {
		m.driveLvl[port] &^= b
	}
	return nil
}

// Output reports the level the chip drives on pin, and false if the pin
// is an input.
func (m *MCP23017) Output(pin string) (high, isOutput bool) {
	port, b := pinOf(pin)
	m.mu.Lock()
	defer m.mu.Unlock()
	if b == 0 {
		return false, false
	}
	return m.outputLocked(port, b)
}

// PullUp reports whether pin's pull-up is on.
func (m *MCP23017) PullUp(pin string) bool {
	port, b := pinOf(pin)
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.regs[mcpGPPU+port]&b != 0
}

// FloatingReads returns how many pin reads found an input nothing held.
func (m *MCP23017) FloatingReads() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.floating
}

// Reg returns register reg.
func (m *MCP23017) Reg(reg byte) byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.regs[reg]
}

// TCA9548A is an emulated TCA9548A I2C switch: one control register, a
// bit per enabled channel.
type TCA9548A struct {
	Addr uint16

	mu      sync.Mutex
	control byte
}

// Answers implements Chip.
func (t *TCA9548A) Answers(addr uint16) bool { return addr == t.Addr }

// Tx implements Chip: a written byte sets the control register; a read
// returns it.
func (t *TCA9548A) Tx(addr uint16, w, r []byte) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(w) > 0 {
		t.control = w[len(w)-1]
	}
	for i := range r {
		r[i] = t.control
	}
	return nil
}

// Control returns the control register.
func (t *TCA9548A) Control() byte {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.control
}
