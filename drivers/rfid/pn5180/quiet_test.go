package pn5180_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
)

// Air times from ISO/IEC 15693-2/-3 at the high data rate (package
// iso15693's comment): an empty 16-slot inventory is its request (5
// bytes) and 16 silent slots; an answered slot costs t1, 12 bytes and
// t2 instead of t3.
var (
	emptyInventory = iso15693.RequestTime(5) + iso15693.T3 + 15*(iso15693.ReqEOF+iso15693.T3) // 8.27 ms
	oneNewcomer    = emptyInventory - iso15693.T3 + iso15693.SlotTime(true)                   // 12.26 ms
	stayQuiet      = iso15693.RequestTime(12) + iso15693.T3                                   // 4.12 ms
	confirmed      = iso15693.RequestTime(13) + iso15693.SlotTime(true)                       // 8.41 ms
	confirmMissed  = iso15693.RequestTime(13) + iso15693.T3                                   // 4.42 ms
)

func within(d, lo, hi time.Duration) bool { return d >= lo && d <= hi }

// quietZone holds the field of a zone of n tags and tells each Stay
// Quiet, checking each costs the frame and t3 of air.
func quietZone(t *testing.T, n int) (*pn5180test.Chip, *pn5180.Dev, []*iso15693.Tag, []rfid.UID) {
	t.Helper()
	chip := pn5180test.NewChip("SPI1.2")
	chip.BusyReads = 2
	d := open(t, chip)
	ts, us := tags(n)
	chip.SetTags(0, ts...)
	ctx := context.Background()
	if err := d.HoldField(ctx); err != nil {
		t.Fatal(err)
	}
	got, err := d.Inventory(ctx)
	if err != nil || !slices.Equal(sorted(got), sorted(us)) {
		t.Fatalf("first inventory of the held field: %v, %v", got, err)
	}
	for _, u := range got {
		a := chip.Airtime()
		if err := d.StayQuiet(ctx, u); err != nil {
			t.Fatal(err)
		}
		if air := chip.Airtime() - a; air != stayQuiet {
			t.Fatalf("Stay Quiet: %v of air, want %v", air, stayQuiet)
		}
	}
	if !chip.RFOn() || !d.FieldHeld() {
		t.Fatal("the field is not held")
	}
	return chip, d, ts, us
}

func TestStayQuietHearsOnlyNewcomers(t *testing.T) {
	ctx := context.Background()
	chip, d, ts, _ := quietZone(t, 14)
	if !within(stayQuiet, 4110*time.Microsecond, 4125*time.Microsecond) {
		t.Errorf("Stay Quiet costs %v: docs/wiring.md says 4.12 ms", stayQuiet)
	}
	a := chip.Airtime()
	got, err := d.Inventory(ctx)
	if err != nil || len(got) != 0 {
		t.Fatalf("14 quiet tags: read %v, %v; want none", got, err)
	}
	if air := chip.Airtime() - a; air != emptyInventory || !within(air, 8260*time.Microsecond, 8280*time.Microsecond) {
		t.Errorf("inventory of 14 quiet tags: %v of air, want %v (8.27 ms)", air, emptyInventory)
	}
	tile := &iso15693.Tag{UID: 0xE004015A00C0FFEE}
	chip.SetTags(0, append(slices.Clone(ts), tile)...)
	a = chip.Airtime()
	got, err = d.Inventory(ctx)
	if err != nil || !slices.Equal(got, []rfid.UID{iso15693.UID(tile.UID)}) {
		t.Fatalf("a newcomer among 14 quiet tags: read %v, %v; want it alone", got, err)
	}
	if air := chip.Airtime() - a; air != oneNewcomer || !within(air, 12250*time.Microsecond, 12270*time.Microsecond) {
		t.Errorf("inventory of 14 quiet tags and a newcomer: %v of air, want %v (12.26 ms)", air, oneNewcomer)
	}
	// Not quiet yet: it answers again until told.
	if got, _ := d.Inventory(ctx); len(got) != 1 {
		t.Errorf("the newcomer, not told Stay Quiet, read %v", got)
	}
	if v := chip.Violations(); v != 0 {
		t.Errorf("%d frames sent while BUSY was high", v)
	}
}

