package sichuan_test

import (
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/sichuan"
)

// SX15 played through the referee: a concealed kong, a ron, a self-draw
// and a third win end the hand; East keeps its kong income.
func TestSX15ThreeWinners(t *testing.T) {
	x := newTable(t, sichuan.Defaults(), []string{
		"1111m234p567p99p8m9m", // E
		"234m567m22p345p78p",   // S: waits 6p/9p, no yaku
		"123s456s789s56s22s",   // W: 清一色, waits 4s/7s
		"999s777m888m22m55m",   // N: 大対子, waits 2m/5m
	}, "1p3m6p1p5m4s")
	x.missing(sou, sou, man, pin)
	x.wantTurn("after the choice", game.ToAct, E)
	x.closedKan(E, "1m")
	x.wantScores("1: concealed kong", 6, -2, -2, -2)
	x.turn(E)
	x.turn(S)
	x.draw(W)
	x.discard(W, "6p")
	x.ron(S)
	x.wantScores("2: S ron", 6, -1, -3, -2)
	x.wantTurn("after S's win: S's next player, the discarder", game.ToDraw, W)
	x.turn(W)
	x.draw(N)
	x.do(game.Action{Kind: game.Tsumo, Seat: N})
	x.wantScores("3: N self-draw", 3, -1, -6, 4)
	x.wantTurn("after N's win", game.ToDraw, E)
	x.turn(E)
	x.ron(W)
	h := x.h()
	x.wantScores("4: W ron, the hand ends", -1, -1, -2, 4)
	if h.Phase != game.Over || h.End.Kind != game.Won || len(h.End.Payments) != 0 {
		t.Fatalf("end %+v, want three wins and no settlement", h.End)
	}
	if d := sichuan.NextDealer(h); d != S {
		t.Errorf("next dealer %d, want South", d)
	}
	if h.Wins[2].Value.Points != 4 || h.Wins[1].Value.Points != 3 || h.Wins[0].Value.Points != 1 {
		t.Errorf("win values %d %d %d, want 1 3 4", h.Wins[0].Value.Points, h.Wins[1].Value.Points, h.Wins[2].Value.Points)
	}
}

// SX5: the kong payment ledger.
func TestSX5KongLedger(t *testing.T) {
	x := newTable(t, sichuan.Defaults(), []string{
		"2m555p134m678m23p99p",  // E
		"7777s111s5p2s3s4s6s8s", // S
		"22m999m567m234s55s",    // W
		"333p666p77p88m444m",    // N: 大対子 on 7p/8m
	}, "9m1m1m8p8p2m9s1m5m3m8p3m8p9s9s5m1s")
	x.missing(sou, man, pin, sou)
	x.discard(E, "2m")
	x.pon(W)
	x.discard(W, "5s")
	x.turn(N) // 9m
	x.pon(W)
	x.discard(W, "5s")
	x.turn(N)
	x.turn(E)
	x.draw(S)
	x.closedKan(S, "7s")
	x.wantScores("1: S's concealed kong", -2, 6, -2, -2)
	x.turn(S)
	x.draw(W)
	x.addedKan(W, "2m")
	// Paid as its window closes, with the replacement draw: nobody can
	// rob it, but the public may not learn that from the scores.
	x.turn(W)
	x.wantScores("2: W's added kong with the drawn tile (nobody can rob it)", -3, 5, 1, -3)
	x.turn(N)
	x.draw(E)
	x.discard(E, "8m")
	x.ron(N)
	x.wantScores("3: N ron", -5, 5, 1, -1)
	x.turn(E)
	x.draw(S)
	x.discard(S, "5p")
	x.openKan(E)
	x.turn(E)
	x.wantScores("4: E's exposed kong", -3, 3, 1, -1)
	x.turn(S)
	x.draw(W)
	x.addedKan(W, "9m")
	x.turn(W)
	x.wantScores("5: W's added kong with a held tile", -3, 3, 1, -1)
	x.turn(E)
	x.draw(S)
	x.closedKan(S, "1s")
	x.wantScores("6: S's concealed kong, N has won", -5, 7, -1, -1)
}
