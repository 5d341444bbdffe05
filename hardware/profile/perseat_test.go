package profile_test

import (
	"strings"
	"testing"

	"jantaku/hardware/profile"
)

// TestPerSeat: the reader-per-seat profile checks, puts every zone on the
// reader of its seat (the dead wall on seat 0's, the drop hole on seat
// 2's), runs the four seat readers as one lockstep group sharing one BUSY
// line, and keeps the stacker gates as they are.
func TestPerSeat(t *testing.T) {
	p := profile.PerSeat()
	if len(p.Zones) != 18 {
		t.Errorf("%d zones, want 18", len(p.Zones))
	}
	for n, z := range p.Zones {
		want := map[string]string{"deadwall": "seat0", "drop": "seat2"}[n]
		if want == "" {
			want, _, _ = strings.Cut(n, ".")
		}
		if z.Reader != want {
			t.Errorf("zone %s on reader %s, want %s", n, z.Reader, want)
		}
	}
	if g := p.LockstepGroup("seat2"); g != "seat0+seat1+seat2+seat3" {
		t.Errorf("seat2's lockstep group is %q", g)
	}
	if g := p.LockstepGroup("inline0"); g != "" {
		t.Errorf("inline0 is in lockstep group %q", g)
	}
	for _, n := range []string{"seat1", "seat2", "seat3"} {
		if cs := p.Readers[n].ChipSelect(); !strings.HasPrefix(cs, "GPIO") {
			t.Errorf("reader %s's chip select is %q", n, cs)
		}
	}
}

// TestLockstepErrors: a BUSY line is shared only within a lockstep group,
// a group names known PN5180 readers, and a port without its own chip
// select needs cs.
func TestLockstepErrors(t *testing.T) {
	base := string(profile.DefaultYAML())
	cases := []struct {
		name, old, new, want string
	}{
		{"busy shared outside a group", "busy: rfio.A4,", "busy: rfio.A3,", "pin rfio.A3 is used twice"},
		{"unknown reader in a group", "tilesets:", "lockstep:\n  - [surface, seat9]\ntilesets:", `no reader "seat9"`},
		{"a group of one", "tilesets:", "lockstep:\n  - [surface]\ntilesets:", "a group is two readers or more"},
		{"port without chip select", "spi: SPI1.2,", "spi: SPI1.3,", "SPI port SPI1.3 has no chip select of its own"},
		{"chip select on an expander", "spi: SPI1.2,", "spi: SPI1.3, cs: rfio.B0,", "must be a Pi line"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(base, c.old) {
				t.Fatalf("the default profile has no %q", c.old)
			}
			_, err := profile.Parse("table.yaml", []byte(strings.Replace(base, c.old, c.new, 1)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one with %q", err, c.want)
			}
		})
	}
	// Within a group, sharing is the design.
	shared := strings.Replace(base, "busy: rfio.A4,", "busy: rfio.A3,", 1)
	shared = strings.Replace(shared, "inline3: {kind: pn5180", "inline3: {kind: pn5180", 1)
	shared = strings.Replace(shared, "tilesets:", "lockstep:\n  - [inline3, surface]\ntilesets:", 1)
	if _, err := profile.Parse("table.yaml", []byte(shared)); err != nil {
		t.Errorf("a BUSY line shared in a lockstep group: %v", err)
	}
}
