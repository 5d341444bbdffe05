package sichuan_test

import (
	"reflect"
	"testing"

	"jantaku/rules/sichuan"
	"jantaku/rules/tile"
)

// TestScorerReuse: one Scorer scoring hand after hand gives what Score
// gives, and allocates nothing.
func TestScorerReuse(t *testing.T) {
	var z sichuan.Scorer
	for _, c := range []struct {
		hand    string
		missing tile.Suit
		cond    sichuan.Conditions
	}{
		{"123m456m789p234p55m", tile.Sou, sichuan.Conditions{}},
		{"123456p22p888p(pon 999p<1)", tile.Man, sichuan.Conditions{SelfDrawn: true}},
		{"11223344m55556p6p", tile.Sou, sichuan.Conditions{SelfDrawn: true}},
		{"111m999m222p33p(pon 777p<1)", tile.Sou, sichuan.Conditions{Replacement: true, SelfDrawn: true}},
		{"22334455667788s", tile.Man, sichuan.Conditions{Last: true}},
	} {
		h, err := sichuan.ParseHand(c.hand, c.missing)
		if err != nil {
			t.Fatal(err)
		}
		o := sichuan.Defaults()
		want, werr := sichuan.Score(h, c.cond, o)
		got, err := z.Score(h, c.cond, o)
		if werr != nil || err != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: Scorer %+v %v, Score %+v %v", c.hand, got, err, want, werr)
		}
		if n := testing.AllocsPerRun(5, func() { z.Score(h, c.cond, o) }); n != 0 {
			t.Errorf("%s: %v allocations a hand", c.hand, n)
		}
	}
}
