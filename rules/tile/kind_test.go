package tile_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"jantaku/rules/tile"
)

func TestKindPredicates(t *testing.T) {
	type preds struct {
		suited, honor, wind, dragon, flower, terminal, termOrHonor, simple bool
	}
	tests := []struct {
		k    tile.Kind
		suit tile.Suit
		rank int
		want preds
	}{
		{tile.M1, tile.Man, 1, preds{suited: true, terminal: true, termOrHonor: true}},
		{tile.M5, tile.Man, 5, preds{suited: true, simple: true}},
		{tile.M9, tile.Man, 9, preds{suited: true, terminal: true, termOrHonor: true}},
		{tile.P1, tile.Pin, 1, preds{suited: true, terminal: true, termOrHonor: true}},
		{tile.P2, tile.Pin, 2, preds{suited: true, simple: true}},
		{tile.S8, tile.Sou, 8, preds{suited: true, simple: true}},
		{tile.S9, tile.Sou, 9, preds{suited: true, terminal: true, termOrHonor: true}},
		{tile.East, tile.Wind, 1, preds{honor: true, wind: true, termOrHonor: true}},
		{tile.North, tile.Wind, 4, preds{honor: true, wind: true, termOrHonor: true}},
		{tile.White, tile.Dragon, 1, preds{honor: true, dragon: true, termOrHonor: true}},
		{tile.Red, tile.Dragon, 3, preds{honor: true, dragon: true, termOrHonor: true}},
		{tile.Spring, tile.Flower, 1, preds{flower: true}},
		{tile.Bamboo, tile.Flower, 8, preds{flower: true}},
	}
	for _, tt := range tests {
		t.Run(tt.k.String(), func(t *testing.T) {
			got := preds{tt.k.IsSuited(), tt.k.IsHonor(), tt.k.IsWind(), tt.k.IsDragon(), tt.k.IsFlower(),
				tt.k.IsTerminal(), tt.k.IsTerminalOrHonor(), tt.k.IsSimple()}
			if got != tt.want {
				t.Errorf("predicates = %+v, want %+v", got, tt.want)
			}
			if tt.k.Suit() != tt.suit || tt.k.Rank() != tt.rank {
				t.Errorf("Suit, Rank = %v, %d; want %v, %d", tt.k.Suit(), tt.k.Rank(), tt.suit, tt.rank)
			}
			if k, ok := tile.Of(tt.suit, tt.rank); !ok || k != tt.k {
				t.Errorf("Of(%v, %d) = %v, %v", tt.suit, tt.rank, k, ok)
			}
			if !tt.k.Valid() {
				t.Error("not Valid")
			}
		})
	}
}

func TestKindCounts(t *testing.T) {
	var suited, honors, flowers, terminals, simples int
	for k := tile.Kind(0); k < tile.NumAll; k++ {
		if k.IsSuited() {
			suited++
		}
		if k.IsHonor() {
			honors++
		}
		if k.IsFlower() {
			flowers++
		}
		if k.IsTerminal() {
			terminals++
		}
		if k.IsSimple() {
			simples++
		}
		if s, r := k.Suit(), k.Rank(); func() tile.Kind { x, _ := tile.Of(s, r); return x }() != k {
			t.Errorf("Of(%v.Suit(), %v.Rank()) is not %v", k, k, k)
		}
	}
	if suited != 27 || honors != 7 || flowers != 8 || terminals != 6 || simples != 21 {
		t.Errorf("suited %d honours %d flowers %d terminals %d simples %d; want 27 7 8 6 21", suited, honors, flowers, terminals, simples)
	}
	if tile.Kind(tile.NumAll).Valid() {
		t.Error("Kind(42) is Valid")
	}
}

func TestOfOutOfRange(t *testing.T) {
	bad := []struct {
		s tile.Suit
		r int
	}{{tile.Man, 0}, {tile.Pin, 10}, {tile.Wind, 5}, {tile.Dragon, 4}, {tile.Flower, 9}, {tile.Flower, 0}, {tile.Suit(9), 1}}
	for _, b := range bad {
		if _, ok := tile.Of(b.s, b.r); ok {
			t.Errorf("Of(%v, %d) ok", b.s, b.r)
		}
	}
}

func TestKindNext(t *testing.T) {
	tests := []struct {
		k    tile.Kind
		next tile.Kind
		ok   bool
	}{
		{tile.M1, tile.M2, true}, {tile.M8, tile.M9, true}, {tile.M9, 0, false},
		{tile.P9, 0, false}, {tile.S3, tile.S4, true}, {tile.East, 0, false}, {tile.Red, 0, false}, {tile.Spring, 0, false},
	}
	for _, tt := range tests {
		if n, ok := tt.k.Next(); ok != tt.ok || (ok && n != tt.next) {
			t.Errorf("%v.Next() = %v, %v; want %v, %v", tt.k, n, ok, tt.next, tt.ok)
		}
	}
}

