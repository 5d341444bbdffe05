package tablecore

import (
	"fmt"

	"jantaku/rules/game"
)

// Fouled is the event type of a recorded foul.
const Fouled EventType = GameEnded + 1

// Foul records an illegal act that happened at the table anyway (sensing
// saw it, or an operator reports it) and applies the ruleset's penalty, if
// it has one. reason says what was wrong, typically the error Apply gave.
// The action itself is not applied.
func (g *Game) Foul(a game.Action, reason string) ([]Event, error) {
	h := g.h
	if g.over {
		return nil, ErrGameOver
	}
	if h == nil || h.Phase == game.Over {
		return nil, ErrNoHand
	}
	if a.Seat < 0 || int(a.Seat) >= h.Players {
		return nil, fmt.Errorf("tablecore: foul by seat %d: %w", a.Seat, ErrBadSeat)
	}
	f := game.Foul{Action: a, Reason: reason}
	h.Fouls = append(h.Fouls, f)
	evs := []Event{g.event(Event{Type: Fouled, Seat: a.Seat, Action: a})}
	if p, ok := g.rs.(game.Penalizer); ok {
		evs = g.effects(evs, p.Penalty(h, f))
	}
	return evs, nil
}
