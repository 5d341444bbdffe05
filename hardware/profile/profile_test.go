package profile_test

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"jantaku/hardware/profile"
	"periph.io/x/conn/v3/physic"
)

func TestDefault(t *testing.T) {
	p, err := profile.Parse("default.yaml", profile.DefaultYAML())
	if err != nil {
		t.Fatal(err)
	}
	if p.Sides != 4 || len(p.Motors) != 13 || p.TileSets["140"].Tiles() != 140 {
		t.Errorf("default: %d sides, %d motors, 140-set holds %d", p.Sides, len(p.Motors), p.TileSets["140"].Tiles())
	}
	if p.Timing.Feed.D().Milliseconds() != 90 {
		t.Errorf("feed = %v", p.Timing.Feed.D())
	}
}

// edit returns the default profile with old replaced by new (exactly once).
func edit(t *testing.T, old, new string) []byte {
	t.Helper()
	s := string(profile.DefaultYAML())
	if strings.Count(s, old) != 1 {
		t.Fatalf("%q occurs %d times in default.yaml", old, strings.Count(s, old))
	}
	return []byte(strings.Replace(s, old, new, 1))
}

func lineOf(t *testing.T, data []byte, sub string) int {
	t.Helper()
	i := strings.Index(string(data), sub)
	if i < 0 {
		t.Fatalf("%q not found", sub)
	}
	return strings.Count(string(data[:i]), "\n") + 1
}

func TestErrors(t *testing.T) {
	cases := []struct {
		name, old, new string
		line           string // text on the line the error must name
		msg            string
	}{
		{"pin used twice", "eye1: {pin: GPIO5", "eye1: {pin: GPIO13", "lift0.top:", "pin GPIO13 is used twice"},
		{"unknown pin", "eye2: {pin: GPIO6", "eye2: {pin: GPIO40", "eye2: {pin: GPIO40", `unknown pin "GPIO40"`},
		{"bus pin", "eye3: {pin: GPIO12", "eye3: {pin: GPIO10", "eye3: {pin: GPIO10", "belongs to bus SPI0"},
		{"zone without antenna", "deadwall: {reader: surface, antenna: 16}", "deadwall: {reader: wallreader, antenna: 16}", "deadwall:", "zone deadwall: no antenna"},
		{"antenna out of range", "drop:     {reader: surface, antenna: 17}", "drop:     {reader: surface, antenna: 40}", "drop:", "antenna 40 does not exist"},
		{"channel twice", "tray:      {chip: pwm0, pwm: 0,", "tray:      {chip: pwm0, pwm: 3,", "conveyor0:", "pwm0 channel 3 is used twice"},
		{"bad duration", "mix: 8s", "mix: eight", "mix: eight", "bad duration"},
		{"unknown key", "feed: 90ms", "fed: 90ms", "fed: 90ms", `unknown key "fed"`},
		{"wrong stack count", `"136": {stacks: [17, 17, 17, 17]}`, `"136": {stacks: [17, 17, 17, 16]}`, `"136"`, "hold 134 tiles, not 136"},
		{"expander eye", "eye0: {pin: GPIO4", "eye0: {pin: io1.A7", "eye0: {pin: io1.A7", "interrupt-capable"},
		{"malformed", "sides: 4", "sides: [4", "", ""},
		{"PCA9685 too fast", "pwm1: {kind: pca9685, bus: I2C1, addr: 0x41, freq: 1500}", "pwm1: {kind: pca9685, bus: I2C1, addr: 0x41, freq: 20000}", "pwm1:", "freq 20000 Hz: a PCA9685 makes 24–1526 Hz"},
		{"pull-down on an expander", "stacker2.home: {pin: io0.A2, active_low: true, pull: up}", "stacker2.home: {pin: io0.A2, pull: down}", "stacker2.home:", "the MCP23017 has pull-ups only"},
		{"UART TXD", "eye3: {pin: GPIO12", "eye3: {pin: GPIO14", "eye3: {pin: GPIO14", "GPIO14 is the UART's TXD"},
		{"UART RXD", "lid:   {pin: GPIO22", "lid:   {pin: GPIO15", "lid:   {pin: GPIO15", "GPIO15 is the UART's RXD"},
		{"lid normally open", "lid:   {pin: GPIO22, pull: up, nc: true}", "lid:   {pin: GPIO22, pull: down}", "lid:   {pin: GPIO22", "input lid guards motion: wire it normally closed"},
		{"limit normally open", "lift1.top:    {pin: GPIO23, pull: up, nc: true}", "lift1.top:    {pin: GPIO23, pull: up, active_low: true}", "lift1.top:", "input lift1.top guards motion"},
		{"nc pulled down", "estop: {pin: GPIO24, pull: up, nc: true}", "estop: {pin: GPIO24, pull: down, nc: true}", "estop:", "a normally-closed switch to ground reads high when it opens"},
		{"TCA9548A at all-call", "io2: {kind: mcp23017, bus: I2C1, addr: 0x22}", "io2: {kind: mcp23017, bus: I2C1, addr: 0x22}\n  sw: {kind: tca9548a, bus: I2C1, addr: 0x70}", "sw: {kind: tca9548a", "address 0x70 on I2C1 is the all-call address of PCA9685"},
		{"enable on an expander", "enable: GPIO26", "enable: io1.A7", "enable: io1.A7", "must be a Pi line"},
		{"hold too short", "hold: 100ms", "hold: 30ms", "enable: GPIO26", "hold 30ms must be at least two pulse periods"},
		{"no enable", "enable: GPIO26", "enable: \"\"", "enable: \"\"", "safety: no enable pin"},
		{"SPI too fast", "SPI1: 2MHz", "SPI1: 20MHz", "SPI1: 20MHz", "spi_speed: SPI1 at 20MHz"},
		{"bad frequency", "SPI1: 2MHz", "SPI1: fast", "SPI1: fast", "bad frequency"},
		{"unknown seat button", "seat1.ok: {pin: io0.B2", "seat1.okay: {pin: io0.B2", "seat1.okay:", "a seat button is seatN.DECLARATION"},
		{"stepper on an expander", "tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2}", "tray:      {kind: stepper, step: io1.A7, dir: GPIO26, step_period: 1ms}", "tray:      {kind: stepper", "step pin io1.A7 must be a Pi line"},
		{"stepper without a period", "tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2}", "tray:      {kind: stepper, step: GPIO20, dir: GPIO21}", "tray:      {kind: stepper", "step_period must be positive"},
		{"pn5180 without busy", "inline0: {kind: pn5180, spi: SPI0.0, busy: rfio.A0,", "inline0: {kind: pn5180, spi: SPI0.0,", "inline0:", "needs its BUSY line"},
		{"unknown reader kind", "inline1: {kind: pn5180,", "inline1: {kind: pn532,", "inline1:", `unknown kind "pn532"`},
		{"spi clock per reader", "reset: io1.B4, mux: zones}", "reset: io1.B4, mux: zones, spi_hz: 7000000}", "surface:", "no spi_hz: the SPI clock is set per bus"},
		{"mfrc522 setting on a pn5180", "inline2: {kind: pn5180,", "inline2: {min_level: 10, kind: pn5180,", "inline2:", "are mfrc522 settings"},
		{"busy pin twice", "busy: rfio.A1,", "busy: rfio.A0,", "inline1:", "pin rfio.A0 is used twice"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := edit(t, c.old, c.new)
			_, err := profile.Parse("table.yaml", data)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), "table.yaml:") {
				t.Errorf("error does not name the file: %v", err)
			}
			if c.msg == "" {
				return
			}
			var pe *profile.Error
			found := false
			for _, e := range unjoin(err) {
				if errors.As(e, &pe) && strings.Contains(pe.Msg, c.msg) {
					found = true
					if want := lineOf(t, data, c.line); pe.Line != want {
						t.Errorf("%q at line %d, want line %d", pe.Msg, pe.Line, want)
					}
				}
			}
			if !found {
				t.Errorf("no error containing %q in:\n%v", c.msg, err)
			}
		})
	}
}

