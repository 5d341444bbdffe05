package board_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/enable/enabletest"
	"jantaku/drivers/motor"
	"jantaku/drivers/rfid/rfidtest"
	"jantaku/hardware/board"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim/chips"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/i2c"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/conn/v3/spi/spireg"
)

// rig registers periph fakes for every bus and Pi line the default
// profile uses, except those named in skip, and unregisters them after
// the test. The I2C bus holds byte-level emulators of the chips
// (hardware/sim/chips): periph's own drivers talk to them.
type rig struct {
	bus   *chips.Bus
	pca   map[uint16]*chips.PCA9685
	mcp   map[uint16]*chips.MCP23017
	tca   *chips.TCA9548A
	pins  map[string]*gpiotest.Pin
	hold  *enabletest.Hold // the enable line, as the hold circuit sees it
	chips map[string]*rfidtest.Chip
}

func newRig(t *testing.T, p *profile.Profile, skip ...string) *rig {
	t.Helper()
	r := &rig{bus: &chips.Bus{Name: "I2C1"}, pca: map[uint16]*chips.PCA9685{}, mcp: map[uint16]*chips.MCP23017{},
		tca: &chips.TCA9548A{Addr: 0x71}, pins: map[string]*gpiotest.Pin{}, chips: map[string]*rfidtest.Chip{}}
	for _, a := range []uint16{0x40, 0x41, 0x42} {
		r.pca[a] = chips.NewPCA9685(a)
		r.bus.Add(r.pca[a])
	}
	for _, a := range []uint16{0x20, 0x21, 0x22} {
		r.mcp[a] = chips.NewMCP23017(a)
		r.bus.Add(r.mcp[a])
	}
	r.bus.Add(r.tca)
	skipped := func(n string) bool {
		for _, s := range skip {
			if s == n {
				return true
			}
		}
		return false
	}
	if !skipped("I2C1") {
		if err := i2creg.Register("I2C1", nil, 1, func() (i2c.BusCloser, error) { return r.bus, nil }); err != nil {
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
		for _, n := range []string{m.IN1Pin, m.IN2Pin, m.Step, m.Dir, m.Enable} {
			if strings.HasPrefix(n, "GPIO") && !skipped(n) {
				r.gpio(t, n)
			}
		}
	}
	if e := p.Safety.Enable; e != "" && !skipped(e) {
		var n int
		fmt.Sscanf(e, "GPIO%d", &n)
		r.hold = &enabletest.Hold{Hold: p.Safety.Hold.D()}
		r.hold.N, r.hold.Num = e, n
		if err := gpioreg.Register(r.hold); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = gpioreg.Unregister(e) })
	}
	for _, rd := range p.Readers {
		if skipped(rd.SPI) {
			continue
		}
		c := rfidtest.NewChip()
		r.chips[rd.SPI] = c
		if err := spireg.Register(rd.SPI, nil, -1, func() (spi.PortCloser, error) { return c, nil }); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = spireg.Unregister(rd.SPI) })
	}
	return r
}

func (r *rig) gpio(t *testing.T, name string) {
	if _, ok := r.pins[name]; ok {
		return
	}
	var n int
	fmt.Sscanf(name, "GPIO%d", &n)
	p := &gpiotest.Pin{N: name, Num: n, EdgesChan: make(chan gpio.Level, 4)}
	r.pins[name] = p
	if err := gpioreg.Register(p); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = gpioreg.Unregister(name) })
}

