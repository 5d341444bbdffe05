package board_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/motor"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/rfidtest"
	"jantaku/firmware/sensing"
	"jantaku/hardware/board"
	"jantaku/hardware/board/boardtest"
	"jantaku/hardware/profile"
	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/physic"
)

func newRig(t *testing.T, p *profile.Profile, skip ...string) *boardtest.Rig {
	t.Helper()
	return boardtest.New(t, p, skip...)
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
		if d := r.PCA9685["pwm0"].Duty(0); d != 0.5 {
			t.Errorf("tray PWM at half speed: duty %v, want 0.5", d)
		}
		if r.PCA9685["pwm0"].Duty(1) != 1 {
			t.Error("tray forward: IN1 not on")
		}
		if r.PCA9685["pwm0"].High(2) {
			t.Error("tray forward: IN2 on")
		}
		// lift2 is reversed: Forward drives IN2 (0x42 channel 8).
		if err := b.Motors["lift2"].Run(motor.Forward, 1); err != nil {
			t.Fatal(err)
		}
		if r.PCA9685["pwm2"].Duty(8) != 1 {
			t.Error("reversed lift2 forward: IN2 not on")
		}
		if err := b.Halt(); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			chip string
			ch   int
		}{{"pwm0", 0}, {"pwm2", 6}} {
			if d := r.PCA9685[c.chip].Duty(c.ch); d != 0 {
				t.Errorf("after Halt: %s channel %d still driven (duty %v)", c.chip, c.ch, d)
			}
		}

		// A Pi line: lift0.top on GPIO13, normally closed: low at rest,
		// high (active) when the lift opens it.
		top := b.Inputs["lift0.top"]
		_ = r.Pins["GPIO13"].Out(gpio.Low) // the contact holds the line against the pull-up
		if a, _ := top.Active(); a {
			t.Error("lift0.top active with its contact closed")
		}
		r.Pins["GPIO13"].EdgesChan <- gpio.High
		if ok, err := top.WaitFor(t.Context(), true, time.Second); !ok || err != nil {
			t.Errorf("lift0.top did not see its edge: %v %v", ok, err)
		}

		// An expander pin: stacker0.home on io0.A0, a contact to ground
		// with the MCP23017's pull-up, active low, polled.
		home := b.Inputs["stacker0.home"]
		if !r.MCP23017["io0"].PullUp("A0") {
			t.Error("io0.A0's pull-up is off")
		}
		if a, _ := home.Active(); a {
			t.Error("stacker0.home active while its contact is open")
		}
		go func() {
			time.Sleep(30 * time.Millisecond)
			_ = r.MCP23017["io0"].Contact("A0", true)
		}()
		if ok, err := home.WaitFor(t.Context(), true, time.Second); !ok || err != nil {
			t.Errorf("stacker0.home: polled edge not seen: %v %v", ok, err)
		}

		// The readers answer through the real PN5180 driver, BUSY read
		// on the rfio expander.
		r.PN5180["inline1"].SetTags(0, &iso15693.Tag{UID: 0xE004015A00000101})
		if uid, err := b.Readers["inline1"].ReadUID(t.Context(), 0); err != nil || uid != "E004015A00000101" {
			t.Errorf("inline1 read %q, %v", uid, err)
		}
		if v := r.PN5180["inline1"].Violations(); v != 0 {
			t.Errorf("inline1: %d frames sent while BUSY was high", v)
		}

		// The clock is the bus's: SPI0 5MHz, SPI1 2MHz, below the
		// PN5180's 7MHz.
		if f := r.SPIClock("SPI0.1"); f != 5*physic.MegaHertz {
			t.Errorf("inline1 on SPI0 at %v, want 5MHz", f)
		}
		if f := r.SPIClock("SPI1.2"); f != 2*physic.MegaHertz {
			t.Errorf("surface on SPI1 at %v, want 2MHz", f)
		}

		// The surface mux: select lines io1.A1–A5 (bit 0 first), enable
		// io1.A6 active low; io1 is 0x21, OLATA 0x14.
		if err := b.Muxes["surface"].Select(5); err != nil {
			t.Fatal(err)
		}
		for pin, want := range map[string]bool{"A1": true, "A2": false, "A3": true, "A4": false, "A5": false, "A6": false} {
			if h, out := r.MCP23017["io1"].Output(pin); !out || h != want {
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
		text = strings.Replace(text, "  inline3: {kind: pn5180, spi: SPI1.1, busy: rfio.A3, reset: io1.B3}", "  inline3: {kind: pn5180, spi: SPI1.1, busy: rfio.A3, reset: io1.B3, mux: ring}", 1)
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
		if h, _ := r.MCP23017["io1"].Output("A7"); !h {
			t.Error("tray forward: IN1 (io1.A7) not high")
		}
		if h, _ := r.MCP23017["io1"].Output("B5"); h {
			t.Error("tray forward: IN2 (io1.B5) not low")
		}
		if err := b.Muxes["inline3"].Select(6); err != nil {
			t.Fatal(err)
		}
		if got := r.TCA9548A["sw0"].Control(); got != 1<<6 {
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

// The surface as sensing reads it, on the default profile's board code:
// the RF switch follows the zones mux's select lines on io1, the PN5180
// answers with every tag on the selected antenna, BUSY read on rfio.
func TestSurfaceInventoryThroughBoard(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := profile.Default()
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		surf, err := sensing.SurfaceOf(p, b.Readers, b.Muxes)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(surf.Zones()); n != 18 {
			t.Fatalf("%d zones, want 18", n)
		}
		chip := r.PN5180["surface"]
		var hand []*iso15693.Tag
		var want []rfid.UID
		for i := 0; i < 14; i++ {
			u := uint64(0xE004015A00000000) | uint64(i)<<8 | uint64(i*7)
			hand = append(hand, &iso15693.Tag{UID: u})
			want = append(want, iso15693.UID(u))
		}
		chip.SetTags(*p.Zones["seat0.hand"].Antenna, hand...)
		pond := &iso15693.Tag{UID: 0xE004015A0000FF01}
		chip.SetTags(*p.Zones["seat2.discards"].Antenna, pond)
		got, err := surf.Inventory(t.Context(), sensing.SeatZone(0, sensing.Hand))
		slices.Sort(got)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("seat0.hand: %v, %v; want the 14 tags", got, err)
		}
		got, err = surf.Inventory(t.Context(), sensing.SeatZone(2, sensing.Discards))
		if err != nil || len(got) != 1 || got[0] != iso15693.UID(pond.UID) {
			t.Errorf("seat2.discards: %v, %v", got, err)
		}
		if got, err := surf.Inventory(t.Context(), sensing.SeatZone(1, sensing.Melds)); err != nil || len(got) != 0 {
			t.Errorf("seat1.melds: %v, %v; want nothing", got, err)
		}
		if v := chip.Violations(); v != 0 {
			t.Errorf("%d frames sent while BUSY was high", v)
		}
	})
}

