package riichi_test

import (
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/riichi"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// The parlour preset pays chips: seat 0 wins on its first draw in the last
// hand (chiihou, a yakuman tsumo), five chips from each other player; the
// game ends and its settlement carries the chips apart from the points.
func TestParlourChipsInTheSettlement(t *testing.T) {
	o, err := riichi.TablePreset("parlour")
	if err != nil {
		t.Fatal(err)
	}
	o.RedFives = 0
	rs, err := riichi.New(o)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := tablecore.SetStanding(g, game.Standing{Dealer: 3, Round: tile.South, Number: 3, Scores: []int{25000, 25000, 25000, 25000}}); err != nil {
		t.Fatal(err)
	}
	w, err := tablecoretest.Wall(rs.Rules().Set, []string{
		"1357m1357p1357s1z2z", // the dealer: discards 2z, which nobody takes
		"123m456m789m11p23p",  // seat 0: draws 4p, chiihou
		"2468m2468p2468s3z",
		"2468m2468p2468s4z",
	}, "4p", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w}); err != nil {
		t.Fatal(err)
	}
	do(t, g, game.Action{Kind: game.Discard, Seat: 3, Tile: find(t, g, 3, "2z")})
	next(t, g)
	do(t, g, game.Action{Kind: game.Tsumo, Seat: 0})
	h := g.Hand()
	if len(h.Wins) != 1 || h.Wins[0].Chips != 5 {
		t.Fatalf("wins %+v, want a yakuman with 5 chips from each", h.Wins)
	}
	st, ok := g.Settlement()
	if !g.Over() || !ok {
		t.Fatalf("the game is not over after the last hand (scores %v)", g.Standing().Scores)
	}
	if !slices.Equal(st.Chips, []int{15, -5, -5, -5}) {
		t.Errorf("chips %v, want [15 -5 -5 -5]", st.Chips)
	}
	// Chiihou, a child's yakuman tsumo: 16,000 from the dealer, 8,000 from
	// each child. Parlour: 30,000 returned, uma +10/+5/−5/−10, oka 20 to
	// first; seats 1 and 2 tie, seat 1 (nearer the first dealer) second:
	// −13+5, −13−5, −21−10, and first the balance, 27+10+20 = 57.
	if !slices.Equal(g.Standing().Scores, []int{57000, 17000, 17000, 9000}) || !slices.Equal(st.Points, []float64{57, -8, -18, -31}) {
		t.Errorf("scores %v, results %v", g.Standing().Scores, st.Points)
	}
}
