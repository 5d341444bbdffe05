package pn5180_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
)

// Open reads the die identifier (READ_EEPROM 0x00, 16 bytes) and refuses
// a chip that is not the one recorded: the module of another zone, or
// of none.
func TestOpenChecksTheDieID(t *testing.T) {
	chip := pn5180test.NewChip("SPI1.2")
	d, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "seat0.hand", DieID: chip.DieID[:]})
	if err != nil {
		t.Fatalf("the recorded chip: %v", err)
	}
	id, err := d.DieID(context.Background())
	if err != nil || !slices.Equal(id, chip.DieID[:]) {
		t.Fatalf("DieID = %X, %v; want %X", id, err, chip.DieID)
	}

	other := pn5180test.NewChip("SPI1.2 output 7")
	_, err = pn5180.Open(other, other.Busy(), other.Reset(), pn5180.Config{Name: "seat0.hand", DieID: chip.DieID[:]})
	if !errors.Is(err, pn5180.ErrWrongChip) {
		t.Fatalf("another chip opened as seat0.hand: %v", err)
	}
	for _, want := range []string{"seat0.hand", fmt.Sprintf("%X", other.DieID), fmt.Sprintf("%X", chip.DieID)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not name %s", err, want)
		}
	}

	if _, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{DieID: []byte{1, 2, 3}}); err == nil || !strings.Contains(err.Error(), "want 16 bytes") {
		t.Errorf("a die ID of 3 bytes: %v", err)
	}
}

// With CheckEvery, the die identifier is read again at the first call
// that long after the last check, and before every WakeAll: once another
// chip answers (a chip select line failed after Open), the calls fail
// with ErrWrongChip, each of them, and never return that chip's tags as
// this zone's; the frames of the check are two per interval.
func TestCheckEveryFindsAnotherChip(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		chip := pn5180test.NewChip("SPI1.2")
		chip.Clock = clock.Real{}
		a := &iso15693.Tag{UID: 0xE004015A00C0FFEE}
		chip.SetTags(0, a)
		d, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "seat0.hand", CheckEvery: 500 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if err := d.HoldField(ctx); err != nil {
			t.Fatal(err)
		}
		want := []rfid.UID{iso15693.UID(a.UID)}
		if got, err := d.Poll(ctx); err != nil || !slices.Equal(got, want) {
			t.Fatalf("poll: %v, %v; want %v", got, err, want)
		}
		// Polls within the interval: no check, as many frames each.
		f0 := chip.Frames()
		if _, err := d.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		per := chip.Frames() - f0
		time.Sleep(500 * time.Millisecond)
		f0 = chip.Frames()
		if _, err := d.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if got := chip.Frames() - f0; got != per+2 {
			t.Errorf("a poll after the interval took %d frames, want %d and the check's 2 (READ_EEPROM, then its answer)", got, per)
		}

		// Frames now reach another chip with the same tile in its field.
		good := chip.DieID
		chip.DieID[0] ^= 0xFF
		time.Sleep(500 * time.Millisecond)
		for i := range 3 {
			got, err := d.Poll(ctx)
			if !errors.Is(err, pn5180.ErrWrongChip) || got != nil {
				t.Fatalf("poll %d with another chip answering: %v, %v; want ErrWrongChip and no tags", i, got, err)
			}
		}
		chip.DieID = good
		if got, err := d.Poll(ctx); err != nil || !slices.Equal(got, want) {
			t.Fatalf("poll with the chip back: %v, %v; want %v", got, err, want)
		}

		// WakeAll checks first, whatever the interval: waking every tag
		// of another zone would have them all heard here.
		if err := d.HoldField(ctx); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Millisecond)
		chip.DieID[0] ^= 0xFF
		if err := d.WakeAll(ctx); !errors.Is(err, pn5180.ErrWrongChip) {
			t.Fatalf("WakeAll with another chip answering: %v", err)
		}
	})
}

// Without CheckEvery or DieID, Open reads no die identifier: two frames
// fewer, and no check later.
func TestNoDieCheckUnlessAsked(t *testing.T) {
	frames := func(cfg pn5180.Config) int {
		chip := pn5180test.NewChip("SPI1.2")
		if _, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), cfg); err != nil {
			t.Fatal(err)
		}
		return chip.Frames()
	}
	plain, checked := frames(pn5180.Config{}), frames(pn5180.Config{CheckEvery: time.Second})
	if checked != plain+2 {
		t.Errorf("Open took %d frames with CheckEvery, %d without; want 2 more (READ_EEPROM 0x00, 16 bytes)", checked, plain)
	}
}
