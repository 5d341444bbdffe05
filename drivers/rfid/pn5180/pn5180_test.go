package pn5180_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
	"periph.io/x/conn/v3/physic"
)

func open(t *testing.T, chip *pn5180test.Chip) *pn5180.Dev {
	t.Helper()
	d, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "zone0"})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// tileUID is an ICODE-style UID: E0, NXP (04), a type byte, then a serial
// that differs between tiles in a few low bits only, so tags share slots.
func tileUID(i int) uint64 { return 0xE004010000000000 | uint64(i)*0x1111 }

func tags(n int) ([]*iso15693.Tag, []rfid.UID) {
	var ts []*iso15693.Tag
	var us []rfid.UID
	for i := 0; i < n; i++ {
		ts = append(ts, &iso15693.Tag{UID: tileUID(i + 1)})
		us = append(us, iso15693.UID(tileUID(i+1)))
	}
	return ts, us
}

func sorted(u []rfid.UID) []rfid.UID { u = slices.Clone(u); slices.Sort(u); return u }

func TestInventoryReadsEveryTag(t *testing.T) {
	for _, n := range []int{0, 1, 2, 14, 20, 40} {
		chip := pn5180test.NewChip("SPI1.2")
		chip.BusyReads = 3
		d := open(t, chip)
		ts, want := tags(n)
		chip.SetTags(0, ts...)
		for round := 0; round < 2; round++ {
			got, err := d.Inventory(context.Background())
			if err != nil {
				t.Fatalf("%d tags: %v", n, err)
			}
			if !slices.Equal(sorted(got), sorted(want)) {
				t.Fatalf("%d tags, round %d: read %d %v, want %v", n, round, len(got), got, want)
			}
		}
		if v := chip.Violations(); v != 0 {
			t.Errorf("%d tags: %d frames sent while BUSY was high", n, v)
		}
		if chip.RFOn() {
			t.Errorf("%d tags: the field is left on after the inventory", n)
		}
	}
}

// An empty field costs the request and 16 silent slots, to the
// microsecond of the standard's timings.
func TestInventoryAirtime(t *testing.T) {
	chip := pn5180test.NewChip("SPI1.2")
	d := open(t, chip)
	if _, err := d.Inventory(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := iso15693.RequestTime(5) + iso15693.T3 + 15*(iso15693.ReqEOF+iso15693.T3)
	if got := chip.Airtime(); got != want {
		t.Errorf("empty field: airtime %v, want %v", got, want)
	}
	if want < 8*time.Millisecond || want > 9*time.Millisecond {
		t.Errorf("an empty 16-slot inventory is %v: the docs say 8.3 ms", want)
	}
}

// The receive timeout is TIMER1: the default is the standard's t3, a
// longer one makes every silent slot that long, and a shorter one, which
// would cut the tags' answers off, is refused.
func TestReceiveTimeout(t *testing.T) {
	chip := pn5180test.NewChip("SPI1.2")
	d, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "zone0", Timeout: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Inventory(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := iso15693.RequestTime(5) + time.Millisecond + 15*(iso15693.ReqEOF+time.Millisecond)
	if got := chip.Airtime(); got != want {
		t.Errorf("empty field, 1 ms timeout: airtime %v, want %v", got, want)
	}
	_, err = pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "zone0", Timeout: 300 * time.Microsecond})
	if err == nil || !strings.Contains(err.Error(), "t3") || !strings.Contains(err.Error(), "zone0") {
		t.Errorf("Open with a 300 µs timeout: %v, want a refusal naming the reader and t3", err)
	}
}

