package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	"jantaku/drivers/clock"
	"jantaku/firmware/registry"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

// register --zones registers a whole set laid out on the zones, a face
// per zone, each zone read by one inventory: 37 faces of the 136-tile set
// with three red fives take three layouts on 18 zones.
func TestRegisterByZones(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "tags.db")
		set, _ := tile.Standard(3)
		st, err := registry.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		// A tag already registered as another tile on the zone of 1m.
		wrong := sim.UID('A', set.Tiles()[0])
		if err := st.Put(wrong, registry.Entry{Set: 'B', Tile: set.Tiles()[5]}); err != nil {
			t.Fatal(err)
		}
		st.Close()
		out, err := maintenance(t, "\n\n\n\n", "register", "--zones", "--sim", "--db", db, "--set", "136", "--label", "A")
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{
			"Registering", "on 18 zones",
			"refused: " + string(wrong) + " is already",
			"registered 4 × 2m",
			"registered 1 × 5m red",
			"registered 3 × 5m",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("output lacks %q:\n%s", want, out)
			}
		}
		st, err = registry.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		n := 0
		for u, tl := range sim.Tags(set, 'A') {
			e, ok := st.Lookup(u)
			if tl.Kind == set.Tiles()[0].Kind {
				// The 1m zone held a tag of another tile: refused, and
				// refused again at each Enter until it is taken off.
				if ok && e.Set == 'A' {
					t.Errorf("%s registered as %v from a refused zone", u, e)
				}
				continue
			}
			if !ok || e != (registry.Entry{Set: 'A', Tile: tl}) {
				t.Errorf("%s: registered %v (%v), want %v of set A", u, e, ok, tl)
			}
			n++
		}
		if n != 132 {
			t.Errorf("%d tags checked, want 132", n)
		}
		if !strings.Contains(out, "Census of set A: 132 of 136") {
			t.Errorf("the 1m zone was refused, so its 4 tiles stay unregistered:\n%s", out)
		}
	})
}

// scan ZONE lists every tag in the zone, each with its tile, from one
// inventory of the zone's reader.
func TestScanListsEveryTag(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		db := filepath.Join(t.TempDir(), "tags.db")
		set, _ := tile.Standard(3)
		st, err := registry.Open(db)
		if err != nil {
			t.Fatal(err)
		}
		tags := sim.List(set, 'A')[:14]
		for i, u := range tags {
			if err := st.Put(u, registry.Entry{Set: 'A', Tile: set.Tiles()[i]}); err != nil {
				t.Fatal(err)
			}
		}
		st.Close()
		p := profile.Default()
		tb := openSim(t.Context(), p, simConfig{clk: clock.Real{}, tray: sim.List(set, 'B')})
		defer tb.close()
		tb.sim.Place(*p.Zones["seat1.hand"].Antenna, tags...)
		var out bytes.Buffer
		mc := &maint{stdout: &out, stderr: &out, db: db}
		if err := mc.scan(t.Context(), tb, "seat1.hand", 1); err != nil {
			t.Fatal(err)
		}
		got := out.String()
		for i, u := range tags {
			want := string(u) + " (" + registry.Entry{Set: 'A', Tile: set.Tiles()[i]}.String() + ")"
			if !strings.Contains(got, want) {
				t.Errorf("scan lacks %q:\n%s", want, got)
			}
		}
		if strings.Count(got, "\n") != 1 {
			t.Errorf("one zone, one round: want one line:\n%s", got)
		}
	})
}
