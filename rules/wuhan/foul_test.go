package wuhan_test

import (
	"errors"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/rules/wuhan"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// sit seats melds, concealed tiles and single-tile kongs at seat s.
func sit(t *testing.T, h *game.Hand, s game.Seat, melds, concealed, singles string) {
	t.Helper()
	h.Seats[s].Melds = ms(t, melds)
	if concealed != "" {
		h.Seats[s].Hand = tiles(t, concealed)
	}
	if singles != "" {
		h.Seats[s].SingleKans = tiles(t, singles)
	}
}

// drew makes seat's last concealed tile the one it just drew.
func drew(h *game.Hand, s game.Seat) {
	hd := h.Seats[s].Hand
	h.Log = append(h.Log, game.Action{Kind: game.Draw, Seat: s, Tile: hd[len(hd)-1]})
}

// TestFalseWinPaysTheOtherWay: a false win (§12, DEC-41) costs the offender
// each opponent's share of the declared hand, valued as if it were legal
// (threshold and failed condition ignored, caps applied, no 包), and ends
// the hand. Indicator 4p, wildcard 5p; the expected shares are the spec's
// payment vectors, worked by hand.
func TestFalseWinPaysTheOtherWay(t *testing.T) {
	rs, err := wuhan.New(wuhan.Defaults())
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name    string
		build   func(h *game.Hand) game.Action
		refused error             // why Win refuses the declaration; nil: the referee does
		want    map[game.Seat]int // money the offender pays each opponent
	}{
		{
			// D1: 小胡 self-draw, 開口 + 硬胡 + 自摸: wf = 3. Seat 2 has
			// 0 fan (8), seat 3 has opened (16), seat 0 is the dealer
			// (16). 8 < 16: below the threshold. 0.8 → 1, 1.6 → 2.
			name: "D1 below the threshold",
			build: func(h *game.Hand) game.Action {
				sit(t, h, 1, "(chi 123m<3)", "456m789s234p8m8m", "")
				sit(t, h, 3, opened, "", "")
				drew(h, 1)
				return game.Action{Kind: game.Tsumo, Seat: 1}
			},
			refused: wuhan.ErrThreshold,
			want:    map[game.Seat]int{0: 2, 2: 1, 3: 2},
		},
		{
			// D2 with the winner's open kong made concealed: 清一色 +
			// 碰碰胡 by self-draw, Y = 15 + 15 = 30; wf = 暗槓 2 + 硬胡 1 =
			// 3, as in D2, but no opening (W2). Seat 1 opened: 480; seat 2
			// no opening, 頼子槓: 960; seat 3 dealer, opened, 紅中槓: 960.
			// All reach 400: 金頂 500, 陽光頂 600 for seat 2.
			name: "D2 without an opening, 金頂",
			build: func(h *game.Hand) game.Action {
				h.Dealer = 3
				sit(t, h, 0, "[ankan 1111m]", "222m333m444m9m9m", "")
				sit(t, h, 1, opened, "", "")
				sit(t, h, 2, "", "", "5p")
				sit(t, h, 3, opened, "", "7z")
				drew(h, 0)
				return game.Action{Kind: game.Tsumo, Seat: 0}
			},
			refused: wuhan.ErrNoOpening,
			want:    map[game.Seat]int{1: 50, 2: 60, 3: 50},
		},
		{
			// D5 declared by a dead hand (W8): 搶槓, Y = 10, wf = 開口 +
			// 硬胡 = 2. The robbed seat 1 (opened) 80, seat 2 40, seat 3
			// (dealer, opened) 80. Legal, the robbed seat would pay all
			// 20 (包); the false win pays each share, no 包.
			name: "D5 by a dead hand, no 包",
			build: func(h *game.Hand) game.Action {
				h.Dealer = 3
				sit(t, h, 0, "(chi 123m<3)", "456m789s24p88m", "")
				sit(t, h, 1, "(pon 333p<2)", "3p", "")
				sit(t, h, 3, opened, "", "")
				h.Phase = game.Claims
				h.Claim = game.Claim{From: 1, Tile: tiles(t, "3p")[0], Robbing: true, Responses: make([]game.Response, 4)}
				h.Fouls = []game.Foul{{Action: game.Action{Kind: game.Draw, Seat: 0}, Reason: "drew out of turn"}}
				return game.Action{Kind: game.Ron, Seat: 0, Tile: h.Claim.Tile}
			},
			refused: wuhan.ErrDead,
			want:    map[game.Seat]int{1: 8, 2: 4, 3: 8},
		},
		{
			// L5 on a discard: pon 2s, 9m, E | 7p7p7p W + 3m, an any-tile
			// wait (W7). 碰碰胡 with W as 3m (not 硬胡): Y = 10, wf = 1.
			// The discarder (seat 1) 15 × 2 = 30, seats 0 and 3 20 each.
			name: "L5 any-tile wait on a discard",
			build: func(h *game.Hand) game.Action {
				sit(t, h, 2, "(pon 222s<1)(pon 999m<2)(pon 111z<3)", "777p5p", "")
				h.Phase = game.Claims
				h.Claim = game.Claim{From: 1, Tile: tiles(t, "3m")[0], Responses: make([]game.Response, 4)}
				return game.Action{Kind: game.Ron, Seat: 2, Tile: h.Claim.Tile}
			},
			refused: wuhan.ErrAnyTileWait,
			want:    map[game.Seat]int{0: 2, 1: 3, 3: 2},
		},
		{
			// L3 by self-draw: pair 3s3s, not 258, no pattern (W4). Read
			// as a 小胡 anyway: 開口 + 硬胡 + 自摸, wf = 3. Dealer seat 0:
			// 16 → 2; seat 2: 8 → 1; seat 3 opened: 16 → 2.
			name: "L3 a pair that is not 2-5-8",
			build: func(h *game.Hand) game.Action {
				sit(t, h, 1, "(chi 123m<3)", "456m789s234p3s3s", "")
				sit(t, h, 3, opened, "", "")
				drew(h, 1)
				return game.Action{Kind: game.Tsumo, Seat: 1}
			},
			refused: wuhan.ErrShape,
			want:    map[game.Seat]int{0: 2, 2: 1, 3: 2},
		},
		{
			// TV-S1 declared after its claim window closed: a Ron on the
			// last discard, B's (seat 1) 8m. Valued as the spec's
			// example: A (dealer) 32 → 3, B 16 → 2, C 64 → 6.
			name: "TV-S1 too late",
			build: func(h *game.Hand) game.Action {
				sit(t, h, 0, opened, "", "6z")
				sit(t, h, 1, opened, "", "")
				sit(t, h, 2, opened, "", "7z5p")
				sit(t, h, 3, "(chi 123m<3)", "456m789s234p8m", "")
				h.Log = []game.Action{{Kind: game.Discard, Seat: 1, Tile: tiles(t, "8m")[0]}}
				h.Phase, h.Turn = game.ToDraw, 2
				return game.Action{Kind: game.Ron, Seat: 3}
			},
			want: map[game.Seat]int{0: 3, 1: 2, 2: 6},
		},
		{
			// No winning shape: the smallest 小胡 of a self-draw, wf =
			// 開口 + 自摸 = 2 (no 硬胡 without a reading). Dealer seat 0
			// opened: 2 + 2 → 16; seat 2: 4 → 0.4 → 0; seat 3 opened with
			// a 頼子槓: 2 + 3 → 32.
			name: "no shape: the smallest 小胡",
			build: func(h *game.Hand) game.Action {
				sit(t, h, 0, opened, "", "")
				sit(t, h, 1, "(chi 123m<3)", "147m258s369p1z2z", "")
				sit(t, h, 3, opened, "", "5p")
				drew(h, 1)
				return game.Action{Kind: game.Tsumo, Seat: 1}
			},
			refused: wuhan.ErrShape,
			want:    map[game.Seat]int{0: 2, 3: 3},
		},
		{
			// 大相公: the D1 hand with a tile too many is no shape either:
			// the smallest 小胡 of a self-draw, wf = 2. Seat 0 dealer 8 →
			// 1, seat 2 4 → 0, seat 3 opened 8 → 1.
			name: "too many tiles: the smallest 小胡",
			build: func(h *game.Hand) game.Action {
				sit(t, h, 1, "(chi 123m<3)", "456m789s234p1z8m8m", "")
				sit(t, h, 3, opened, "", "")
				drew(h, 1)
				return game.Action{Kind: game.Tsumo, Seat: 1}
			},
			refused: wuhan.ErrSituation,
			want:    map[game.Seat]int{0: 1, 3: 1},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := handAt(t, 30)
			a := c.build(h)
			reason := "out of time"
			if c.refused != nil {
				_, err := rs.Win(h, a)
				if !errors.Is(err, c.refused) {
					t.Fatalf("Win: %v, want %v", err, c.refused)
				}
				reason = err.Error()
			}
			f := game.Foul{Action: a, Reason: reason}
			h.Fouls = append(h.Fouls, f) // as the referee records it
			fx := rs.Penalty(h, f)
			if len(fx) == 0 || fx[len(fx)-1].Kind != game.EndHand || fx[len(fx)-1].End != game.Chombo {
				t.Fatalf("effects %+v: want payments, then the hand ended as chombo", fx)
			}
			got := map[game.Seat]int{}
			for _, e := range fx[:len(fx)-1] {
				p := e.Payment
				if e.Kind != game.Pay || p.From != a.Seat || p.To == a.Seat || p.Amount <= 0 {
					t.Fatalf("effect %+v: only the offender pays, to the others", e)
				}
				got[p.To] += p.Amount
			}
			if len(got) != len(c.want) {
				t.Errorf("paid %v, want %v", got, c.want)
			}
			for s, m := range c.want {
				if got[s] != m {
					t.Errorf("seat %d received %d, want %d (all: %v)", s, got[s], m, got)
				}
			}
		})
	}
}

