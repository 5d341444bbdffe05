package suggest

import "testing"

func TestDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"kitten", "sitting", 3},
		{"flaw", "lawn", 2},
		{"東風", "東南", 1}, // runes, not bytes
		{"abc", "", 3},
	} {
		if got := Distance(c.a, c.b); got != c.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

func TestNearest(t *testing.T) {
	flags := []string{"rules", "humans", "sensing", "machine", "seed"}
	for _, c := range []struct{ name, want string }{
		{"rulse", "rules"},     // two letters swapped: distance 2
		{"Humans", ""},         // the same name in other case: nothing to suggest
		{"sensign", "sensing"}, // distance 2 in 7 letters
		{"sed", "seed"},        // one letter in three
		{"xyz", ""},            // nothing near
		{"mach", ""},           // three letters missing is too far
	} {
		if got := Nearest(c.name, flags); got != c.want {
			t.Errorf("Nearest(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if got := Nearest("rules", nil); got != "" {
		t.Errorf("Nearest with no candidates = %q", got)
	}
}
