package profile

import (
	"bytes"
	_ "embed"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
	"periph.io/x/conn/v3/physic"
)

//go:embed default.yaml
var defaultYAML []byte

//go:embed perseat.yaml
var perSeatYAML []byte

// PerSeat returns the profile of a table with a surface reader per seat
// (perseat.yaml, the HAT's revision 2: docs/wiring.md, "A reader per
// seat").
func PerSeat() *Profile {
	p, err := Parse("perseat.yaml", perSeatYAML)
	if err != nil {
		// The built-in profiles are checked by the package's tests.
		panic("profile: built-in profile: " + err.Error())
	}
	return p
}

//go:embed zones.yaml
var zonesYAML []byte

// Zones returns the profile of a table with a PN5180 per zone, its field
// held on (zones.yaml, the HAT's revision 3: docs/wiring.md, "Revision
// 3: a reader per zone"). Its zone readers are named as their zones.
func Zones() *Profile {
	p, err := Parse("zones.yaml", zonesYAML)
	if err != nil {
		// The built-in profiles are checked by the package's tests.
		panic("profile: built-in profile: " + err.Error())
	}
	return p
}

// ZonesYAML returns the text of the reader-per-zone profile.
func ZonesYAML() []byte { return bytes.Clone(zonesYAML) }

// PerSeatYAML returns the text of the reader-per-seat profile.
func PerSeatYAML() []byte { return bytes.Clone(perSeatYAML) }

// DefaultYAML returns the text of the built-in profile.
func DefaultYAML() []byte { return bytes.Clone(defaultYAML) }

// Default returns the built-in profile: a Raspberry Pi 4 or 5 with the
// jantaku HAT (docs/wiring.md).
func Default() *Profile {
	p, err := Parse("default.yaml", defaultYAML)
	if err != nil {
		// The built-in profile is checked by the package's tests.
		panic("profile: built-in profile: " + err.Error())
	}
	return p
}

// LoadFile reads and checks the profile in file.
func LoadFile(file string) (*Profile, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("profile: %w", err)
	}
	return Parse(file, data)
}

// Error is one problem in a profile file.
type Error struct {
	File string
	Line int
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

var yamlLine = regexp.MustCompile(`line (\d+): (.*)`)

// Parse reads and checks a profile; file names it in errors. The error
// joins one *Error per problem found.
func Parse(file string, data []byte) (*Profile, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, yamlError(file, err)
	}
	if len(root.Content) == 0 {
		return nil, &Error{File: file, Msg: "empty profile"}
	}
	p := &Profile{}
	if err := root.Content[0].Decode(p); err != nil {
		return nil, yamlError(file, err)
	}
	p.File = file
	if errs := unknownKeys(file, root.Content[0], p); len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	if err := p.Check(); err != nil {
		return nil, err
	}
	return p, nil
}

func yamlError(file string, err error) error {
	var le *lineError
	if errors.As(err, &le) {
		return &Error{File: file, Line: le.line, Msg: le.msg}
	}
	var te *yaml.TypeError
	if errors.As(err, &te) {
		var errs []error
		for _, m := range te.Errors {
			errs = append(errs, lineMsg(file, m))
		}
		return errors.Join(errs...)
	}
	return lineMsg(file, strings.TrimPrefix(err.Error(), "yaml: "))
}

func lineMsg(file, m string) *Error {
	if s := yamlLine.FindStringSubmatch(m); s != nil {
		n, _ := strconv.Atoi(s[1])
		return &Error{File: file, Line: n, Msg: s[2]}
	}
	return &Error{File: file, Msg: m}
}

// known lists the keys each kind of mapping may have, so a misspelt key is
// an error rather than a silently missing setting.
var known = map[string][]string{
	"":         {"name", "board", "sides", "timing", "chips", "motors", "inputs", "buttons", "readers", "muxes", "zones", "tilesets", "safety", "spi_speed", "free_uart_pins", "lockstep", "decoders"},
	"timing":   {"control_period", "mix", "feed", "read", "read_attempts", "stroke", "lift", "lift_dwell", "dice", "debounce", "switch_debounce", "jam_timeout", "stall_margin"},
	"safety":   {"enable", "period", "watchdog", "hold"},
	"chips":    {"kind", "bus", "addr", "freq", "pwmchip"},
	"motors":   {"kind", "chip", "pwm", "in1", "in2", "in1_pin", "in2_pin", "reversed", "brake", "ramp", "step", "dir", "enable", "step_period"},
	"inputs":   {"pin", "active_low", "pull", "nc", "debounce"},
	"buttons":  {"pin", "active_low", "pull", "nc", "debounce"},
	"readers":  {"kind", "spi", "cs", "reset", "irq", "busy", "mux", "gain", "min_level", "coll_level", "decoder", "output", "held", "die_id"},
	"muxes":    {"select", "enable", "chip"},
	"decoders": {"spi", "address", "busy", "die_check"},
	"zones":    {"reader", "antenna"},
	"tilesets": {"stacks"},
}