func unjoin(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// A builder who freed the UART may use its lines; a stepper on free Pi
// lines is a valid motor.
func TestFreeUARTAndStepper(t *testing.T) {
	text := string(edit(t, "eye3: {pin: GPIO12", "eye3: {pin: GPIO14"))
	text = strings.Replace(text, "sides: 4", "sides: 4\nfree_uart_pins: true", 1)
	text = strings.Replace(text, "tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2}", "tray:      {kind: stepper, step: GPIO12, dir: GPIO15, enable: io1.A7, step_period: 2ms, ramp: 200ms}", 1)
	p, err := profile.Parse("t.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if m := p.Motors["tray"]; m.Kind != profile.MotorStepper || m.StepPeriod.D().Milliseconds() != 2 || m.Ramp.D().Milliseconds() != 200 {
		t.Errorf("tray = %+v", m)
	}
}

func TestMissingParts(t *testing.T) {
	data := edit(t, "  lift3.bottom: {pin: io2.A3, pull: up, nc: true}\n", "")
	_, err := profile.Parse("t.yaml", data)
	if err == nil || !strings.Contains(err.Error(), "inputs: missing lift3.bottom") {
		t.Errorf("err = %v", err)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(profile.DefaultYAML())
	f.Add(profile.ZonesYAML())
	f.Add([]byte("sides: 3\ntilesets: {x: {stacks: [1]}}"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := profile.Parse("fuzz.yaml", data)
		if err == nil && p == nil {
			t.Fatal("nil profile and nil error")
		}
	})
}

// docs/wiring.md must show the default profile as it is.
func TestWiringDocUpToDate(t *testing.T) {
	doc, err := os.ReadFile("../../docs/wiring.md")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), profile.Default().Wiring()) {
		t.Error("docs/wiring.md is out of date: regenerate its tables with `jantaku maintenance wiring`")
	}
}