// A surface of MFRC522s (ISO 14443-A tiles) with its receiver threshold
// raised in the profile: a neighbour's weak tag is not heard, the zone's
// tags all are, through the MFRC522 anticollision on the emulated chip.
func TestMFRC522SurfaceMinLevel(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		text := strings.Replace(string(profile.DefaultYAML()),
			"surface: {kind: pn5180, spi: SPI1.2, busy: rfio.A4, reset: io1.B4, mux: zones}",
			"surface: {kind: mfrc522, spi: SPI1.2, reset: io1.B4, mux: zones, min_level: 12}", 1)
		p, err := profile.Parse("mfrc.yaml", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		r := newRig(t, p)
		b, err := board.New(p, board.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		surf, err := sensing.SurfaceOf(p, b.Readers, b.Muxes)
		if err != nil {
			t.Fatal(err)
		}
		near := []*rfidtest.Tag{
			{UID: []byte{0x04, 0x4A, 0x41, 0x00, 0x11, 0x00, 0x80}},
			{UID: []byte{0x04, 0x4A, 0x41, 0x00, 0x12, 0x00, 0x80}},
		}
		weak := &rfidtest.Tag{UID: []byte{0x04, 0x4A, 0x41, 0x00, 0x13, 0x00, 0x80}, Strength: 0.6}
		r.MFRC522["SPI1.2"].SetTags(append(near, weak)...)
		got, err := surf.Inventory(t.Context(), sensing.SeatZone(0, sensing.Hand))
		slices.Sort(got)
		if err != nil || !slices.Equal(got, []rfid.UID{"044A4100110080", "044A4100120080"}) {
			t.Errorf("read %v, %v; want the two tags of the zone, not the weak one", got, err)
		}
	})
}
