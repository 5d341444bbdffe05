package table

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/tablecoretest"
)

// TestClaimWindowSeatCommands: inside the window a seat's pass is taken
// without being played and an early draw is told to wait; afterwards the
// draw closes the window.
func TestClaimWindowSeatCommands(t *testing.T) {
	s, now := tableInAWindow(t)
	ctx := context.Background()
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
	*now = now.Add(time.Second)
	if err := s.command(ctx, Command{Type: "ok", Seat: drawer}); err != nil {
		t.Fatalf("the draw after the window: %v", err)
	}
	if p := g.Hand().Phase; p != game.ToAct {
		t.Errorf("after the draw the phase is %s, want act", p)
	}
}

// wallDealer deals one fixed wall.
type wallDealer struct{ wall []tile.Tile }

func (d wallDealer) Deal(context.Context, *tablecore.Game) (tablecore.Deal, error) {
	return tablecore.Deal{Wall: slices.Clone(d.wall), Dice: [2]int{3, 4}}, nil
}

// TestClaimWindowPassTellsNothingOfOthers: a seat with nothing to pass on is
// told so in the same words whether or not some other seat could call
// the discard (here seat 3, waiting on it).
func TestClaimWindowPassTellsNothingOfOthers(t *testing.T) {
	pass := func(ronHand bool) (contested bool, err error) {
		seat3 := "777z234s567s345p1p"
		if ronHand {
			seat3 = "777z234s567s345p9p"
		}
		hands := []string{"123m456m789m123s9p1z", "147m258s136p2345z", "19p147s258m36p567z", seat3}
		s, _ := newService(t, "riichi/tenhou", []bool{false, false, false, false}, 0)
		w, err := tablecoretest.Wall(s.t.Game().Rules().Set, hands, "", "")
		if err != nil {
			t.Fatal(err)
		}
		now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
		s.now = func() time.Time { return now }
		s.claimWindow, s.deal = time.Second, wallDealer{w}
		ctx := context.Background()
		if _, err := s.step(ctx); err != nil { // the deal
			t.Fatal(err)
		}
		if err := s.command(ctx, Command{Type: "ok", Seat: 0, Args: []byte(`{"kind":"discard","tile":"9p"}`)}); err != nil {
			t.Fatalf("the dealer's discard of 9p: %v", err)
		}
		contested = s.t.Game().Hand().Phase == game.Claims
		now = now.Add(100 * time.Millisecond)
		return contested, s.command(ctx, Command{Type: "pass", Seat: 1})
	}
	_, none := pass(false)
	contested, some := pass(true)
	if !contested {
		t.Fatal("seat 3 could not win on the discard: the test proves nothing")
	}
	if none == nil || some == nil || none.Error() != some.Error() {
		t.Errorf("seat 1's pass: %v when nobody could call, %v when seat 3 could win", none, some)
	}
}

// TestClaimWindowOpenAgainAfterRestart: calls held in a claim window are
// not journaled, so a table stopped inside a window gives the seats the
// whole window again when it resumes: the next draw waits for it.
func TestClaimWindowOpenAgainAfterRestart(t *testing.T) {
	s, now := tableInAWindow(t)
	ctx := context.Background()
	records, dir := s.t.Records(), s.dir
	s.Close()

	// Restarted a while later, the window is open again from the start.
	*now = now.Add(time.Minute)
	r, err := New(ctx, Config{Dir: dir, Ruleset: "riichi/tenhou", Simulated: []bool{false, false, false, false},
		ClaimWindow: time.Second, Now: func() time.Time { return *now }})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	g := r.t.Game()
	if r.t.Records() != records || g.Hand().Phase != game.Claims {
		t.Fatalf("resumed at %d records in %s, want %d in the claim phase", r.t.Records(), g.Hand().Phase, records)
	}
	if !r.holding(g) {
		t.Fatal("the resumed table does not hold the claim window")
	}
	if got := r.windowEnd.Sub(*now); got != time.Second {
		t.Errorf("the window ends %v after the restart, want the whole 1s", got)
	}
	*now = now.Add(time.Second)
	if r.holding(g) {
		t.Error("the window is still held once it has run its length")
	}
}

// tableInAWindow plays simulated riichi with a 1 s claim window on a clock
// of its own, 100 ms a step, until a discard some seat could call opens a
// window the table holds. Setting *now moves the table's clock.
func tableInAWindow(t *testing.T) (*Table, *time.Time) {
	t.Helper()
	s, _ := newService(t, "riichi/tenhou", []bool{true, true, true, true}, 1)
	now := new(time.Time)
	*now = time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return *now }
	s.claimWindow = time.Second
	for range 200000 {
		*now = now.Add(100 * time.Millisecond)
		if _, err := s.step(context.Background()); err != nil {
			t.Fatal(err)
		}
		if h := s.t.Game().Hand(); h != nil && h.Phase == game.Claims && s.holding(s.t.Game()) {
			return s, now
		}
	}
	t.Fatal("no claim window with a possible call in the game")
	return nil, nil
}
