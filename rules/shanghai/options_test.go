package shanghai_test

import (
	"errors"
	"strings"
	"testing"

	"jantaku/rules/shanghai"
)

func TestPresets(t *testing.T) {
	for _, name := range shanghai.Presets() {
		o, err := shanghai.Preset(shanghai.Variant(name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		rs, err := shanghai.New(o)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		r := rs.Rules()
		// §2.1: 140 tiles in 老式, 144 elsewhere (D-SH-01 for late80s).
		want := 144
		if o.Variant == shanghai.Laoshi {
			want = 140
		}
		if r.Set.Size() != want || !r.Flowers || r.Players != 4 || r.Reserve != 0 {
			t.Errorf("%s: %d tiles, flowers %v, %d players, reserve %d", name, r.Set.Size(), r.Flowers, r.Players, r.Reserve)
		}
	}
	o, _ := shanghai.Preset(shanghai.Laoshi)
	if o.LaoshiBaseFu != 10 || o.LaoshiRoundFu || o.Base != 1 || o.ChipBase != 3 || o.Cap == nil || *o.Cap != 40 || o.Pao != shanghai.ThreeFromSame || !o.QiDuiAllowFour || !o.FlowerKaiKong || o.MultipleRon {
		t.Errorf("defaults differ from spec §10: %+v", o)
	}
	if _, err := shanghai.Preset("qinghunpeng"); !errors.Is(err, shanghai.ErrOptions) {
		t.Errorf("unknown preset: %v", err)
	}
}

func TestParseOptions(t *testing.T) {
	o, err := shanghai.ParseOptions([]byte("variant: late80s\nlate80s_cap: null\nlate80s_flower_sets: seasons\nhands: 8\n"))
	if err != nil {
		t.Fatal(err)
	}
	if o.Cap != nil || o.FlowerSets != shanghai.Seasons || o.Hands != 8 || o.ChipBase != 3 {
		t.Fatalf("%+v", o)
	}
	rs, _ := shanghai.New(o)
	if n := rs.Rules().Set.Size(); n != 140 {
		t.Fatalf("late80s with seasons only: %d tiles", n)
	}
	o, err = shanghai.ParseOptions([]byte(`{"variant": "laoshi", "laoshi_base_fu": 0}`))
	if err != nil || o.LaoshiBaseFu != 0 || o.Variant != shanghai.Laoshi {
		t.Fatalf("JSON: %+v, %v", o, err)
	}
	bad := []struct{ in, key string }{
		{"variant: laoshi\nlaoshi_base_fu: 15\n", "laoshi_base_fu"},
		{"variant: liuxing\nliuxing_base: 0\n", "liuxing_base"},
		{"variant: late80s\nlate80s_cap: 0\n", "late80s_cap"},
		{"variant: late80s\nlate80s_pao: sometimes\n", "late80s_pao"},
		{"variant: xinshi\nxinshi_liangbangao: all\n", "xinshi_liangbangao"},
		{"variant: late80s\nlate80s_flower_sets: plants\n", "late80s_flower_sets"},
		{"variant: laoshi\nrounds: 5\n", "rounds"},
		{"variant: late80s\nhands: 0\n", "hands"},
		{"variant: xinshi\nbonus: 3\n", "bonus"},
		{"variant: liuxing\nmultiple_ron: true\n", "multiple_ron"},
		{"variant: xinshi\nliuxing_base: many\n", "line 2"},
		{"laoshi_base_fu: 10\n", "variant"},
		{"variant: qinghunpeng\n", "qinghunpeng"},
	}
	for _, c := range bad {
		_, err := shanghai.ParseOptions([]byte(c.in))
		if !errors.Is(err, shanghai.ErrOptions) || !strings.Contains(err.Error(), c.key) {
			t.Errorf("%q: %v, want an error naming %s", c.in, err, c.key)
		}
	}
	if _, err := shanghai.New(shanghai.Options{}); !errors.Is(err, shanghai.ErrOptions) {
		t.Errorf("zero options: %v", err)
	}
	// New keeps its own copy of the cap.
	o, _ = shanghai.Preset(shanghai.Late80s)
	rs, _ = shanghai.New(o)
	*o.Cap = 1000
	if c := rs.Options().Cap; c == nil || *c != 40 {
		t.Errorf("the ruleset's cap changed with the caller's options")
	}
}