// Newcomers that share slots still collide and are resolved with
// longer masks, the quiet tags staying out.
func TestStayQuietNewcomersCollide(t *testing.T) {
	chip, d, ts, _ := quietZone(t, 14)
	var want []rfid.UID
	all := slices.Clone(ts)
	for _, u := range []uint64{0xE004015A00000A05, 0xE004015A00000B05, 0xE004015A00000C05} { // all in slot 5
		all = append(all, &iso15693.Tag{UID: u})
		want = append(want, iso15693.UID(u))
	}
	chip.SetTags(0, all...)
	got, err := d.Inventory(context.Background())
	if err != nil || !slices.Equal(sorted(got), sorted(want)) {
		t.Errorf("three newcomers in one slot: %v, %v; want %v", got, err, want)
	}
}

func TestQuietForgotten(t *testing.T) {
	ctx := context.Background()
	t.Run("the tag leaves and returns", func(t *testing.T) {
		chip, d, ts, us := quietZone(t, 14)
		chip.SetTags(0, ts[1:]...)
		if got, _ := d.Inventory(ctx); len(got) != 0 {
			t.Fatalf("read %v", got)
		}
		chip.SetTags(0, ts...)
		if got, err := d.Inventory(ctx); err != nil || !slices.Equal(got, us[:1]) {
			t.Errorf("the tag back in the field: %v, %v; want %v", got, err, us[:1])
		}
	})
	t.Run("the RF switch selects another antenna", func(t *testing.T) {
		chip, d, _, us := quietZone(t, 3)
		ant := 0
		chip.Antenna = func() int { return ant }
		ant = 1
		if got, _ := d.Inventory(ctx); len(got) != 0 {
			t.Fatalf("antenna 1 read %v", got)
		}
		ant = 0
		if got, err := d.Inventory(ctx); err != nil || !slices.Equal(sorted(got), sorted(us)) {
			t.Errorf("back on antenna 0: %v, %v; want all three", got, err)
		}
	})
	t.Run("a tag half in the field", func(t *testing.T) {
		chip, d, ts, us := quietZone(t, 3)
		ts[2].Presence = 0.5
		heard := 0
		for range 10 {
			got, err := d.Inventory(ctx)
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range got {
				if u != us[2] {
					t.Fatalf("read %s, quiet and in the field", u)
				}
				heard++
				if err := d.StayQuiet(ctx, u); err != nil {
					t.Fatal(err)
				}
			}
		}
		if heard == 0 {
			t.Error("the tag half in the field never lost power and answered again")
		}
		_ = chip
	})
	t.Run("field off", func(t *testing.T) {
		chip, d, _, us := quietZone(t, 14)
		if err := d.FieldOff(); err != nil {
			t.Fatal(err)
		}
		if chip.RFOn() || d.FieldHeld() {
			t.Fatal("the field is still on")
		}
		got, err := d.Inventory(ctx)
		if err != nil || !slices.Equal(sorted(got), sorted(us)) {
			t.Errorf("after FieldOff: %d read, %v; want all 14", len(got), err)
		}
		if chip.RFOn() {
			t.Error("Inventory without a hold left the field on")
		}
		if err := d.StayQuiet(ctx, us[0]); !errors.Is(err, pn5180.ErrFieldNotHeld) {
			t.Errorf("Stay Quiet without a hold: %v, want ErrFieldNotHeld", err)
		}
	})
	t.Run("WakeAll", func(t *testing.T) {
		chip, d, _, us := quietZone(t, 14)
		if err := d.WakeAll(ctx); err != nil {
			t.Fatal(err)
		}
		if !chip.RFOn() || !d.FieldHeld() {
			t.Fatal("WakeAll did not hold the field again")
		}
		got, err := d.Inventory(ctx)
		if err != nil || !slices.Equal(sorted(got), sorted(us)) {
			t.Errorf("after WakeAll: %d read, %v; want all 14", len(got), err)
		}
	})
	t.Run("addressed Reset to Ready", func(t *testing.T) {
		chip, d, _, us := quietZone(t, 14)
		a := chip.Airtime()
		present, err := d.ResetToReady(ctx, us[3])
		if err != nil || !present {
			t.Fatalf("Reset to Ready of a quiet tag: %v, %v", present, err)
		}
		if air, want := chip.Airtime()-a, iso15693.ExchangeTime(12, 3); air != want {
			t.Errorf("Reset to Ready: %v of air, want %v", air, want)
		}
		if got, err := d.Inventory(ctx); err != nil || !slices.Equal(got, us[3:4]) {
			t.Errorf("after Reset to Ready of one: %v, %v; want it alone", got, err)
		}
		if present, err := d.ResetToReady(ctx, iso15693.UID(0xE004015A0000DEAD)); err != nil || present {
			t.Errorf("Reset to Ready of a tag not there: %v, %v", present, err)
		}
	})
}

