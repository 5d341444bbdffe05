package wuhan_test

import (
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/wuhan"
	"jantaku/tablecore"
)

// TestRobbingThroughTheReferee: seat 1 has pung 3p and adds the fourth;
// seat 2, waiting on 3p, robs it: 搶槓 (seeds/000 L78, a 258 pair), and
// the robbed player pays everyone's share (包, B2). The hand starts from
// the robbing window (docs/position.md).
func TestRobbingThroughTheReferee(t *testing.T) {
	rs, _ := newGame(t, wuhan.Defaults())
	p, err := tablecore.ParsePosition(`game E1 dealer 0 honba 0 pot 0 hands 0 scores 500 500 500 500
turn 1 rob
wall drawn 57+0 reserve 10: 53- [4p] 3- 69? | 10?
seat 0 E 12789m19p23456z3m pond 3p^ 3m
seat 1 S 456s99m1s277p6z3p (pon 333p<3) pond 7s^
seat 2 W 456m123s24p88m (chi 789s<3) pond 1z
seat 3 N 567p234689s1234z pond 2m'
claim 1 3p answers 0pass 3pass`)
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.FromPosition(rs, p)
	if err != nil {
		t.Fatal(err)
	}
	h := g.Hand()
	if h.Phase != game.Claims || !h.Claim.Robbing || h.Claim.Responses[2].Answered {
		t.Fatalf("phase %s, robbing %v: seat 2 should be asked", h.Phase, h.Claim.Robbing)
	}
	apply(t, g, game.Action{Kind: game.Ron, Seat: 2, Tile: h.Claim.Tile})
	if h = g.Hand(); h.Phase != game.Over || len(h.Wins) != 1 || !h.Wins[0].Robbed {
		t.Fatalf("phase %s wins %v", h.Phase, h.Wins)
	}
	// Y = 10 (搶槓), winner 開口 + 硬胡: seat 1 (opened) 80, seat 3 40,
	// dealer 40 (no dealer fan on a 大胡) → 8 + 4 + 4, all from seat 1.
	want := []int{500, 500 - 16, 500 + 16, 500}
	for i, s := range h.Scores {
		if s != want[i] {
			t.Errorf("seat %d: %d, want %d (%s)", i, s, want[i], h.Wins[0].Value.Summary)
		}
	}
	// The robbed kong did not happen: seat 1 keeps a pon.
	if m := h.Seats[1].Melds[0]; m.Type.String() != "pon" {
		t.Errorf("robbed meld %v", m)
	}
}
