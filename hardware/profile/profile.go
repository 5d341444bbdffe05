package profile

import (
	_ "embed"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
	"periph.io/x/conn/v3/physic"
)

// Profile is one physical table.
type Profile struct {
	Name    string            `yaml:"name"`
	Board   string            `yaml:"board"`
	Sides   int               `yaml:"sides"` // stations with a conveyor, stacker and lift: 4
	Timing  Timing            `yaml:"timing"`
	Chips   map[string]Chip   `yaml:"chips"`
	Motors  map[string]Motor  `yaml:"motors"`
	Inputs  map[string]Input  `yaml:"inputs"`
	Buttons map[string]Input  `yaml:"buttons"`
	Readers map[string]Reader `yaml:"readers"`
	Muxes   map[string]Mux    `yaml:"muxes"`
	// Decoders are chip-select decoders: one SPI port's chip select
	// spread over many readers by address lines (docs/wiring.md,
	// "Revision 3").
	Decoders map[string]Decoder `yaml:"decoders"`
	Zones    map[string]Zone    `yaml:"zones"`
	TileSets map[string]TileSet `yaml:"tilesets"`
	Safety   Safety             `yaml:"safety"`
	// SPISpeed caps each SPI bus's clock ("SPI0": 4MHz); buses not named
	// run at each reader chip's maximum (SPIClock).
	SPISpeed map[string]Frequency `yaml:"spi_speed"`
	// Lockstep lists groups of surface readers whose fields reach each
	// other's antennas (found on the table: docs/wiring.md, "A reader per
	// seat"): a reader must not transmit while another of its group
	// listens, so a group is read in lockstep frames or, until a driver
	// runs it so, one reader at a time. Readers in no group read at
	// once. The readers of a group may share one BUSY line (the OR of
	// theirs).
	Lockstep [][]string `yaml:"lockstep"`
	// FreeUARTPins says the builder turned the serial console and the
	// UART off, so GPIO14 and GPIO15 may be used as plain lines.
	FreeUARTPins bool `yaml:"free_uart_pins"`

	File string `yaml:"-"` // where it was read from

	spiLines map[string]int // spi_speed entries' lines
}

// Safety is the motor-power enable chain (docs/wiring.md): the Pi sends a
// pulse train on Enable while the machine cycle runs and feeds its
// watchdog; a hold circuit on the board keeps the motor supply relay and
// the PCA9685s' OE pins enabled only while the pulses keep coming. A Pi
// that is off, rebooting or whose process died sends no pulses (a line
// stuck high or low is no pulse either), so the motors lose power within
// Hold.
type Safety struct {
	Enable   string   `yaml:"enable"`   // the pulse output: a Pi line
	Period   Duration `yaml:"period"`   // one pulse period (a toggle every half)
	Watchdog Duration `yaml:"watchdog"` // pulses stop when the cycle has not fed the enable for this long
	Hold     Duration `yaml:"hold"`     // the hold circuit drops the motor power this long after the last edge
	Line     int      `yaml:"-"`
}

// Timing holds the machine's timings; sim uses the same figures.
type Timing struct {
	ControlPeriod Duration `yaml:"control_period"` // bound on reaction to a fault
	Mix           Duration `yaml:"mix"`            // tray mixing
	Feed          Duration `yaml:"feed"`           // conveyor: next tile to the gate
	Read          Duration `yaml:"read"`           // one inline read attempt
	ReadAttempts  int      `yaml:"read_attempts"`  // before a reader fault
	Stroke        Duration `yaml:"stroke"`         // stacker: gate tile into the wall
	Lift          Duration `yaml:"lift"`           // lift travel, bottom to top
	LiftDwell     Duration `yaml:"lift_dwell"`     // walls at the top before the plate lowers
	Dice          Duration `yaml:"dice"`           // dice animation
	Debounce      Duration `yaml:"debounce"`       // buttons
	// SwitchDebounce is how long a limit, home or eye switch must hold a
	// new state before it counts (inputs may set their own debounce).
	SwitchDebounce Duration `yaml:"switch_debounce"`
	JamTimeout     Duration `yaml:"jam_timeout"`  // no tile at the gate while feeding
	StallMargin    float64  `yaml:"stall_margin"` // a move may take this times its nominal time
	Line           int      `yaml:"-"`
}