func unknownKeys(file string, top *yaml.Node, p *Profile) []error {
	var errs []error
	check := func(n *yaml.Node, kind, where string) {
		if n.Kind != yaml.MappingNode {
			return
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			ok := false
			for _, w := range known[kind] {
				ok = ok || w == k.Value
			}
			if !ok && kind == "readers" && k.Value == "spi_hz" {
				errs = append(errs, &Error{File: file, Line: k.Line, Msg: fmt.Sprintf("%s: no spi_hz: the SPI clock is set per bus (spi_speed: {SPI1: 2MHz}); a reader runs at its chip's maximum or its bus's, whichever is lower", where)})
				continue
			}
			if !ok {
				errs = append(errs, &Error{File: file, Line: k.Line, Msg: fmt.Sprintf("unknown key %q in %s (known: %s)", k.Value, where, strings.Join(known[kind], ", "))})
			}
		}
	}
	check(top, "", "the profile")
	for i := 0; i+1 < len(top.Content); i += 2 {
		k, v := top.Content[i].Value, top.Content[i+1]
		switch k {
		case "spi_speed":
			p.spiLines = map[string]int{}
			for j := 0; j+1 < len(v.Content); j += 2 {
				p.spiLines[v.Content[j].Value] = v.Content[j].Line
			}
		case "timing", "safety":
			check(v, k, k)
		case "chips", "motors", "inputs", "buttons", "readers", "muxes", "decoders", "zones", "tilesets":
			for j := 0; j+1 < len(v.Content); j += 2 {
				check(v.Content[j+1], k, k+" "+v.Content[j].Value)
			}
		}
	}
	return errs
}

// Names of the parts the machine cycle needs, per side s.
func MotorNames(sides int) []string {
	out := []string{"tray"}
	for s := 0; s < sides; s++ {
		out = append(out, fmt.Sprintf("conveyor%d", s), fmt.Sprintf("stacker%d", s), fmt.Sprintf("lift%d", s))
	}
	return out
}

// InputNames lists the inputs the machine cycle needs.
func InputNames(sides int) []string {
	out := []string{"lid", "estop"}
	for s := 0; s < sides; s++ {
		out = append(out, fmt.Sprintf("eye%d", s), fmt.Sprintf("stacker%d.home", s), fmt.Sprintf("lift%d.top", s), fmt.Sprintf("lift%d.bottom", s))
	}
	return out
}

// Guarding reports whether input name guards motion: the lid and E-stop
// interlocks and the lift limit switches. Their I/O errors are faults,
// and the profile check wants them normally closed, so a broken wire
// reads as "open lid", "stop" or "at the limit" and the machine stops.
func Guarding(name string) bool {
	return name == "lid" || name == "estop" ||
		strings.HasPrefix(name, "lift") && (strings.HasSuffix(name, ".top") || strings.HasSuffix(name, ".bottom"))
}

// SeatButtons are the declarations a seat's buttons may make, as
// seatN.<declaration> in buttons; "ok" confirms the seat's one pending
// draw, discard or flower.
var SeatButtons = []string{"win", "riichi", "chi", "pon", "kan", "pass", "ok"}

// InlineReaderName is the reader at side s's stacker gate.
func InlineReaderName(s int) string { return fmt.Sprintf("inline%d", s) }

// Bus pins of the Raspberry Pi's 40-pin header.
var busPins = map[string][]string{
	"I2C1": {"GPIO2", "GPIO3"},
	"SPI0": {"GPIO9", "GPIO10", "GPIO11"},
	"SPI1": {"GPIO19", "GPIO20", "GPIO21"},
}

var chipSelects = map[string]string{
	"SPI0.0": "GPIO8", "SPI0.1": "GPIO7",
	"SPI1.0": "GPIO18", "SPI1.1": "GPIO17", "SPI1.2": "GPIO16",
}

var (
	spiPort      = regexp.MustCompile(`^SPI[01]\.[0-9]$`)
	gpioName     = regexp.MustCompile(`^GPIO([0-9]|1[0-9]|2[0-7])$`)
	expanderName = regexp.MustCompile(`^([a-z][a-z0-9_]*)\.([AB])([0-7])$`)
)

