package riichi_test

import (
	"slices"
	"testing"

	"jantaku/rules/riichi"
	"jantaku/rules/tile"
)

func tileCounts(t testing.TB, s string) tile.Counts {
	t.Helper()
	ts, err := tile.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return tile.CountsOf(ts)
}

// spec/riichi.md §7.5 and D-RI-32.
func TestWinningTiles(t *testing.T) {
	tests := []struct{ hand, want string }{
		{"23m567m678p345s88s", "1m4m"},
		{"19m19p19s1234567z", "19m19p19s1234567z"}, // 13-sided
		{"1112345678999m", "123456789m"},
		{"11m44m77p99p33s55s2z", "2z"},
		{"1111m23m456p789s5s", "5s"}, // 1m is not a winning tile: four held
		{"1111m234p567s123z", ""},    // noten
	}
	for _, tt := range tests {
		ws, err := riichi.WinningTiles(tileCounts(t, tt.hand))
		if err != nil {
			t.Fatal(err)
		}
		want := []tile.Kind{}
		if tt.want != "" {
			want = kinds(t, tt.want)
		}
		if !slices.Equal(ws, want) {
			t.Errorf("%s: %v, want %v", tt.hand, ws, want)
		}
	}
	if ok, _ := riichi.Tenpai(tileCounts(t, "1111m234p567s123z")); ok {
		t.Error("noten hand is tenpai")
	}
	// A wait only on a kind whose four copies the hand holds is noten
	// (D-RI-32): 1111m 234p 567s 789s waits on a fifth 1m only.
	if ok, _ := riichi.Tenpai(tileCounts(t, "1111m234p567s789s")); ok {
		t.Error("a wait on a fifth 1m only is tenpai")
	}
}

func TestFuriten(t *testing.T) {
	hand := tileCounts(t, "23m567m678p345s88s") // waits 1m 4m
	tests := []struct {
		name string
		s    riichi.FuritenState
		want riichi.FuritenKind
	}{
		{"none", riichi.FuritenState{Discards: kinds(t, "9p2z"), PassedThisTurn: kinds(t, "5m")}, riichi.NotFuriten},
		{"own discard of one winning tile", riichi.FuritenState{Discards: kinds(t, "9p4m")}, riichi.DiscardFuriten},
		{"passed a winning tile this turn", riichi.FuritenState{PassedThisTurn: kinds(t, "1m")}, riichi.TemporaryFuriten},
		{"a winning tile went by after riichi", riichi.FuritenState{PassedAfterRiichi: kinds(t, "4m"), Discards: kinds(t, "1m")}, riichi.RiichiFuriten},
	}
	for _, tt := range tests {
		got, err := riichi.Furiten(hand, tt.s)
		if err != nil || got != tt.want {
			t.Errorf("%s: %v %v, want %v", tt.name, got, err, tt.want)
		}
	}
}