// Chip is a chip on the board: an I2C PCA9685 PWM driver or MCP23017 GPIO
// expander, or a kernel PWM controller under /sys/class/pwm (sysfs-pwm).
type Chip struct {
	Kind    string `yaml:"kind"` // pca9685, mcp23017, tca9548a or sysfs-pwm
	Bus     string `yaml:"bus"`  // I2C1
	Addr    int    `yaml:"addr"`
	Freq    int    `yaml:"freq"`    // PWM Hz for a pca9685 (24–1526; 0 means 1500) or sysfs-pwm (0 means 1600)
	PWMChip int    `yaml:"pwmchip"` // sysfs-pwm: /sys/class/pwm/pwmchipN
	Line    int    `yaml:"-"`
}

// Motor is a DC motor on an H-bridge or a stepper on a step/dir driver.
// On a pca9685 an H-bridge's PWM, IN1 and IN2 inputs are three channels of
// the chip; on a sysfs-pwm chip PWM is the kernel PWM channel and IN1Pin,
// IN2Pin are pins (GPIOn or expander pins). A stepper (kind: stepper) has
// Step and Dir on Pi lines and an optional active-low driver enable.
type Motor struct {
	Kind     string `yaml:"kind"` // "" or hbridge; stepper
	Chip     string `yaml:"chip"`
	PWM      int    `yaml:"pwm"`
	IN1      int    `yaml:"in1"`
	IN2      int    `yaml:"in2"`
	IN1Pin   string `yaml:"in1_pin"`
	IN2Pin   string `yaml:"in2_pin"`
	Reversed bool   `yaml:"reversed"`
	// Brake stops an H-bridge with both inputs high (a short brake, on
	// TB6612, DRV8833 and L298) instead of letting it coast.
	Brake bool `yaml:"brake"`
	// Ramp brings the motor to speed over this time instead of at once.
	Ramp Duration `yaml:"ramp"`
	// Stepper pins and the time of one step at full speed.
	Step       string   `yaml:"step"`
	Dir        string   `yaml:"dir"`
	Enable     string   `yaml:"enable"`
	StepPeriod Duration `yaml:"step_period"`
	Line       int      `yaml:"-"`
}

// Motor kinds.
const (
	MotorHBridge = "hbridge"
	MotorStepper = "stepper"
)

// Chip kinds.
const (
	KindPCA9685  = "pca9685"
	KindMCP23017 = "mcp23017"
	KindSysfsPWM = "sysfs-pwm"
	KindTCA9548A = "tca9548a"
)

// Input is a switch, eye or button on a pin: a Pi line ("GPIO5") or an
// expander pin ("io0.A3"; polled, expanders here have no interrupt line).
type Input struct {
	Pin       string `yaml:"pin"`
	ActiveLow bool   `yaml:"active_low"`
	Pull      string `yaml:"pull"` // up, down or none
	// NC says the switch is normally closed, to ground, with a pull-up:
	// closed (low) at rest, and high when it opens: when the lid opens,
	// the E-stop is pressed, a limit is reached, or the wire breaks.
	NC bool `yaml:"nc"`
	// Debounce overrides timing's debounce for this input.
	Debounce Duration `yaml:"debounce"`
	Line     int      `yaml:"-"`
}

