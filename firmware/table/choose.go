package table

import (
	"context"
	"fmt"
	"strings"

	"jantaku/firmware/sensing"
	"jantaku/rules/game"
)

// A movement of tiles can have more than one legal meaning (two tiles
// laid down may be a pon or, with a third, a kan; a chi may use either of
// two pairs). Sensing then waits for the seat to say which it meant: the
// readings are shown on that seat's page alone (they name tiles of its
// hand), and the seat's choose command picks one by its index.

// ambiguous asks a seat to choose between the readings of its movement.
// It runs in the owner loop.
func (s *Table) ambiguous(ctx context.Context, amb *sensing.Ambiguous) {
	seat := int(amb.Seat)
	if seat < 0 || seat >= len(s.choices) || len(amb.Options) == 0 {
		return
	}
	s.choices[seat] = amb.Options
	var names []string
	for _, a := range amb.Options {
		names = append(names, a.String())
	}
	s.log.Info("waiting for a person: which reading of the movement was meant", "seat", seat, "options", strings.Join(names, " / "))
	s.showChoices(ctx, seat, true)
}

// settled forgets seat's readings once one of its actions is played: the
// view published with that action no longer asks.
func (s *Table) settled(ctx context.Context, seat game.Seat) {
	if int(seat) < len(s.choices) && s.choices[seat] != nil {
		s.choices[seat] = nil
		s.showChoices(ctx, int(seat), false)
	}
}

// clearChoices forgets every seat's readings (the hand is over).
func (s *Table) clearChoices(ctx context.Context) {
	for seat := range s.choices {
		if s.choices[seat] != nil {
			s.choices[seat] = nil
			s.showChoices(ctx, seat, true)
		}
	}
}

// showChoices tells the publisher seat's readings and, if republish,
// publishes the views again so the seat's page shows them now.
func (s *Table) showChoices(ctx context.Context, seat int, republish bool) {
	cp, ok := s.pub.(ChoicePublisher)
	if !ok {
		return
	}
	cp.Choices(seat, s.choices[seat])
	// While a sensed hand's steps are held (sensedhold.go), a snapshot
	// would show what they hold before their time; they carry the
	// readings when they go out.
	if republish && s.t != nil && len(s.hold.steps) == 0 {
		if err := s.pub.Snapshot(ctx, s.t.Game(), s.now()); err != nil {
			s.log.Warn("publishing the readings to choose between", "seat", seat, "err", err)
		}
	}
}

// choose is a seat's choice of a reading of its movement:
// {"choice": n}, n the index of a reading its view lists.
func (s *Table) choose(c Command) error {
	var args struct {
		Choice *int `json:"choice"`
	}
	if err := strictArgs(c, &args); err != nil {
		return err
	}
	if args.Choice == nil {
		return fmt.Errorf("%w: choose needs {\"choice\": n}, n the index of a reading the seat's view lists", ErrMalformed)
	}
	if c.Seat < 0 || c.Seat >= len(s.choices) || s.sensed == nil || len(s.choices[c.Seat]) == 0 {
		return fmt.Errorf("%w: seat %d has no movement whose reading to choose", ErrRejected, c.Seat)
	}
	opts := s.choices[c.Seat]
	if n := *args.Choice; n < 0 || n >= len(opts) {
		return fmt.Errorf("%w: choice %d is not one of seat %d's %d readings (0–%d)", ErrRejected, n, c.Seat, len(opts), len(opts)-1)
	}
	if s.sensed.in == nil {
		return fmt.Errorf("%w: the table's sensing takes no declarations", ErrRejected)
	}
	_, err := s.sensed.send(sensing.Input{Declaration: &sensing.Declaration{Seat: game.Seat(c.Seat), Kind: sensing.DeclareChoice, Choice: *args.Choice}})
	return err
}
