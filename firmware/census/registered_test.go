package census_test

import (
	"errors"
	"testing"

	"jantaku/firmware/census"
	"jantaku/rules/tile"
)

// A registry holding both sets completely passes for each; with two tags
// of set A forgotten, set A misses exactly their tiles and set B still
// passes.
func TestRegistered(t *testing.T) {
	set, reg, uids := setup(t)
	for _, l := range []byte{'A', 'B'} {
		if err := census.Registered(set, l, reg); err != nil {
			t.Errorf("set %c: %v", l, err)
		}
	}
	gone := []tile.Tile{reg[uids[3]].Tile, reg[uids[70]].Tile}
	delete(reg, uids[3])
	delete(reg, uids[70])
	err := census.Registered(set, 'A', reg)
	var ce *census.Error
	if !errors.As(err, &ce) || len(ce.Missing) != 2 || len(ce.Foreign)+len(ce.Duplicate) != 0 {
		t.Fatalf("set A with two tags forgotten: %v", err)
	}
	for i, tl := range gone {
		if ce.Missing[i] != tl {
			t.Errorf("missing %v, want %v", ce.Missing, gone)
		}
	}
	if err := census.Registered(set, 'B', reg); err != nil {
		t.Errorf("set B: %v", err)
	}
}
