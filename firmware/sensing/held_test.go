package sensing_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/drivers/rfid/iso15693"
	"jantaku/drivers/rfid/pn5180"
	"jantaku/drivers/rfid/pn5180/pn5180test"
	"jantaku/firmware/sensing"
	"jantaku/hardware/profile"
)

// heldSurface is a profile of three zones, each on a PN5180 of its own
// (emulated, driven by the driver), with held set as given per zone, and
// one tag on each chip.
func heldSurface(t *testing.T, held map[string]bool) (*profile.Profile, map[string]rfid.Reader, map[string]*pn5180test.Chip, map[string]rfid.UID) {
	t.Helper()
	p := &profile.Profile{File: "held.yaml", Readers: map[string]profile.Reader{}, Zones: map[string]profile.Zone{}}
	readers := map[string]rfid.Reader{}
	chips := map[string]*pn5180test.Chip{}
	tags := map[string]rfid.UID{}
	for i, z := range []string{"seat0.hand", "seat0.discards", "seat1.hand"} {
		p.Readers[z] = profile.Reader{Kind: profile.ReaderPN5180, Held: held[z]}
		p.Zones[z] = profile.Zone{Reader: z}
		c := pn5180test.NewChip(z)
		uid := uint64(0xE004015A00770000) + uint64(i)
		c.SetTags(0, &iso15693.Tag{UID: uid})
		d, err := pn5180.Open(c, c.Busy(), c.Reset(), pn5180.Config{Name: z})
		if err != nil {
			t.Fatal(err)
		}
		readers[z], chips[z], tags[z] = d, c, iso15693.UID(uid)
	}
	return p, readers, chips, tags
}

// TestSurfaceHoldFields: a surface whose zones have readers of their own
// marked held switches every field on for a hand and hands RunQuiet a
// QuietZone per zone; a tile told to stay quiet answers again after the
// next hand's HoldFields (the field went off and on, as the QuietZone,
// new, takes it); ReleaseFields switches them all off.
func TestSurfaceHoldFields(t *testing.T) {
	all := map[string]bool{"seat0.hand": true, "seat0.discards": true, "seat1.hand": true}
	p, readers, chips, tags := heldSurface(t, all)
	surf, err := sensing.SurfaceOf(p, readers, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !surf.Held() {
		t.Fatal("a surface of held zones says it is not held")
	}
	for round := range 2 {
		zones, err := surf.HoldFields(t.Context(), time.Now())
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, q := range zones {
			names = append(names, q.Zone.String())
		}
		// In TableZones order: a seat's hand before its pond.
		if want := []string{"seat0.hand", "seat0.discards", "seat1.hand"}; !slices.Equal(names, want) {
			t.Fatalf("round %d: held zones %v, want %v", round, names, want)
		}
		for n, c := range chips {
			if !c.RFOn() {
				t.Errorf("round %d: %s's field is off after HoldFields", round, n)
			}
		}
		for _, q := range zones {
			z := q.Zone.String()
			uids, err := q.Field.Poll(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(uids, []rfid.UID{tags[z]}) {
				t.Fatalf("round %d: zone %s polled %v, want its tag %s (every tag awake at the hand's start)", round, z, uids, tags[z])
			}
			if err := q.Field.StayQuiet(t.Context(), tags[z]); err != nil {
				t.Fatal(err)
			}
			if uids, _ := q.Field.Poll(t.Context()); len(uids) != 0 {
				t.Fatalf("round %d: zone %s heard %v after Stay Quiet", round, z, uids)
			}
		}
	}
	if err := surf.ReleaseFields(); err != nil {
		t.Fatal(err)
	}
	for n, c := range chips {
		if c.RFOn() {
			t.Errorf("%s's field is still on after ReleaseFields", n)
		}
	}
}

// TestSurfaceHeldRefused: a surface holds every zone's field or none, a
// held zone needs a reader that can hold its field, and a field that
// cannot be held fails HoldFields naming its zone, with the others
// switched off again.
func TestSurfaceHeldRefused(t *testing.T) {
	p, readers, _, _ := heldSurface(t, map[string]bool{"seat0.hand": true, "seat1.hand": true})
	_, err := sensing.SurfaceOf(p, readers, nil)
	if err == nil || !strings.Contains(err.Error(), "[seat0.discards] are not: hold every zone's field or none") {
		t.Errorf("a surface of held and switched zones: %v", err)
	}

	all := map[string]bool{"seat0.hand": true, "seat0.discards": true, "seat1.hand": true}
	p, readers, chips, _ := heldSurface(t, all)
	readers["seat1.hand"] = oneTagReader{}
	_, err = sensing.SurfaceOf(p, readers, nil)
	if err == nil || !strings.Contains(err.Error(), "zone seat1.hand: reader seat1.hand is held (held: true) but cannot hold its field on") {
		t.Errorf("a held zone on a reader that cannot hold its field: %v", err)
	}

	p, readers, chips, _ = heldSurface(t, all)
	surf, err := sensing.SurfaceOf(p, readers, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := readers["seat1.hand"].(*pn5180.Dev).Halt(); err != nil {
		t.Fatal(err)
	}
	_, err = surf.HoldFields(t.Context(), time.Now())
	if !errors.Is(err, rfid.ErrHalted) || !strings.Contains(err.Error(), "zone seat1.hand on reader seat1.hand: holding its field on") {
		t.Fatalf("HoldFields with a halted reader: %v", err)
	}
	for _, n := range []string{"seat0.hand", "seat0.discards"} {
		if chips[n].RFOn() {
			t.Errorf("%s's field left on after HoldFields failed", n)
		}
	}
}

// oneTagReader is a MultiReader that cannot hold a field.
type oneTagReader struct{}

func (oneTagReader) String() string { return "switched" }
func (oneTagReader) Halt() error    { return nil }
func (oneTagReader) ReadUID(context.Context, time.Duration) (rfid.UID, error) {
	return "", rfid.ErrNoTag
}
func (oneTagReader) Inventory(context.Context) ([]rfid.UID, error) { return nil, nil }