// readerKind checks the settings that depend on a reader's chip.
func (c *checker) readerKind(n string, r Reader) {
	switch r.ReaderKind() {
	case ReaderMFRC522:
		if r.Busy != "" {
			c.errorf(r.Line, "reader %s: an mfrc522 has no BUSY line (busy is for kind pn5180)", n)
		}
		if r.MinLevel < 0 || r.MinLevel > 15 || r.CollLevel < 0 || r.CollLevel > 7 {
			c.errorf(r.Line, "reader %s: min_level %d (0–15) or coll_level %d (0–7) out of range", n, r.MinLevel, r.CollLevel)
		}
	case ReaderPN5180:
		switch u, shared := c.pins[r.Busy]; {
		case r.Decoder != "":
			// Its BUSY is read through its decoder's mux.
		case r.Busy == "":
			c.errorf(r.Line, "reader %s: a pn5180 needs its BUSY line (busy: pin)", n)
		case shared && c.sameLockstep(n, u.by):
			// Readers run in lockstep may share one line, the OR of
			// their BUSY outputs (docs/wiring.md): waiting for it waits
			// for all of them.
		default:
			c.pin(r.Busy, "reader "+n+" busy", r.Line, false)
		}
		if r.IRQ != "" || r.Gain != 0 || r.MinLevel != 0 || r.CollLevel != 0 {
			c.errorf(r.Line, "reader %s: irq, gain, min_level and coll_level are mfrc522 settings", n)
		}
	default:
		c.errorf(r.Line, "reader %s: unknown kind %q (want mfrc522 or pn5180)", n, r.Kind)
	}
}

// sameLockstep reports whether by ("reader X busy") is the BUSY line of
// a PN5180 in reader n's lockstep group.
func (c *checker) sameLockstep(n, by string) bool {
	o, ok := strings.CutSuffix(strings.TrimPrefix(by, "reader "), " busy")
	r, known := c.p.Readers[o]
	return ok && known && r.ReaderKind() == ReaderPN5180 && c.p.LockstepGroup(n) != "" && c.p.LockstepGroup(n) == c.p.LockstepGroup(o)
}

// lockstep checks the lockstep groups: surface readers, each in one group.
func (c *checker) lockstep() {
	in := map[string]int{}
	for gi, g := range c.p.Lockstep {
		if len(g) < 2 {
			c.errorf(0, "lockstep: group %d %v: a group is two readers or more", gi+1, g)
		}
		for _, n := range g {
			r, ok := c.p.Readers[n]
			switch {
			case !ok:
				c.errorf(0, "lockstep: group %d: no reader %q in readers", gi+1, n)
				continue
			case r.ReaderKind() != ReaderPN5180:
				c.errorf(r.Line, "lockstep: group %d: reader %s is an %s; lockstep frames are ISO 15693 inventories (pn5180)", gi+1, n, r.ReaderKind())
			}
			if o, ok := in[n]; ok {
				c.errorf(r.Line, "lockstep: reader %s is in groups %d and %d", n, o+1, gi+1)
			}
			in[n] = gi
		}
	}
}

// Check validates the profile and returns every problem found, joined.
func (p *Profile) Check() error {
	c := checker{p: p, pins: map[string]use{}}
	c.run()
	if len(c.errs) == 0 {
		return nil
	}
	sort.SliceStable(c.errs, func(i, j int) bool { return c.errs[i].(*Error).Line < c.errs[j].(*Error).Line })
	return errors.Join(c.errs...)
}

type use struct {
	by   string
	line int
}

type checker struct {
	p       *Profile
	errs    []error
	pins    map[string]use
	outputs map[string]use // decoder outputs in use
}

func (c *checker) errorf(line int, format string, a ...any) {
	c.errs = append(c.errs, &Error{File: c.p.File, Line: line, Msg: fmt.Sprintf(format, a...)})
}

// pin checks a pin reference and records its use.
func (c *checker) pin(name, by string, line int, output bool) {
	switch {
	case name == "":
		c.errorf(line, "%s: no pin", by)
		return
	case gpioName.MatchString(name):
		if (name == "GPIO14" || name == "GPIO15") && !c.p.FreeUARTPins {
			c.errorf(line, "%s: %s is the UART's %s (the serial console on Raspberry Pi OS): use another line, or turn the serial console and the UART off (raspi-config, Interface Options, Serial Port) and set free_uart_pins: true", by, name, map[string]string{"GPIO14": "TXD", "GPIO15": "RXD"}[name])
		}
	case expanderName.MatchString(name):
		m := expanderName.FindStringSubmatch(name)
		ch, ok := c.p.Chips[m[1]]
		if !ok || ch.Kind != KindMCP23017 {
			c.errorf(line, "%s: pin %s is on %q, which is not an mcp23017 in chips", by, name, m[1])
			return
		}
		if !output && strings.HasPrefix(by, "input eye") {
			c.errorf(line, "%s: a tile eye needs an interrupt-capable Pi line, not expander pin %s", by, name)
		}
	default:
		c.errorf(line, "%s: unknown pin %q (want GPIO0–GPIO27 or <expander>.A0–B7)", by, name)
		return
	}
	if u, ok := c.pins[name]; ok {
		// Report at the later of the two lines, naming the earlier.
		if u.line > line {
			u, by, line = use{by, line}, u.by, u.line
		}
		if u.line == 0 {
			c.errorf(line, "%s: pin %s belongs to %s", by, name, u.by)
		} else {
			c.errorf(line, "pin %s is used twice: by %s and by %s (line %d)", name, by, u.by, u.line)
		}
		return
	}
	c.pins[name] = use{by, line}
}