func TestKindNames(t *testing.T) {
	tests := []struct {
		k                 tile.Kind
		str, han, english string
	}{
		{tile.M1, "1m", "一萬", "1 characters"},
		{tile.P5, "5p", "五筒", "5 circles"},
		{tile.S9, "9s", "九索", "9 bamboo"},
		{tile.East, "1z", "東", "East"},
		{tile.Green, "6z", "發", "Green dragon"},
		{tile.Red, "7z", "中", "Red dragon"},
		{tile.Plum, "5f", "梅", "Plum"},
		{tile.Kind(50), "Kind(50)", "Kind(50)", "Kind(50)"},
	}
	for _, tt := range tests {
		if tt.k.String() != tt.str || tt.k.Han() != tt.han || tt.k.English() != tt.english {
			t.Errorf("names of %d = %q %q %q; want %q %q %q", tt.k, tt.k.String(), tt.k.Han(), tt.k.English(), tt.str, tt.han, tt.english)
		}
	}
}

func TestFlowerSeat(t *testing.T) {
	// Flower n and n+4 belong to seat n−1 (East first).
	tests := []struct {
		k    tile.Kind
		seat int
		ok   bool
	}{{tile.Spring, 0, true}, {tile.Winter, 3, true}, {tile.Plum, 0, true}, {tile.Orchid, 1, true}, {tile.Bamboo, 3, true}, {tile.East, 0, false}}
	for _, tt := range tests {
		if s, ok := tt.k.FlowerSeat(); s != tt.seat || ok != tt.ok {
			t.Errorf("%v.FlowerSeat() = %d, %v; want %d, %v", tt.k, s, ok, tt.seat, tt.ok)
		}
	}
}

func TestSuitString(t *testing.T) {
	if tile.Man.String() != "characters" || tile.Flower.String() != "flowers" || tile.Suit(7).String() != "Suit(7)" {
		t.Error("Suit names")
	}
	for s, want := range map[tile.Suit]byte{tile.Man: 'm', tile.Pin: 'p', tile.Sou: 's', tile.Wind: 'z', tile.Dragon: 'z', tile.Flower: 'f', tile.Suit(9): '?'} {
		if s.Letter() != want {
			t.Errorf("%v.Letter() = %c, want %c", s, s.Letter(), want)
		}
	}
}

func TestTileID(t *testing.T) {
	reds := [3]bool{false, true, false}
	tests := []struct {
		id   int
		want tile.Tile
	}{
		{0, tile.Tile{Kind: tile.M1}},
		{3, tile.Tile{Kind: tile.M1, Copy: 3}},
		{16, tile.Tile{Kind: tile.M5}},                   // no red five in characters
		{52, tile.Tile{Kind: tile.P5, Red: true}},        // copy 0 of 5p is red
		{53, tile.Tile{Kind: tile.P5, Copy: 1}},          // the others are not
		{135, tile.Tile{Kind: tile.Red, Copy: 3}},        // last playing tile
		{136, tile.Tile{Kind: tile.Spring}},              // first flower
		{143, tile.Tile{Kind: tile.Bamboo}},              // last flower
		{4 * int(tile.East), tile.Tile{Kind: tile.East}}, // 108
		{4*int(tile.S5) + 2, tile.Tile{Kind: tile.S5, Copy: 2}},
	}
	for _, tt := range tests {
		got, err := tile.FromID(tt.id, reds)
		if err != nil || got != tt.want {
			t.Errorf("FromID(%d) = %+v, %v; want %+v", tt.id, got, err, tt.want)
		}
		if got.ID() != tt.id {
			t.Errorf("%+v.ID() = %d, want %d", got, got.ID(), tt.id)
		}
	}
	for _, id := range []int{-1, 144, 1000} {
		if _, err := tile.FromID(id, reds); err == nil {
			t.Errorf("FromID(%d) no error", id)
		}
	}
}

func TestCounts(t *testing.T) {
	ts := tile.MustParse("1m0p55p7z1f")
	c := tile.CountsOf(ts)
	if c.Total() != 5 || c[tile.P5] != 3 || c[tile.M1] != 1 || c[tile.Red] != 1 {
		t.Errorf("CountsOf = %v (total %d)", c, c.Total())
	}
	if s := c.String(); s != "1m555p7z" {
		t.Errorf("Counts.String() = %q, want 1m555p7z", s)
	}
	if k := c.Kinds(); len(k) != 5 || k[0] != tile.M1 || k[4] != tile.Red {
		t.Errorf("Kinds() = %v", k)
	}
	if c2 := tile.CountKinds(tile.Kinds(ts)); c2 != c {
		t.Errorf("CountKinds = %v, want %v", c2, c)
	}
}

// TestParseWind: every way players write a wind reads as its kind, and
// anything else is ErrNotWind, named in the message.
func TestParseWind(t *testing.T) {
	for want, names := range map[tile.Kind][]string{
		tile.East:  {"E", "e", "east", "East", "1z", "東"},
		tile.South: {"S", "s", "south", "South", "2z", "南"},
		tile.West:  {"W", "w", "west", "West", "3z", "西"},
		tile.North: {"N", "n", "north", "North", "4z", "北"},
	} {
		for _, s := range names {
			if got, err := tile.ParseWind(s); err != nil || got != want {
				t.Errorf("ParseWind(%q) = %v, %v; want %v", s, got, err, want)
			}
		}
	}
	for _, s := range []string{"", "X", "5z", "EAST", "中", " E", "1m"} {
		_, err := tile.ParseWind(s)
		if !errors.Is(err, tile.ErrNotWind) || !strings.Contains(err.Error(), strconv.Quote(s)) {
			t.Errorf("ParseWind(%q): %v, want ErrNotWind naming the text", s, err)
		}
	}
}
