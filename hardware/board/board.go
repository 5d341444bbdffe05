package board

import (
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/enable"
	"jantaku/drivers/motor"
	"jantaku/drivers/pwm"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/sensor"
	"jantaku/hardware/profile"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/devices/v3/mcp23xxx"
	"periph.io/x/devices/v3/pca9685"
	"periph.io/x/host/v3"
)

// Board is a table's hardware, opened from a profile. The maps are keyed
// by the profile's names (motor "tray", input "lift0.top", button "start",
// reader "inline0").
type Board struct {
	Profile *profile.Profile
	Motors  map[string]motor.Motor
	Inputs  map[string]sensor.Switch
	Buttons map[string]sensor.Button
	Readers map[string]rfid.Reader
	// Muxes holds, by reader name, the multiplexer that selects the
	// reader's antenna (readers without one are absent).
	Muxes map[string]rfid.Mux
	// Enable drives the motor-power enable chain (profile safety.enable):
	// the motors have power only while it is armed and fed.
	Enable *enable.Pulser
	// Failed lists periph host drivers that failed to load; harmless
	// unless a part needed them (the error of Open then says so).
	Failed []string

	closers []func() error
	pcaDevs []pcaProbe // the PCA9685s, for Probe
}

// pcaProbe is one PCA9685 to probe.
type pcaProbe struct {
	name string
	dev  *i2c.Dev
}

// Probe reads MODE1 of every PCA9685: an error if one does not answer, or
// if one has reset (SLEEP set again, as after a power glitch: its outputs
// are off and no longer what the firmware commanded). The machine cycle
// calls it every feed period while it moves, so a PWM chip that stops
// answering while its motors run is a fault even before the next command.
func (b *Board) Probe() error {
	var errs []error
	for _, p := range b.pcaDevs {
		var v [1]byte
		if err := p.dev.Tx([]byte{0x00}, v[:]); err != nil {
			errs = append(errs, fmt.Errorf("board: PCA9685 %s does not answer: %w", p.name, err))
			continue
		}
		if v[0]&0x10 != 0 {
			errs = append(errs, fmt.Errorf("board: PCA9685 %s has reset (MODE1 0x%02X: asleep): its outputs are not what was commanded", p.name, v[0]))
		}
	}
	return errors.Join(errs...)
}

// Options are Open's optional settings.
type Options struct {
	Clock clock.Clock   // nil for the real clock
	Poll  time.Duration // expander inputs (no interrupt line) are read this often; 0 means 5ms
	// PWMRoot is where kernel PWM controllers are; "" is /sys/class/pwm.
	PWMRoot string
	Log     *slog.Logger
}

// maxListed bounds the part errors one Open reports.
const maxListed = 15

// Open initialises periph's host drivers (host.Init) and opens every part
// of p, which must have passed profile validation. On failure nothing is
// left open and the error names each part that could not be opened.
func Open(p *profile.Profile, opt Options) (*Board, error) {
	st, err := host.Init()
	if err != nil {
		return nil, fmt.Errorf("board: periph host.Init: %w", err)
	}
	var failed []string
	for _, f := range st.Failed {
		failed = append(failed, fmt.Sprintf("%s: %v", f.D, f.Err))
	}
	b, err := New(p, opt)
	if err != nil {
		if len(failed) > 0 {
			err = fmt.Errorf("%w\nperiph host drivers that failed to load: %s", err, strings.Join(failed, "; "))
		}
		return nil, err
	}
	b.Failed = failed
	return b, nil
}

// New opens p's parts from periph's registries (gpioreg, i2creg, spireg)
// as they stand, without host.Init: Open calls it after initialising the
// host; tests register periph's fakes and call it directly.
func New(p *profile.Profile, opt Options) (*Board, error) {
	if opt.Clock == nil {
		opt.Clock = clock.Real{}
	}
	if opt.Poll <= 0 {
		opt.Poll = 5 * time.Millisecond
	}
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	o := &opener{p: p, opt: opt, buses: map[string]i2c.BusCloser{}, pca: map[string]*pca9685.Dev{},
		mcp: map[string]*mcp23xxx.Dev{}, mcpDev: map[string]*i2c.Dev{}, mcpMu: map[string]*sync.Mutex{}, badChip: map[string]bool{}, badBus: map[string]error{}, decs: map[string]*decoder{},
		b: &Board{Profile: p, Motors: map[string]motor.Motor{}, Inputs: map[string]sensor.Switch{},
			Buttons: map[string]sensor.Button{}, Readers: map[string]rfid.Reader{}, Muxes: map[string]rfid.Mux{}}}
	o.run()
	if len(o.errs) > 0 {
		_ = o.b.Close()
		return nil, o.err()
	}
	return o.b, nil
}

