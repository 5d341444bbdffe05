package iso15693

import (
	"errors"
	"testing"
	"time"
)

const uidA = 0xE004015A00120300

// Frames written out by hand from ISO/IEC 15693-3 §7.3 and §10.3: flags
// 0x22 (high data rate, Address), the command, the UID low byte first.
func TestNetworkRequests(t *testing.T) {
	for _, c := range []struct {
		name string
		got  []byte
		want string
	}{
		{"Stay Quiet", StayQuietRequest(uidA), "\x22\x02\x00\x03\x12\x00\x5A\x01\x04\xE0"},
		{"Select", SelectRequest(uidA), "\x22\x25\x00\x03\x12\x00\x5A\x01\x04\xE0"},
		{"Reset to Ready", ResetToReadyRequest(uidA), "\x22\x26\x00\x03\x12\x00\x5A\x01\x04\xE0"},
		{"Reset to Ready, all", ResetToReadyAllRequest(), "\x02\x26"},
		{"confirm", InventoryRequest(uidA, 64, true), "\x26\x01\x40\x00\x03\x12\x00\x5A\x01\x04\xE0"},
	} {
		if string(c.got) != c.want {
			t.Errorf("%s: % X, want % X", c.name, c.got, []byte(c.want))
		}
		f, err := ParseFrame(c.got)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if f.Cmd != c.got[1] || (len(c.got) == 10) != f.Addressed || f.Addressed && f.UID != uidA {
			t.Errorf("%s: parsed %+v", c.name, f)
		}
	}
	f, err := ParseFrame(InventoryRequest(uidA, 64, true))
	if err != nil || !f.Inventory.OneSlot || f.Inventory.MaskLen != 64 || f.Inventory.Mask != uidA {
		t.Errorf("one-slot inventory masked with a whole UID: %+v, %v", f, err)
	}
}

func TestParseFrameStrict(t *testing.T) {
	for _, c := range []struct {
		name string
		b    []byte
		want error
	}{
		{"empty", nil, ErrMalformed},
		{"flags alone", []byte{0x22}, ErrMalformed},
		{"Stay Quiet not addressed", []byte{0x02, 0x02}, ErrMalformed},
		{"Stay Quiet short UID", StayQuietRequest(uidA)[:9], ErrMalformed},
		{"Stay Quiet with a byte more", append(StayQuietRequest(uidA), 0), ErrMalformed},
		{"Select not addressed", []byte{0x02, 0x25}, ErrMalformed},
		{"Address and Select flags", []byte{0x32, 0x26, 0, 0, 0, 0, 0, 0, 0, 0xE0}, ErrMalformed},
		{"Reset to Ready all with a UID", append(ResetToReadyAllRequest(), 1), ErrMalformed},
		{"RFU flag", []byte{0x82, 0x26}, ErrMalformed},
		{"Read Single Block", []byte{0x02, 0x20, 0x00}, ErrUnsupported},
		{"inventory command without its flag", []byte{0x02, 0x01, 0x00}, ErrMalformed},
		{"inventory flag on Stay Quiet", []byte{0x06, 0x02, 0x00}, ErrMalformed},
		{"inventory mask padded with ones", []byte{0x26, 0x01, 0x04, 0xF5}, ErrMalformed},
		{"inventory with AFI", []byte{0x16, 0x01, 0x00, 0x00}, ErrMalformed},
		{"mask of 65 bits", []byte{0x26, 0x01, 65, 0, 0, 0, 0, 0, 0, 0, 0, 0}, ErrMalformed},
	} {
		if _, err := ParseFrame(c.b); !errors.Is(err, c.want) {
			t.Errorf("%s (% X): %v, want %v", c.name, c.b, err, c.want)
		}
	}
}

func TestParseStatus(t *testing.T) {
	if err := ParseStatus([]byte{0}); err != nil {
		t.Errorf("flags 00: %v", err)
	}
	if err := ParseStatus([]byte{0x01, 0x01}); !errors.Is(err, ErrTag) {
		t.Errorf("error flag, code 01: %v, want ErrTag", err)
	}
	for _, b := range [][]byte{nil, {0x01}, {0x00, 0x01}, {0x80}, {0, 0, 0}} {
		if err := ParseStatus(b); !errors.Is(err, ErrMalformed) {
			t.Errorf("% X: %v, want ErrMalformed", b, err)
		}
	}
}

// The state machine of §7.4 (Figure 6).
func TestExecute(t *testing.T) {
	a, b := &Tag{UID: uidA}, &Tag{UID: uidA + 1}
	run := func(req []byte) (bool, bool) {
		f, err := ParseFrame(req)
		if err != nil {
			t.Fatal(err)
		}
		return a.Execute(f), b.Execute(f)
	}
	if ra, rb := run(StayQuietRequest(uidA)); ra || rb || !a.Quiet || b.Quiet {
		t.Fatalf("Stay Quiet of a: answers %v %v, quiet %v %v", ra, rb, a.Quiet, b.Quiet)
	}
	if a.Slot(Request{}) != -1 {
		t.Error("a quiet tag answers an inventory")
	}
	if ra, rb := run(ResetToReadyAllRequest()); ra || !rb || !a.Quiet {
		t.Errorf("non-addressed Reset to Ready: answers %v %v, a quiet %v; want only b to answer, a still quiet", ra, rb, a.Quiet)
	}
	if ra, rb := run(ResetToReadyRequest(uidA)); !ra || rb || a.Quiet {
		t.Errorf("addressed Reset to Ready of a: answers %v %v, a quiet %v", ra, rb, a.Quiet)
	}
	run(StayQuietRequest(uidA))
	if ra, _ := run(SelectRequest(uidA)); !ra || a.Quiet || !a.Selected || a.Slot(Request{}) < 0 {
		t.Errorf("Select of a quiet tag: answers %v, %+v", ra, a)
	}
	if run(SelectRequest(uidA + 1)); a.Selected || !b.Selected {
		t.Errorf("Select of another: a %+v, b %+v; want a Ready, b Selected", a, b)
	}
	run(StayQuietRequest(uidA + 1))
	b.PowerOff()
	if b.Quiet || b.Selected {
		t.Errorf("after power off: %+v", b)
	}
}

// The air times docs/wiring.md quotes, from the standard's timings
// (package comment): 1 + 1 + 8 + 2 bytes for Stay Quiet; 1 + 1 + 1 + 8 +
// 2 for an inventory masked with a whole UID; its answer 12 bytes.
func TestCommandTimes(t *testing.T) {
	near := func(d, want time.Duration) bool { return d > want-time.Microsecond && d < want+time.Microsecond }
	for _, c := range []struct {
		name string
		d    time.Duration
		want time.Duration
	}{
		{"Stay Quiet frame", RequestTime(len(StayQuietRequest(uidA)) + 2), 3738240 * time.Nanosecond},
		{"Stay Quiet until the next frame (t3)", ExchangeTime(12, 0), 4118181 * time.Nanosecond},
		{"confirm, tag there", ExchangeTime(len(InventoryRequest(uidA, 64, true))+2, ResponseLen+2), 8408645 * time.Nanosecond},
		{"confirm, tag absent", ExchangeTime(13, 0), 4420261 * time.Nanosecond},
		{"addressed Reset to Ready", ExchangeTime(12, 3), 5387846 * time.Nanosecond},
	} {
		if !near(c.d, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.d, c.want)
		}
	}
}