func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func (c *checker) run() {
	p := c.p
	if p.Sides == 0 {
		p.Sides = 4
	}
	if p.Sides < 3 || p.Sides > 4 {
		c.errorf(0, "sides: %d, want 3 or 4", p.Sides)
	}
	c.timing()
	// Buses in use reserve their pins.
	buses := map[string]bool{}
	for _, n := range sortedKeys(p.Chips) {
		ch := p.Chips[n]
		switch ch.Kind {
		case KindPCA9685, KindMCP23017, KindTCA9548A:
		case KindSysfsPWM:
			if ch.Bus != "" || ch.Addr != 0 {
				c.errorf(ch.Line, "chip %s: a sysfs-pwm chip has no bus or addr (it is /sys/class/pwm/pwmchip%d)", n, ch.PWMChip)
			}
			if ch.PWMChip < 0 {
				c.errorf(ch.Line, "chip %s: pwmchip %d must not be negative", n, ch.PWMChip)
			}
			continue
		default:
			c.errorf(ch.Line, "chip %s: unknown kind %q (want pca9685, mcp23017, tca9548a or sysfs-pwm)", n, ch.Kind)
		}
		if _, ok := busPins[ch.Bus]; !ok || !strings.HasPrefix(ch.Bus, "I2C") {
			c.errorf(ch.Line, "chip %s: unknown I2C bus %q (want I2C1)", n, ch.Bus)
		}
		if ch.Kind == KindPCA9685 && ch.Freq != 0 && (ch.Freq < 24 || ch.Freq > 1526) {
			c.errorf(ch.Line, "chip %s: freq %d Hz: a PCA9685 makes 24–1526 Hz (its prescale is 3–255 of a 25 MHz clock)", n, ch.Freq)
		}
		if ch.Addr < 0x03 || ch.Addr > 0x77 {
			c.errorf(ch.Line, "chip %s: I2C address 0x%02X out of range 0x03–0x77", n, ch.Addr)
		}
		buses[ch.Bus] = true
	}
	// A PCA9685 answers its all-call address, 0x70 unless changed, from
	// power-up (periph's driver leaves ALLCALL on): any other chip there
	// receives every all-call write and fights the PCA9685s' ACKs.
	for _, n := range sortedKeys(p.Chips) {
		ch := p.Chips[n]
		if ch.Kind == KindSysfsPWM || ch.Kind == KindPCA9685 || ch.Addr != 0x70 {
			continue
		}
		for _, o := range sortedKeys(p.Chips) {
			if oc := p.Chips[o]; oc.Kind == KindPCA9685 && oc.Bus == ch.Bus {
				c.errorf(ch.Line, "chip %s: address 0x70 on %s is the all-call address of PCA9685 %s (every PCA9685 answers it): move the %s to 0x71–0x77", n, ch.Bus, o, ch.Kind)
				break
			}
		}
	}
	addrs := map[string]string{}
	for _, n := range sortedKeys(p.Chips) {
		ch := p.Chips[n]
		if ch.Kind == KindSysfsPWM {
			continue
		}
		k := fmt.Sprintf("%s@0x%02X", ch.Bus, ch.Addr)
		if o, ok := addrs[k]; ok {
			c.errorf(ch.Line, "chip %s: address 0x%02X on %s is also chip %s's", n, ch.Addr, ch.Bus, o)
		}
		addrs[k] = n
	}
	decoded := c.decoders(buses)
	for _, n := range sortedKeys(p.Readers) {
		r := p.Readers[n]
		if r.Decoder != "" {
			c.decoded(n, r)
			continue
		}
		if d, ok := decoded[r.SPI]; ok {
			c.errorf(r.Line, "reader %s: SPI port %s is decoder %s's: its chip select enables the decoder; put the reader on the decoder (decoder: %s, output: N)", n, r.SPI, d, d)
			continue
		}
		if !spiPort.MatchString(r.SPI) {
			c.errorf(r.Line, "reader %s: unknown SPI port %q (want SPI0.0, SPI0.1, SPI1.0–SPI1.2, or SPI0.2 on and SPI1.3 on with cs: GPIOn)", n, r.SPI)
			continue
		}
		cs := r.ChipSelect()
		switch {
		case cs == "":
			c.errorf(r.Line, "reader %s: SPI port %s has no chip select of its own: give it one on a free Pi line (cs: GPIOn, a dtoverlay with cs-gpios)", n, r.SPI)
			continue
		case !gpioName.MatchString(cs):
			c.errorf(r.Line, "reader %s: chip select %s must be a Pi line (GPIOn): the kernel drives it for every SPI frame", n, cs)
			continue
		}
		buses[r.SPI[:4]] = true
		c.pin(cs, "reader "+n+" chip select", r.Line, true)
	}
	for _, b := range sortedKeys(buses) {
		for _, pin := range busPins[b] {
			c.pins[pin] = use{"bus " + b, 0}
		}
	}
	// Motors: channels on PCA9685s.
	chans := map[string]use{}
	for _, n := range sortedKeys(p.Motors) {
		m := p.Motors[n]
		if m.Ramp < 0 {
			c.errorf(m.Line, "motor %s: ramp must not be negative", n)
		}
		switch m.Kind {
		case "", MotorHBridge:
			if m.Step != "" || m.Dir != "" || m.Enable != "" || m.StepPeriod != 0 {
				c.errorf(m.Line, "motor %s: step, dir, enable and step_period are for kind: stepper", n)
			}
		case MotorStepper:
			if m.Chip != "" || m.IN1Pin != "" || m.IN2Pin != "" || m.Brake {
				c.errorf(m.Line, "motor %s: a stepper has step, dir and enable pins, not chip, in1_pin, in2_pin or brake", n)
			}
			for _, x := range [][2]string{{"step", m.Step}, {"dir", m.Dir}} {
				if x[1] != "" && !gpioName.MatchString(x[1]) {
					c.errorf(m.Line, "motor %s: %s pin %s must be a Pi line (GPIOn): an expander cannot pulse fast enough", n, x[0], x[1])
				}
			}
			c.pin(m.Step, "motor "+n+" step", m.Line, true)
			c.pin(m.Dir, "motor "+n+" dir", m.Line, true)
			if m.Enable != "" {
				c.pin(m.Enable, "motor "+n+" enable", m.Line, true)
			}
			if m.StepPeriod <= 0 {
				c.errorf(m.Line, "motor %s: step_period must be positive (the time of one step at full speed)", n)
			}
			continue
		default:
			c.errorf(m.Line, "motor %s: unknown kind %q (want hbridge or stepper)", n, m.Kind)
			continue
		}
		ch, ok := p.Chips[m.Chip]
		if ok && ch.Kind == KindSysfsPWM {
			if m.PWM < 0 {
				c.errorf(m.Line, "motor %s: pwm channel %d must not be negative", n, m.PWM)
			}
			k := fmt.Sprintf("%s channel %d", m.Chip, m.PWM)
			if o, ok := chans[k]; ok {
				c.errorf(m.Line, "%s is used twice: by %s pwm and by %s (line %d)", k, n, o.by, o.line)
			}
			chans[k] = use{n + " pwm", m.Line}
			if m.IN1 != 0 || m.IN2 != 0 {
				c.errorf(m.Line, "motor %s: on sysfs-pwm chip %s the direction inputs are pins: use in1_pin and in2_pin, not in1/in2", n, m.Chip)
			}
			c.pin(m.IN1Pin, "motor "+n+" in1_pin", m.Line, true)
			c.pin(m.IN2Pin, "motor "+n+" in2_pin", m.Line, true)
			continue
		}
		if !ok || ch.Kind != KindPCA9685 {
			c.errorf(m.Line, "motor %s: chip %q is not a pca9685 or sysfs-pwm in chips", n, m.Chip)
			continue
		}
		if m.IN1Pin != "" || m.IN2Pin != "" {
			c.errorf(m.Line, "motor %s: in1_pin and in2_pin are for sysfs-pwm chips; on pca9685 %s use channels in1 and in2", n, m.Chip)
		}
		for _, x := range []struct {
			what string
			ch   int
		}{{"pwm", m.PWM}, {"in1", m.IN1}, {"in2", m.IN2}} {
			if x.ch < 0 || x.ch > 15 {
				c.errorf(m.Line, "motor %s: %s channel %d out of range 0–15", n, x.what, x.ch)
				continue
			}
			k := fmt.Sprintf("%s channel %d", m.Chip, x.ch)
			if o, ok := chans[k]; ok {
				by, line := n+" "+x.what, m.Line
				if o.line > line {
					o, by, line = use{by, line}, o.by, o.line
				}
				c.errorf(line, "%s is used twice: by %s and by %s (line %d)", k, by, o.by, o.line)
			}
			chans[k] = use{n + " " + x.what, m.Line}
		}
	}
	for _, n := range MotorNames(p.Sides) {
		if _, ok := p.Motors[n]; !ok {
			c.errorf(0, "motors: missing %s", n)
		}
	}
	inputs := func(kind string, m map[string]Input) {
		for _, n := range sortedKeys(m) {
			in := m[n]
			c.pin(in.Pin, kind+" "+n, in.Line, false)
			switch in.Pull {
			case "", "up", "down", "none":
			default:
				c.errorf(in.Line, "%s %s: pull %q, want up, down or none", kind, n, in.Pull)
			}
			if in.Pull == "down" && expanderName.MatchString(in.Pin) {
				c.errorf(in.Line, "%s %s: pull down on expander pin %s: the MCP23017 has pull-ups only (use pull: up, or none with a resistor to ground)", kind, n, in.Pin)
			}
			if in.NC && (in.ActiveLow || in.Pull != "up" && in.Pull != "none") {
				c.errorf(in.Line, "%s %s: a normally-closed switch to ground reads high when it opens: pull: up (or none with a resistor to 3.3 V) and not active_low", kind, n)
			}
			if kind == "input" && Guarding(n) && !in.NC {
				c.errorf(in.Line, "input %s guards motion: wire it normally closed to ground and set nc: true, so a broken wire stops the machine", n)
			}
			if in.Debounce < 0 {
				c.errorf(in.Line, "%s %s: debounce must not be negative", kind, n)
			}
		}
	}
	inputs("input", p.Inputs)
	inputs("button", p.Buttons)
	for _, n := range InputNames(p.Sides) {
		if _, ok := p.Inputs[n]; !ok {
			c.errorf(0, "inputs: missing %s", n)
		}
	}
	if _, ok := p.Buttons["start"]; !ok {
		c.errorf(0, "buttons: missing start")
	}
	for _, n := range sortedKeys(p.Buttons) {
		if !strings.HasPrefix(n, "seat") {
			continue
		}
		seat, what, ok := strings.Cut(strings.TrimPrefix(n, "seat"), ".")
		s, err := strconv.Atoi(seat)
		if !ok || err != nil || s < 0 || s >= p.Sides || !slices.Contains(SeatButtons, what) {
			c.errorf(p.Buttons[n].Line, "button %s: a seat button is seatN.DECLARATION, N 0–%d, DECLARATION one of %s", n, p.Sides-1, strings.Join(SeatButtons, ", "))
		}
	}
	c.safety()
	for _, b := range sortedKeys(p.SPISpeed) {
		f := p.SPISpeed[b]
		if b != "SPI0" && b != "SPI1" {
			c.errorf(p.spiLines[b], "spi_speed: unknown SPI bus %q (want SPI0 or SPI1)", b)
		}
		if physic.Frequency(f) < 10*physic.KiloHertz || physic.Frequency(f) > 10*physic.MegaHertz {
			c.errorf(p.spiLines[b], "spi_speed: %s at %v: want 10kHz to 10MHz (the fastest reader's maximum, the MFRC522's; a PN5180 on the bus runs at 7MHz at most)", b, physic.Frequency(f))
		}
	}
	for _, n := range sortedKeys(p.Muxes) {
		m := p.Muxes[n]
		if m.Chip != "" {
			if ch, ok := p.Chips[m.Chip]; !ok || ch.Kind != KindTCA9548A {
				c.errorf(m.Line, "mux %s: chip %q is not a tca9548a in chips", n, m.Chip)
			}
			if len(m.Select) > 0 || m.Enable != "" {
				c.errorf(m.Line, "mux %s: a mux on chip %s has no select or enable lines", n, m.Chip)
			}
			continue
		}
		if len(m.Select) == 0 || len(m.Select) > 5 {
			c.errorf(m.Line, "mux %s: %d select lines, want 1 to 5", n, len(m.Select))
		}
		for i, s := range m.Select {
			c.pin(s, fmt.Sprintf("mux %s select %d", n, i), m.Line, true)
		}
		if m.Enable != "" {
			c.pin(m.Enable, "mux "+n+" enable", m.Line, true)
		}
	}
	c.lockstep()
	for _, n := range sortedKeys(p.Readers) {
		r := p.Readers[n]
		c.pin(r.Reset, "reader "+n+" reset", r.Line, true)
		if r.IRQ != "" {
			c.pin(r.IRQ, "reader "+n+" irq", r.Line, false)
		}
		if r.Mux != "" {
			if _, ok := p.Muxes[r.Mux]; !ok {
				c.errorf(r.Line, "reader %s: unknown mux %q", n, r.Mux)
			}
		}
		if r.Gain < 0 || r.Gain > 7 {
			c.errorf(r.Line, "reader %s: gain %d out of range 0–7", n, r.Gain)
		}
		c.readerKind(n, r)
	}
	for s := 0; s < p.Sides; s++ {
		if _, ok := p.Readers[InlineReaderName(s)]; !ok {
			c.errorf(0, "readers: missing %s", InlineReaderName(s))
		}
	}
	c.held()
	c.dieIDs()
	antennas := map[string]string{}
	for _, n := range sortedKeys(p.Zones) {
		z := p.Zones[n]
		r, ok := p.Readers[z.Reader]
		if !ok {
			c.errorf(z.Line, "zone %s: no antenna: reader %q is not in readers", n, z.Reader)
			continue
		}
		if z.Antenna == nil {
			c.errorf(z.Line, "zone %s: no antenna number", n)
			continue
		}
		a := *z.Antenna
		max := 1
		if r.Mux != "" {
			max = p.Muxes[r.Mux].Channels()
		}
		if a < 0 || a >= max {
			c.errorf(z.Line, "zone %s: antenna %d does not exist on reader %s (0–%d)", n, a, z.Reader, max-1)
			continue
		}
		k := fmt.Sprintf("%s/%d", z.Reader, a)
		if o, ok := antennas[k]; ok {
			c.errorf(z.Line, "zone %s: antenna %d of %s also covers zone %s", n, a, z.Reader, o)
		}
		antennas[k] = n
	}
	if len(p.TileSets) == 0 {
		c.errorf(0, "tilesets: none")
	}
	for _, n := range sortedKeys(p.TileSets) {
		ts := p.TileSets[n]
		if len(ts.Stacks) != 4 {
			c.errorf(ts.Line, "tile set %s: %d sides of stacks, want 4 (0 for an empty seat)", n, len(ts.Stacks))
			continue
		}
		for i, s := range ts.Stacks {
			if s < 0 || s > 20 {
				c.errorf(ts.Line, "tile set %s: %d stacks on side %d, want 0–20", n, s, i)
			}
			if s > 0 && i >= p.Sides {
				c.errorf(ts.Line, "tile set %s: side %d has stacks but the table has %d sides", n, i, p.Sides)
			}
		}
		if want, err := strconv.Atoi(strings.TrimSuffix(n, "-3p")); err == nil && ts.Tiles() != want {
			c.errorf(ts.Line, "tile set %s: stacks %v hold %d tiles, not %d", n, ts.Stacks, ts.Tiles(), want)
		}
	}
}