// Halt drops the motor power (the enable chain) and stops every motor;
// it goes on past failures and returns them joined.
func (b *Board) Halt() error {
	var errs []error
	if b.Enable != nil {
		errs = append(errs, b.Enable.Disarm())
	}
	for _, n := range sortedKeys(b.Motors) {
		errs = append(errs, b.Motors[n].Halt())
	}
	return errors.Join(errs...)
}

// Close halts every actuator and reader, then releases the buses and
// expander pins. The board is unusable afterwards.
func (b *Board) Close() error {
	errs := []error{b.Halt()}
	for _, n := range sortedKeys(b.Readers) {
		errs = append(errs, b.Readers[n].Halt())
	}
	for i := len(b.closers) - 1; i >= 0; i-- {
		errs = append(errs, b.closers[i]())
	}
	b.closers = nil
	return errors.Join(errs...)
}

type opener struct {
	p   *profile.Profile
	opt Options
	b   *Board

	buses   map[string]i2c.BusCloser
	pca     map[string]*pca9685.Dev
	mcp     map[string]*mcp23xxx.Dev
	mcpDev  map[string]*i2c.Dev // the same chips, for reads that report errors
	mcpMu   map[string]*sync.Mutex
	tca     map[string]*rfid.I2CMux
	decs    map[string]*decoder // chip-select decoders opened; nil for one that failed
	badChip map[string]bool     // chips that failed: their pins report nothing more
	badBus  map[string]error    // I2C buses that failed to open
	noGPIO  bool
	errs    []partError
}

type partError struct {
	line int
	msg  string
}

func (o *opener) fail(line int, part, format string, a ...any) {
	loc := o.p.File
	if line > 0 {
		loc += ":" + strconv.Itoa(line)
	}
	o.errs = append(o.errs, partError{line, fmt.Sprintf("profile %s: %s: %s", loc, part, fmt.Sprintf(format, a...))})
}

func (o *opener) err() error {
	var b strings.Builder
	if o.noGPIO {
		b.WriteString("board: no GPIO lines are registered: this is not a Raspberry Pi, or the GPIO character device (/dev/gpiochip0) is missing or not readable by this user (add it to the gpio group)\n")
	}
	fmt.Fprintf(&b, "board: %d part(s) of profile %s could not be opened:", len(o.errs), o.p.Name)
	slices.SortStableFunc(o.errs, func(a, b partError) int { return a.line - b.line })
	for i, e := range o.errs {
		if i == maxListed {
			fmt.Fprintf(&b, "\n  … and %d more", len(o.errs)-maxListed)
			break
		}
		b.WriteString("\n  " + e.msg)
	}
	return errors.New(b.String())
}

func (o *opener) run() {
	o.noGPIO = len(gpioreg.All()) == 0
	o.chips()
	for _, n := range sortedKeys(o.p.Motors) {
		o.motor(n, o.p.Motors[n])
	}
	for _, n := range sortedKeys(o.p.Inputs) {
		in := o.p.Inputs[n]
		if sw := o.input("input "+n, n, in); sw != nil {
			d := in.Debounce.D()
			if d == 0 {
				d = o.p.Timing.SwitchDebounce.D()
			}
			o.b.Inputs[n] = sensor.Debounce(sw, d, o.opt.Clock)
		}
	}
	o.enable()
	for _, n := range sortedKeys(o.p.Buttons) {
		in := o.p.Buttons[n]
		if sw := o.input("button "+n, n, in); sw != nil {
			o.b.Buttons[n] = sensor.NewButton(sw, o.p.Timing.Debounce.D(), o.opt.Clock)
		}
	}
	muxes := map[string]rfid.Mux{}
	for _, n := range sortedKeys(o.p.Muxes) {
		if m := o.mux(n, o.p.Muxes[n]); m != nil {
			muxes[n] = m
		}
	}
	for _, n := range sortedKeys(o.p.Readers) {
		r := o.p.Readers[n]
		if r.Decoder != "" {
			continue // decodedReaders
		}
		o.reader(n, r)
		if m, ok := muxes[r.Mux]; ok {
			o.b.Muxes[n] = m
		}
	}
	o.decodedReaders()
}

