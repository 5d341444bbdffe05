package tile_test

import (
	"testing"

	"jantaku/rules/tile"
)

func TestSets(t *testing.T) {
	std := func(reds int) tile.Set {
		s, err := tile.Standard(reds)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	three := func(reds int) tile.Set {
		s, err := tile.ThreePlayer108(reds)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	jing := func(s tile.Suit) tile.Set {
		set, err := tile.Jingzhou96(s)
		if err != nil {
			t.Fatal(err)
		}
		return set
	}
	red := func(k tile.Kind) tile.Tile { return tile.Tile{Kind: k, Red: true} }
	plain := func(k tile.Kind, c uint8) tile.Tile { return tile.Tile{Kind: k, Copy: c} }
	tests := []struct {
		name    string
		set     tile.Set
		size    int
		reds    [3]bool
		has     []tile.Tile // tiles the set holds
		foreign []tile.Tile // tiles it does not
	}{
		{"standard 0", std(0), 136, [3]bool{}, []tile.Tile{plain(tile.M5, 0), plain(tile.Red, 3)},
			[]tile.Tile{red(tile.P5), plain(tile.Spring, 0), plain(tile.M1, 4)}},
		// One red five: circles; two: circles and bamboo; three: all.
		{"standard 1", std(1), 136, [3]bool{false, true, false}, []tile.Tile{red(tile.P5), plain(tile.M5, 0), plain(tile.S5, 0)},
			[]tile.Tile{plain(tile.P5, 0), red(tile.S5), red(tile.M5)}},
		{"standard 2", std(2), 136, [3]bool{false, true, true}, []tile.Tile{red(tile.P5), red(tile.S5), plain(tile.M5, 0)},
			[]tile.Tile{red(tile.M5), plain(tile.S5, 0)}},
		{"standard 3", std(3), 136, [3]bool{true, true, true}, []tile.Tile{red(tile.M5), red(tile.P5), red(tile.S5), plain(tile.M5, 1)},
			[]tile.Tile{plain(tile.M5, 0), {Kind: tile.M5, Copy: 1, Red: true}, {Kind: tile.M4, Red: true}}},
		{"seasons", tile.WithSeasons(), 140, [3]bool{}, []tile.Tile{plain(tile.Spring, 0), plain(tile.Winter, 0)},
			[]tile.Tile{plain(tile.Plum, 0), plain(tile.Spring, 1)}},
		{"flowers", tile.WithFlowers(), 144, [3]bool{}, []tile.Tile{plain(tile.Spring, 0), plain(tile.Bamboo, 0)},
			[]tile.Tile{plain(tile.Bamboo, 1), red(tile.P5)}},
		{"suits", tile.Suits108(), 108, [3]bool{}, []tile.Tile{plain(tile.M1, 3), plain(tile.S9, 0)},
			[]tile.Tile{plain(tile.East, 0), plain(tile.Red, 0), plain(tile.Spring, 0)}},
		{"three-player", three(0), 108, [3]bool{}, []tile.Tile{plain(tile.M1, 0), plain(tile.M9, 3), plain(tile.East, 0)},
			[]tile.Tile{plain(tile.M2, 0), plain(tile.M5, 1), plain(tile.M8, 3)}},
		{"three-player 2 reds", three(2), 108, [3]bool{false, true, true}, []tile.Tile{red(tile.P5), red(tile.S5)},
			[]tile.Tile{red(tile.M5), plain(tile.P5, 0)}},
		{"jingzhou", jing(tile.Sou), 96, [3]bool{}, []tile.Tile{plain(tile.M5, 0), plain(tile.South, 3)},
			[]tile.Tile{plain(tile.S1, 0), plain(tile.S9, 3), plain(tile.East, 0)}},
		{"jingzhou characters", jing(tile.Man), 96, [3]bool{}, []tile.Tile{plain(tile.S5, 0)},
			[]tile.Tile{plain(tile.M5, 0), plain(tile.East, 1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if n := tt.set.Size(); n != tt.size {
				t.Errorf("Size = %d, want %d", n, tt.size)
			}
			if tt.set.Reds != tt.reds {
				t.Errorf("Reds = %v, want %v", tt.set.Reds, tt.reds)
			}
			if tt.set.Name == "" {
				t.Error("no Name")
			}
			ts := tt.set.Tiles()
			if len(ts) != tt.size {
				t.Errorf("%d Tiles, want %d", len(ts), tt.size)
			}
			nred := 0
			seen := map[int]bool{}
			for _, x := range ts {
				if !tt.set.Contains(x) {
					t.Errorf("Tiles lists %+v, which Contains rejects", x)
				}
				if seen[x.ID()] {
					t.Errorf("tile ID %d twice", x.ID())
				}
				seen[x.ID()] = true
				if x.Red {
					nred++
				}
			}
			wantRed := 0
			for _, r := range tt.reds {
				if r {
					wantRed++
				}
			}
			if nred != wantRed {
				t.Errorf("%d red fives, want %d", nred, wantRed)
			}
			for _, x := range tt.has {
				if !tt.set.Contains(x) || !tt.set.Has(x.Kind) {
					t.Errorf("does not contain %+v", x)
				}
			}
			for _, x := range tt.foreign {
				if tt.set.Contains(x) {
					t.Errorf("contains foreign %+v", x)
				}
			}
			if tt.set.Contains(tile.Tile{Kind: tile.NumAll}) || tt.set.Has(tile.NumAll) {
				t.Error("contains an invalid kind")
			}
		})
	}
}

func TestSetErrors(t *testing.T) {
	for _, n := range []int{-1, 4} {
		if _, err := tile.Standard(n); err == nil {
			t.Errorf("Standard(%d) no error", n)
		}
	}
	for _, n := range []int{-1, 3} {
		if _, err := tile.ThreePlayer108(n); err == nil {
			t.Errorf("ThreePlayer108(%d) no error", n)
		}
	}
	for _, s := range []tile.Suit{tile.Wind, tile.Dragon, tile.Flower} {
		if _, err := tile.Jingzhou96(s); err == nil {
			t.Errorf("Jingzhou96(%v) no error", s)
		}
	}
}