// Reader is a tag reader chip on an SPI port: an NXP MFRC522 (ISO
// 14443-A tags) or an NXP PN5180 (ISO 15693 tags), by Kind.
type Reader struct {
	Kind  string `yaml:"kind"`  // mfrc522 (the default) or pn5180
	SPI   string `yaml:"spi"`   // SPI0.0
	Reset string `yaml:"reset"` // pin
	IRQ   string `yaml:"irq"`   // pin, optional (mfrc522)
	Busy  string `yaml:"busy"`  // pin, the PN5180's BUSY line (pn5180)
	// CS is the chip select, a Pi line, of a port beyond the standard
	// overlays' (SPI0.2 on, SPI1.3 on: a dtoverlay with cs-gpios), or to
	// move a standard one; empty means the port's own.
	CS   string `yaml:"cs"`
	Mux  string `yaml:"mux"`  // optional
	Gain int    `yaml:"gain"` // mfrc522
	// Decoder names the chip-select decoder the reader's NSS hangs on,
	// Output the decoder output it is: such a reader has no spi, cs or
	// busy of its own (the decoder's port, output and BUSY mux serve it).
	Decoder string `yaml:"decoder"`
	Output  int    `yaml:"output"`
	// Held says the reader's one zone is read with its field held on
	// (sensing.QuietZone: tiles told Stay Quiet stay so between reads):
	// a PN5180 with no antenna mux and exactly one zone, as a field held
	// on one antenna of a switch would drop when the switch moved.
	Held bool `yaml:"held"`
	// DieID is the PN5180's die identifier (32 hex digits) recorded when
	// the table was assembled (`jantaku maintenance readers` lists
	// them): the board refuses to open with another chip in its place,
	// such as two zones' modules swapped. Empty: not checked at opening.
	DieID string `yaml:"die_id"`
	// MinLevel and CollLevel are the MFRC522's receiver thresholds
	// (RxThresholdReg, 0 for the chip's 8 and 4): raise MinLevel until a
	// gate no longer hears the next tile in line; set on the table.
	MinLevel  int `yaml:"min_level"`
	CollLevel int `yaml:"coll_level"`
	Line      int `yaml:"-"`
}

// Reader kinds.
const (
	ReaderMFRC522 = "mfrc522"
	ReaderPN5180  = "pn5180"
)

// LockstepGroup returns the lockstep group reader n is in, by its
// readers' names joined with "+", or "" if it is in none.
func (p *Profile) LockstepGroup(n string) string {
	for _, g := range p.Lockstep {
		if slices.Contains(g, n) {
			return strings.Join(g, "+")
		}
	}
	return ""
}

// ChipSelect returns the Pi line r's chip select is on: CS, or its SPI
// port's own ("" if the port has none, or r is on a decoder: see
// Profile.ChipSelectOf).
func (r Reader) ChipSelect() string {
	if r.CS != "" {
		return r.CS
	}
	return chipSelects[r.SPI]
}

// ReaderKind returns r's kind, mfrc522 when unset.
func (r Reader) ReaderKind() string {
	if r.Kind == "" {
		return ReaderMFRC522
	}
	return r.Kind
}

// MaxSPI is the SPI clock r's chip takes at most: 10 MHz for the
// MFRC522, 7 MHz for the PN5180.
func (r Reader) MaxSPI() physic.Frequency {
	if r.ReaderKind() == ReaderPN5180 {
		return 7 * physic.MegaHertz
	}
	return 10 * physic.MegaHertz
}

// Port returns the SPI port reader n's frames go out on: its own, or
// its decoder's.
func (p *Profile) Port(n string) string {
	r := p.Readers[n]
	if r.Decoder != "" {
		return p.Decoders[r.Decoder].SPI
	}
	return r.SPI
}

// ChipSelectOf says what selects reader n: the Pi line of
// Reader.ChipSelect, or its decoder output ("zonecs output 5 (SPI1.2
// via 74HC154)").
func (p *Profile) ChipSelectOf(n string) string {
	r := p.Readers[n]
	if r.Decoder != "" {
		return fmt.Sprintf("%s output %d (%s via 74HC154)", r.Decoder, r.Output, p.Decoders[r.Decoder].SPI)
	}
	return r.ChipSelect()
}

