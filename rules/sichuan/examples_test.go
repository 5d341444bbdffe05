package sichuan_test

import (
	"errors"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/sichuan"
	"jantaku/rules/tile"
)

// SX8: a double ron; the next draw follows the second winner counted from
// the discarder; the discarder deals next. East lays 9m face down.
func TestSX8DoubleRon(t *testing.T) {
	x := newTable(t, sichuan.Defaults(), []string{
		"234s678s5s111s999s9m", // E: 清一色 on 5s
		"123m456m78m23p45p6p",  // S
		"345m666m77m55s888s",   // W: no yaku on 5s
		"5s123p456p789p11p2p",  // N
	}, "9p9p9s")
	x.missing(man, sou, pin, man)
	if _, err := x.g.Apply(game.Action{Kind: game.Discard, Seat: E, Tile: x.held(E, "5s")}); !errors.Is(err, sichuan.ErrMissingSuit) {
		t.Fatalf("the dealer discarded another tile than its face-down 9m: %v", err)
	}
	x.discard(E, "9m")
	x.turn(S)
	x.turn(W)
	x.draw(N)
	x.discard(N, "5s")
	x.ron(E)
	x.ron(W)
	x.wantScores("double ron", 4, 0, 1, -5)
	x.wantTurn("after the double ron", game.ToDraw, N)
	if d := sichuan.NextDealer(x.h()); d != N {
		t.Errorf("next dealer %d, want North (the discarder)", d)
	}
}

// SX13: robbing an added kong; the kong does not happen.
func TestSX13RobbingAKong(t *testing.T) {
	x := newTable(t, sichuan.Defaults(), []string{
		"45m789m11p666p234p9s", // E: waits 3m/6m, lays 9s face down
		"66m123s456s78s99s1m",  // S
		"22m33m11m555s77s88s",  // W
		"555p77p88p99p44s33s",  // N
	}, "9m6m9m1s1s6m")
	x.missing(sou, pin, pin, man)
	x.discard(E, "9s")
	x.turn(S)
	x.draw(W)
	x.discard(W, "6m")
	x.pass(E) // E could win on 6m and does not
	x.pon(S)
	x.discard(S, "1m")
	x.turn(W)
	x.turn(N)
	x.turn(E)
	x.draw(S)
	x.addedKan(S, "6m")
	if h := x.h(); h.Phase != game.Claims || !h.Claim.Robbing {
		t.Fatalf("phase %s, want the added kong open to robbing", h.Phase)
	}
	x.ron(E)
	x.wantScores("槍槓", 2, -2, 0, 0)
	h := x.h()
	if w := h.Wins[0]; !w.Robbed || w.Value.Points != 2 {
		t.Errorf("win %+v, want a robbed kong worth 2", w)
	}
	if m := h.Seats[S].Melds; len(m) != 1 || m[0].Type != tile.Pon {
		t.Errorf("S's melds %v, want the pung to stay", m)
	}
	x.wantTurn("after the robbed kong", game.ToDraw, S)
	if d := sichuan.NextDealer(h); d != E {
		t.Errorf("next dealer %d, want East", d)
	}
}

// SX6: two kongs in a row, then a deal-in: the last kong is void.
func TestSX6ConsecutiveKongsThenDealIn(t *testing.T) {
	for _, mode := range []sichuan.KongDealIn{sichuan.VoidLast, sichuan.LiteralSplit} {
		t.Run(string(mode), func(t *testing.T) {
			o := sichuan.Defaults()
			o.KongDealInIncome = mode
			x := newTable(t, o, []string{
				"3p1p1p4p4p7p7p9p9p1m1m9m9m5m", // E
				"2p2p5p5p6p6p1s1s3s3s4s4s7s",   // S
				"33p666s567p88p99s1s",          // W
				"123m456m79m555s22s",           // N: waits 8m
			}, "1m2m2m6s3p8m")
			x.missing(sou, man, man, pin)
			x.discard(E, "3p")
			x.pon(W)
			x.discard(W, "1s")
			x.turn(N)
			x.turn(E)
			x.turn(S)
			x.draw(W)
			x.closedKan(W, "6s")
			x.wantScores("K1", -2, -2, 6, -2)
			x.draw(W)
			x.addedKan(W, "3p")
			x.draw(W) // the window on the added kong closes: it is paid
			x.wantScores("K2", -3, -3, 9, -3)
			x.discard(W, "8m")
			x.ron(N)
			x.wantScores("deal-in: K2 void", -2, -2, 4, 0)
			h := x.h()
			if it := h.Wins[0].Value.Items; len(it) != 1 || it[0].Name != "カンブリ" {
				t.Errorf("yaku %v, want カンブリ", it)
			}
			x.wantTurn("after the win", game.ToDraw, E)
			if d := sichuan.NextDealer(h); d != N {
				t.Errorf("next dealer %d, want North", d)
			}
		})
	}
}