// decoders checks the chip-select decoders and reserves their lines and
// buses; it returns the decoders by SPI port.
func (c *checker) decoders(buses map[string]bool) map[string]string {
	byPort := map[string]string{}
	for _, n := range sortedKeys(c.p.Decoders) {
		d := c.p.Decoders[n]
		switch cs := chipSelects[d.SPI]; {
		case !spiPort.MatchString(d.SPI):
			c.errorf(d.Line, "decoder %s: unknown SPI port %q (want SPI0.0, SPI0.1 or SPI1.0–SPI1.2)", n, d.SPI)
		case cs == "":
			c.errorf(d.Line, "decoder %s: SPI port %s has no chip select of its own to enable the decoders (want SPI0.0, SPI0.1 or SPI1.0–SPI1.2)", n, d.SPI)
		case byPort[d.SPI] != "":
			c.errorf(d.Line, "decoder %s: SPI port %s is also decoder %s's", n, d.SPI, byPort[d.SPI])
		default:
			byPort[d.SPI] = n
			buses[d.SPI[:4]] = true
			c.pin(cs, "decoder "+n+" enable ("+d.SPI+" chip select)", d.Line, true)
		}
		if len(d.Address) == 0 || len(d.Address) > 5 {
			c.errorf(d.Line, "decoder %s: %d address lines, want 1 to 5 (two 74HC154s and two CD74HC4067s: 32 outputs)", n, len(d.Address))
		}
		for i, a := range d.Address {
			if a != "" && !gpioName.MatchString(a) {
				c.errorf(d.Line, "decoder %s: address line %d, %s, must be a Pi line (GPIOn): the address switches before every frame", n, i, a)
				continue
			}
			c.pin(a, fmt.Sprintf("decoder %s address %d", n, i), d.Line, true)
		}
		switch {
		case d.Busy == "":
			c.errorf(d.Line, "decoder %s: no busy line (the BUSY mux's output, a Pi line)", n)
		case !gpioName.MatchString(d.Busy):
			c.errorf(d.Line, "decoder %s: busy line %s must be a Pi line (GPIOn): it is read before every frame", n, d.Busy)
		default:
			c.pin(d.Busy, "decoder "+n+" busy", d.Line, false)
		}
	}
	return byPort
}