func (o *opener) bus(name string) (i2c.BusCloser, error) {
	if b, ok := o.buses[name]; ok {
		return b, nil
	}
	if _, ok := o.badBus[name]; ok {
		return nil, fmt.Errorf("I2C bus %s not found on this board (enable it with dtparam=i2c_arm=on in config.txt)", name)
	}
	b, err := i2creg.Open(name)
	if err != nil {
		o.badBus[name] = err
		var have []string
		for _, r := range i2creg.All() {
			have = append(have, r.Name)
		}
		return nil, fmt.Errorf("I2C bus %s not found on this board (enable it with dtparam=i2c_arm=on in config.txt; buses found: %s): %v", name, listOrNone(have), err)
	}
	o.buses[name] = b
	o.b.closers = append(o.b.closers, b.Close)
	return b, nil
}

func (o *opener) chips() {
	o.tca = map[string]*rfid.I2CMux{}
	for _, n := range sortedKeys(o.p.Chips) {
		ch := o.p.Chips[n]
		part := "chip " + n
		if ch.Kind == profile.KindSysfsPWM {
			continue // its channels are opened with the motors
		}
		bus, err := o.bus(ch.Bus)
		if err != nil {
			o.badChip[n] = true
			o.fail(ch.Line, part, "%v", err)
			continue
		}
		addr := uint16(ch.Addr)
		switch ch.Kind {
		case profile.KindPCA9685:
			d, err := pca9685.NewI2C(bus, addr)
			if err == nil {
				err = d.SetPwmFreq(chipFreq(ch))
			}
			if err != nil {
				o.badChip[n] = true
				o.fail(ch.Line, part, "no PCA9685 answers at 0x%02X on %s: %v", ch.Addr, ch.Bus, err)
				continue
			}
			o.pca[n] = d
			o.b.pcaDevs = append(o.b.pcaDevs, pcaProbe{name: n, dev: &i2c.Dev{Bus: bus, Addr: addr}})
			o.b.closers = append(o.b.closers, func() error { return d.SetAllPwm(0, 0) })
		case profile.KindMCP23017:
			d, err := mcp23xxx.NewI2C(bus, mcp23xxx.MCP23017, addr)
			if err != nil {
				o.badChip[n] = true
				o.fail(ch.Line, part, "no MCP23017 answers at 0x%02X on %s: %v", ch.Addr, ch.Bus, err)
				continue
			}
			o.mcp[n] = d
			o.mcpDev[n] = &i2c.Dev{Bus: bus, Addr: addr}
			o.mcpMu[n] = new(sync.Mutex)
			o.b.closers = append(o.b.closers, d.Close)
		case profile.KindTCA9548A:
			m, err := rfid.NewI2CMux(n, bus, addr)
			if err != nil {
				o.badChip[n] = true
				o.fail(ch.Line, part, "%v", err)
				continue
			}
			o.tca[n] = m
		}
	}
}

func chipFreq(ch profile.Chip) physic.Frequency {
	if ch.Freq <= 0 && ch.Kind == profile.KindPCA9685 {
		return 1500 * physic.Hertz // within the PCA9685's 24–1526 Hz
	}
	if ch.Freq <= 0 {
		return 1600 * physic.Hertz
	}
	return physic.Frequency(ch.Freq) * physic.Hertz
}

// errReported marks a pin on a chip whose failure was already reported.
var errReported = errors.New("reported")

