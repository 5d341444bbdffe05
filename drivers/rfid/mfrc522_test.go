package rfid_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/rfidtest"
	"periph.io/x/conn/v3/conntest"
	"periph.io/x/conn/v3/gpio/gpiotest"
	"periph.io/x/conn/v3/spi/spitest"
)

func open(t *testing.T, chip *rfidtest.Chip) *rfid.MFRC522 {
	t.Helper()
	r, err := rfid.OpenMFRC522(chip, &gpiotest.Pin{N: "GPIO25"}, rfid.MFRC522Config{Name: "inline0"})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestMFRC522ReadsUIDs(t *testing.T) {
	chip := rfidtest.NewChip()
	r := open(t, chip) // no IRQ pin: the driver gets a stand-in, never nil
	cases := []struct {
		uid  []byte
		want rfid.UID
	}{
		{[]byte{0xDE, 0xAD, 0xBE, 0xEF}, "DEADBEEF"},
		{[]byte{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66}, "04112233445566"}, // NTAG: two cascade levels
	}
	for _, c := range cases {
		chip.SetTag(c.uid)
		got, err := r.ReadUID(context.Background(), 0)
		if err != nil {
			t.Fatalf("ReadUID(%X): %v", c.uid, err)
		}
		if got != c.want {
			t.Errorf("ReadUID = %s, want %s", got, c.want)
		}
	}
	if s := r.String(); s != "inline0" {
		t.Errorf("String = %q", s)
	}
}

func TestMFRC522NoTag(t *testing.T) {
	r := open(t, rfidtest.NewChip())
	if _, err := r.ReadUID(context.Background(), 0); !errors.Is(err, rfid.ErrNoTag) {
		t.Errorf("ReadUID with an empty field = %v, want ErrNoTag", err)
	}
}

func TestMFRC522HaltTwice(t *testing.T) {
	chip := rfidtest.NewChip()
	r := open(t, chip)
	if err := r.Halt(); err != nil {
		t.Fatal(err)
	}
	if err := r.Halt(); err != nil { // periph's own Halt panics here
		t.Fatal(err)
	}
	if !chip.Halted {
		t.Error("the chip was not powered down")
	}
	if _, err := r.ReadUID(context.Background(), 0); !errors.Is(err, rfid.ErrHalted) {
		t.Errorf("ReadUID after Halt = %v, want ErrHalted", err)
	}
}

func TestMFRC522Absent(t *testing.T) {
	for _, mode := range []rfidtest.ChipMode{rfidtest.Silent, rfidtest.Garbage} {
		chip := rfidtest.NewChip()
		chip.Mode = mode
		_, err := rfid.OpenMFRC522(chip, &gpiotest.Pin{N: "GPIO25"}, rfid.MFRC522Config{Name: "inline2"})
		if err == nil || !strings.Contains(err.Error(), "inline2") {
			t.Errorf("mode %d: OpenMFRC522 = %v, want an error naming the reader", mode, err)
		}
	}
}

// A bus that fails every transfer (spitest playback with nothing to play).
func TestMFRC522BusError(t *testing.T) {
	port := &spitest.Playback{Playback: conntest.Playback{DontPanic: true}}
	if _, err := rfid.OpenMFRC522(port, &gpiotest.Pin{N: "GPIO25"}, rfid.MFRC522Config{}); err == nil {
		t.Error("OpenMFRC522 on a dead bus: no error")
	}
	if _, err := rfid.OpenMFRC522(rfidtest.NewChip(), nil, rfid.MFRC522Config{}); err == nil {
		t.Error("OpenMFRC522 without a reset pin: no error")
	}
}

// A reader that turns to garbage after it opened gives errors, never a
// panic and never a UID.
func TestMFRC522GarbageAfterOpen(t *testing.T) {
	chip := rfidtest.NewChip()
	r := open(t, chip)
	chip.SetTag([]byte{1, 2, 3, 4})
	chip.Mode = rfidtest.Garbage
	for i := 0; i < 50; i++ {
		uid, err := r.ReadUID(context.Background(), 0)
		if err == nil {
			t.Fatalf("garbage read %d gave UID %s and no error", i, uid)
		}
	}
	// Back to a working chip: the reader re-initialises and reads again.
	chip.Mode = rfidtest.Working
	if uid, err := r.ReadUID(context.Background(), 0); err != nil || uid != "01020304" {
		t.Errorf("after recovery ReadUID = %s, %v", uid, err)
	}
}

func TestParseUID(t *testing.T) {
	for in, want := range map[string]rfid.UID{"de:ad:be:ef": "DEADBEEF", "04-11-22-33-44-55-66": "04112233445566"} {
		got, err := rfid.ParseUID(in)
		if err != nil || got != want {
			t.Errorf("ParseUID(%q) = %s, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "xyz", "0102", "0102030405", "010203040506070809"} {
		if _, err := rfid.ParseUID(bad); err == nil {
			t.Errorf("ParseUID(%q): no error", bad)
		}
	}
}
