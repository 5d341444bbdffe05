package pn5180_test

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
)

// TestRadioTimeLeavesTheBusFree: a chip whose exchanges take their air
// time (pn5180test.Chip.Clock) shows no answer and no timeout until
// they end, as a real one does. The driver reads its status when an
// exchange can have ended, not in a loop for the whole air time: a poll
// or an inventory costs the same few SPI frames however long it is on
// the air, so that the readers sharing a bus are not kept off it. Time
// is the bubble's (testing/synctest): only the driver's waits move it.
//
// The frames, counted by hand (TestFramesPerExchange names them): here
// IRQ_STATUS (R, 2 frames) is read as soon as a frame is sent, then when
// a silent slot has ended (air and t3: a silent slot reads it twice,
// 4 frames), then when an answer has (an answered slot, three times,
// 6 frames); an answer adds R of RX_STATUS and D(10), 4 frames.
func TestRadioTimeLeavesTheBusFree(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		chip := pn5180test.NewChip("SPI1.2")
		chip.Clock = clock.Real{}
		d, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "zone0"})
		if err != nil {
			t.Fatal(err)
		}
		ts, us := tags(14)
		chip.SetTags(0, ts...)
		if err := d.HoldField(ctx); err != nil {
			t.Fatal(err)
		}
		// One exchange at a time: frames, air time, and the time the
		// driver took.
		measure := func(what string, f func() error) (frames int, air, took time.Duration) {
			t.Helper()
			f0, a0, t0 := chip.Frames(), chip.Airtime(), time.Now()
			if err := f(); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			return chip.Frames() - f0, chip.Airtime() - a0, time.Since(t0)
		}
		var got []rfid.UID
		inv := func() (err error) { got, err = d.Inventory(ctx); return err }
		frames, air, took := measure("an inventory of 14 tags", inv)
		if !slices.Equal(sorted(got), sorted(us)) {
			t.Fatalf("inventory of 14 tags on a chip that takes its time: %v, want %v", got, us)
		}
		// The driver sees each slot end within a status poll of its end
		// (an answer ends before its t2), and reads the bus a few times
		// a slot, not all through it.
		t.Logf("an inventory of 14 tags: %v of air, %v for the driver, %d SPI frames", air, took, frames)
		if took > air+air/20 {
			t.Errorf("an inventory of %v of air took the driver %v", air, took)
		}
		// Open left the TX CRC on and the first request checks
		// RF_STATUS; the UIDs end in 1 to 14, one tag a slot; the
		// status is read first when the frame and t3 have passed:
		//	slot 0, silent: M3 R S(3) R        1+2+1+2 = 6
		//	slot 1: M2 S(0) 2R, R D(10)        1+1+4+4 = 10
		//	slots 2–14: W S(0) 2R, R D(10)     13 × 10 = 130
		//	slot 15, silent: W S(0) R          1+1+2 = 4
		// 150 frames. (With the status read at once after each frame
		// too, 182; before WRITE_REGISTER_MULTIPLE, 185.)
		if frames != 150 {
			t.Errorf("an inventory of 14 tags: %d SPI frames, want 150", frames)
		}
		if perMs := float64(frames) / (float64(air) / float64(time.Millisecond)); perMs > 6 {
			t.Errorf("an inventory of 14 tags: %d SPI frames in %v of air, %.1f a millisecond: the driver reads the bus while the radio works", frames, air, perMs)
		}

		for _, u := range us {
			if err := d.StayQuiet(ctx, u); err != nil {
				t.Fatal(err)
			}
		}
		poll := func() (err error) { got, err = d.Poll(ctx); return err }
		frames, air, took = measure("a silent poll", poll)
		if len(got) != 0 || air != iso15693.RequestTime(5)+iso15693.T3 {
			t.Fatalf("a poll of 14 quiet tags: %v, %v of air", got, air)
		}
		// M3 S(3) R: 1+1+2 = 4 frames (the TX CRC on since Stay
		// Quiet, RF_STATUS unchecked after clean exchanges, the status
		// read once the frame and t3 have passed). Before: with the
		// status read at once too, 6; W W W R S(3) 2R, 10.
		if took > air || frames != 4 {
			t.Errorf("a silent poll of %v of air took the driver %v and %d SPI frames, want at most %v and 4", air, took, frames, air)
		}
		t.Logf("a silent poll: %v of air, %v for the driver, %d SPI frames", air, took, frames)

		chip.SetTags(0, append(slices.Clone(ts), &iso15693.Tag{UID: 0xE004015A00C0FFEE})...)
		frames, air, took = measure("a poll a tag answers", poll)
		if !slices.Equal(got, []rfid.UID{"E004015A00C0FFEE"}) {
			t.Fatalf("a poll with one newcomer: %v", got)
		}
		// M3 S(3) 2R (after t3, after the answer), R D(10):
		// 1+1+4+4 = 10 frames. Before: 12, and 16.
		if took > air || frames != 10 {
			t.Errorf("a poll of %v of air a tag answers took the driver %v and %d SPI frames, want at most %v and 10", air, took, frames, air)
		}
		t.Logf("a poll with one newcomer: %v of air, %v for the driver, %d SPI frames", air, took, frames)
		if v := chip.Violations(); v != 0 {
			t.Errorf("%d frames sent while BUSY was high", v)
		}
	})
}