// pin resolves a profile pin name: a Pi line by its kernel name through
// gpioreg, or an expander pin ("io0.A3") on an opened MCP23017.
func (o *opener) pin(name string) (gpio.PinIO, bool, error) {
	if chip, port, bit, ok := expanderPin(name); ok {
		d, ok := o.mcp[chip]
		if !ok {
			if o.badChip[chip] {
				return nil, true, errReported
			}
			return nil, true, fmt.Errorf("pin %s: expander %s is not open", name, chip)
		}
		return &expanderIn{PinIO: d.Pins[port][bit], mu: o.mcpMu[chip], dev: o.mcpDev[chip], reg: mcpGPIOA + byte(port), bit: byte(bit)}, true, nil
	}
	p := gpioreg.ByName(name)
	if p == nil {
		return nil, false, fmt.Errorf("pin %s not found on this board (is this a Raspberry Pi with the GPIO character device?)", name)
	}
	return p, false, nil
}

func expanderPin(name string) (chip string, port, bit int, ok bool) {
	i := strings.LastIndexByte(name, '.')
	if i < 0 || len(name) != i+3 || (name[i+1] != 'A' && name[i+1] != 'B') || name[i+2] < '0' || name[i+2] > '7' {
		return "", 0, 0, false
	}
	return name[:i], int(name[i+1] - 'A'), int(name[i+2] - '0'), true
}

// outPin resolves an output pin and reports failures against part.
func (o *opener) outPin(line int, part, name string) gpio.PinOut {
	p, _, err := o.pin(name)
	if err != nil {
		if err != errReported {
			o.fail(line, part, "%v", err)
		}
		return nil
	}
	return p
}

func (o *opener) motor(n string, m profile.Motor) {
	part := "motor " + n
	if m.Kind == profile.MotorStepper {
		step, dir := o.outPin(m.Line, part, m.Step), o.outPin(m.Line, part, m.Dir)
		var en gpio.PinOut
		if m.Enable != "" {
			if en = o.outPin(m.Line, part, m.Enable); en == nil {
				return
			}
		}
		if step == nil || dir == nil {
			return
		}
		st, err := motor.NewStepDir(n, step, dir, en, m.StepPeriod.D(), o.opt.Clock)
		if err != nil {
			o.fail(m.Line, part, "%v", err)
			return
		}
		o.b.Motors[n] = motor.Ramp(st, m.Ramp.D(), o.opt.Clock)
		return
	}
	ch := o.p.Chips[m.Chip]
	cfg := motor.HBridgeConfig{Freq: chipFreq(ch), Reversed: m.Reversed, Brake: m.Brake}
	switch ch.Kind {
	case profile.KindPCA9685:
		d, ok := o.pca[m.Chip]
		if !ok {
			return // the chip's error covers it
		}
		var pins [3]gpio.PinOut
		for i, c := range []int{m.PWM, m.IN1, m.IN2} {
			p, err := d.CreatePin(c)
			if err != nil {
				o.fail(m.Line, part, "%s channel %d: %v", m.Chip, c, err)
				return
			}
			pins[i] = p
		}
		cfg.PWM, cfg.IN1, cfg.IN2 = pins[0], pins[1], pins[2]
		// pca9685's pin.Out is unusable (motor.HBridgeConfig).
		cfg.DigitalViaPWM = true
	case profile.KindSysfsPWM:
		p, err := pwm.OpenSysfs(o.opt.PWMRoot, ch.PWMChip, m.PWM)
		if err != nil {
			o.fail(m.Line, part, "%v", err)
			return
		}
		o.b.closers = append(o.b.closers, p.Halt)
		cfg.PWM = p
		cfg.IN1 = o.outPin(m.Line, part, m.IN1Pin)
		cfg.IN2 = o.outPin(m.Line, part, m.IN2Pin)
		if cfg.IN1 == nil || cfg.IN2 == nil {
			return
		}
	default:
		o.fail(m.Line, part, "chip %q drives no motors", m.Chip)
		return
	}
	mt, err := motor.NewHBridge(n, cfg)
	if err != nil {
		o.fail(m.Line, part, "%v", err)
		return
	}
	o.b.Motors[n] = motor.Ramp(mt, m.Ramp.D(), o.opt.Clock)
}

