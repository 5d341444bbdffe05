package table

import (
	"context"
	"errors"
	"fmt"
	"time"

	"jantaku/rules/game"
	"jantaku/tablecore"
)

// The claim window. The referee opens a claim phase after a discard only
// when some seat can call it, and closes it when everyone has answered, so
// its length and its passes would tell everyone which hands could call.
// The table therefore holds a window of the same length after every
// discard (and added kong), whatever the hands hold: nothing moves until
// it ends (the next draw, the simulated players' calls), a seat's pass is
// taken but not played (the next draw passes for everyone who did not
// call, as at a real table), and a seat that draws early is told to wait.
// Calls are played at once: saying "pon" is public at a table too. The
// public views show every such window alike (mqtt/referee).

// DefaultClaimWindow is the window of a table where people play; a table
// of simulated players only needs none.
const DefaultClaimWindow = time.Second

// opensWindow reports whether evs hold a discard-like action.
func opensWindow(evs []tablecore.Event) bool {
	for _, e := range evs {
		if e.Type == tablecore.Acted {
			switch e.Action.Kind {
			case game.Discard, game.Riichi, game.AddedKan:
				return true
			}
		}
	}
	return false
}

// windowOpen reports whether h is right after a discard: in a claim phase,
// or about to draw with no call in between.
func windowOpen(h *game.Hand) bool {
	if h == nil {
		return false
	}
	switch h.Phase {
	case game.Claims:
		return true
	case game.ToDraw:
		for i := len(h.Log) - 1; i >= 0; i-- {
			switch h.Log[i].Kind {
			case game.Pass:
				continue
			case game.Discard, game.Riichi, game.AddedKan:
				return true
			}
			return false
		}
	}
	return false
}

// noteWindow starts the window if evs opened one.
func (s *Table) noteWindow(evs []tablecore.Event) {
	if opensWindow(evs) {
		s.windowEnd = s.now().Add(s.claimWindow)
	}
}

// holding reports whether the table is inside a claim window.
func (s *Table) holding(g *tablecore.Game) bool {
	return windowOpen(g.Hand()) && s.now().Before(s.windowEnd)
}

// errWindowOpen answers a draw inside the window.
func (s *Table) errWindowOpen() error {
	return fmt.Errorf("%w: the claim window is open for %v more", ErrBusy, s.windowEnd.Sub(s.now()).Round(time.Millisecond))
}

// closeClaims ends a claim phase that the window has outlived and no draw
// will close: someone called (the others' answers are needed to settle
// it), or no tile is left to draw. Every seat that has not answered passes.
func (s *Table) closeClaims(ctx context.Context, g *tablecore.Game) (bool, error) {
	h := g.Hand()
	if h == nil || h.Phase != game.Claims {
		return false, nil
	}
	called := false
	for _, r := range h.Claim.Responses {
		if r.Answered && r.Action.Kind != game.Pass {
			called = true
		}
	}
	if !called && h.Wall.Remaining() > 0 {
		return false, nil // the next draw closes it
	}
	// All in the same instant; publish holds each pass for the step that
	// settles the claim, and passes take no number, so nothing public
	// counts them.
	closed := false
	for seat := 0; seat < h.Players && g.Hand() == h && h.Phase == game.Claims; seat++ {
		for _, a := range g.Legal(game.Seat(seat)) {
			if a.Kind != game.Pass {
				continue
			}
			evs, err := s.t.Apply(ctx, a)
			s.recorded(err)
			if errors.Is(err, tablecore.ErrNotRecorded) {
				return true, nil
			}
			if err != nil {
				return true, fmt.Errorf("closing the claim window: %w", err)
			}
			s.publish(ctx, evs)
			closed = true
			break
		}
	}
	if closed {
		return true, nil
	}
	return false, nil
}
