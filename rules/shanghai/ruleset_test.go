package shanghai_test

import (
	"errors"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/shanghai"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// table deals one hand under the preset v: hands from the dealer (seat 0)
// on, then the head draws and the tail (replacement) tiles in order.
func table(t *testing.T, v shanghai.Variant, hands []string, draws, tail string) (*tablecore.Game, *shanghai.Ruleset) {
	t.Helper()
	rs, err := shanghai.New(preset(t, v))
	if err != nil {
		t.Fatal(err)
	}
	g, err := tablecore.New(rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	w, err := tablecoretest.Wall(rs.Rules().Set, hands, draws, tail)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.StartHand(tablecore.Deal{Wall: w, Dice: [2]int{3, 4}}); err != nil {
		t.Fatal(err)
	}
	return g, rs
}

// held finds a tile of kind s (e.g. "9s") in seat's hand.
func held(t *testing.T, g *tablecore.Game, seat game.Seat, s string) tile.Tile {
	t.Helper()
	kd := k(s)
	for _, x := range g.Hand().Seats[seat].Hand {
		if x.Kind == kd {
			return x
		}
	}
	t.Fatalf("seat %d holds no %s: %s", seat, s, tile.Format(g.Hand().Seats[seat].Hand))
	return tile.Tile{}
}

func apply(t *testing.T, g *tablecore.Game, a game.Action) {
	t.Helper()
	if _, err := g.Apply(a); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
}

// legal applies the first legal action of kind for seat, checking that
// the referee offers it.
func legal(t *testing.T, g *tablecore.Game, seat game.Seat, kind game.Kind) game.Action {
	t.Helper()
	for _, a := range g.Legal(seat) {
		if a.Kind == kind {
			apply(t, g, a)
			return a
		}
	}
	h := g.Hand()
	t.Fatalf("seat %d may not %s (phase %s, turn %d, hand %s)", seat, kind, h.Phase, h.Turn, tile.Format(h.Seats[seat].Hand))
	return game.Action{}
}

// flower exposes the flower s and draws its replacement, which must be want.
func flower(t *testing.T, g *tablecore.Game, seat game.Seat, s, want string) {
	t.Helper()
	apply(t, g, game.Action{Kind: game.Flower, Seat: seat, Tile: held(t, g, seat, s)})
	if h := g.Hand(); h.Phase != game.ToDraw || h.Source != game.Tail || h.Turn != seat {
		t.Fatalf("after the flower %s: phase %s source %d turn %d, want seat %d to draw from the tail", s, h.Phase, h.Source, h.Turn, seat)
	}
	if d := legal(t, g, seat, game.Draw); d.Tile.Kind != k(want) {
		t.Fatalf("seat %d's replacement is %s, want %s", seat, d.Tile, want)
	}
}

func discard(t *testing.T, g *tablecore.Game, seat game.Seat, s string) {
	t.Helper()
	apply(t, g, game.Action{Kind: game.Discard, Seat: seat, Tile: held(t, g, seat, s)})
}

func checkEnd(t *testing.T, g *tablecore.Game, net [4]int, tai int) game.Win {
	t.Helper()
	h := g.Hand()
	if h.Phase != game.Over || h.End == nil || h.End.Kind != game.Won || len(h.Wins) != 1 {
		t.Fatalf("phase %s, %d wins, end %+v", h.Phase, len(h.Wins), h.End)
	}
	if got := [4]int(h.Scores); got != net {
		t.Errorf("scores %v, want %v (%s)", got, net, h.Wins[0].Value.Summary)
	}
	n := 0
	for _, it := range h.Wins[0].Value.Items {
		v, u := leadingInt(it.Value)
		if u == "台" || u == "番" {
			n += v
		}
	}
	if n != tai {
		t.Errorf("%d 台 in %+v, want %d", n, h.Wins[0].Value.Items, tai)
	}
	return h.Wins[0]
}

// TestLaoshiHandWithFlowers plays a 老式 hand: flowers at the deal (East,
// then West), a flower drawn in play and a win on its replacement.
func TestLaoshiHandWithFlowers(t *testing.T) {
	g, _ := table(t, shanghai.Laoshi, []string{
		"999s55z1f147m258p36s", // E: 9s pung, Wh pair, 春 (own)
		"24m777p567s22z777z",   // S: waits on 3m
		"666z3f258m147p368s",   // W: Gr pung, 秋 (own)
		"369m369p147s1347z",    // N: nothing
	}, "2f", "1p9p3m")
	h := g.Hand()
	if h.Phase != game.Setup || h.Turn != E {
		t.Fatalf("phase %s turn %d, want East to expose first", h.Phase, h.Turn)
	}
	if _, err := g.Apply(game.Action{Kind: game.Flower, Seat: W, Tile: held(t, g, W, "3f")}); !errors.Is(err, tablecore.ErrOutOfTurn) {
		t.Fatalf("West exposed before East: %v", err)
	}
	flower(t, g, E, "1f", "1p")
	flower(t, g, W, "3f", "9p")
	if h.Phase != game.ToAct || h.Turn != E {
		t.Fatalf("phase %s turn %d after the deal's flowers", h.Phase, h.Turn)
	}
	discard(t, g, E, "1p")
	if d := legal(t, g, S, game.Draw); d.Tile.Kind != tile.Summer {
		t.Fatalf("South drew %s", d.Tile)
	}
	if _, err := g.Apply(game.Action{Kind: game.Discard, Seat: S, Tile: held(t, g, S, "2m")}); err == nil {
		t.Fatalf("a discard with a flower in hand was accepted")
	}
	flower(t, g, S, "2f", "3m")
	legal(t, g, S, game.Tsumo)
	// S: 10 base + 4 (7p) + 8 (Rd) + 4 (S pair) + 2 closed + 2 self-draw
	// + 4 (夏) = 34胡; Rd, 坐花, 槓頭開花 = 3台: 272. E 28, W 48, N 0.
	// E pays 544, W and N 272; E→W 40, N→E 56, N→W 48.
	w := checkEnd(t, g, [4]int{-528, 1088, -184, -376}, 3)
	if w.Value.Points != 272 || w.From != game.NoSeat {
		t.Errorf("win %+v", w)
	}
}

// TestLiuxingHandWithFlowers plays example F (spec/shanghai.md §8) and a
// win by discard.
func TestLiuxingHandWithFlowers(t *testing.T) {
	g, _ := table(t, shanghai.Liuxing, []string{
		"1f7f123m456m789p23s5p", // E: 春 and 菊
		"147m258p369s2346z",     // S: none
		"3f258m147p258s67z9m",   // W: 秋
		"5f369m369p478s135z",    // N: 梅
	}, "4s", "8f5p1z9p2p")
	h := g.Hand()
	// Example F: East exposes 春 and 菊; the first replacement is 竹, also
	// exposed; then West and North; five tail draws in all.
	flower(t, g, E, "1f", "8f")
	if h.Phase != game.Setup || h.Turn != E {
		t.Fatalf("East's chain was interrupted: phase %s turn %d", h.Phase, h.Turn)
	}
	flower(t, g, E, "7f", "5p")
	flower(t, g, E, "8f", "1z")
	if h.Turn != W {
		t.Fatalf("turn %d after East's flowers, want West (South has none)", h.Turn)
	}
	flower(t, g, W, "3f", "9p")
	flower(t, g, N, "5f", "2p")
	if h.Phase != game.ToAct || h.Turn != E || h.Wall.Tail != 5 {
		t.Fatalf("phase %s turn %d, %d tail draws; want East to discard after 5", h.Phase, h.Turn, h.Wall.Tail)
	}
	for seat, want := range []string{"178f", "", "3f", "5f"} {
		if got := tile.Format(h.Seats[seat].Flowers); got != want {
			t.Errorf("seat %d exposed %q, want %q", seat, got, want)
		}
	}
	discard(t, g, E, "1z")
	legal(t, g, S, game.Draw)
	discard(t, g, S, "4s")
	legal(t, g, E, game.Ron)
	// E: 平和 1, 坐花 春 1 (菊 and 竹 are not East's) = 2台, H = 4; South
	// discarded: 8, West and North 4.
	w := checkEnd(t, g, [4]int{16, -8, -4, -4}, 2)
	if w.From != S || w.Value.Points != 4 {
		t.Errorf("win %+v", w)
	}
}

// TestXinshiHandWithFlowers: a flower drawn in play, then a concealed kong,
// and a self-drawn win on the kong's replacement.
func TestXinshiHandWithFlowers(t *testing.T) {
	g, _ := table(t, shanghai.Xinshi, []string{
		"4f147m258p369s1237z",
		"555m234p678p46s99s", // S: waits on 5s
		"369m147p258s456z1s",
		"147m369p147s123z8s",
	}, "6f", "9m5m5s")
	flower(t, g, E, "4f", "9m")
	discard(t, g, E, "9m")
	legal(t, g, S, game.Draw)
	flower(t, g, S, "6f", "5m")
	legal(t, g, S, game.ClosedKan)
	if d := legal(t, g, S, game.Draw); d.Tile.Kind != tile.S5 {
		t.Fatalf("kong replacement %s", d.Tile)
	}
	legal(t, g, S, game.Tsumo)
	// S: 辺嵌張 1, 嵌中心 1, 坐花 蘭 1, 槓頭開花 1, 不求人 2 = 6台, H = 64;
	// a self-draw: everyone pays 128.
	checkEnd(t, g, [4]int{-128, 384, -128, -128}, 6)
}

// TestLate80sHandWithFlowers: flowers add chips, the discarder alone pays,
// and the winner deals next.
func TestLate80sHandWithFlowers(t *testing.T) {
	g, rs := table(t, shanghai.Late80s, []string{
		"5f147p258s369p1234z",
		"2f147s258p369s146z",
		"7f123m456m789m77z5z", // W: 混一色 after its replacement 5z
		"7z258s147p258m36z9s",
	}, "8p9p2s", "9s3s5z")
	flower(t, g, E, "5f", "9s")
	flower(t, g, S, "2f", "3s")
	flower(t, g, W, "7f", "5z")
	discard(t, g, E, "9s")
	legal(t, g, S, game.Draw)
	discard(t, g, S, "8p")
	legal(t, g, W, game.Draw)
	discard(t, g, W, "9p")
	legal(t, g, N, game.Draw)
	discard(t, g, N, "7z")
	legal(t, g, W, game.Ron)
	// W: (3 + 1 flower) chips × 2^2 (混一色) = 16, paid by North alone.
	checkEnd(t, g, [4]int{0, 0, 16, -16}, 2)
	next, over := rs.Next(g.Standing(), g.Hand())
	if over || next.Dealer != W {
		t.Fatalf("next dealer %d (over %v), want the winner, West", next.Dealer, over)
	}
}

// leadingInt splits "12台" into 12 and "台".
func leadingInt(s string) (int, string) {
	n, i := 0, 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		n = 10*n + int(s[i]-'0')
		i++
	}
	return n, s[i:]
}

// TestRobbingAKong: North robs East's added kong; the robbed player pays
// as the discarder in 流行式 (D-SH-33, P-12) and keeps a pung, which 老式
// scores for him (example L4).
func TestRobbingAKong(t *testing.T) {
	for _, c := range []struct {
		v   shanghai.Variant
		net [4]int
		tai int
	}{
		// N: 平和 1, 嵌張 1, 搶槓和 1 = 3台, H = 8; East pays 16, the others 8.
		{shanghai.Liuxing, [4]int{-16, -8, -8, 32}, 3},
		// N: 10 base + 2 closed wait = 12胡, 搶槓 1台: 24 (no 平和 on a
		// closed wait). E scores 2 (5m pung), S and W 0. E pays 48, S and
		// W 24, and 4 each to E.
		{shanghai.Laoshi, [4]int{-40, -28, -28, 96}, 1},
	} {
		t.Run(string(c.v), func(t *testing.T) {
			robbing(t, c.v, c.net, c.tai)
		})
	}
}

func robbing(t *testing.T, v shanghai.Variant, net [4]int, tai int) {
	t.Helper()
	g, _ := table(t, v, []string{
		"55m123p456p789s123z",
		"5m147s258s369p67z9m",
		"1238m258p147s69s6z",
		"46m123s456s789p11p", // waits on 5m
	}, "3z4z7z5z5m", "")
	h := g.Hand()
	discard(t, g, E, "1z")
	legal(t, g, S, game.Draw)
	discard(t, g, S, "5m")
	// North could win on the 5m but passes; East pons.
	if h.Claim.Responses[N].Answered {
		t.Fatalf("North, who waits on 5m, was not asked")
	}
	apply(t, g, game.Action{Kind: game.Pass, Seat: N})
	legal(t, g, E, game.Pon)
	if _, err := g.Apply(game.Action{Kind: game.Tsumo, Seat: E}); !errors.Is(err, game.ErrIllegal) {
		t.Fatalf("a win on a claimed tile by self-draw: %v", err)
	}
	discard(t, g, E, "2z")
	for _, s := range []game.Seat{S, W, N} {
		d := legal(t, g, s, game.Draw)
		apply(t, g, game.Action{Kind: game.Discard, Seat: s, Tile: d.Tile})
	}
	legal(t, g, E, game.Draw)
	legal(t, g, E, game.AddedKan)
	if !h.Claim.Robbing {
		t.Fatalf("no robbing window after the added kong")
	}
	legal(t, g, N, game.Ron)
	w := checkEnd(t, g, net, tai)
	if !w.Robbed || w.From != E {
		t.Errorf("win %+v", w)
	}
	if m := h.Seats[E].Melds[0]; m.Type != tile.Pon {
		t.Errorf("the robbed meld is %s, want it to stay a pon", m)
	}
}

// TestDealerWinsOnTheDealsReplacement: a tile replacing a flower at the
// deal is part of the deal, so no 槓頭開花 (D-SH-40).
func TestDealerWinsOnTheDealsReplacement(t *testing.T) {
	g, _ := table(t, shanghai.Liuxing, []string{
		"1f123m456m789p234s5p",
		"147m258p369s1234z",
		"147p258s369m1567z",
		"147s258m369p5677z",
	}, "", "5p")
	flower(t, g, E, "1f", "5p")
	legal(t, g, E, game.Tsumo)
	// 平和 1, 単釣 1, 坐花 春 1 = 3台, H = 8; a self-draw: 16 from each.
	w := checkEnd(t, g, [4]int{48, -16, -16, -16}, 3)
	for _, it := range w.Value.Items {
		if it.Name == "槓頭開花" {
			t.Errorf("槓頭開花 on the deal's replacement: %+v", w.Value.Items)
		}
	}
}

func TestCheck(t *testing.T) {
	rs, _ := shanghai.New(preset(t, shanghai.Xinshi))
	for _, k := range []game.Kind{game.Riichi, game.SingleKan, game.Missing, game.Abort} {
		if err := rs.Check(&game.Hand{}, game.Action{Kind: k}); !errors.Is(err, game.ErrIllegal) {
			t.Errorf("%s: %v", k, err)
		}
	}
	for _, k := range []game.Kind{game.Discard, game.Chi, game.Pon, game.OpenKan, game.AddedKan, game.ClosedKan, game.Flower} {
		if err := rs.Check(&game.Hand{}, game.Action{Kind: k}); err != nil {
			t.Errorf("%s: %v", k, err)
		}
	}
}

// TestNext follows the deal (§2.9, D-SH-30) and the late-1980s rule
// (the winner deals, §6.4).
func TestNext(t *testing.T) {
	o := preset(t, shanghai.Liuxing)
	o.Rounds = 2
	rs, _ := shanghai.New(o)
	won := func(dealer, winner game.Seat) *game.Hand {
		h := &game.Hand{Players: 4, Dealer: dealer}
		if winner != game.NoSeat {
			h.Wins = []game.Win{{Seat: winner}}
		}
		return h
	}
	s := rs.Start(0)
	s, over := rs.Next(s, won(0, 0))
	if over || s.Dealer != 0 || s.Honba != 1 || s.Round != tile.East {
		t.Fatalf("after a dealer win: %+v", s)
	}
	s, _ = rs.Next(s, won(0, game.NoSeat))
	if s.Dealer != 0 || s.Honba != 2 {
		t.Fatalf("after a draw: %+v", s)
	}
	for i := range 3 {
		s, _ = rs.Next(s, won(s.Dealer, s.Dealer.Next(4)))
		if s.Dealer != game.Seat(i+1) || s.Round != tile.East || s.Honba != 0 {
			t.Fatalf("pass %d: %+v", i+1, s)
		}
	}
	s, over = rs.Next(s, won(3, 1))
	if over || s.Dealer != 0 || s.Round != tile.South {
		t.Fatalf("after four passes: %+v, over %v", s, over)
	}
	for range 3 {
		s, _ = rs.Next(s, won(s.Dealer, s.Dealer.Next(4)))
	}
	if _, over = rs.Next(s, won(3, 0)); !over {
		t.Fatalf("the game goes on after %d rounds", o.Rounds)
	}

	o = preset(t, shanghai.Late80s)
	o.Hands = 3
	rs, _ = shanghai.New(o)
	s = rs.Start(0)
	s, _ = rs.Next(s, won(0, 2))
	if s.Dealer != 2 {
		t.Fatalf("late80s: dealer %d after West won, want West", s.Dealer)
	}
	s, _ = rs.Next(s, won(2, game.NoSeat))
	if s.Dealer != 2 {
		t.Fatalf("late80s: dealer %d after a draw, want West again", s.Dealer)
	}
	s.Hands = 3
	if _, over := rs.Next(s, won(2, 1)); !over {
		t.Fatalf("late80s: the game goes on after its hands")
	}
}