func TestOpenDefaultProfile(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Default()
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Motors) != 13 || len(b.Inputs) != 18 || len(b.Buttons) != 13 || len(b.Readers) != 5 || b.Muxes["surface"] == nil {
			t.Fatalf("opened %d motors, %d inputs, %d buttons, %d readers, surface mux %v", len(b.Motors), len(b.Inputs), len(b.Buttons), len(b.Readers), b.Muxes["surface"])
		}

		// The tray motor is pwm0 (0x40) channels 0 (PWM), 1 (IN1), 2 (IN2).
		if err := b.Motors["tray"].Run(motor.Forward, 0.5); err != nil {
			t.Fatal(err)
		}
		if d := r.pca[0x40].Duty(0); d != 0.5 {
			t.Errorf("tray PWM at half speed: duty %v, want 0.5", d)
		}
		if r.pca[0x40].Duty(1) != 1 {
			t.Error("tray forward: IN1 not on")
		}
		if r.pca[0x40].High(2) {
			t.Error("tray forward: IN2 on")
		}
		// lift2 is reversed: Forward drives IN2 (0x42 channel 8).
		if err := b.Motors["lift2"].Run(motor.Forward, 1); err != nil {
			t.Fatal(err)
		}
		if r.pca[0x42].Duty(8) != 1 {
			t.Error("reversed lift2 forward: IN2 not on")
		}
		if err := b.Halt(); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			addr uint16
			ch   int
		}{{0x40, 0}, {0x42, 6}} {
			if d := r.pca[c.addr].Duty(c.ch); d != 0 {
				t.Errorf("after Halt: 0x%02X channel %d still driven (duty %v)", c.addr, c.ch, d)
			}
		}

		// A Pi line: lift0.top on GPIO13, normally closed: low at rest,
		// high (active) when the lift opens it.
		top := b.Inputs["lift0.top"]
		_ = r.pins["GPIO13"].Out(gpio.Low) // the contact holds the line against the pull-up
		if a, _ := top.Active(); a {
			t.Error("lift0.top active with its contact closed")
		}
		r.pins["GPIO13"].EdgesChan <- gpio.High
		if ok, err := top.WaitFor(t.Context(), true, time.Second); !ok || err != nil {
			t.Errorf("lift0.top did not see its edge: %v %v", ok, err)
		}

		// An expander pin: stacker0.home on io0.A0, a contact to ground
		// with the MCP23017's pull-up, active low, polled.
		home := b.Inputs["stacker0.home"]
		if !r.mcp[0x20].PullUp("A0") {
			t.Error("io0.A0's pull-up is off")
		}
		if a, _ := home.Active(); a {
			t.Error("stacker0.home active while its contact is open")
		}
		go func() {
			time.Sleep(30 * time.Millisecond)
			_ = r.mcp[0x20].Contact("A0", true)
		}()
		if ok, err := home.WaitFor(t.Context(), true, time.Second); !ok || err != nil {
			t.Errorf("stacker0.home: polled edge not seen: %v %v", ok, err)
		}

		// The readers answer through the real MFRC522 driver.
		r.chips["SPI0.1"].SetTag([]byte{0xDE, 0xAD, 0xBE, 0xEF})
		if uid, err := b.Readers["inline1"].ReadUID(t.Context(), 0); err != nil || uid != "DEADBEEF" {
			t.Errorf("inline1 read %q, %v", uid, err)
		}

		// The surface mux: select lines io1.A1–A5 (bit 0 first), enable
		// io1.A6 active low; io1 is 0x21, OLATA 0x14.
		if err := b.Muxes["surface"].Select(5); err != nil {
			t.Fatal(err)
		}
		for pin, want := range map[string]bool{"A1": true, "A2": false, "A3": true, "A4": false, "A5": false, "A6": false} {
			if h, out := r.mcp[0x21].Output(pin); !out || h != want {
				t.Errorf("antenna 5: io1.%s drives %v (output %v), want %v (A1 and A3 high, enable A6 low)", pin, h, out, want)
			}
		}

		if err := b.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
}

func TestMissingParts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Default()
		newRig(t, p, "GPIO4", "SPI1.2")
		_, err := board.New(p, board.Options{})
		if err == nil {
			t.Fatal("opened a board with GPIO4 and SPI1.2 missing")
		}
		msg := err.Error()
		for _, want := range []string{
			"2 part(s)",
			"profile default.yaml:",
			"input eye0: pin GPIO4 not found on this board (is this a Raspberry Pi with the GPIO character device?)",
			"reader surface: SPI port SPI1.2 not found",
		} {
			if !strings.Contains(msg, want) {
				t.Errorf("error lacks %q:\n%s", want, msg)
			}
		}
		if strings.Contains(msg, "no GPIO lines are registered") {
			t.Errorf("blames the board although other lines exist:\n%s", msg)
		}
	})
}

