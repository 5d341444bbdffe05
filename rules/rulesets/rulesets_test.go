package rulesets_test

import (
	"errors"
	"testing"

	"jantaku/rules/rulesets"
)

func TestEveryNameBuilds(t *testing.T) {
	for _, n := range rulesets.Names() {
		rs, err := rulesets.New(n, nil)
		if err != nil {
			t.Errorf("%s: %v", n, err)
			continue
		}
		r := rs.Rules()
		if r.Players != 3 && r.Players != 4 || r.Set.Size() == 0 {
			t.Errorf("%s: %d players, %d tiles", n, r.Players, r.Set.Size())
		}
	}
}

func TestBadNamesAndOptions(t *testing.T) {
	for _, c := range []struct{ name, opts string }{
		{"bridge", ""},
		{"sichuan/nonesuch", ""},
		{"sichuan", `{"no_such_option": 1}`},
		{"sichuan", `{not json`},
	} {
		_, err := rulesets.New(c.name, []byte(c.opts))
		if err == nil {
			t.Errorf("%s %s: no error", c.name, c.opts)
		}
		if c.opts == "" && !errors.Is(err, rulesets.ErrUnknown) {
			t.Errorf("%s: %v does not match ErrUnknown", c.name, err)
		}
	}
}
