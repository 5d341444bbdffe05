package rulesets_test

import (
	"slices"
	"testing"

	"jantaku/rules/rulesets"
)

// Every family the table plays can be scored from the command line, under
// its default preset first, and its condition flags can share one flag
// set with the others'.
func TestScorings(t *testing.T) {
	var names []string
	kind := map[string][2]bool{} // a condition's name: is it a switch, a number
	for _, sc := range rulesets.Scorings() {
		names = append(names, sc.Name)
		if sc.Family == nil {
			t.Errorf("%s: no Family", sc.Name)
			continue
		}
		if len(sc.Presets) == 0 || sc.Presets[0] != sc.Preset {
			t.Errorf("%s: default preset %q, presets %v", sc.Name, sc.Preset, sc.Presets)
		}
		for _, p := range sc.Presets {
			if _, err := rulesets.New(sc.Name+"/"+p, nil); err != nil {
				t.Errorf("%s/%s: %v", sc.Name, p, err)
			}
		}
		seen := map[string]bool{}
		for _, c := range sc.Family.Conditions() {
			if seen[c.Name] {
				t.Errorf("%s: --%s twice", sc.Name, c.Name)
			}
			seen[c.Name] = true
			k := [2]bool{c.Switch(), c.Number}
			if was, ok := kind[c.Name]; ok && was != k {
				t.Errorf("%s: --%s is read one way in one family and another way in another", sc.Name, c.Name)
			}
			kind[c.Name] = k
		}
	}
	// The help lists them in this order.
	if want := []string{"riichi", "mcr", "sichuan", "wuhan", "shanghai"}; !slices.Equal(names, want) {
		t.Errorf("families %v, want %v", names, want)
	}
}