// SX7: a single kong, then a deal-in, in both kong_dealin_income modes.
// South lays 9p face down and reveals it after its kong.
func TestSX7SingleKongThenDealIn(t *testing.T) {
	for _, c := range []struct {
		mode sichuan.KongDealIn
		want []int
	}{
		{sichuan.VoidLast, []int{0, -8, 8, 0}},
		{sichuan.LiteralSplit, []int{-2, -6, 8, 0}},
	} {
		t.Run(string(c.mode), func(t *testing.T) {
			o := sichuan.Defaults()
			o.KongDealInIncome = c.mode
			x := newTable(t, o, []string{
				"4s11s22s33s55s66s77s8s", // E
				"444s9p123m456m78m9m",    // S
				"123p567p78p99p444p",     // W: 清一色 on 6p/9p
				"22m33m55m66m99s88s7s",   // N
			}, "1m")
			x.missing(man, pin, man, pin)
			x.discard(E, "4s")
			x.openKan(S)
			x.draw(S)
			x.wantScores("the kong", -2, 2, 0, 0)
			if _, err := x.g.Apply(game.Action{Kind: game.Discard, Seat: S, Tile: x.held(S, "1m")}); !errors.Is(err, sichuan.ErrMissingSuit) {
				t.Fatalf("South discarded 1m before its face-down 9p: %v", err)
			}
			x.discard(S, "9p")
			x.ron(W)
			x.wantScores("deal-in", c.want...)
			x.wantTurn("after the win", game.ToDraw, N)
		})
	}
}

// SX2: same go-around furiten with its 'worth more' exception, and the
// self-draw that furiten never blocks.
func TestSX2Furiten(t *testing.T) {
	hands := []string{
		"2m1p1p2p2p3p3p5p5p6p6p7p9p1m", // E
		"4m6m6m7m7m8m8m5p7p9p1p2p3p",   // S
		"3334m888p444p999m",            // W: 2m/5m worth 1, 4m worth 2
		"5m123456789s123s",             // N
	}
	play := func(t *testing.T, draws string) *table {
		x := newTable(t, sichuan.Defaults(), hands, draws)
		x.missing(sou, sou, sou, pin)
		x.discard(E, "1m")
		x.turn(S)
		x.turn(W)
		x.draw(N)
		x.discard(N, "5m")
		x.pass(W) // 1: W lets 5m go
		x.draw(E)
		x.discard(E, "2m")
		_, err := x.g.Apply(game.Action{Kind: game.Ron, Seat: W, Tile: x.h().Claim.Tile})
		if !errors.Is(err, sichuan.ErrFuriten) || !errors.Is(err, game.ErrIllegal) {
			t.Fatalf("2: W won on 2m after passing 5m: %v", err)
		}
		x.pass(W)
		return x
	}
	t.Run("ron on 4m", func(t *testing.T) {
		x := play(t, "5s6s9s8p9p")
		x.draw(S)
		x.discard(S, "4m")
		x.ron(W)
		x.wantScores("3: 大対子 on 4m", 0, -2, 2, 0)
	})
	t.Run("self-draw 2m", func(t *testing.T) {
		x := play(t, "5s6s9s8p9p2m")
		x.turn(S)
		x.draw(W)
		x.do(game.Action{Kind: game.Tsumo, Seat: W})
		x.wantScores("self-draw", -2, -2, 6, -2)
	})
}

// SX10: a missing-suit tile discarded from the hand after another suit
// (record mode): the hand ends, 16 to every player still in.
func TestSX10Chombo(t *testing.T) {
	x := newTable(t, mustPreset(t, "record"), []string{
		"7m2m2m4m4m6m6m8m8m1p1p3p3p5p", // E
		"111m333m555s77m99s",           // S: 大対子 on 7m/9s
		"2p7s1s1s3s3s4s4s6s6s8s8s9s",   // W: holds 2p of its missing circles
		"4p4p6p6p7p7p8p8p9p9p2s2s5p",   // N
	}, "9s1m3m7s")
	x.missing(sou, pin, pin, man)
	x.discard(E, "7m")
	x.ron(S)
	x.wantScores("S's ron", -2, 2, 0, 0)
	x.draw(W)
	x.discard(W, "7s") // a violation, accepted in record mode
	x.turn(N)
	x.turn(E)
	x.draw(W)
	x.discard(W, "2p")
	h := x.h()
	x.wantScores("chombo", 14, 2, -32, 16)
	if h.Phase != game.Over || h.End.Kind != game.Chombo || len(h.End.Payments) != 0 {
		t.Fatalf("end %+v, want a chombo without settlement", h.End)
	}
	if d := sichuan.NextDealer(h); d != S {
		t.Errorf("next dealer %d, want South", d)
	}
}

// SX10's C-2 case in enforce mode: the pung call on 6m is refused, and
// reported as a foul it is a chombo.
func TestChomboReportedAsFoul(t *testing.T) {
	x := newTable(t, sichuan.Defaults(), []string{
		"6m6m6m1p2p3p4p5p6p7p8p9p1p2p", // E: missing characters, holds 6m6m6m
		"6m1s2s3s4s5s6s7s8s9s1s2s3s",   // S
		"7m7m8m8m9m9m4s4s5s5s1s7s8s",   // W
		"2m2m3m3m4m4m5m5m9s9s7s8s5p",   // N
	}, "1m")
	x.missing(man, man, pin, pin)
	x.discard(E, "6m")
	x.draw(S)
	x.discard(S, "6m")
	pon := game.Action{Kind: game.Pon, Seat: E, Tile: x.h().Claim.Tile, Uses: x.heldN(E, "6m", 2)}
	_, err := x.g.Apply(pon)
	if !errors.Is(err, sichuan.ErrMissingSuit) {
		t.Fatalf("a call on the missing suit: %v", err)
	}
	if _, err := x.g.Foul(pon, err.Error()); err != nil {
		t.Fatal(err)
	}
	h := x.h()
	x.wantScores("chombo", -48, 16, 16, 16)
	if h.End == nil || h.End.Kind != game.Chombo {
		t.Fatalf("end %+v, want chombo", h.End)
	}
}

func mustPreset(t *testing.T, name string) sichuan.Options {
	o, err := sichuan.Preset(name)
	if err != nil {
		t.Fatal(err)
	}
	return o
}
