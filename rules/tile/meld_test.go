package tile_test

import (
	"errors"
	"testing"

	"jantaku/rules/tile"
)

func TestParseHand(t *testing.T) {
	tests := []struct {
		in        string
		concealed string
		melds     []tile.Meld // tiles compared by kind
		flowers   string
		canon     string
	}{
		{"123m(chi 324p<3)", "123m", []tile.Meld{{Type: tile.Chi, Tiles: tile.MustParse("324p"), From: 3}}, "", "123m (chi 324p<3)"},
		{"11m (pon 555z<1)", "11m", []tile.Meld{{Type: tile.Pon, Tiles: tile.MustParse("555z"), From: 1}}, "", "11m (pon 555z<1)"},
		{"(kan 1111s<2) 9p", "9p", []tile.Meld{{Type: tile.Kan, Tiles: tile.MustParse("1111s"), From: 2}}, "", "9p (kan 1111s<2)"},
		{"(kakan 9999p<3)", "", []tile.Meld{{Type: tile.AddedKan, Tiles: tile.MustParse("9999p"), From: 3}}, "", "(kakan 9999p<3)"},
		{"[ankan 3333m]", "", []tile.Meld{{Type: tile.ClosedKan, Tiles: tile.MustParse("3333m")}}, "", "[ankan 3333m]"},
		{"[kan 3333m]", "", []tile.Meld{{Type: tile.ClosedKan, Tiles: tile.MustParse("3333m")}}, "", "[ankan 3333m]"},
		{"1f23m8f", "23m", nil, "18f", "23m 18f"},
		{"12345678f", "", nil, "12345678f", "12345678f"},
		{"(chi 340p<3)", "", []tile.Meld{{Type: tile.Chi, Tiles: tile.MustParse("340p"), From: 3}}, "", "(chi 340p<3)"},
		{"  (pon  777z<2)  ", "", []tile.Meld{{Type: tile.Pon, Tiles: tile.MustParse("777z"), From: 2}}, "", "(pon 777z<2)"},
		{"", "", nil, "", ""},
		{"1m(pon 222m<1)[ankan 4444p]3f(chi 789s<3)5z", "1m5z", []tile.Meld{
			{Type: tile.Pon, Tiles: tile.MustParse("222m"), From: 1},
			{Type: tile.ClosedKan, Tiles: tile.MustParse("4444p")},
			{Type: tile.Chi, Tiles: tile.MustParse("789s"), From: 3},
		}, "3f", "1m5z (pon 222m<1) [ankan 4444p] (chi 789s<3) 3f"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			h, err := tile.ParseHand(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := tile.Format(h.Concealed); got != tt.concealed {
				t.Errorf("concealed %q, want %q", got, tt.concealed)
			}
			if got := tile.Format(h.Flowers); got != tt.flowers {
				t.Errorf("flowers %q, want %q", got, tt.flowers)
			}
			if len(h.Melds) != len(tt.melds) {
				t.Fatalf("%d melds, want %d", len(h.Melds), len(tt.melds))
			}
			for i, m := range h.Melds {
				w := tt.melds[i]
				if m.Type != w.Type || m.From != w.From || tile.Format(m.Tiles) != tile.Format(w.Tiles) {
					t.Errorf("meld %d = %v, want %v", i, m, w)
				}
				if err := m.Check(); err != nil {
					t.Errorf("meld %d: Check: %v", i, err)
				}
			}
			if got := h.String(); got != tt.canon {
				t.Errorf("String() = %q, want %q", got, tt.canon)
			}
			again, err := tile.ParseHand(h.String())
			if err != nil {
				t.Fatalf("re-parse %q: %v", h.String(), err)
			}
			if again.String() != h.String() {
				t.Errorf("round trip %q → %q", h.String(), again.String())
			}
		})
	}
}