// On a machine where periph registered nothing (this one is not a Pi),
// the error says so first and names the parts.
func TestNothingRegistered(t *testing.T) {
	p := profile.Default()
	_, err := board.New(p, board.Options{})
	if err == nil {
		t.Fatal("opened a board with nothing registered")
	}
	msg := err.Error()
	for _, want := range []string{
		"no GPIO lines are registered",
		"chip io0: I2C bus I2C1 not found on this board",
		"input eye0: pin GPIO4 not found",
		"… and",
	} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q:\n%s", want, msg)
		}
	}
	// The expander pins of an unopened chip add no lines of their own.
	if strings.Contains(msg, "io0.A0") {
		t.Errorf("expander pins reported besides their chip:\n%s", msg)
	}
}

func TestSysfsAndI2CMux(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		text := strings.Replace(string(profile.DefaultYAML()),
			"tray:      {chip: pwm0, pwm: 0, in1: 1, in2: 2}",
			"tray:      {chip: hwpwm, pwm: 1, in1_pin: io1.A7, in2_pin: io1.B5}", 1)
		text = strings.Replace(text, "chips:\n", "chips:\n  hwpwm: {kind: sysfs-pwm, pwmchip: 0}\n  sw0: {kind: tca9548a, bus: I2C1, addr: 0x71}\n", 1)
		text = strings.Replace(text, "  inline3: {spi: SPI1.1, reset: io1.B3}", "  inline3: {spi: SPI1.1, reset: io1.B3, mux: ring}", 1)
		text = strings.Replace(text, "muxes:\n", "muxes:\n  ring: {chip: sw0}\n", 1)
		p, err := profile.Parse("hwpwm.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		root := t.TempDir()
		dir := filepath.Join(root, "pwmchip0", "pwm1")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"period", "duty_cycle", "enable"} {
			if err := os.WriteFile(filepath.Join(dir, f), []byte("0"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		r := newRig(t, p)
		b, err := board.New(p, board.Options{PWMRoot: root})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Motors["tray"].Run(motor.Forward, 1); err != nil {
			t.Fatal(err)
		}
		duty, _ := os.ReadFile(filepath.Join(dir, "duty_cycle"))
		period, _ := os.ReadFile(filepath.Join(dir, "period"))
		if string(duty) != "625000" || string(period) != "625000" {
			t.Errorf("tray at full speed: duty %s of period %s ns, want 625000 of 625000", duty, period)
		}
		if h, _ := r.mcp[0x21].Output("A7"); !h {
			t.Error("tray forward: IN1 (io1.A7) not high")
		}
		if h, _ := r.mcp[0x21].Output("B5"); h {
			t.Error("tray forward: IN2 (io1.B5) not low")
		}
		if err := b.Muxes["inline3"].Select(6); err != nil {
			t.Fatal(err)
		}
		if got := r.tca.Control(); got != 1<<6 {
			t.Errorf("TCA9548A channel 6: control byte %#x, want 0x40", got)
		}
		if err := b.Halt(); err != nil {
			t.Fatal(err)
		}
		if d, _ := os.ReadFile(filepath.Join(dir, "duty_cycle")); string(d) != "0" {
			t.Errorf("after Halt the kernel PWM still drives the tray (duty %s)", d)
		}
		if err := b.Close(); err != nil {
			t.Fatal(err)
		}
		if e, _ := os.ReadFile(filepath.Join(dir, "enable")); string(e) != "0" {
			t.Errorf("after Close the kernel PWM output is enabled (%s)", e)
		}
	})
}

// Open runs periph's host.Init first. On this development machine (not a
// Pi) it registers no GPIO line, and the error says what to check.
func TestOpenOffAPi(t *testing.T) {
	b, err := board.Open(profile.Default(), board.Options{})
	if len(gpioreg.All()) > 0 {
		if err == nil {
			b.Close()
		}
		t.Skip("periph registered GPIO lines: this is a board with GPIO")
	}
	if err == nil || !strings.Contains(err.Error(), "no GPIO lines are registered") {
		t.Errorf("Open off a Pi: %v", err)
	}
}
