package table

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"jantaku/hardware/sim/players"
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
// Calls and wins are taken too and played when the window ends, with the
// simulated players' calls and a pass for everyone else, as one step:
// played at once, a call nobody else could contest would come before one
// that waits for another seat's answer. The public views show every such
// window alike (mqtt/referee).

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

// noteWindow starts the window if evs opened one, and a sensed hand's
// (sensedhold.go), counted on the sensing clock.
func (s *Table) noteWindow(evs []tablecore.Event) {
	if opensWindow(evs) {
		s.windowEnd = s.now().Add(s.claimWindow)
		s.held = nil // said on an earlier window
		if s.sense != nil {
			s.hold.end = s.sensedNow().Add(s.sensedWindow())
		}
	}
}

// answered reports whether seat has a call held for the window.
func (s *Table) answered(seat game.Seat) bool {
	return slices.ContainsFunc(s.held, func(a game.Action) bool { return a.Seat == seat })
}

// botCalls lists the simulated players' answers to an open claim; a
// seat a person answered for keeps the person's answer.
func (s *Table) botCalls(g *tablecore.Game) []game.Action {
	sim := slices.Clone(s.bots)
	for seat := range sim {
		sim[seat] = sim[seat] && !s.answered(game.Seat(seat))
	}
	return players.Calls(g, sim)
}

// endWindow settles a claim window that has ended, all in one instant and
// published as one step: the calls held and the simulated players' calls
// that prevail, then a pass for every other seat once someone called. It
// reports whether it played anything. A window nobody called on is left
// to the next draw.
func (s *Table) endWindow(ctx context.Context) (bool, error) {
	g := s.t.Game()
	if s.holding(g) {
		return false, nil
	}
	if h := g.Hand(); h == nil || h.Phase != game.Claims {
		s.held = nil
		return false, nil
	}
	calls := prevailing(g, append(slices.Clone(s.held), s.botCalls(g)...))
	if len(calls) == 0 && g.Hand().Wall.Remaining() > 0 {
		return false, nil
	}
	s.gather = true
	defer s.flush(ctx)
	for _, a := range calls {
		evs, err := s.t.Apply(ctx, a)
		s.recorded(err)
		s.observe().Action(err == nil)
		if errors.Is(err, tablecore.ErrNotRecorded) {
			return true, err // held calls are tried again once it records
		}
		if err != nil {
			// An operator's correction moved the game on meanwhile.
			s.log.Warn("a call declared in the claim window no longer applies", "action", a.String(), "err", err)
			continue
		}
		s.publish(ctx, evs)
	}
	s.held = nil
	if _, err := s.closeClaims(ctx, g); err != nil {
		return true, err
	}
	return true, nil
}

// prevailing keeps the answers that take the tile, as tablecore settles a
// window: wins over calls, a pon or kan over a chi, and with head bump
// only the first win in turn after the discarder. The others pass with
// everyone who did not answer: a call that does not happen is as private
// as a pass, and would show what its hand held.
func prevailing(g *tablecore.Game, calls []game.Action) []game.Action {
	rank := func(k game.Kind) int {
		switch k {
		case game.Ron:
			return 3
		case game.Pon, game.OpenKan:
			return 2
		case game.Chi:
			return 1
		}
		return 0
	}
	top := 0
	for _, a := range calls {
		top = max(top, rank(a.Kind))
	}
	out := slices.DeleteFunc(calls, func(a game.Action) bool { return rank(a.Kind) < top })
	if h := g.Hand(); top == 3 && len(out) > 1 && g.Rules().MultiWin == game.HeadBump {
		after := func(s game.Seat) int { return (int(s) - int(h.Claim.From) + h.Players) % h.Players }
		out = []game.Action{slices.MinFunc(out, func(a, b game.Action) int { return after(a.Seat) - after(b.Seat) })}
	}
	return out
}

// flush publishes what gather kept as one step.
func (s *Table) flush(ctx context.Context) {
	s.gather = false
	if len(s.passes) == 0 || onlyPasses(s.passes) {
		return // passes wait for the next step
	}
	evs := s.passes
	s.passes = nil
	s.send(ctx, evs)
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
