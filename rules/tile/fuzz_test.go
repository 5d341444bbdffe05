package tile_test

import (
	"errors"
	"testing"

	"jantaku/rules/tile"
)

// FuzzParse: Parse never panics; what it accepts formats and re-parses
// to the same tiles; what it rejects is a *ParseError inside the input.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"123m456p789s1234567z", "0m0p0s", "5550m", "12345678f", "1m 2p", "11111m", "12 3m", "8z", "1m２m", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ts, err := tile.Parse(s)
		if err != nil {
			checkParseError(t, s, err)
			return
		}
		again, err := tile.Parse(tile.Format(ts))
		if err != nil {
			t.Fatalf("Format(Parse(%q)) = %q does not parse: %v", s, tile.Format(ts), err)
		}
		if len(again) != len(ts) {
			t.Fatalf("round trip of %q: %d tiles, want %d", s, len(again), len(ts))
		}
		for i := range ts {
			if again[i].Kind != ts[i].Kind || again[i].Red != ts[i].Red {
				t.Fatalf("round trip of %q: tile %d is %v, want %v", s, i, again[i], ts[i])
			}
		}
	})
}

// FuzzParseHand: the same for hand notation, through Hand.String.
func FuzzParseHand(f *testing.F) {
	for _, s := range []string{"123m(chi 324p<3)", "11m (pon 555z<1)", "(kan 1111s<2) 9p", "(kakan 9999p<3)", "[ankan 3333m]",
		"1f23m8f", "(pon 555z<4)", "(pon 555z", "555z(pon 555z<1)", "[kan 3333m]", "(chi 340p<3)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, err := tile.ParseHand(s)
		if err != nil {
			checkParseError(t, s, err)
			return
		}
		again, err := tile.ParseHand(h.String())
		if err != nil {
			t.Fatalf("String of ParseHand(%q) = %q does not parse: %v", s, h.String(), err)
		}
		if tile.Format(again.Concealed) != tile.Format(h.Concealed) || tile.Format(again.Flowers) != tile.Format(h.Flowers) {
			t.Fatalf("round trip of %q: %v, want %v", s, again, h)
		}
		if len(again.Melds) != len(h.Melds) {
			t.Fatalf("round trip of %q: %d melds, want %d", s, len(again.Melds), len(h.Melds))
		}
		for i, m := range h.Melds {
			a := again.Melds[i]
			if a.Type != m.Type || a.From != m.From || tile.Format(a.Tiles) != tile.Format(m.Tiles) {
				t.Fatalf("round trip of %q: meld %d is %v, want %v", s, i, a, m)
			}
			if err := m.Check(); err != nil {
				t.Fatalf("ParseHand(%q) accepted meld %v: %v", s, m, err)
			}
		}
	})
}

func checkParseError(t *testing.T, s string, err error) {
	t.Helper()
	var pe *tile.ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("Parse(%q) error %v is not a *ParseError", s, err)
	}
	if !errors.Is(err, tile.ErrSyntax) && !errors.Is(err, tile.ErrTooMany) {
		t.Fatalf("Parse(%q) error %v is neither ErrSyntax nor ErrTooMany", s, err)
	}
	if n := len([]rune(s)); pe.Pos < 1 || pe.Pos > n {
		t.Fatalf("Parse(%q) error position %d outside 1–%d", s, pe.Pos, n)
	}
}
