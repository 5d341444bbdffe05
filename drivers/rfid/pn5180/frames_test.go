package pn5180_test

import (
	"context"
	"slices"
	"testing"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
)

// TestFramesPerExchange: the SPI frames and bytes each exchange costs,
// counted by hand from the frames the datasheet's commands take, on a
// chip that answers at once (no Clock: IRQ_STATUS is read once a slot).
// Readers sharing a bus share its frames: each is a spidev transfer.
//
// Frames and their bytes:
//
//	W    a register write (WRITE_REGISTER, _OR_MASK, _AND_MASK): 1 frame, 6 B
//	Mn   WRITE_REGISTER_MULTIPLE of n sets: 1 frame, 1+6n B
//	R    READ_REGISTER: the command, then the 4-byte answer: 2 frames, 6 B
//	S(n) SEND_DATA of n bytes (an EOF alone: n = 0): 1 frame, 2+n B
//	D(n) READ_DATA of n bytes: 2 frames, 2+n B
//	ON, OFF  RF_ON, RF_OFF: 1 frame, 2 B
//
// A request is M3 (Idle, Transceive, IRQ clear), M4 when the TX CRC
// goes on with them; R of RF_STATUS follows it only on the first request
// after a reset or a failure; then S(request) and R of IRQ_STATUS. The
// first EOF slot of an inventory is M2 (TX CRC off, IRQ clear) S(0) R,
// the others W S(0) R. An answered slot adds R of RX_STATUS and D(10)
// (an inventory answer) or D(1) (a status); a collided slot, R alone.
// Requests: an inventory, 3 bytes; Stay Quiet and Reset to Ready, 10.
func TestFramesPerExchange(t *testing.T) {
	ctx := context.Background()
	chip := pn5180test.NewChip("SPI1.2")
	check := func(what string, f func() error, frames, bytes int) {
		t.Helper()
		f0, b0 := chip.Frames(), chip.Bytes()
		if err := f(); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if f, b := chip.Frames()-f0, chip.Bytes()-b0; f != frames || b != bytes {
			t.Errorf("%s: %d SPI frames, %d bytes; want %d and %d", what, f, b, frames, bytes)
		}
	}
	// Open: READ_EEPROM of 2 bytes (2 frames, 3+2 B), LOAD_RF_CONFIG
	// (1 frame, 3 B), M4 (TIMER1 reload and config, RX and TX CRC on;
	// 25 B): 4 frames, 33 B. (Four W before: 7 frames, 32 B.)
	var dev *pn5180.Dev
	check("open", func() error { dev = open(t, chip); return nil }, 4, 33)
	check("hold the field", func() error { return dev.HoldField(ctx) }, 1, 2) // ON
	var got []rfid.UID
	poll := func() (err error) { got, err = dev.Poll(ctx); return err }

	// The first request after open checks RF_STATUS: M3 R S(3) R,
	// 1+2+1+2 = 6 frames, 19+6+5+6 = 36 B.
	check("first poll after open, nobody there", poll, 6, 36)
	// (a) Then: M3 S(3) R, 4 frames, 19+5+6 = 30 B. (Before: W W W R
	// S(3) R, 8 frames, 18+6+5+6 = 35 B.)
	check("poll, nobody there", poll, 4, 30)
	if len(got) != 0 {
		t.Fatalf("poll of an empty field: %v", got)
	}
	// (b) M3 S(3) R, then R D(10): 8 frames, 30+6+12 = 48 B. (Before:
	// 12 frames, 35+18 = 53 B.)
	a := &iso15693.Tag{UID: tileUID(1)}
	chip.SetTags(0, a)
	check("poll, one tag", poll, 8, 48)
	if !slices.Equal(got, []rfid.UID{iso15693.UID(a.UID)}) {
		t.Fatalf("poll of one tag: %v", got)
	}
	// (d) Stay Quiet: M3 S(10) R, 4 frames, 19+12+6 = 37 B. (Before:
	// 8 frames, 18+6+12+6 = 42 B.)
	check("stay quiet", func() error { return dev.StayQuiet(ctx, iso15693.UID(a.UID)) }, 4, 37)
	// (e) Reset to Ready, answered: M3 S(10) R, then R D(1): 8 frames,
	// 37+6+3 = 46 B. (Before: 12 frames, 42+9 = 51 B.)
	check("reset to ready", func() error {
		ok, err := dev.ResetToReady(ctx, iso15693.UID(a.UID))
		if !ok {
			t.Error("reset to ready: no answer")
		}
		return err
	}, 8, 46)

	// (c) 14 tags whose UIDs end in 1 to 14 (tileUID): one request, in
	// whose slots 1 to 14 one tag answers each, slots 0 and 15 silent;
	// the TX CRC is on from the request before.
	//	slot 0: M3 S(3) R            4 frames, 19+5+6 = 30 B
	//	slot 1: M2 S(0) R, R D(10)   8 frames, 13+2+6+6+12 = 39 B
	//	slots 2–14: W S(0) R, R D(10) 13 × 8 = 104 frames, 13 × 32 = 416 B
	//	slot 15: W S(0) R            4 frames, 6+2+6 = 14 B
	// 120 frames, 499 B. (Before: slot 0 W W W R S(3) R, 8 frames, 35 B;
	// slot 1 W W S(0) R R D(10), 9 frames, 38 B: 125 frames, 503 B.)
	ts, us := tags(14)
	chip.SetTags(0, ts...)
	inv := func() (err error) { got, err = dev.Inventory(ctx); return err }
	check("inventory of 14 tags", inv, 120, 499)
	if !slices.Equal(sorted(got), sorted(us)) {
		t.Fatalf("inventory of 14 tags: %v", got)
	}
	// After an inventory the TX CRC is off: a poll's request turns it on
	// in the same frame, M4 S(3) R, 4 frames, 25+5+6 = 36 B. (Before: W
	// W W W R S(3) R, 9 frames, 41 B.)
	chip.SetTags(0)
	check("poll after an inventory, nobody there", poll, 4, 36)

	// The field switched per call: ON and OFF around the held one's
	// frames, 122 frames, 503 B for the 14 tags.
	if err := dev.FieldOff(); err != nil {
		t.Fatal(err)
	}
	chip.SetTags(0, ts...)
	check("inventory of 14 tags, field switched", inv, 122, 503)
	// An empty zone after it: ON, M4 S(3) R (4 frames, 36 B), M2 S(0) R
	// (4, 21 B), 14 × W S(0) R (56, 196 B), OFF: 66 frames, 257 B.
	// (Before: ON, W W W W R S(3) R (9, 41 B), W W S(0) R (5, 20 B),
	// 56 (196 B), OFF: 72 frames, 261 B.)
	chip.SetTags(0)
	check("inventory of an empty zone, field switched", inv, 66, 257)
	if v := chip.Violations(); v != 0 {
		t.Errorf("%d frames sent while BUSY was high", v)
	}
}