func pull(s string) gpio.Pull {
	switch s {
	case "up":
		return gpio.PullUp
	case "down":
		return gpio.PullDown
	case "none":
		return gpio.Float
	}
	return gpio.PullNoChange
}

func (o *opener) input(part, name string, in profile.Input) sensor.Switch {
	p, expander, err := o.pin(in.Pin)
	if err != nil {
		if err != errReported {
			o.fail(in.Line, part, "%v", err)
		}
		return nil
	}
	var pi gpio.PinIn = p
	if expander {
		pi = &polled{expanderIn: p.(*expanderIn), every: o.opt.Poll, clk: o.opt.Clock}
	}
	sw, err := sensor.NewPin(name, pi, pull(in.Pull), in.ActiveLow, o.opt.Clock)
	if err != nil {
		o.fail(in.Line, part, "pin %s: %v", in.Pin, err)
		return nil
	}
	return sw
}

func (o *opener) mux(n string, m profile.Mux) rfid.Mux {
	part := "mux " + n
	if m.Chip != "" {
		if t, ok := o.tca[m.Chip]; ok {
			return t
		}
		return nil
	}
	var sel []gpio.PinOut
	for _, s := range m.Select {
		p := o.outPin(m.Line, part, s)
		if p == nil {
			return nil
		}
		sel = append(sel, p)
	}
	var en gpio.PinOut
	if m.Enable != "" {
		if en = o.outPin(m.Line, part, m.Enable); en == nil {
			return nil
		}
	}
	mx, err := rfid.NewGPIOMux(n, sel, en)
	if err != nil {
		o.fail(m.Line, part, "%v", err)
		return nil
	}
	return mx
}

func (o *opener) reader(n string, r profile.Reader) {
	part := "reader " + n
	reset := o.outPin(r.Line, part, r.Reset)
	var irq, busy gpio.PinIn
	for _, in := range []struct {
		what, pin string
		to        *gpio.PinIn
	}{{"irq", r.IRQ, &irq}, {"busy", r.Busy, &busy}} {
		if in.pin == "" {
			continue
		}
		p, _, err := o.pin(in.pin)
		if err != nil {
			if err != errReported {
				o.fail(r.Line, part, "%s %v", in.what, err)
			}
			return
		}
		*in.to = p
	}
	port, err := spireg.Open(r.SPI)
	if err != nil {
		var have []string
		for _, ref := range spireg.All() {
			have = append(have, ref.Name)
		}
		o.fail(r.Line, part, "SPI port %s not found on this board (enable SPI0 with dtparam=spi=on, SPI1 with dtoverlay=spi1-3cs; ports found: %s): %v", r.SPI, listOrNone(have), err)
		return
	}
	if reset == nil {
		_ = port.Close()
		return
	}
	if f, ok := o.p.SPISpeed[profile.SPIBus(r.SPI)]; ok {
		// The bus's cable sets the clock: the reader's driver asks for its
		// chip's maximum and the port gives at most this (profile
		// SPIClock).
		if err := port.LimitSpeed(physic.Frequency(f)); err != nil {
			_ = port.Close()
			o.fail(r.Line, part, "SPI port %s: limiting the clock to %v: %v", r.SPI, physic.Frequency(f), err)
			return
		}
	}
	var rd rfid.Reader
	switch r.ReaderKind() {
	case profile.ReaderPN5180:
		rd, err = pn5180.Open(port, busy, reset, pn5180.Config{Name: n, Speed: r.MaxSPI(), Clock: o.opt.Clock, DieID: r.DieIDBytes()})
	default:
		rd, err = rfid.OpenMFRC522(port, reset, rfid.MFRC522Config{Name: n, IRQ: irq, Gain: r.Gain, Clock: o.opt.Clock, MinLevel: r.MinLevel, CollLevel: r.CollLevel})
	}
	if err != nil {
		_ = port.Close()
		o.fail(r.Line, part, "on %s: %v", r.SPI, err)
		return
	}
	o.b.closers = append(o.b.closers, port.Close)
	o.b.Readers[n] = rd
}

// MCP23017 registers (IOCON.BANK = 0, the power-on default periph keeps):
// GPIOA, then GPIOB.
const mcpGPIOA = 0x12

