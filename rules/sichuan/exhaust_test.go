package sichuan_test

import (
	"slices"
	"testing"

	"jantaku/rules/game"
	"jantaku/rules/sichuan"
)

// playOut has every player still in draw and discard the drawn tile until
// the hand ends.
func (x *table) playOut() {
	x.t.Helper()
	h := x.h()
	for h.Phase != game.Over {
		seat := h.Turn
		if h.Phase == game.Claims && h.Wall.Remaining() == 0 {
			for s, r := range h.Claim.Responses {
				if !r.Answered {
					x.pass(game.Seat(s))
					break
				}
			}
			continue
		}
		if h.Phase == game.Claims {
			seat = h.Claim.From
			for {
				seat = seat.Next(h.Players)
				if !h.Seats[seat].Won {
					break
				}
			}
		}
		x.turn(seat)
	}
}

// SX9: exhaustion with 有叫, 没叫 and 花叫 and the kong refunds (record
// mode: North keeps a 5m of its missing characters).
func TestSX9Exhaustion(t *testing.T) {
	x := newTable(t, mustPreset(t, "record"), []string{
		"1m2m4m5m7m2p2p6p8p9p9999m", // E
		"111p456p789p55p78p",        // S: 清一色 on 6p/9p
		"11s234s678s99s55s7s",       // W
		"123s66s78s4p6p5m333p",      // N
	}, "5s4s1m9p3p2m")
	x.missing(sou, man, pin, man)
	x.closedKan(E, "9m")
	x.wantScores("1: E's concealed kong", 6, -2, -2, -2)
	x.draw(E)
	x.discard(E, "5s")
	x.pon(W)
	x.discard(W, "7s")
	x.turn(N)
	x.turn(E)
	x.draw(S)
	x.do(game.Action{Kind: game.Tsumo, Seat: S})
	x.wantScores("2: S's self-draw", 1, 13, -7, -7)
	x.draw(W)
	x.discard(W, "3p")
	x.openKan(N)
	x.turn(N)
	x.wantScores("3: N's exposed kong", 1, 13, -9, -5)
	x.playOut()
	h := x.h()
	if h.End.Kind != game.Exhausted {
		t.Fatalf("end %+v, want exhaustion", h.End)
	}
	x.wantScores("4: settlement", -1, 15, 7, -21)
	if want := []bool{false, false, true, false}; !slices.Equal(h.End.Ready, want) {
		t.Errorf("ready %v, want %v", h.End.Ready, want)
	}
	if d := sichuan.NextDealer(h); d != S {
		t.Errorf("next dealer %d, want South", d)
	}
}

// A hand nobody wins keeps its dealer; a session is ten hands with
// running totals (spec/sichuan.md §2.2, §11).
func TestSessionOfTenHands(t *testing.T) {
	rs, _ := sichuan.New(sichuan.Defaults())
	st := rs.Start(2)
	h := &game.Hand{Players: 4, Dealer: 2}
	for i := 1; i < 10; i++ {
		st.Hands = i
		next, over := rs.Next(st, h)
		if over || next.Dealer != 2 {
			t.Fatalf("after hand %d: dealer %d over %v, want dealer 2 to go on", i, next.Dealer, over)
		}
	}
	st.Hands = 10
	if _, over := rs.Next(st, h); !over {
		t.Fatalf("the session goes on after 10 hands")
	}
}
