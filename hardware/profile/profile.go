package profile

import (
	_ "embed"
	"fmt"
	"time"

	"gopkg.in/yaml.v3"
)

// Profile is one physical table.
type Profile struct {
	Name     string             `yaml:"name"`
	Board    string             `yaml:"board"`
	Sides    int                `yaml:"sides"` // stations with a conveyor, stacker and lift: 4
	Timing   Timing             `yaml:"timing"`
	Chips    map[string]Chip    `yaml:"chips"`
	Motors   map[string]Motor   `yaml:"motors"`
	Inputs   map[string]Input   `yaml:"inputs"`
	Buttons  map[string]Input   `yaml:"buttons"`
	Readers  map[string]Reader  `yaml:"readers"`
	Muxes    map[string]Mux     `yaml:"muxes"`
	Zones    map[string]Zone    `yaml:"zones"`
	TileSets map[string]TileSet `yaml:"tilesets"`

	File string `yaml:"-"` // where it was read from
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
	JamTimeout    Duration `yaml:"jam_timeout"`    // no tile at the gate while feeding
	StallMargin   float64  `yaml:"stall_margin"`   // a move may take this times its nominal time
	Line          int      `yaml:"-"`
}

// Chip is a chip on the board: an I2C PCA9685 PWM driver or MCP23017 GPIO
// expander, or a kernel PWM controller under /sys/class/pwm (sysfs-pwm).
type Chip struct {
	Kind    string `yaml:"kind"` // pca9685, mcp23017, tca9548a or sysfs-pwm
	Bus     string `yaml:"bus"`  // I2C1
	Addr    int    `yaml:"addr"`
	Freq    int    `yaml:"freq"`    // PWM Hz for a pca9685 or sysfs-pwm; 0 means 1600
	PWMChip int    `yaml:"pwmchip"` // sysfs-pwm: /sys/class/pwm/pwmchipN
	Line    int    `yaml:"-"`
}

// Motor is a DC motor on an H-bridge. On a pca9685 its PWM, IN1 and IN2
// inputs are three channels of the chip; on a sysfs-pwm chip PWM is the
// kernel PWM channel and IN1Pin, IN2Pin are pins (GPIOn or expander pins).
type Motor struct {
	Chip     string `yaml:"chip"`
	PWM      int    `yaml:"pwm"`
	IN1      int    `yaml:"in1"`
	IN2      int    `yaml:"in2"`
	IN1Pin   string `yaml:"in1_pin"`
	IN2Pin   string `yaml:"in2_pin"`
	Reversed bool   `yaml:"reversed"`
	Line     int    `yaml:"-"`
}

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
	Line      int    `yaml:"-"`
}

// Reader is a tag reader chip on an SPI port: an NXP MFRC522 (ISO
// 14443-A tags) or an NXP PN5180 (ISO 15693 tags), by Kind.
type Reader struct {
	Kind  string `yaml:"kind"`  // mfrc522 (the default) or pn5180
	SPI   string `yaml:"spi"`   // SPI0.0
	Reset string `yaml:"reset"` // pin
	IRQ   string `yaml:"irq"`   // pin, optional (mfrc522)
	Busy  string `yaml:"busy"`  // pin, the PN5180's BUSY line (pn5180)
	Mux   string `yaml:"mux"`   // optional
	Gain  int    `yaml:"gain"`  // mfrc522
	// MinLevel and CollLevel are the MFRC522's receiver thresholds
	// (RxThresholdReg, 0 for the chip's 8 and 4): raise MinLevel until a
	// gate no longer hears the next tile in line; set on the table.
	MinLevel  int `yaml:"min_level"`
	CollLevel int `yaml:"coll_level"`
	// SPIHz is the SPI clock; 0 means the chip's maximum (MFRC522
	// 10 MHz, PN5180 7 MHz). Long ribbon cables to the zone readers may
	// need less.
	SPIHz int `yaml:"spi_hz"`
	Line  int `yaml:"-"`
}

// Reader kinds.
const (
	ReaderMFRC522 = "mfrc522"
	ReaderPN5180  = "pn5180"
)

// ReaderKind returns r's kind, mfrc522 when unset.
func (r Reader) ReaderKind() string {
	if r.Kind == "" {
		return ReaderMFRC522
	}
	return r.Kind
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
