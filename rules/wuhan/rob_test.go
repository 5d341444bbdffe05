package wuhan_test

import (
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/rules/wuhan"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// TestRobbingThroughTheReferee: seat 1 pons 3p, later adds the fourth; seat
// 2, waiting on 3p, robs it: 搶槓 (a 258 pair), and the robbed player pays
// everyone's share (包, B2).
func TestRobbingThroughTheReferee(t *testing.T) {
	rs, g := newGame(t, wuhan.Defaults())
	hands := []string{
		"123m789m19p2z3z4z5z6z3p",
		"33p7s456s99m1s2p77p6z",
		"456m123s24p88m89s1z",
		"567p23s4s6s8s9s1234z",
	}
	w, err := tablecoretest.Wall(rs.Rules().Set, hands, "4p2m3m3p", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	h := g.Hand()
	// claim builds a call on the open tile with one tile of each of the
	// given kinds from seat's hand.
	claim := func(k game.Kind, seat game.Seat, a, b string) game.Action {
		var uses []tile.Tile
		for _, want := range []string{a, b} {
			for _, x := range h.Seats[seat].Hand {
				if x.Kind == k1(t, want) && (len(uses) == 0 || uses[0] != x) {
					uses = append(uses, x)
					break
				}
			}
		}
		return game.Action{Kind: k, Seat: seat, Tile: h.Claim.Tile, Uses: uses}
	}
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "3p")})
	apply(t, g, claim(game.Pon, 1, "3p", "3p"))
	apply(t, g, game.Action{Kind: game.Discard, Seat: 1, Tile: held(t, g, 1, "7s")})
	apply(t, g, claim(game.Chi, 2, "8s", "9s"))
	apply(t, g, game.Action{Kind: game.Discard, Seat: 2, Tile: held(t, g, 2, "1z")})
	drawFor(t, g, 3)
	apply(t, g, game.Action{Kind: game.Discard, Seat: 3, Tile: held(t, g, 3, "2m")})
	drawFor(t, g, 0)
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "3m")})
	drawFor(t, g, 1)
	apply(t, g, game.Action{Kind: game.AddedKan, Seat: 1, Tile: held(t, g, 1, "3p")})
	if h.Phase != game.Claims || !h.Claim.Robbing || h.Claim.Responses[2].Answered {
		t.Fatalf("phase %s, robbing %v: seat 2 should be asked", h.Phase, h.Claim.Robbing)
	}
	apply(t, g, game.Action{Kind: game.Ron, Seat: 2, Tile: h.Claim.Tile})
	if h.Phase != game.Over || len(h.Wins) != 1 || !h.Wins[0].Robbed {
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