// decoded checks a reader on a decoder.
func (c *checker) decoded(n string, r Reader) {
	d, ok := c.p.Decoders[r.Decoder]
	if !ok {
		c.errorf(r.Line, "reader %s: unknown decoder %q", n, r.Decoder)
		return
	}
	for _, x := range [][2]string{{"spi", r.SPI}, {"cs", r.CS}, {"busy", r.Busy}} {
		if x[1] != "" {
			c.errorf(r.Line, "reader %s: a reader on decoder %s has no %s of its own (%s: %s): the decoder's port, output and BUSY mux serve it", n, r.Decoder, x[0], x[0], x[1])
		}
	}
	if r.ReaderKind() != ReaderPN5180 {
		c.errorf(r.Line, "reader %s: an %s on decoder %s: the decoder's mux carries PN5180 BUSY lines (kind: pn5180)", n, r.ReaderKind(), r.Decoder)
	}
	if r.Output < 0 || r.Output >= d.Outputs() {
		c.errorf(r.Line, "reader %s: output %d does not exist on decoder %s (0–%d)", n, r.Output, r.Decoder, d.Outputs()-1)
		return
	}
	if c.outputs == nil {
		c.outputs = map[string]use{}
	}
	k := fmt.Sprintf("%s output %d", r.Decoder, r.Output)
	if u, ok := c.outputs[k]; ok {
		by, line := n, r.Line
		if u.line > line {
			u, by, line = use{by, line}, u.by, u.line
		}
		c.errorf(line, "decoder %s output %d is used twice: by reader %s and by reader %s (line %d)", r.Decoder, r.Output, by, u.by, u.line)
		return
	}
	c.outputs[k] = use{n, r.Line}
}

