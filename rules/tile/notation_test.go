package tile_test

import (
	"errors"
	"testing"

	"jantaku/rules/tile"
)

func TestParseFormat(t *testing.T) {
	tests := []struct {
		in, canon string
		n         int
	}{
		{"123m456p789s1234567z", "123m456p789s1234567z", 16},
		{"", "", 0},
		{"1m 2m", "12m", 2},
		{"1m\t2p", "1m2p", 2},
		{"0m0p0s", "0m0p0s", 3},
		{"5550m", "5550m", 4},
		{"12345678f", "12345678f", 8},
		{"1z1f2z", "1z1f2z", 3},
		{"11m11m", "1111m", 4},
		{"9p1p", "91p", 2}, // order is kept
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			ts, err := tile.Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if len(ts) != tt.n {
				t.Errorf("%d tiles, want %d", len(ts), tt.n)
			}
			if got := tile.Format(ts); got != tt.canon {
				t.Errorf("Format = %q, want %q", got, tt.canon)
			}
			again, err := tile.Parse(tile.Format(ts))
			if err != nil || len(again) != len(ts) {
				t.Fatalf("re-parse: %v, %v", again, err)
			}
			for i := range ts {
				if again[i] != ts[i] {
					t.Errorf("tile %d: %+v after a round trip, want %+v", i, again[i], ts[i])
				}
			}
		})
	}
}

func TestParseTiles(t *testing.T) {
	ts := tile.MustParse("0p5p5p5p")
	want := []tile.Tile{
		{Kind: tile.P5, Copy: 0, Red: true},
		{Kind: tile.P5, Copy: 1}, {Kind: tile.P5, Copy: 2}, {Kind: tile.P5, Copy: 3},
	}
	for i := range want {
		if ts[i] != want[i] {
			t.Errorf("tile %d = %+v, want %+v", i, ts[i], want[i])
		}
	}
	// A plain five written before the red one leaves copy 0 for it.
	ts = tile.MustParse("5s0s")
	if ts[0].Copy != 1 || !ts[1].Red || ts[1].Copy != 0 {
		t.Errorf("5s0s = %+v", ts)
	}
	ts = tile.MustParse("7z3f")
	if ts[0] != (tile.Tile{Kind: tile.Red}) || ts[1] != (tile.Tile{Kind: tile.Autumn}) {
		t.Errorf("7z3f = %+v", ts)
	}
	if tile.FormatKinds([]tile.Kind{tile.M1, tile.M2, tile.East, tile.Plum}) != "12m1z5f" {
		t.Error("FormatKinds")
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in   string
		pos  int
		char string
		err  error
	}{
		{"123", 1, "1", tile.ErrSyntax},              // digits with no suit letter
		{"12 3m", 1, "1", tile.ErrSyntax},            // a space splits a group
		{"m", 1, "m", tile.ErrSyntax},                // letter with no digits
		{"12mm", 4, "m", tile.ErrSyntax},             // a second letter
		{"1x", 2, "x", tile.ErrSyntax},               // not a suit letter
		{"123m8z", 5, "8z", tile.ErrSyntax},          // honours are 1z–7z
		{"0z", 1, "0z", tile.ErrSyntax},              // no red honour
		{"9f", 1, "9f", tile.ErrSyntax},              // flowers are 1f–8f
		{"0f", 1, "0f", tile.ErrSyntax},              // no flower 0
		{"1m２m", 3, "２", tile.ErrSyntax},             // positions count characters
		{"東", 1, "東", tile.ErrSyntax},                // not notation
		{"11111m", 5, "1m", tile.ErrTooMany},         // fifth copy
		{"111m11m", 6, "1m", tile.ErrTooMany},        // across groups
		{"0m0m", 3, "0m", tile.ErrTooMany},           // a second red five
		{"5555m0m", 6, "0m", tile.ErrTooMany},        // a red five beyond four fives
		{"1f1f", 3, "1f", tile.ErrTooMany},           // one copy of a flower
		{"1m 2p 3", 7, "3", tile.ErrSyntax},          // trailing digit
		{"1m-2p", 3, "-", tile.ErrSyntax},            // punctuation
		{"1m\n2p", 3, "\n", tile.ErrSyntax},          // only spaces and tabs separate
		{"123m(pon 555z<1)", 5, "(", tile.ErrSyntax}, // melds are ParseHand's
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			ts, err := tile.Parse(tt.in)
			if err == nil {
				t.Fatalf("Parse(%q) = %v, want an error", tt.in, ts)
			}
			var pe *tile.ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is not a *ParseError", err)
			}
			if pe.Pos != tt.pos || pe.Char != tt.char || pe.Input != tt.in {
				t.Errorf("error at %d %q in %q, want %d %q", pe.Pos, pe.Char, pe.Input, tt.pos, tt.char)
			}
			if !errors.Is(err, tt.err) {
				t.Errorf("error %v does not match %v", err, tt.err)
			}
			if pe.Msg == "" || pe.Error() == "" {
				t.Error("error without a message")
			}
		})
	}
}

func TestMustParsePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse(bad) did not panic")
		}
	}()
	tile.MustParse("1x")
}

func TestParseErrorMessage(t *testing.T) {
	_, err := tile.Parse("12mx")
	want := `tile: "12mx": position 4 ("x"): unexpected character`
	if err == nil || err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	e := &tile.ParseError{Input: "x", Msg: "whole input", Err: tile.ErrSyntax}
	if e.Error() != `tile: "x": whole input` {
		t.Errorf("Pos 0 error %q", e.Error())
	}
}
