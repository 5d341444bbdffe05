package iso15693

import (
	"testing"
	"time"
)

// The CRC of ISO/IEC 13239 (CRC-16/X-25): check value 0x906E for
// "123456789" (the catalogue value).
func TestCRC(t *testing.T) {
	if c := CRC([]byte("123456789")); c != 0x906E {
		t.Errorf("CRC = %04X, want 906E", c)
	}
	b := AppendCRC(InventoryRequest(0, 0, false))
	if !CheckCRC(b) {
		t.Error("a frame with its CRC appended does not check")
	}
	b[1] ^= 0x40
	if CheckCRC(b) {
		t.Error("a corrupted frame checks")
	}
}

func TestInventoryRequestRoundTrip(t *testing.T) {
	for _, c := range []struct {
		mask uint64
		n    int
		want []byte
	}{
		{0, 0, []byte{0x06, 0x01, 0x00}},
		{0x5, 4, []byte{0x06, 0x01, 0x04, 0x05}},
		{0xF5A3, 12, []byte{0x06, 0x01, 0x0C, 0xA3, 0x05}},
	} {
		b := InventoryRequest(c.mask, c.n, false)
		if string(b) != string(c.want) {
			t.Errorf("InventoryRequest(%X, %d) = % X, want % X", c.mask, c.n, b, c.want)
		}
		r, err := ParseRequest(b)
		if err != nil || r.MaskLen != c.n || r.Mask != c.mask&(1<<c.n-1) {
			t.Errorf("ParseRequest(% X) = %+v, %v", b, r, err)
		}
	}
	if _, err := ParseRequest([]byte{0x06, 0x01, 0x08}); err == nil {
		t.Error("a mask length without its mask byte parsed")
	}
}

func TestSlot(t *testing.T) {
	tg := &Tag{UID: 0xE004010000000A35}
	if s := tg.Slot(Request{}); s != 5 {
		t.Errorf("slot with no mask = %d, want 5 (low nibble)", s)
	}
	if s := tg.Slot(Request{Mask: 5, MaskLen: 4}); s != 3 {
		t.Errorf("slot under mask 5/4 = %d, want 3", s)
	}
	if s := tg.Slot(Request{Mask: 6, MaskLen: 4}); s != -1 {
		t.Errorf("slot under a mask it does not match = %d", s)
	}
	tg.Quiet = true
	if s := tg.Slot(Request{}); s != -1 {
		t.Errorf("quiet tag answered in slot %d", s)
	}
}

func TestHear(t *testing.T) {
	var rc Receiver
	strong, other, weak, faint := &Tag{UID: 1}, &Tag{UID: 2}, &Tag{UID: 3, Strength: 0.3}, &Tag{UID: 4, Strength: 0.2}
	if o, _ := rc.Hear(nil); o != Silent {
		t.Error("no tags: not silent")
	}
	if o, tg := rc.Hear([]*Tag{strong, weak}); o != Single || tg != strong {
		t.Errorf("strong and weak: %v, %v; want the strong one", o, tg)
	}
	if o, _ := rc.Hear([]*Tag{strong, other}); o != Collision {
		t.Errorf("two strong: %v, want a collision", o)
	}
	if o, _ := rc.Hear([]*Tag{faint}); o != Silent {
		t.Errorf("a faint neighbour alone: %v, want silence", o)
	}
}

// The figures docs/wiring.md quotes.
func TestTimes(t *testing.T) {
	near := func(d, want time.Duration) bool { return d > want-time.Microsecond && d < want+time.Microsecond }
	if d := RequestTime(5); !near(d, 1623680*time.Nanosecond) {
		t.Errorf("an inventory request without mask takes %v, want 1.624 ms", d)
	}
	if d := ResponseTime(12); !near(d, 3738240*time.Nanosecond) {
		t.Errorf("an inventory response takes %v, want 3.738 ms", d)
	}
}