// held checks the readers whose field is held: a PN5180 with no mux and
// one zone.
func (c *checker) held() {
	zones := map[string][]string{}
	for _, z := range sortedKeys(c.p.Zones) {
		r := c.p.Zones[z].Reader
		zones[r] = append(zones[r], z)
	}
	for _, n := range sortedKeys(c.p.Readers) {
		r := c.p.Readers[n]
		if !r.Held {
			continue
		}
		if r.ReaderKind() != ReaderPN5180 {
			c.errorf(r.Line, "reader %s: held: the field is held by a pn5180 (ISO 15693 Stay Quiet), not an %s", n, r.ReaderKind())
		}
		if r.Mux != "" {
			c.errorf(r.Line, "reader %s: held with mux %s: a held field is on one antenna, and switching antennas drops it", n, r.Mux)
		}
		switch len(zones[n]) {
		case 1:
		case 0:
			c.errorf(r.Line, "reader %s: held, with no zone: a held reader reads exactly one zone", n)
		default:
			c.errorf(r.Line, "reader %s: held, with %d zones (%s): a held reader reads exactly one zone", n, len(zones[n]), strings.Join(zones[n], ", "))
		}
	}
}

// dieIDs checks the recorded die identifiers: a PN5180's, 32 hex
// digits, each chip's its own.
func (c *checker) dieIDs() {
	seen := map[string]string{}
	for _, n := range sortedKeys(c.p.Readers) {
		r := c.p.Readers[n]
		if r.DieID == "" {
			continue
		}
		if r.ReaderKind() != ReaderPN5180 {
			c.errorf(r.Line, "reader %s: die_id: only a pn5180's die identifier is read, not an %s's", n, r.ReaderKind())
			continue
		}
		if r.DieIDBytes() == nil {
			c.errorf(r.Line, "reader %s: die_id %q: want the chip's 16 bytes as 32 hex digits, as `jantaku maintenance readers` lists them", n, r.DieID)
			continue
		}
		k := strings.ToLower(r.DieID)
		if o, ok := seen[k]; ok {
			c.errorf(r.Line, "reader %s: die_id %s is reader %s's too: each chip has its own", n, r.DieID, o)
			continue
		}
		seen[k] = n
	}
}