func TestConfirm(t *testing.T) {
	ctx := context.Background()
	chip := pn5180test.NewChip("SPI1.2")
	d := open(t, chip)
	ts, us := tags(14)
	chip.SetTags(0, ts...)
	absent := iso15693.UID(0xE004015A0000DEAD)
	// A UID sharing the low 48 bits of one in the field: only the whole
	// UID confirms.
	near := iso15693.UID(tileUID(3) ^ 1<<50)

	present, err := d.Confirm(ctx, us[2])
	if err != nil || !present {
		t.Fatalf("confirm of a tag in the field, field per call: %v, %v", present, err)
	}
	if chip.RFOn() {
		t.Error("Confirm without a hold left the field on")
	}
	if err := d.HoldField(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		uid  rfid.UID
		want bool
		air  time.Duration
	}{{us[2], true, confirmed}, {absent, false, confirmMissed}, {near, false, confirmMissed}} {
		a := chip.Airtime()
		present, err := d.Confirm(ctx, c.uid)
		if err != nil || present != c.want {
			t.Errorf("confirm of %s: %v, %v; want %v", c.uid, present, err, c.want)
		}
		if air := chip.Airtime() - a; air != c.air {
			t.Errorf("confirm of %s: %v of air, want %v", c.uid, air, c.air)
		}
	}
	if !within(confirmed, 8400*time.Microsecond, 8420*time.Microsecond) || !within(confirmMissed, 4410*time.Microsecond, 4430*time.Microsecond) {
		t.Errorf("confirm %v / %v: docs/wiring.md says 8.41 / 4.42 ms", confirmed, confirmMissed)
	}
	if _, err := d.Confirm(ctx, "0401020304"); err == nil {
		t.Error("confirm of a 5-byte UID: no error")
	}
}

// A damaged answer to a confirm is never the tag: a bit flipped (its CRC
// fails), a frame cut short, another tag's UID with a good CRC.
func TestConfirmGarbled(t *testing.T) {
	ctx := context.Background()
	other := iso15693.AppendCRC(iso15693.Response(0xE004015A0000BEEF, 0))
	for name, garble := range map[string]func([]byte) []byte{
		"bit flipped": func(b []byte) []byte { b = slices.Clone(b); b[5] ^= 0x10; return b },
		"CRC wrong":   func(b []byte) []byte { b = slices.Clone(b); b[len(b)-1] ^= 0xFF; return b },
		"cut short":   func(b []byte) []byte { return iso15693.AppendCRC(slices.Clone(b[:6])) },
		"one byte":    func(b []byte) []byte { return b[:1] },
		"other UID":   func([]byte) []byte { return slices.Clone(other) },
		"error flag":  func(b []byte) []byte { b = slices.Clone(b[:10]); b[0] = 1; return iso15693.AppendCRC(b) },
	} {
		chip := pn5180test.NewChip("SPI1.2")
		d := open(t, chip)
		chip.SetTags(0, &iso15693.Tag{UID: tileUID(7)})
		chip.Garble = garble
		present, err := d.Confirm(ctx, iso15693.UID(tileUID(7)))
		if present || !errors.Is(err, rfid.ErrGarbled) {
			t.Errorf("%s: %v, %v; want not present and ErrGarbled", name, present, err)
		}
	}
	chip := pn5180test.NewChip("SPI1.2")
	chip.NoiseRate = 1
	d := open(t, chip)
	chip.SetTags(0, &iso15693.Tag{UID: tileUID(7)})
	if present, err := d.Confirm(ctx, iso15693.UID(tileUID(7))); present || !errors.Is(err, rfid.ErrGarbled) {
		t.Errorf("every answer noisy: %v, %v", present, err)
	}
}

