package tile

import (
	"strings"
	"testing"
)

func TestTwoFieldsAsFields(t *testing.T) {
	for _, s := range []string{"pon 555z<1", "  chi\t123m<3 ", "pon", "", " ", "a b c", "ankan\u00a05555z", "x\u3000y", "\xff 1m"} {
		a, b, ok := twoFields(s)
		f := strings.Fields(s)
		if ok != (len(f) == 2) || ok && (a != f[0] || b != f[1]) {
			t.Errorf("twoFields(%q) = %q, %q, %v; strings.Fields gives %q", s, a, b, ok, f)
		}
	}
}
