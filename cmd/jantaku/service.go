package main

import (
	"context"
	"errors"
	"time"

	tablesvc "jantaku/firmware/table"
	mqcmd "jantaku/mqtt/command"
	"jantaku/mqtt/referee"
	mqtable "jantaku/mqtt/table"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// The table (firmware/table) speaks its own commands and errors and tells
// its steps as the referee's events; these adapters carry them to and
// from MQTT.

// tableHandler implements mqcmd.Handler: each command goes to the table,
// and its refusal comes back as the reply's error.
type tableHandler struct{ t *tablesvc.Table }

func (h tableHandler) Handle(ctx context.Context, c mqcmd.Command) error {
	return replyError(h.t.Handle(ctx, tablesvc.Command{Type: c.Type, Seat: c.Seat, Args: c.Args}))
}

// kindError is a table error that is also of an mqtt/command kind, so the
// reply carries the table's words under the transport's code.
type kindError struct{ err, kind error }

func (e kindError) Error() string   { return e.err.Error() }
func (e kindError) Unwrap() []error { return []error{e.err, e.kind} }

// replyError maps the table's error kinds onto mqtt/command's.
func replyError(err error) error {
	for _, k := range []struct{ t, mq error }{
		{tablesvc.ErrMalformed, mqcmd.ErrMalformed}, {tablesvc.ErrRejected, mqcmd.ErrRejected}, {tablesvc.ErrBusy, mqcmd.ErrBusy},
	} {
		if errors.Is(err, k.t) {
			return kindError{err, k.mq}
		}
	}
	return err
}

// stepPublisher is where the table's steps go: the MQTT publisher
// (mqtt/table), or a test's recorder.
type stepPublisher interface {
	Publish(ctx context.Context, s mqtable.Step) error
	Snapshot(ctx context.Context, s mqtable.Step) error
	NewGame() // the next step begins a new game, numbered from 1
}

// refereeSteps implements tablesvc.ChoicePublisher: the referee's events become
// the steps of mqtt/referee, with every audience's view. pub may be set
// after the table is made, before it runs.
type refereeSteps struct {
	pub stepPublisher
	// choices are the readings of a movement each seat is asked to
	// choose between, shown in its own view until it chooses.
	choices referee.Choices
}

// Choices sets the readings seat is asked to choose between.
func (r *refereeSteps) Choices(seat int, options []game.Action) {
	if seat >= 0 && seat < len(r.choices) {
		r.choices[seat] = options
	}
}

func (r *refereeSteps) Publish(ctx context.Context, g *tablecore.Game, evs []tablecore.Event, at time.Time) error {
	if r.pub == nil {
		return nil
	}
	step, err := referee.StepChoosing(g, evs, at, &r.choices)
	if err != nil {
		return err
	}
	return r.pub.Publish(ctx, step)
}

func (r *refereeSteps) Snapshot(ctx context.Context, g *tablecore.Game, at time.Time) error {
	step, err := referee.SnapshotChoosing(g, at, &r.choices)
	if err != nil || r.pub == nil || step.Seq == 0 {
		return nil // nothing played yet: nothing to republish
	}
	return r.pub.Snapshot(ctx, step)
}

func (r *refereeSteps) NewGame() {
	if r.pub != nil {
		r.pub.NewGame()
	}
}

var _ tablesvc.ChoicePublisher = (*refereeSteps)(nil)