func TestQuietCallsAfterHalt(t *testing.T) {
	ctx := context.Background()
	chip := pn5180test.NewChip("SPI1.2")
	d := open(t, chip)
	if err := d.HoldField(ctx); err != nil {
		t.Fatal(err)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	if chip.RFOn() || d.FieldHeld() {
		t.Error("Halt left the field held")
	}
	u := iso15693.UID(tileUID(1))
	if err := d.StayQuiet(ctx, u); !errors.Is(err, rfid.ErrHalted) {
		t.Errorf("StayQuiet after Halt: %v", err)
	}
	if _, err := d.Confirm(ctx, u); !errors.Is(err, rfid.ErrHalted) {
		t.Errorf("Confirm after Halt: %v", err)
	}
	if err := d.HoldField(ctx); !errors.Is(err, rfid.ErrHalted) {
		t.Errorf("HoldField after Halt: %v", err)
	}
}

func ExampleDev_StayQuiet() {
	// A hand zone of two tiles; its field held, each told Stay Quiet
	// once; a third tile put down is then heard alone, and confirmed.
	chip := pn5180test.NewChip("SPI1.2")
	hand := []*iso15693.Tag{{UID: 0xE004015A00000101}, {UID: 0xE004015A00000201}}
	chip.SetTags(0, hand...)
	d, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "seat0.hand"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer d.Halt()
	ctx := context.Background()
	if err := d.HoldField(ctx); err != nil {
		fmt.Println(err)
		return
	}
	uids, _ := d.Inventory(ctx)
	for _, u := range uids {
		if err := d.StayQuiet(ctx, u); err != nil {
			fmt.Println(err)
		}
	}
	chip.SetTags(0, append(hand, &iso15693.Tag{UID: 0xE004015A00000302})...)
	uids, err = d.Inventory(ctx)
	fmt.Println("new:", uids, err)
	present, err := d.Confirm(ctx, uids[0])
	fmt.Println("confirmed:", present, err)
	present, err = d.Confirm(ctx, "E004015A00000999")
	fmt.Println("confirmed:", present, err)
	// Output:
	// new: [E004015A00000302] <nil>
	// confirmed: true <nil>
	// confirmed: false <nil>
}

func ExampleDev_WakeAll() {
	// Two quiet tiles in a held field: one is woken by an addressed
	// Reset to Ready (its answer says it is still there), then all by
	// WakeAll, for a full inventory that would see a departure.
	chip := pn5180test.NewChip("SPI1.2")
	chip.SetTags(0, &iso15693.Tag{UID: 0xE004015A00000101}, &iso15693.Tag{UID: 0xE004015A00000202})
	d, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "seat1.pond"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer d.Halt()
	ctx := context.Background()
	if err := d.HoldField(ctx); err != nil {
		fmt.Println(err)
		return
	}
	for _, u := range []rfid.UID{"E004015A00000101", "E004015A00000202"} {
		if err := d.StayQuiet(ctx, u); err != nil {
			fmt.Println(err)
		}
	}
	uids, _ := d.Inventory(ctx)
	fmt.Println("quiet:", uids)
	present, err := d.ResetToReady(ctx, "E004015A00000202")
	fmt.Println("reset:", present, err)
	uids, _ = d.Inventory(ctx)
	fmt.Println("awake:", uids)
	if err := d.WakeAll(ctx); err != nil {
		fmt.Println(err)
	}
	uids, _ = d.Inventory(ctx)
	slices.Sort(uids)
	fmt.Println("all:", uids)
	fmt.Println(d.FieldOff(), d.FieldHeld(), chip.RFOn())
	// Output:
	// quiet: []
	// reset: true <nil>
	// awake: [E004015A00000202]
	// all: [E004015A00000101 E004015A00000202]
	// <nil> false false
}

// Air times of a one-slot inventory with no mask (5 bytes): silent, or
// one answer.
var (
	pollSilent   = iso15693.RequestTime(5) + iso15693.T3
	pollAnswered = iso15693.RequestTime(5) + iso15693.SlotTime(true)
)

func TestPoll(t *testing.T) {
	ctx := context.Background()
	chip, d, ts, _ := quietZone(t, 14)
	if !within(pollSilent, 1950*time.Microsecond, 2050*time.Microsecond) || !within(pollAnswered, 5950*time.Microsecond, 6050*time.Microsecond) {
		t.Errorf("a poll costs %v silent and %v with a tag: docs/wiring.md says 2.0 and 6.0 ms", pollSilent, pollAnswered)
	}
	a := chip.Airtime()
	got, err := d.Poll(ctx)
	if err != nil || len(got) != 0 {
		t.Fatalf("14 quiet tags: polled %v, %v; want none", got, err)
	}
	if air := chip.Airtime() - a; air != pollSilent {
		t.Errorf("a poll of 14 quiet tags: %v of air, want %v", air, pollSilent)
	}
	tile := &iso15693.Tag{UID: 0xE004015A00C0FFEE}
	chip.SetTags(0, append(slices.Clone(ts), tile)...)
	a = chip.Airtime()
	got, err = d.Poll(ctx)
	if err != nil || !slices.Equal(got, []rfid.UID{"E004015A00C0FFEE"}) {
		t.Fatalf("one tile put down among 14 quiet: polled %v, %v; want E004015A00C0FFEE", got, err)
	}
	if air := chip.Airtime() - a; air != pollAnswered {
		t.Errorf("a poll answered by one tag: %v of air, want %v", air, pollAnswered)
	}
	// Two tiles put down answer the one slot together: the poll runs a
	// full inventory, which tells them apart.
	second := &iso15693.Tag{UID: 0xE004015A00C0FF10}
	chip.SetTags(0, append(slices.Clone(ts), tile, second)...)
	a = chip.Airtime()
	got, err = d.Poll(ctx)
	if err != nil || !slices.Equal(sorted(got), []rfid.UID{"E004015A00C0FF10", "E004015A00C0FFEE"}) {
		t.Fatalf("two tiles put down: polled %v, %v; want both", got, err)
	}
	if air := chip.Airtime() - a; air <= pollSilent+emptyInventory {
		t.Errorf("a poll that collided took %v of air: no full inventory after it", air)
	}
}

func TestPollWithoutHold(t *testing.T) {
	chip := pn5180test.NewChip("SPI1.2")
	d := open(t, chip)
	ts, us := tags(3)
	chip.SetTags(0, ts...)
	got, err := d.Poll(context.Background())
	if err != nil || !slices.Equal(sorted(got), sorted(us)) {
		t.Fatalf("three tags, field not held: polled %v, %v; want %v", got, err, us)
	}
	if chip.RFOn() {
		t.Error("the field stayed on after a poll without HoldField")
	}
}

// A tag whose answers are lost now and then (Fade) stays quiet; one that
// loses power now and then (Presence) forgets Stay Quiet and answers
// again.
func TestFadeKeepsQuietBrownOutForgets(t *testing.T) {
	ctx := context.Background()
	_, d, ts, us := quietZone(t, 2)
	faded, browned := ts[0], ts[1]
	faded.Fade, browned.Presence = 0.5, 0.5
	heard := map[rfid.UID]int{}
	for range 50 {
		got, err := d.Inventory(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range got {
			heard[u]++
		}
	}
	if heard[us[0]] != 0 {
		t.Errorf("a quiet tag whose answers fade was heard %d times in 50 inventories; want 0", heard[us[0]])
	}
	if heard[us[1]] == 0 {
		t.Error("a quiet tag half in the field (Presence 0.5) never answered: a brown-out should make it forget Stay Quiet")
	}
	// Awake, the fading tag is heard about half the time.
	faded.Quiet = false
	n := 0
	for range 200 {
		faded.Quiet = false
		got, err := d.Inventory(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if slices.Contains(got, us[0]) {
			n++
		}
	}
	if n < 60 || n > 140 {
		t.Errorf("a tag whose answers fade half the time was heard in %d of 200 inventories", n)
	}
}
