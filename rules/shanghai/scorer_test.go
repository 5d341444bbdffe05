package shanghai_test

import (
	"reflect"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/shanghai"
	"jantaku/rules/tile"
)

// TestScorerReuse: one Scorer scoring win after win, in every variant,
// gives what Score gives, and allocates nothing.
func TestScorerReuse(t *testing.T) {
	type win struct {
		hands []string
		win   shanghai.Win
	}
	wins := []win{
		{[]string{"", "", "123p456p789p456s55m"}, shanghai.Win{Seat: 2, Tile: tile.S5, From: 1}},
		{[]string{"999s55z14m8p26s (pon 555p<1) 1f", "234m777p567s22z (pon 777z<2) 2f",
			"369m3p48s1z (pon 666z<1) (kan 1111p<2)", "2568m269p137s13z4z 3f"}, shanghai.Win{Seat: 1, Tile: tile.M3, From: game.NoSeat}},
		{[]string{"11122233344455m"}, shanghai.Win{Seat: 0, Tile: tile.M5, From: game.NoSeat}},
		{[]string{"", "22334455667788s"}, shanghai.Win{Seat: 1, Tile: tile.S8, From: 3}},
		{[]string{"", "", "", "789s55z (pon 777s<1) (chi 123s<3) 4f"}, shanghai.Win{Seat: 3, Tile: tile.S9, From: 0}},
	}
	var z shanghai.Scorer
	scored := 0
	for _, v := range []shanghai.Variant{shanghai.Laoshi, shanghai.Liuxing, shanghai.Xinshi, shanghai.Late80s} {
		o, err := shanghai.Preset(v)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range wins {
			var s shanghai.Situation
			s.Round = tile.East
			for i, h := range w.hands {
				if s.Hands[i], err = tile.ParseHand(h); err != nil {
					t.Fatal(err)
				}
			}
			s.Win = w.win
			want, werr := shanghai.Score(o, s)
			got, err := z.Score(o, s)
			if !reflect.DeepEqual(got, want) || (err == nil) != (werr == nil) {
				t.Fatalf("%s %v: Scorer %+v %v, Score %+v %v", v, w.hands, got, err, want, werr)
			}
			if err != nil {
				continue
			}
			scored++
			if n := testing.AllocsPerRun(5, func() { z.Score(o, s) }); n != 0 {
				t.Errorf("%s %v: %v allocations a win", v, w.hands, n)
			}
		}
	}
	if scored < 8 {
		t.Fatalf("only %d of the wins scored", scored)
	}
}
