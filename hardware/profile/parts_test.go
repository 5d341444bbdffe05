package profile_test

import (
	"slices"
	"testing"

	"jantaku/hardware/profile"
)

func TestLiftLimit(t *testing.T) {
	for _, c := range []struct {
		motor string
		up    bool
		want  string
		ok    bool
	}{{"lift0", true, "lift0.top", true}, {"lift3", false, "lift3.bottom", true}, {"tray", true, "", false}, {"conveyor1", false, "", false}} {
		if got, ok := profile.LiftLimit(c.motor, c.up); got != c.want || ok != c.ok {
			t.Errorf("LiftLimit(%s, up %v) = %q, %v; want %q, %v", c.motor, c.up, got, ok, c.want, c.ok)
		}
	}
}

// The inputs the default profile's machine has, and those of each part.
func TestPartInputs(t *testing.T) {
	inputs := profile.InputNames(4)
	for _, c := range []struct {
		motor string
		want  []string
	}{
		{"lift2", []string{"lift2.bottom", "lift2.top"}},
		{"stacker1", []string{"stacker1.home"}},
		{"conveyor3", []string{"eye3"}},
		{"tray", nil},
		{"lift", nil}, // no part is named by a prefix of another's name
	} {
		if got := profile.PartInputs(c.motor, inputs); !slices.Equal(got, c.want) {
			t.Errorf("PartInputs(%s) = %q, want %q", c.motor, got, c.want)
		}
	}
}
