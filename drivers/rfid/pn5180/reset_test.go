package pn5180_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"testing/synctest"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
)

// A request after a clean exchange skips the RF_STATUS check: a chip that
// reset itself in between (a brown-out, a glitch on RST) must still make
// the next call fail, never pass for a field where nobody answered, and
// the call after it re-initialises the chip, checks RF_STATUS again and
// reads. An unplugged module (MISO low: every register reads 0) fails as
// soon as its frame has had its air time, not after a thousand reads of
// its status.
func TestChipResetBehindTheDriver(t *testing.T) {
	for _, c := range []struct {
		name   string
		glitch func(*pn5180test.Chip)
		mend   func(*pn5180test.Chip)
		// Frames of the failing poll: M3 S(3), then IRQ_STATUS (R)
		// when the frame and t3 have passed, which shows the general
		// error when the chip refused to send, and nothing from the
		// unplugged module: no end of transmission, which fails too.
		// 1+1+2.
		frames int
	}{
		{"reset itself", (*pn5180test.Chip).ResetItself, func(*pn5180test.Chip) {}, 4},
		{"unplugged", func(c *pn5180test.Chip) { c.Absent = true }, func(c *pn5180test.Chip) { c.Absent = false }, 4},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				ctx := context.Background()
				chip := pn5180test.NewChip("SPI1.2")
				chip.Clock = clock.Real{}
				d := open(t, chip)
				a := &iso15693.Tag{UID: 0xE004015A00C0FFEE}
				chip.SetTags(0, a)
				want := []rfid.UID{iso15693.UID(a.UID)}
				if err := d.HoldField(ctx); err != nil {
					t.Fatal(err)
				}
				for range 2 {
					if got, err := d.Poll(ctx); err != nil || !slices.Equal(got, want) {
						t.Fatalf("poll: %v, %v; want %v", got, err, want)
					}
				}

				c.glitch(chip)
				f0 := chip.Frames()
				got, err := d.Poll(ctx)
				if err == nil || len(got) != 0 {
					t.Fatalf("poll of a tag present after the chip %s: %v, %v; want an error and no tags", c.name, got, err)
				}
				if !errors.Is(err, pn5180.ErrChip) {
					t.Errorf("poll after the chip %s: %v, want an error wrapping ErrChip", c.name, err)
				}
				if f := chip.Frames() - f0; f != c.frames {
					t.Errorf("the failing poll took %d SPI frames, want %d", f, c.frames)
				}
				if d.FieldHeld() {
					t.Error("the field is still held after the chip failed")
				}

				// Re-initialised on the next call, which checks the
				// transceive state again: READ_EEPROM (2), LOAD_RF_CONFIG
				// (1), M4 (1); RF_ON (1); M3 (1), RF_STATUS (2), S(3) (1),
				// IRQ_STATUS after t3 and after the answer (4),
				// RX_STATUS (2), READ_DATA (2); RF_OFF (1): 18 frames.
				c.mend(chip)
				f0 = chip.Frames()
				if got, err := d.Poll(ctx); err != nil || !slices.Equal(got, want) {
					t.Fatalf("poll after the failure: %v, %v; want %v", got, err, want)
				}
				if f := chip.Frames() - f0; f != 18 {
					t.Errorf("the poll re-initialising the chip took %d SPI frames, want 18", f)
				}
				if err := d.HoldField(ctx); err != nil {
					t.Fatal(err)
				}
				if got, err := d.Poll(ctx); err != nil || !slices.Equal(got, want) {
					t.Fatalf("poll with the field held again: %v, %v; want %v", got, err, want)
				}
				if v := chip.Violations(); v != 0 {
					t.Errorf("%d frames sent while BUSY was high", v)
				}
			})
		})
	}
}

// glitchPort resets its chip just before the n-th SEND_DATA.
type glitchPort struct {
	*pn5180test.Chip
	n int
}

func (p *glitchPort) Connect(physic.Frequency, spi.Mode, int) (spi.Conn, error) { return p, nil }

func (p *glitchPort) Tx(w, r []byte) error {
	if len(w) > 0 && w[0] == 0x09 { // SEND_DATA
		if p.n--; p.n == 0 {
			p.ResetItself()
		}
	}
	return p.Chip.Tx(w, r)
}

// A chip that resets itself between two slots of an inventory fails the
// inventory: the tags read before are not returned as the zone's.
func TestChipResetMidInventory(t *testing.T) {
	ctx := context.Background()
	chip := pn5180test.NewChip("SPI1.2")
	ts, us := tags(14)
	chip.SetTags(0, ts...)
	p := &glitchPort{Chip: chip, n: 6} // the request, then slots 1 to 4 read; slot 5 not sent
	d, err := pn5180.Open(p, chip.Busy(), chip.Reset(), pn5180.Config{Name: "zone0"})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.HoldField(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := d.Inventory(ctx)
	if !errors.Is(err, pn5180.ErrChip) || len(got) != 0 {
		t.Fatalf("inventory through a chip reset: %v, %v; want no tags and an error wrapping ErrChip", got, err)
	}
	got, err = d.Inventory(ctx)
	if err != nil || !slices.Equal(sorted(got), sorted(us)) {
		t.Fatalf("inventory after: %v, %v; want %v", got, err, us)
	}
}
