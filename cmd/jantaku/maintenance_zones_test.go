package main

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	"jantaku/firmware/registry"
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