func TestParseHandErrors(t *testing.T) {
	tests := []struct {
		in   string
		pos  int
		char string
		err  error
	}{
		{"(pon 555z<1", 1, "(", tile.ErrSyntax},             // not closed
		{"[ankan 3333m", 1, "[", tile.ErrSyntax},            // not closed
		{"(pon 555z<1]", 1, "(", tile.ErrSyntax},            // wrong closer
		{"12m(pong 555z<1)", 5, "pong", tile.ErrSyntax},     // unknown type at its position
		{"(ankan 3333m)", 2, "ankan", tile.ErrSyntax},       // ankan needs square brackets
		{"[pon 555z]", 2, "pon", tile.ErrSyntax},            // and only ankan goes there
		{"(pon 555z)", 6, "555z", tile.ErrSyntax},           // no source seat
		{"(pon 555z<4)", 10, "<4", tile.ErrSyntax},          // bad source seat, at the '<'
		{"(pon 555z<)", 10, "<", tile.ErrSyntax},            // missing source seat
		{"(pon 555z<12)", 10, "<12", tile.ErrSyntax},        // two digits
		{"(pon)", 1, "pon", tile.ErrSyntax},                 // no tiles
		{"(pon 555z <1)", 1, "pon 555z <1", tile.ErrSyntax}, // three fields
		{"(pon 556z<1)", 6, "556z", tile.ErrSyntax},         // not identical
		{"(chi 135m<3)", 6, "135m", tile.ErrSyntax},         // not consecutive
		{"(chi 123z<3)", 6, "123z", tile.ErrSyntax},         // honours
		{"(chi 89m1p<3)", 6, "89m1p", tile.ErrSyntax},       // across suits
		{"(kan 111s<2)", 6, "111s", tile.ErrSyntax},         // a kan has four
		{"(pon 5x5z<1)", 7, "x", tile.ErrSyntax},            // bad character inside a meld
		{"555z(pon 555z<1)", 11, "5z", tile.ErrTooMany},     // the fifth copy
		{"1f(pon 111f<1)", 8, "1f", tile.ErrTooMany},        // one copy of a flower
		{"1m ２m", 4, "２", tile.ErrSyntax},                   // characters, not bytes
		{"(pon ５55z<1)", 6, "５", tile.ErrSyntax},            // inside a meld too
		{"1m)", 3, ")", tile.ErrSyntax},                     // stray closer
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			h, err := tile.ParseHand(tt.in)
			if err == nil {
				t.Fatalf("ParseHand(%q) = %v, want an error", tt.in, h)
			}
			var pe *tile.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			if pe.Pos != tt.pos || pe.Char != tt.char {
				t.Errorf("error %v: at %d %q, want %d %q", err, pe.Pos, pe.Char, tt.pos, tt.char)
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("error %v does not match %v", err, tt.err)
			}
		})
	}
}

func TestMeld(t *testing.T) {
	chi := tile.Meld{Type: tile.Chi, Tiles: tile.MustParse("435p"), From: 3}
	if chi.Base() != tile.P3 || !chi.Open() || chi.IsKong() {
		t.Errorf("chi: Base %v Open %v IsKong %v", chi.Base(), chi.Open(), chi.IsKong())
	}
	ankan := tile.Meld{Type: tile.ClosedKan, Tiles: tile.MustParse("7777z")}
	if ankan.Base() != tile.Red || ankan.Open() || !ankan.IsKong() {
		t.Errorf("ankan: Base %v Open %v IsKong %v", ankan.Base(), ankan.Open(), ankan.IsKong())
	}
	if (tile.Meld{Type: tile.AddedKan}).IsKong() != true || (tile.Meld{Type: tile.Pon}).IsKong() {
		t.Error("IsKong")
	}
	bad := []tile.Meld{
		{Type: tile.MeldType(9), Tiles: tile.MustParse("111m"), From: 1},
		{Type: tile.ClosedKan, Tiles: tile.MustParse("1111m"), From: 2},
		{Type: tile.Pon, Tiles: tile.MustParse("111m"), From: 0},
		{Type: tile.Pon, Tiles: tile.MustParse("111m"), From: 4},
		{Type: tile.Chi, Tiles: tile.MustParse("789m"[:2] + "m"), From: 3},
		{Type: tile.Chi, Tiles: tile.MustParse("8m9m1p"), From: 3},
		// A kind past the flowers: no tile, though all three agree.
		{Type: tile.Pon, Tiles: []tile.Tile{{Kind: 50}, {Kind: 50}, {Kind: 50}}, From: 1},
		{Type: tile.ClosedKan, Tiles: []tile.Tile{{Kind: tile.NumAll}, {Kind: tile.NumAll}, {Kind: tile.NumAll}, {Kind: tile.NumAll}}},
	}
	for _, m := range bad {
		if err := m.Check(); !errors.Is(err, tile.ErrSyntax) {
			t.Errorf("Check(%v) = %v, want ErrSyntax", m, err)
		}
	}
	if s := tile.MeldType(9).String(); s != "MeldType(9)" {
		t.Errorf("MeldType(9) = %q", s)
	}
}

func TestHandCounts(t *testing.T) {
	h, err := tile.ParseHand("11m (pon 555z<1) [ankan 3333m] 2f")
	if err != nil {
		t.Fatal(err)
	}
	c := h.Counts()
	if c.Total() != 9 || c[tile.M1] != 2 || c[tile.White] != 3 || c[tile.M3] != 4 {
		t.Errorf("Counts = %v", c)
	}
}
