package rfid_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/rfidtest"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

func openChip(t *testing.T, chip *rfidtest.Chip) *rfid.MFRC522 {
	t.Helper()
	r, err := rfid.OpenMFRC522(chip, &gpiotest.Pin{N: "GPIO25"}, rfid.MFRC522Config{Name: "gate0", FieldReset: 1})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// tileUID is a 7-byte NXP-style UID: every tag of a set shares the
// manufacturer byte and the next two, so cascade level 1 never tells them
// apart and level 2 must.
func tileUID(i int) []byte { return []byte{0x04, 0x4A, 0x41, byte(i >> 8), byte(i), 0x00, 0x80} }

func sorted(u []rfid.UID) []rfid.UID { u = slices.Clone(u); slices.Sort(u); return u }

func TestMFRC522InventoryManyTags(t *testing.T) {
	for _, n := range []int{1, 2, 14, 20} {
		chip := rfidtest.NewChip()
		r := openChip(t, chip)
		var tags []*rfidtest.Tag
		var want []rfid.UID
		for i := 0; i < n; i++ {
			u := tileUID(i*37 + 5)
			tags = append(tags, &rfidtest.Tag{UID: u})
			want = append(want, rfid.FromBytes(u))
		}
		chip.SetTags(tags...)
		for round := 0; round < 2; round++ { // the second inventory re-reads the halted tags
			got, err := r.Inventory(context.Background())
			if err != nil {
				t.Fatalf("%d tags, round %d: %v", n, round, err)
			}
			if !slices.Equal(sorted(got), sorted(want)) {
				t.Fatalf("%d tags, round %d: read %v, want %v", n, round, got, want)
			}
		}
	}
}

// Every UID size, and UIDs that collide in their first bit, in the BCC
// only after the UID bytes, and share all but the last bit.
func TestMFRC522InventoryCascadeLevels(t *testing.T) {
	uids := [][]byte{
		{0x01, 0x02, 0x03, 0x04},
		{0x81, 0x02, 0x03, 0x04},
		{0x81, 0x02, 0x03, 0x05},
		{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66},
		{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x67},
		{0x04, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99},
		{0x04, 0x11, 0x22, 0x33, 0x44, 0x56, 0x66, 0x77, 0x88, 0x99},
	}
	chip := rfidtest.NewChip()
	r := openChip(t, chip)
	var tags []*rfidtest.Tag
	var want []rfid.UID
	for _, u := range uids {
		tags = append(tags, &rfidtest.Tag{UID: u})
		want = append(want, rfid.FromBytes(u))
	}
	chip.SetTags(tags...)
	got, err := r.Inventory(context.Background())
	if err != nil || !slices.Equal(sorted(got), sorted(want)) {
		t.Fatalf("read %v, %v; want %v", got, err, want)
	}
}

// One tag costs REQA, one anticollision round, SELECT, HLTA and the
// request that finds the field quiet: if HLTA did not halt it, it would
// answer that request again.
func TestMFRC522InventoryHaltsEachTag(t *testing.T) {
	chip := rfidtest.NewChip()
	r := openChip(t, chip)
	chip.SetTag([]byte{0xDE, 0xAD, 0xBE, 0xEF})
	before := chip.Frames()
	got, err := r.Inventory(context.Background())
	if err != nil || len(got) != 1 || got[0] != "DEADBEEF" {
		t.Fatalf("read %v, %v", got, err)
	}
	if f := chip.Frames() - before; f != 5 {
		t.Errorf("%d frames for one tag, want 5 (REQA, anticollision, SELECT, HLTA, REQA)", f)
	}
	chip.SetTags()
	if got, err := r.Inventory(context.Background()); len(got) != 0 || err != nil {
		t.Errorf("empty field: %v, %v; want nothing", got, err)
	}
}

// A neighbour's tag below MinLevel is never read; one above it is read
// alone (a ghost the sensing layer must handle) and, beside a tag on the
// antenna, collides with it and both are read.
func TestMFRC522CrossTalk(t *testing.T) {
	chip := rfidtest.NewChip()
	r := openChip(t, chip)
	near := &rfidtest.Tag{UID: tileUID(1)}
	far := &rfidtest.Tag{UID: tileUID(2), Strength: 0.3}
	chip.SetTags(near, far)
	got, err := r.Inventory(context.Background())
	if err != nil || !slices.Equal(got, []rfid.UID{rfid.FromBytes(tileUID(1))}) {
		t.Errorf("weak neighbour: read %v, %v; want only the tag on the antenna", got, err)
	}
	chip.SetTags(far)
	if got, err := r.Inventory(context.Background()); len(got) != 0 || err != nil {
		t.Errorf("weak neighbour alone: read %v, %v; want nothing", got, err)
	}
	if _, err := r.ReadUID(context.Background(), 0); !errors.Is(err, rfid.ErrNoTag) {
		t.Errorf("ReadUID of the weak neighbour alone: %v, want ErrNoTag", err)
	}
	far.Strength = 0.6
	chip.SetTags(near, far)
	got, err = r.Inventory(context.Background())
	if err != nil || len(got) != 2 {
		t.Errorf("neighbour above MinLevel: read %v, %v; want both", got, err)
	}
	// A gate reader asked for one tile sees two: an error, not a guess.
	if uid, err := r.ReadUID(context.Background(), 0); !errors.Is(err, rfid.ErrSeveral) || !errors.Is(err, rfid.ErrGarbled) {
		t.Errorf("ReadUID with two tags = %s, %v; want ErrSeveral", uid, err)
	}
}

// A tag half in the field drops out now and then: it is read or not, the
// others always are, and no read invents a UID.
func TestMFRC522IntermittentTag(t *testing.T) {
	chip := rfidtest.NewChip()
	r := openChip(t, chip)
	var tags []*rfidtest.Tag
	valid := map[rfid.UID]bool{}
	for i := 0; i < 6; i++ {
		tg := &rfidtest.Tag{UID: tileUID(i + 100)}
		tags = append(tags, tg)
		valid[rfid.FromBytes(tg.UID)] = true
	}
	tags[5].Presence = 0.8
	chip.SetTags(tags...)
	half := rfid.FromBytes(tags[5].UID)
	seenHalf, complete := 0, 0
	for i := 0; i < 40; i++ {
		got, err := r.Inventory(context.Background())
		if err != nil && !errors.Is(err, rfid.ErrGarbled) {
			t.Fatalf("inventory %d: %v", i, err)
		}
		n := 0
		for _, u := range got {
			if !valid[u] {
				t.Fatalf("inventory %d read %s, a UID not in the field", i, u)
			}
			if u == half {
				seenHalf++
			} else {
				n++
			}
		}
		if n == 5 {
			complete++
		}
	}
	if seenHalf == 0 || seenHalf == 40 {
		t.Errorf("the tag half in the field was read %d times of 40: want sometimes", seenHalf)
	}
	if complete < 30 {
		t.Errorf("the five tags in the field were all read in %d inventories of 40", complete)
	}
}

// Noise (parity errors) and a tag whose SAK fails its CRC never give a
// wrong UID: the bad tag is never reported, the rest are.
func TestMFRC522NoiseAndBadCRC(t *testing.T) {
	chip := rfidtest.NewChip()
	chip.NoiseRate = 0.1
	r := openChip(t, chip)
	good := []*rfidtest.Tag{{UID: tileUID(7)}, {UID: tileUID(8)}, {UID: []byte{1, 2, 3, 4}}}
	bad := &rfidtest.Tag{UID: tileUID(9), BadCRC: true}
	chip.SetTags(append(good, bad)...)
	valid := map[rfid.UID]bool{}
	for _, g := range good {
		valid[rfid.FromBytes(g.UID)] = true
	}
	garbled := 0
	for i := 0; i < 30; i++ {
		got, err := r.Inventory(context.Background())
		if errors.Is(err, rfid.ErrGarbled) {
			garbled++
		} else if err != nil {
			t.Fatal(err)
		}
		for _, u := range got {
			if !valid[u] {
				t.Fatalf("inventory %d read %s (%v)", i, u, got)
			}
		}
	}
	if garbled == 0 {
		t.Error("a tag with a bad SAK CRC was never reported garbled")
	}
}

// The radio time of an inventory grows with the tags in the field.
func TestMFRC522Airtime(t *testing.T) {
	var last int64
	for _, n := range []int{0, 1, 14} {
		chip := rfidtest.NewChip()
		r := openChip(t, chip)
		var tags []*rfidtest.Tag
		for i := 0; i < n; i++ {
			tags = append(tags, &rfidtest.Tag{UID: tileUID(i)})
		}
		chip.SetTags(tags...)
		a := chip.Airtime()
		_, _ = r.Inventory(context.Background())
		d := int64(chip.Airtime() - a)
		if d <= last {
			t.Errorf("%d tags: airtime %d ns, not more than with fewer tags (%d)", n, d, last)
		}
		last = d
	}
}

func ExampleMFRC522_Inventory() {
	// A gate or zone with three tiles' tags: two 7-byte NTAG UIDs that
	// differ only at cascade level 2, and a 4-byte one.
	chip := rfidtest.NewChip()
	chip.SetTags(
		&rfidtest.Tag{UID: []byte{0x04, 0x4A, 0x41, 0x00, 0x11, 0x00, 0x80}},
		&rfidtest.Tag{UID: []byte{0x04, 0x4A, 0x41, 0x00, 0x12, 0x00, 0x80}},
		&rfidtest.Tag{UID: []byte{0xDE, 0xAD, 0xBE, 0xEF}},
	)
	r, err := rfid.OpenMFRC522(chip, &gpiotest.Pin{N: "GPIO25"}, rfid.MFRC522Config{Name: "gate0"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer r.Halt()
	uids, err := r.Inventory(context.Background())
	slices.Sort(uids)
	fmt.Println(uids, err)
	// Output: [044A4100110080 044A4100120080 DEADBEEF] <nil>
}
