package table

import (
	"context"
	"errors"
	"testing"
	"time"

	"jantaku/rules/game"
)

// TestClaimWindowSeatCommands: inside the window a seat's pass is taken
// without being played and an early draw is told to wait; afterwards the
// draw closes the window.
func TestClaimWindowSeatCommands(t *testing.T) {
	s, _ := newService(t, "riichi/tenhou", []bool{true, true, true, true}, 1)
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	s.claimWindow = time.Second
	ctx := context.Background()
	// Play until a discard with a possible call whose next drawer is the
	// seat to hand to a person.
	for i := 0; i < 200000; i++ {
		now = now.Add(100 * time.Millisecond)
		if _, err := s.step(ctx); err != nil {
			t.Fatal(err)
		}
		h := s.t.Game().Hand()
		if h != nil && h.Phase == game.Claims && s.holding(s.t.Game()) {
			break
		}
	}
	g := s.t.Game()
	h := g.Hand()
	if h == nil || h.Phase != game.Claims {
		t.Fatal("no claim window with a possible call in the game")
	}
	for i := range s.bots {
		s.bots[i] = false
	}
	var caller, drawer = -1, -1
	for seat := range h.Players {
		for _, a := range g.Legal(game.Seat(seat)) {
			if a.Kind == game.Pass {
				caller = seat
			}
			if a.Kind == game.Draw {
				drawer = seat
			}
		}
	}
	if caller < 0 || drawer < 0 {
		t.Fatalf("claim window without a caller (%d) or a drawer (%d)", caller, drawer)
	}
	records := s.t.Records()
	if err := s.command(ctx, Command{Type: "pass", Seat: caller}); err != nil {
		t.Fatalf("pass: %v", err)
	}
	if s.t.Records() != records || len(g.Legal(game.Seat(caller))) == 0 {
		t.Error("a pass inside the window was played")
	}
	if err := s.command(ctx, Command{Type: "ok", Seat: drawer}); !errors.Is(err, ErrBusy) {
		t.Errorf("a draw inside the window: %v, want busy", err)
	}
	now = now.Add(time.Second)
	if err := s.command(ctx, Command{Type: "ok", Seat: drawer}); err != nil {
		t.Fatalf("the draw after the window: %v", err)
	}
	if p := g.Hand().Phase; p != game.ToAct {
		t.Errorf("after the draw the phase is %s, want act", p)
	}
}
