package census_test

import (
	"errors"
	"strings"
	"testing"

	"jantaku/drivers/rfid"
	"jantaku/firmware/census"
	"jantaku/firmware/registry"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

func setup(t *testing.T) (tile.Set, registry.Memory, []rfid.UID) {
	set, err := tile.Standard(1)
	if err != nil {
		t.Fatal(err)
	}
	reg := registry.Memory{}
	for _, l := range []byte{'A', 'B'} {
		for u, tl := range sim.Tags(set, l) {
			reg[u] = registry.Entry{Set: l, Tile: tl}
		}
	}
	return set, reg, sim.List(set, 'A')
}

func TestComplete(t *testing.T) {
	set, reg, uids := setup(t)
	label, err := census.Check(set, 0, uids, reg)
	if err != nil || label != 'A' {
		t.Fatalf("complete set: %c %v", label, err)
	}
}

func TestProblems(t *testing.T) {
	set, reg, uids := setup(t)
	red := tile.Tile{Kind: tile.P5, Copy: 0, Red: true}
	cases := []struct {
		name string
		edit func([]rfid.UID) []rfid.UID
		want string
	}{
		{"missing", func(u []rfid.UID) []rfid.UID {
			return remove(u, sim.UID('A', red))
		}, "missing 0p#0"},
		{"duplicate tag", func(u []rfid.UID) []rfid.UID { return append(u, u[0]) }, "duplicate 1m#0"},
		{"unknown tag", func(u []rfid.UID) []rfid.UID { return append(u, "DEADBEEF") }, "foreign tag DEADBEEF (not registered)"},
		{"other set", func(u []rfid.UID) []rfid.UID {
			return append(remove(u, sim.UID('A', red)), sim.UID('B', red))
		}, "foreign tile 0p#0 of set B"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := census.Check(set, 'A', c.edit(append([]rfid.UID(nil), uids...)), reg)
			var ce *census.Error
			if !errors.As(err, &ce) {
				t.Fatalf("err = %v, want a *census.Error", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not name %q", err, c.want)
			}
		})
	}
}

func remove(u []rfid.UID, x rfid.UID) []rfid.UID {
	for i, v := range u {
		if v == x {
			return append(u[:i], u[i+1:]...)
		}
	}
	return u
}
