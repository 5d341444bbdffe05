package main

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"jantaku/drivers/clock"
	"jantaku/firmware/sensing"
	"jantaku/hardware/sim"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// sensedPlay plays hands through the table's tile sensing instead of
// handing the simulated players' moves straight to the referee: the
// players move tagged tiles on a simulated surface whose antennas miss and
// ghost, and sensing turns the reads into the actions the referee
// applies (jantaku run --sim --sensing).
type sensedPlay struct {
	clk   clock.Clock
	cfg   players.Config // pace, read miss and ghost rates, seed
	hands uint64         // hands played so far, for each hand's seed
}

// sensedHand is a hand being played through sensing, in its own goroutine.
type sensedHand struct {
	cancel context.CancelFunc
	done   chan error
}

// errSensing answers a command that would change the game while the
// simulated table plays a hand through sensing.
var errSensing = errors.New("the simulated table is playing this hand through its sensors")

// ownerRef is the table's referee as seen from the sensing goroutine: every
// call runs in the owner loop, which alone touches the game.
type ownerRef struct {
	s   *service
	ctx context.Context
}

func (r ownerRef) call(f func()) {
	done := make(chan struct{})
	select {
	case r.s.calls <- func() { f(); close(done) }:
		<-done
	case <-r.ctx.Done():
	}
}

func (r ownerRef) Hand() *game.Hand {
	var h *game.Hand
	r.call(func() { h = r.s.t.Game().Hand() })
	return h
}

func (r ownerRef) Legal(seat game.Seat) []game.Action {
	var as []game.Action
	r.call(func() { as = r.s.t.Game().Legal(seat) })
	return as
}

func (r ownerRef) Apply(ctx context.Context, a game.Action) ([]tablecore.Event, error) {
	var evs []tablecore.Event
	err := ctx.Err()
	r.call(func() {
		evs, err = r.s.t.Apply(ctx, a)
		r.s.recorded(err)
		r.s.observe().action(err == nil)
		if err == nil {
			r.s.publish(ctx, evs)
		}
	})
	return evs, err
}

func (r ownerRef) Foul(ctx context.Context, a game.Action, reason string) ([]tablecore.Event, error) {
	var evs []tablecore.Event
	err := ctx.Err()
	r.call(func() {
		evs, err = r.s.t.Foul(ctx, a, reason)
		r.s.recorded(err)
		if err == nil {
			r.s.publish(ctx, evs)
		}
	})
	return evs, err
}

// startSensed plays the hand just dealt through sensing.
func (s *service) startSensed(ctx context.Context) error {
	g := s.t.Game()
	h := g.Hand()
	order, err := game.WallOrder(g.Ruleset(), h.Dice, h.Dealer, players.Stacks(len(h.Wall.Tiles), h.Players))
	if err != nil {
		return fmt.Errorf("the simulated walls: %w", err)
	}
	cfg := s.sense.cfg
	cfg.Seed += s.sense.hands
	s.sense.hands++
	hc := players.HandConfig{
		Tags:    sim.Tags(g.Rules().Set, 'A'),
		Walls:   sensing.WallZones(order),
		Players: cfg,
		Emit: func(o sensing.Output) {
			switch o := o.(type) {
			case sensing.Anomaly:
				s.log.Warn("sensing: anomaly", "kind", o.Kind, "seat", o.Seat, "tile", o.Tile, "from", o.From, "to", o.To, "expected", o.Expected)
			case sensing.Accepted:
				s.log.Debug("sensing: accepted", "action", o.Action, "by", o.By)
			}
		},
	}
	hctx, cancel := context.WithCancel(ctx)
	hc.Referee = ownerRef{s: s, ctx: hctx}
	run := &sensedHand{cancel: cancel, done: make(chan error, 1)}
	s.sensed = run
	go func() {
		res, err := players.PlayHand(hctx, s.sense.clk, hc)
		if err != nil && hctx.Err() != nil {
			// Stopped, not failed: the referee's calls were cut short
			// (a table stopping while the owner loop still takes its end).
			err = hctx.Err()
		}
		if err == nil {
			s.log.Info("hand played through sensing", "actions", len(res.Meant), "reads", res.Reads)
		}
		run.done <- err
	}()
	return nil
}

// endSensed takes the sensing goroutine's end: the hand is over, or the
// simulated players could not go on (the seat bots finish the hand).
func (s *service) endSensed(err error) {
	s.sensed = nil
	if err != nil && !errors.Is(err, context.Canceled) {
		s.log.Error("sensing could not play the hand to its end; the simulated seats finish it", "err", err)
	}
}

// whileSensed reports whether a command may be taken while a hand is
// played through sensing: only those about the next game.
func whileSensed(typ string) bool {
	return slices.Contains([]string{"ruleset", "options", "seat_player"}, typ)
}
