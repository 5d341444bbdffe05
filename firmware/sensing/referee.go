package sensing

import (
	"context"

	"jantaku/rules/game"
	"jantaku/tablecore"
)

// Referee is what sensing needs of the referee: its state, what each seat
// may do now, and the two ways to record what happened. *tablecore.Game
// and *tablecore.Table fit through GameReferee and TableReferee. Hand is
// nil when no hand is in play, or when the referee can no longer be
// reached (the table stopping): the sensor then judges nothing.
type Referee interface {
	Hand() *game.Hand
	Legal(seat game.Seat) []game.Action
	Apply(ctx context.Context, a game.Action) ([]tablecore.Event, error)
	Foul(ctx context.Context, a game.Action, reason string) ([]tablecore.Event, error)
}

// GameReferee adapts an unjournaled game (tests, simulations).
func GameReferee(g *tablecore.Game) Referee { return gameRef{g} }

type gameRef struct{ g *tablecore.Game }

func (r gameRef) Hand() *game.Hand                { return r.g.Hand() }
func (r gameRef) Legal(s game.Seat) []game.Action { return r.g.Legal(s) }
func (r gameRef) Apply(_ context.Context, a game.Action) ([]tablecore.Event, error) {
	return r.g.Apply(a)
}
func (r gameRef) Foul(_ context.Context, a game.Action, reason string) ([]tablecore.Event, error) {
	return r.g.Foul(a, reason)
}

// TableReferee adapts the journaled table the daemon runs: every accepted
// action and foul is journaled before it returns.
func TableReferee(t *tablecore.Table) Referee { return tableRef{t} }

type tableRef struct{ t *tablecore.Table }

func (r tableRef) Hand() *game.Hand                { return r.t.Game().Hand() }
func (r tableRef) Legal(s game.Seat) []game.Action { return r.t.Game().Legal(s) }
func (r tableRef) Apply(ctx context.Context, a game.Action) ([]tablecore.Event, error) {
	return r.t.Apply(ctx, a)
}
func (r tableRef) Foul(ctx context.Context, a game.Action, reason string) ([]tablecore.Event, error) {
	return r.t.Foul(ctx, a, reason)
}