// TestFalseWinThroughTheReferee: a false tsumo is refused, reported as a
// foul, paid the other way; the hand ends as a chombo, the money only
// moves, the dealer keeps the deal, and the hand being over no second
// false win can be penalised.
func TestFalseWinThroughTheReferee(t *testing.T) {
	rs, g := newGame(t, wuhan.Defaults())
	hands := []string{
		"5p123p789s11z2z3z4z6p9p", // dealer: discards the wildcard (頼子槓, 2 fan)
		"111m222m333m444m5m",      // concealed 清一色, no opening
		"678s23s678p9p1z2z3z4z",
		"123s456s7p2z3z4z6z7z9s",
	}
	w, err := tablecoretest.Wall(rs.Rules().Set, hands, "4p5m", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	h := g.Hand()
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "5p")})
	drawFor(t, g, 1)
	tsumo := game.Action{Kind: game.Tsumo, Seat: 1}
	_, err = g.Apply(tsumo)
	if !errors.Is(err, wuhan.ErrNoOpening) || !errors.Is(err, game.ErrNotWinning) {
		t.Fatalf("tsumo without an opening: %v", err)
	}
	if _, err := g.Foul(tsumo, err.Error()); err != nil {
		t.Fatal(err)
	}
	// 清一色 + 碰碰胡 by self-draw: Y = 15 + 15 = 30, wf = 硬胡 1. The
	// dealer (no dealer fan on a 大胡) discarded the wildcard: 30 × 2^3 =
	// 240 → 24; seats 2 and 3: 30 × 2 = 60 → 6.
	want := []int{500 + 24, 500 - 36, 500 + 6, 500 + 6}
	sum := 0
	for i, s := range h.Scores {
		sum += s
		if s != want[i] {
			t.Errorf("seat %d: %d, want %d", i, s, want[i])
		}
	}
	if sum != 4*500 {
		t.Errorf("scores sum to %d", sum)
	}
	if h.Phase != game.Over || h.End == nil || h.End.Kind != game.Chombo || len(h.Wins) != 0 {
		t.Fatalf("after the false win: phase %s end %+v wins %d", h.Phase, h.End, len(h.Wins))
	}
	if next, over := g.NextStanding(); next.Dealer != 0 || next.Number != 0 || over {
		t.Errorf("next hand: dealer %d, pass %d, over %v; want the dealer kept", next.Dealer, next.Number, over)
	}
	// A second false win by the same seat: the hand has ended, so the
	// referee refuses the report and nothing more is paid.
	if _, err := g.Foul(tsumo, "again"); !errors.Is(err, tablecore.ErrNoHand) {
		t.Errorf("second false win: %v, want ErrNoHand", err)
	}
	if fx := rs.Penalty(h, game.Foul{Action: tsumo, Reason: "again"}); fx != nil {
		t.Errorf("penalty on an ended hand: %+v", fx)
	}
	for i, s := range h.Scores {
		if s != want[i] {
			t.Errorf("after the second report, seat %d: %d, want %d", i, s, want[i])
		}
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: rs.Rules().Set.Tiles(), Dice: [2]int{1, 1}}); err != nil {
		t.Fatal(err)
	}
	if d := g.Hand().Dealer; d != 0 {
		t.Errorf("the next hand's dealer is seat %d, want 0", d)
	}
}