// BusyOf says where reader n's BUSY is read: its busy pin, or its
// decoder's BUSY mux ("GPIO15 via zonecs"); "" if it has none.
func (p *Profile) BusyOf(n string) string {
	r := p.Readers[n]
	if r.Decoder != "" {
		return p.Decoders[r.Decoder].Busy + " via " + r.Decoder
	}
	return r.Busy
}

// SPIClock is the clock reader n runs at: its chip's maximum, or its
// bus's spi_speed when that is lower. The clock is set per bus, not per
// reader: SCLK is one wire shared by every chip select of the bus, so
// the bus's longest run limits them all.
func (p *Profile) SPIClock(n string) physic.Frequency {
	r := p.Readers[n]
	f := r.MaxSPI()
	if c, ok := p.SPISpeed[SPIBus(p.Port(n))]; ok && physic.Frequency(c) < f {
		f = physic.Frequency(c)
	}
	return f
}

// SPIBus is the bus of an SPI port: SPI1 for SPI1.2.
func SPIBus(port string) string {
	b, _, _ := strings.Cut(port, ".")
	return b
}

// Mux is an antenna multiplexer: an analog switch on binary select lines
// (with an optional active-low enable), or an I2C switch chip (a tca9548a
// in chips, 8 channels).
type Mux struct {
	Select []string `yaml:"select"`
	Enable string   `yaml:"enable"`
	Chip   string   `yaml:"chip"`
	Line   int      `yaml:"-"`
}

// Channels returns the number of antennas the mux selects among.
func (m Mux) Channels() int {
	if m.Chip != "" {
		return 8
	}
	return 1 << len(m.Select)
}

// Decoder is a chip-select decoder: SPI's own chip select enables two
// 74HC154 4-to-16 decoders (Address's last line and its inverse pick
// which), whose outputs are the NSS of the readers on it (Reader.Decoder,
// Reader.Output); the same address lines drive a 32:1 digital mux (two
// CD74HC4067) that puts the addressed reader's BUSY on Busy. The
// address lines are Pi lines: they switch before every frame.
type Decoder struct {
	SPI     string   `yaml:"spi"`     // SPI1.2: its chip select enables the decoders
	Address []string `yaml:"address"` // bit 0 first
	Busy    string   `yaml:"busy"`    // the BUSY mux's output
	// DieCheck is how often each reader on the decoder reads its chip's
	// die identifier again (DefaultDieCheck unless set): an address line
	// that fails after the board opened sends a reader's frames to
	// another zone's chip, and this is how long that can go unseen. Each
	// check is two frames on the bus.
	DieCheck Duration `yaml:"die_check"`
	Line     int      `yaml:"-"`
}

// DefaultDieCheck is Decoder.DieCheck's default: two frames a reader,
// 36 a second for eighteen, against the tens of thousands the zones'
// polls take; a hand is not lost in half a second.
const DefaultDieCheck = 500 * time.Millisecond

// DieCheckEvery returns DieCheck or its default.
func (d Decoder) DieCheckEvery() time.Duration {
	if d.DieCheck <= 0 {
		return DefaultDieCheck
	}
	return time.Duration(d.DieCheck)
}

// DieIDBytes returns the recorded die identifier, nil if none (or if it
// is not 32 hex digits, which loading refuses).
func (r Reader) DieIDBytes() []byte {
	b, err := hex.DecodeString(r.DieID)
	if err != nil || len(b) != 16 {
		return nil
	}
	return b
}

// Outputs returns the number of outputs the address lines select among.
func (d Decoder) Outputs() int { return 1 << len(d.Address) }

// Zone is an area of the table seen by one antenna.
type Zone struct {
	Reader  string `yaml:"reader"`
	Antenna *int   `yaml:"antenna"`
	Line    int    `yaml:"-"`
}

// TileSet is the geometry of one tile set: stacks per side, seat 0 to 3; 0
// for the empty seat of a 3-player set.
type TileSet struct {
	Stacks []int `yaml:"stacks"`
	Line   int   `yaml:"-"`
}