// safety checks the enable chain's settings.
func (c *checker) safety() {
	s := c.p.Safety
	if s.Enable == "" {
		c.errorf(s.Line, "safety: no enable pin: the motor supply must be switched by the enable chain (docs/wiring.md), e.g. safety: {enable: GPIO26, period: 20ms, watchdog: 60ms, hold: 100ms}")
		return
	}
	if !gpioName.MatchString(s.Enable) {
		c.errorf(s.Line, "safety: enable pin %s must be a Pi line (GPIOn): its pulses must not wait on the I2C bus", s.Enable)
	}
	c.pin(s.Enable, "safety enable", s.Line, true)
	if s.Period <= 0 || s.Watchdog <= 0 || s.Hold <= 0 {
		c.errorf(s.Line, "safety: period, watchdog and hold must all be positive")
		return
	}
	if s.Hold < 2*s.Period {
		c.errorf(s.Line, "safety: hold %v must be at least two pulse periods (%v): one late edge must not drop the motor power", s.Hold.D(), 2*s.Period.D())
	}
	if s.Watchdog < s.Period {
		c.errorf(s.Line, "safety: watchdog %v is shorter than a pulse period %v", s.Watchdog.D(), s.Period.D())
	}
	if s.Hold > Duration(time.Second) {
		c.errorf(s.Line, "safety: hold %v: the motors would run on for over a second after the Pi stops", s.Hold.D())
	}
}

func (c *checker) timing() {
	t := &c.p.Timing
	line := t.Line
	for _, d := range []struct {
		name string
		v    Duration
	}{
		{"control_period", t.ControlPeriod}, {"mix", t.Mix}, {"feed", t.Feed}, {"read", t.Read},
		{"stroke", t.Stroke}, {"lift", t.Lift}, {"jam_timeout", t.JamTimeout},
	} {
		if d.v <= 0 {
			c.errorf(line, "timing: %s must be positive", d.name)
		}
	}
	if t.SwitchDebounce < 0 || t.SwitchDebounce >= t.ControlPeriod && t.ControlPeriod > 0 {
		c.errorf(line, "timing: switch_debounce %v must be shorter than the control period %v", t.SwitchDebounce.D(), t.ControlPeriod.D())
	}
	if t.ReadAttempts < 1 {
		c.errorf(line, "timing: read_attempts must be at least 1")
	}
	if t.StallMargin == 0 {
		t.StallMargin = 1.5
	}
	if t.StallMargin < 1 {
		c.errorf(line, "timing: stall_margin %v must be at least 1", t.StallMargin)
	}
}
