// Package sensingtest holds fakes for testing what sits on a sensing
// Referee.
package sensingtest

import (
	"context"
	"errors"

	"jantaku/firmware/sensing"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// ErrGone is what a Gone referee answers once it has gone.
var ErrGone = errors.New("sensingtest: the referee has gone")

// Gone is a referee that goes away after Left calls of Hand, as the
// table's does when it stops while sensing and its players still read and
// move tiles: from then on it has no hand, allows nothing and applies
// nothing.
type Gone struct {
	sensing.Referee
	Left int // calls of Hand still answered
}

// Went reports whether the referee has gone.
func (r *Gone) Went() bool { return r.Left < 0 }

// Hand is the referee's hand until it goes, then nil.
func (r *Gone) Hand() *game.Hand {
	if r.Left--; r.Left < 0 {
		return nil
	}
	return r.Referee.Hand()
}

// Legal is the referee's until it goes, then nothing.
func (r *Gone) Legal(s game.Seat) []game.Action {
	if r.Went() {
		return nil
	}
	return r.Referee.Legal(s)
}

// Apply is the referee's until it goes, then ErrGone.
func (r *Gone) Apply(ctx context.Context, a game.Action) ([]tablecore.Event, error) {
	if r.Went() {
		return nil, ErrGone
	}
	return r.Referee.Apply(ctx, a)
}

// Foul is the referee's until it goes, then ErrGone.
func (r *Gone) Foul(ctx context.Context, a game.Action, reason string) ([]tablecore.Event, error) {
	if r.Went() {
		return nil, ErrGone
	}
	return r.Referee.Foul(ctx, a, reason)
}