// Tiles returns the number of tiles the walls hold.
func (t TileSet) Tiles() int {
	n := 0
	for _, s := range t.Stacks {
		n += 2 * s
	}
	return n
}

// Duration is a time.Duration written as "120ms" or "2.5s".
type Duration time.Duration

// D returns d as a time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

// UnmarshalYAML implements yaml.Unmarshaler.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	v, err := time.ParseDuration(n.Value)
	if err != nil || v < 0 {
		return &lineError{n.Line, fmt.Sprintf("bad duration %q (write e.g. 120ms or 2.5s)", n.Value)}
	}
	*d = Duration(v)
	return nil
}

// MarshalYAML implements yaml.Marshaler.
func (d Duration) MarshalYAML() (any, error) { return time.Duration(d).String(), nil }

// lineError carries a line out of an UnmarshalYAML.
type lineError struct {
	line int
	msg  string
}

func (e *lineError) Error() string { return fmt.Sprintf("line %d: %s", e.line, e.msg) }

// The entities record the line they start on.

func (s *Safety) UnmarshalYAML(n *yaml.Node) error {
	type plain Safety
	if err := n.Decode((*plain)(s)); err != nil {
		return err
	}
	s.Line = n.Line
	return nil
}

// Frequency is a frequency written as "4MHz" or "500kHz".
type Frequency physic.Frequency

// UnmarshalYAML implements yaml.Unmarshaler.
func (f *Frequency) UnmarshalYAML(n *yaml.Node) error {
	var v physic.Frequency
	if err := v.Set(n.Value); err != nil || v <= 0 {
		return &lineError{n.Line, fmt.Sprintf("bad frequency %q (write e.g. 4MHz or 500kHz)", n.Value)}
	}
	*f = Frequency(v)
	return nil
}

// MarshalYAML implements yaml.Marshaler.
func (f Frequency) MarshalYAML() (any, error) { return f.String(), nil }

// String is the frequency as written in profiles ("4MHz").
func (f Frequency) String() string { return physic.Frequency(f).String() }

func (t *Timing) UnmarshalYAML(n *yaml.Node) error {
	type plain Timing
	if err := n.Decode((*plain)(t)); err != nil {
		return err
	}
	t.Line = n.Line
	return nil
}

func (c *Chip) UnmarshalYAML(n *yaml.Node) error {
	type plain Chip
	if err := n.Decode((*plain)(c)); err != nil {
		return err
	}
	c.Line = n.Line
	return nil
}

func (m *Motor) UnmarshalYAML(n *yaml.Node) error {
	type plain Motor
	if err := n.Decode((*plain)(m)); err != nil {
		return err
	}
	m.Line = n.Line
	return nil
}

func (i *Input) UnmarshalYAML(n *yaml.Node) error {
	type plain Input
	if err := n.Decode((*plain)(i)); err != nil {
		return err
	}
	i.Line = n.Line
	return nil
}

func (r *Reader) UnmarshalYAML(n *yaml.Node) error {
	type plain Reader
	if err := n.Decode((*plain)(r)); err != nil {
		return err
	}
	r.Line = n.Line
	return nil
}

func (m *Mux) UnmarshalYAML(n *yaml.Node) error {
	type plain Mux
	if err := n.Decode((*plain)(m)); err != nil {
		return err
	}
	m.Line = n.Line
	return nil
}

func (d *Decoder) UnmarshalYAML(n *yaml.Node) error {
	type plain Decoder
	if err := n.Decode((*plain)(d)); err != nil {
		return err
	}
	d.Line = n.Line
	return nil
}

func (z *Zone) UnmarshalYAML(n *yaml.Node) error {
	type plain Zone
	if err := n.Decode((*plain)(z)); err != nil {
		return err
	}
	z.Line = n.Line
	return nil
}

func (t *TileSet) UnmarshalYAML(n *yaml.Node) error {
	type plain TileSet
	if err := n.Decode((*plain)(t)); err != nil {
		return err
	}
	t.Line = n.Line
	return nil
}