// answer applies a claim and passes for every seat yet to answer.
func answer(t *testing.T, g *tablecore.Game, a game.Action) {
	t.Helper()
	apply(t, g, a)
	h := g.Hand()
	for s := range h.Players {
		if h.Phase == game.Claims && !h.Claim.Responses[s].Answered {
			apply(t, g, game.Action{Kind: game.Pass, Seat: game.Seat(s)})
		}
	}
}

// TestDeadHandThroughTheReferee: seat 2 drew out of turn (§12). Its hand
// is dead: it still pons, but its win is refused with ErrDead and
// game.ErrIllegal, and when another seat wins it pays its share.
func TestDeadHandThroughTheReferee(t *testing.T) {
	rs, g := newGame(t, wuhan.Defaults())
	hands := []string{
		"3s123m4m1s9s2p3p9p2z3z8p4p",
		"44z111p999s666s8m2s",
		"33s999m777p88m22p1z",
		"4z5m7m1s4s7s8s1p3p6p8p3z1m",
	}
	w, err := tablecoretest.Wall(rs.Rules().Set, hands, "4p2m5s8m", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	h := g.Hand()
	if _, err := g.Foul(game.Action{Kind: game.Draw, Seat: 2}, "drew out of turn"); err != nil {
		t.Fatal(err)
	}
	if h.Phase != game.ToAct || h.Scores[2] != 500 {
		t.Fatalf("a dead hand ends nothing and costs nothing now: phase %s scores %v", h.Phase, h.Scores)
	}
	pair := func(seat game.Seat, s string) []tile.Tile {
		var out []tile.Tile
		for _, x := range h.Seats[seat].Hand {
			if x.Kind == k1(t, s) && len(out) < 2 {
				out = append(out, x)
			}
		}
		return out
	}
	apply(t, g, game.Action{Kind: game.Discard, Seat: 0, Tile: held(t, g, 0, "3s")})
	answer(t, g, game.Action{Kind: game.Pon, Seat: 2, Tile: h.Claim.Tile, Uses: pair(2, "3s")})
	apply(t, g, game.Action{Kind: game.Discard, Seat: 2, Tile: held(t, g, 2, "1z")})
	drawFor(t, g, 3)
	apply(t, g, game.Action{Kind: game.Discard, Seat: 3, Tile: held(t, g, 3, "4z")})
	answer(t, g, game.Action{Kind: game.Pon, Seat: 1, Tile: h.Claim.Tile, Uses: pair(1, "4z")})
	apply(t, g, game.Action{Kind: game.Discard, Seat: 1, Tile: held(t, g, 1, "2s")})
	drawFor(t, g, 2)
	apply(t, g, game.Action{Kind: game.Discard, Seat: 2, Tile: held(t, g, 2, "5s")})
	drawFor(t, g, 3)
	apply(t, g, game.Action{Kind: game.Discard, Seat: 3, Tile: held(t, g, 3, "8m")})
	// Seat 2 waits on 8m for 碰碰胡, but its hand is dead.
	ron := game.Action{Kind: game.Ron, Seat: 2, Tile: h.Claim.Tile}
	_, err = g.Apply(ron)
	if !errors.Is(err, wuhan.ErrDead) || !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("ron by a dead hand: %v", err)
	}
	for _, a := range g.Legal(2) {
		if a.Kind == game.Ron {
			t.Errorf("the referee offers a dead hand %s", a)
		}
	}
	apply(t, g, game.Action{Kind: game.Pon, Seat: 2, Tile: h.Claim.Tile, Uses: pair(2, "8m")})
	apply(t, g, game.Action{Kind: game.Ron, Seat: 1, Tile: h.Claim.Tile})
	if h.Phase != game.Over || len(h.Wins) != 1 || h.Wins[0].Seat != 1 {
		t.Fatalf("phase %s wins %+v", h.Phase, h.Wins)
	}
	// Seat 1: 碰碰胡 on seat 3's discard, Y = 10, wf = 開口 + 硬胡 = 2.
	// Seat 3 dealt in: 15 × 4 = 60 → 6; the dead seat 2 opened: 10 × 8 =
	// 80 → 8; the dealer: 40 → 4.
	want := []int{500 - 4, 500 + 18, 500 - 8, 500 - 6}
	for i, s := range h.Scores {
		if s != want[i] {
			t.Errorf("seat %d: %d, want %d (%s)", i, s, want[i], h.Wins[0].Value.Summary)
		}
	}
}