// expanderIn is an MCP23017 pin whose reads report I2C errors: periph's
// mcp23xxx pin Read returns Low when the bus fails, which on a pulled-up
// normally-closed switch reads "closed", the one answer a guarding input
// must never give by mistake. It reads the port's GPIO register itself;
// configuration (direction, pull-up) stays periph's.
//
// Out and In go through periph's cache of the chip's registers, a
// read-modify-write that is not safe for concurrent use: two goroutines
// setting pins of one chip (two surface readers selecting antennas on one
// expander) would lose a write and select the wrong antenna. The pins of a
// chip share mu.
type expanderIn struct {
	gpio.PinIO
	mu  *sync.Mutex
	dev *i2c.Dev
	reg byte
	bit byte
}

// Out sets the pin, one pin of the chip at a time.
func (p *expanderIn) Out(l gpio.Level) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.PinIO.Out(l)
}

// In makes the pin an input, one pin of the chip at a time.
func (p *expanderIn) In(pull gpio.Pull, edge gpio.Edge) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.PinIO.In(pull, edge)
}

// ReadLevel implements sensor.LevelReader.
func (p *expanderIn) ReadLevel() (gpio.Level, error) {
	var v [1]byte
	if err := p.dev.Tx([]byte{p.reg}, v[:]); err != nil {
		return gpio.Low, fmt.Errorf("reading register 0x%02X of the MCP23017 at 0x%02X: %w", p.reg, p.dev.Addr, err)
	}
	return v[0]&(1<<p.bit) != 0, nil
}

// Read reads the pin; Low on a failed read, as periph's pins do (use
// ReadLevel to know).
func (p *expanderIn) Read() gpio.Level {
	l, _ := p.ReadLevel()
	return l
}

// polled is an input on an expander pin, which has no interrupt line:
// WaitForEdge reads it every period until it changes or the timeout passes
// (periph's mcp23xxx pins return false at once). A failed read ends the
// wait, so the caller's next read reports the error.
//
// A change between the caller's last read and the wait counts as an edge
// at once, as the kernel keeps an edge that came before the wait on an
// interrupt line: a caller that reads the pin, then waits for it to change
// (sensor.Pin.WaitFor) would otherwise sleep through a limit switch
// opening in between.
type polled struct {
	*expanderIn
	every time.Duration
	clk   clock.Clock

	mu   sync.Mutex
	seen gpio.Level // what the last good read gave
	read bool       // seen holds a read
}

// ReadLevel implements sensor.LevelReader, noting the level it read.
func (p *polled) ReadLevel() (gpio.Level, error) {
	l, err := p.expanderIn.ReadLevel()
	if err == nil {
		p.mu.Lock()
		p.seen, p.read = l, true
		p.mu.Unlock()
	}
	return l, err
}

// Read reads the pin; Low on a failed read, as periph's pins do.
func (p *polled) Read() gpio.Level {
	l, _ := p.ReadLevel()
	return l
}

func (p *polled) WaitForEdge(timeout time.Duration) bool {
	p.mu.Lock()
	before, had := p.seen, p.read
	p.mu.Unlock()
	last, err := p.ReadLevel()
	if err != nil || (had && last != before) {
		return true
	}
	deadline := p.clk.Now().Add(timeout)
	for {
		left := deadline.Sub(p.clk.Now())
		if left <= 0 {
			return false
		}
		<-p.clk.After(min(p.every, left))
		if l, err := p.ReadLevel(); err != nil || l != last {
			return true
		}
	}
}

// enable opens the motor-power enable chain's pulse output.
func (o *opener) enable() {
	s := o.p.Safety
	if s.Enable == "" {
		return // the profile check refuses this; tests may build one
	}
	part := "safety enable"
	pin := o.outPin(s.Line, part, s.Enable)
	if pin == nil {
		return
	}
	e, err := enable.New("motor power", pin, enable.Config{Period: s.Period.D(), Watchdog: s.Watchdog.D(), Clock: o.opt.Clock})
	if err != nil {
		o.fail(s.Line, part, "%v", err)
		return
	}
	o.b.Enable = e
}

func listOrNone(s []string) string {
	if len(s) == 0 {
		return "none"
	}
	return strings.Join(s, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