// Cross-talk: a neighbour's tag below the receiver's level is never
// read; above it, alone, it is (sensing must cope); beside a tag on the
// antenna in the same slot, the two collide and both are read.
func TestInventoryCrossTalk(t *testing.T) {
	chip := pn5180test.NewChip("SPI1.2")
	d := open(t, chip)
	near := &iso15693.Tag{UID: 0xE004010000000001}
	far := &iso15693.Tag{UID: 0xE004010000000011, Strength: 0.3} // same first slot
	chip.SetTags(0, near, far)
	got, err := d.Inventory(context.Background())
	if err != nil || !slices.Equal(got, []rfid.UID{iso15693.UID(near.UID)}) {
		t.Errorf("weak neighbour: %v, %v", got, err)
	}
	far.Strength = 0.8
	got, err = d.Inventory(context.Background())
	if err != nil || len(got) != 2 {
		t.Errorf("strong neighbour: %v, %v; want both", got, err)
	}
	if _, err := d.ReadUID(context.Background(), 0); !errors.Is(err, rfid.ErrSeveral) {
		t.Errorf("ReadUID of two tags: %v, want ErrSeveral", err)
	}
}

// A tag half in the field is read sometimes; the others always; nothing
// is invented. CRC errors are asked again, never reported as tags.
func TestInventoryIntermittentAndNoise(t *testing.T) {
	chip := pn5180test.NewChip("SPI1.2")
	chip.NoiseRate = 0.2
	d := open(t, chip)
	ts, want := tags(10)
	ts[9].Presence = 0.5
	chip.SetTags(0, ts...)
	valid := map[rfid.UID]bool{}
	for _, u := range want {
		valid[u] = true
	}
	half, full := 0, 0
	for i := 0; i < 30; i++ {
		got, err := d.Inventory(context.Background())
		if err != nil && !errors.Is(err, rfid.ErrGarbled) {
			t.Fatal(err)
		}
		n := 0
		for _, u := range got {
			if !valid[u] {
				t.Fatalf("read %s, not in the field", u)
			}
			if u == want[9] {
				half++
			} else {
				n++
			}
		}
		if n == 9 {
			full++
		}
	}
	if half == 0 || half == 30 {
		t.Errorf("the tag half in the field was read %d times of 30", half)
	}
	if full < 28 {
		t.Errorf("the nine tags in the field were all read %d times of 30", full)
	}
}

func TestAntennaSwitch(t *testing.T) {
	chip := pn5180test.NewChip("SPI1.2")
	ant := 0
	chip.Antenna = func() int { return ant }
	d := open(t, chip)
	chip.SetTags(2, &iso15693.Tag{UID: tileUID(5)})
	if got, _ := d.Inventory(context.Background()); len(got) != 0 {
		t.Errorf("antenna 0 read %v", got)
	}
	ant = 2
	if got, err := d.ReadUID(context.Background(), 0); err != nil || got != iso15693.UID(tileUID(5)) {
		t.Errorf("antenna 2: %v, %v", got, err)
	}
}

func TestOpenAndHalt(t *testing.T) {
	chip := pn5180test.NewChip("SPI1.2")
	chip.Absent = true
	if _, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "zone3"}); err == nil {
		t.Error("Open of an absent chip: no error")
	}
	chip.Absent = false
	if _, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Speed: 10 * physic.MegaHertz}); err == nil {
		t.Error("Open at 10 MHz: no error")
	}
	d := open(t, chip)
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	if err := d.Halt(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Inventory(context.Background()); !errors.Is(err, rfid.ErrHalted) {
		t.Errorf("Inventory after Halt: %v", err)
	}
}

func ExampleDev_Inventory() {
	// On the table: spireg.Open("SPI1.2"), gpioreg.ByName for BUSY and
	// RST. Here an emulated chip with three ICODE tags.
	chip := pn5180test.NewChip("SPI1.2")
	chip.SetTags(0,
		&iso15693.Tag{UID: 0xE004015A00000101},
		&iso15693.Tag{UID: 0xE004015A00000201}, // same first slot as the first
		&iso15693.Tag{UID: 0xE004015A00000302},
	)
	d, err := pn5180.Open(chip, chip.Busy(), chip.Reset(), pn5180.Config{Name: "seat0.hand"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer d.Halt()
	uids, err := d.Inventory(context.Background())
	slices.Sort(uids)
	fmt.Println(uids, err)
	// Output: [E004015A00000101 E004015A00000201 E004015A00000302] <nil>
}