func TestKernelPWMAndI2CMux(t *testing.T) {
	base := strings.Replace(string(profile.DefaultYAML()), "chips:\n", "chips:\n  hwpwm: {kind: sysfs-pwm, pwmchip: 0}\n  sw0: {kind: tca9548a, bus: I2C1, addr: 0x71}\n", 1)
	base = strings.Replace(base, "muxes:\n", "muxes:\n  ring: {chip: sw0}\n", 1)
	good := strings.Replace(base, "tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2}", "tray:      {chip: hwpwm, pwm: 1, in1_pin: io1.A7, in2_pin: io1.B5}", 1)
	good = strings.Replace(good, "inline3: {kind: pn5180, spi: SPI1.1, busy: rfio.A3, reset: io1.B3}", "inline3: {kind: pn5180, spi: SPI1.1, busy: rfio.A3, reset: io1.B3, mux: ring}", 1)
	p, err := profile.Parse("t.yaml", []byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if w := p.Wiring(); !strings.Contains(w, "| tray | hwpwm | 1 | io1.A7 | io1.B5 |") || !strings.Contains(w, "I2C switch sw0") {
		t.Errorf("wiring does not show the kernel PWM motor or the I2C mux:\n%s", w)
	}
	for _, c := range []struct{ name, old, new, msg string }{
		{"channels on a kernel PWM", "tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2}", "tray:      {chip: hwpwm, pwm: 1, in1: 3, in2: 4}", "use in1_pin and in2_pin"},
		{"pins on a pca9685", "tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2}", "tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2, in1_pin: io1.A7}", "in1_pin and in2_pin are for sysfs-pwm"},
		{"pin twice", "tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2}", "tray:      {chip: hwpwm, pwm: 1, in1_pin: io1.A7, in2_pin: io1.A6}", "pin io1.A6 is used twice"},
		{"antenna beyond an I2C mux", "inline3: {kind: pn5180, spi: SPI1.1, busy: rfio.A3, reset: io1.B3}", "inline3: {kind: pn5180, spi: SPI1.1, busy: rfio.A3, reset: io1.B3, mux: ring}", "antenna 8 does not exist"},
	} {
		t.Run(c.name, func(t *testing.T) {
			text := strings.Replace(base, c.old, c.new, 1)
			if c.name == "antenna beyond an I2C mux" {
				text = strings.Replace(text, "\nzones:\n", "\nzones:\n  x: {reader: inline3, antenna: 8}\n", 1)
			}
			_, err := profile.Parse("t.yaml", []byte(text))
			if err == nil || !strings.Contains(err.Error(), c.msg) {
				t.Errorf("got %v, want an error with %q", err, c.msg)
			}
		})
	}
}

// docs/wiring.svg is the default profile's diagram, as `jantaku
// maintenance wiring --svg` draws it; it is well-formed XML and names every
// part.
func TestWiringSVGUpToDate(t *testing.T) {
	doc, err := os.ReadFile("../../docs/wiring.svg")
	if err != nil {
		t.Fatal(err)
	}
	p := profile.Default()
	svg := p.SVG()
	if string(doc) != svg {
		t.Error("docs/wiring.svg is out of date: regenerate it with `jantaku maintenance wiring --svg > docs/wiring.svg`")
	}
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		_, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v", err)
		}
	}
	var parts []string
	for _, m := range []map[string]profile.Input{p.Inputs, p.Buttons} {
		for n := range m {
			parts = append(parts, n)
		}
	}
	for n := range p.Motors {
		parts = append(parts, n+" H-bridge")
	}
	for n := range p.Readers {
		parts = append(parts, n+": ")
	}
	parts = append(parts, "OE (active low)", "E-stop NC", "lid interlock NC", p.Safety.Enable)
	for _, want := range parts {
		if !strings.Contains(svg, want) {
			t.Errorf("the diagram does not show %q", want)
		}
	}
}

// The SPI clock is set per bus: a reader runs at its chip's maximum
// (PN5180 7 MHz, MFRC522 10 MHz) unless its bus's spi_speed is lower.
func TestSPIClock(t *testing.T) {
	p := profile.Default()
	for n, want := range map[string]physic.Frequency{"inline0": 5 * physic.MegaHertz, "inline3": 2 * physic.MegaHertz, "surface": 2 * physic.MegaHertz} {
		if got := p.SPIClock(n); got != want {
			t.Errorf("default profile: %s at %v, want %v", n, got, want)
		}
	}
	text := strings.Replace(string(profile.DefaultYAML()), "  SPI1: 2MHz", "  SPI1: 9MHz", 1)
	text = strings.Replace(text, "inline2: {kind: pn5180, spi: SPI1.0, busy: rfio.A2, reset: io1.B2}", "inline2: {kind: mfrc522, spi: SPI1.0, reset: io1.B2}", 1)
	q, err := profile.Parse("t.yaml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	for n, want := range map[string]physic.Frequency{"inline2": 9 * physic.MegaHertz, "surface": 7 * physic.MegaHertz, "inline0": 5 * physic.MegaHertz} {
		if got := q.SPIClock(n); got != want {
			t.Errorf("SPI1 at 9MHz: %s at %v, want %v", n, got, want)
		}
	}
	if w := q.Wiring(); !strings.Contains(w, "| surface | pn5180 | SPI1.2 | GPIO16 | 7MHz |") {
		t.Errorf("the wiring table does not give the surface reader's clock:\n%s", w)
	}
}
