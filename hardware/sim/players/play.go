package players

import (
	"context"
	"errors"
	"fmt"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/firmware/sensing"
	"jantaku/rules/game"
	"jantaku/rules/tile"
)

// HandConfig is one hand played end to end on the simulated table: the
// referee the table owns has dealt it, simulated players watch that
// referee and move tiles on a simulated surface, and sensing reads the
// surface and feeds the referee.
type HandConfig struct {
	// Referee is the table's referee, already dealt (sensing.GameReferee
	// or sensing.TableReferee). PlayHand is its only user while it runs.
	Referee sensing.Referee
	// Tags is every tag of the set; Walls the zone of each wall position
	// in draw order, as the machine built the walls (sensing.WallZones
	// of game.DrawOrder, or the sim's own).
	Tags  map[rfid.UID]tile.Tile
	Walls []sensing.Zone
	// Players: pace, mistakes, the surface's miss and ghost rates, seed,
	// trace (Ruleset is not used).
	Players Config
	// Sensing tunes the sensor (zero: the defaults).
	Sensing sensing.Config
	// In, if not nil, carries declarations and corrections from outside
	// (an operator's commands, real seat buttons) into sensing.
	In <-chan sensing.Input
	// Moves, if not nil, carries the actions of the seats people play
	// (Players.People) from their seat pages: the simulator moves their
	// tiles as each says (Table.Carry), and sensing reads the moves.
	Moves <-chan game.Action
	// Emit, if not nil, is given every output of sensing: accepted
	// actions with the referee's events, anomalies, ambiguities,
	// reconciliations.
	Emit func(sensing.Output)
}

// HandResult is what PlayHand did.
type HandResult struct {
	Meant []Record // the actions the players meant, passes left out
	Reads int      // surface inventories made
}

// ErrRefereeGone is PlayHand's answer when its referee stopped answering
// (no hand) before the hand ended.
var ErrRefereeGone = errors.New("players: the referee went away before the hand ended")

// PlayHand plays the hand cfg.Referee has dealt until the referee says it
// is over and every tile is down, or ctx is done (ctx.Err() is returned),
// or the players cannot go on (an error wrapping ErrTakenTile when the
// referee names a wall tile already taken). Time is clk's: each surface
// inventory takes its ISO 15693 time on the emulated PN5180 (8 ms empty,
// about 8 ms more per tag, Surface) on clk, and
// the players act at their pace on clk, so a paced or scaled clock runs
// the hand faster than life.
func PlayHand(ctx context.Context, clk clock.Clock, cfg HandConfig) (HandResult, error) {
	var res HandResult
	ref := cfg.Referee
	if ref == nil || ref.Hand() == nil {
		return res, errors.New("players: PlayHand needs a referee with a hand dealt")
	}
	h := ref.Hand()
	walls := make([]string, len(cfg.Walls))
	for i, z := range cfg.Walls {
		walls[i] = z.String()
	}
	tb, err := Watch(cfg.Players, ref, cfg.Tags, walls, clk.Now())
	if err != nil {
		return res, err
	}
	emit := cfg.Emit
	if emit == nil {
		emit = func(sensing.Output) {}
	}
	sn := sensing.New(cfg.Sensing, ref)
	sn.StartHand(sensing.Layout{Tags: cfg.Tags, Walls: cfg.Walls})
	sched := sensing.NewSchedule(sensing.TableZones(h.Players))
	take := func(outs []sensing.Output) {
		for _, o := range outs {
			emit(o)
		}
	}
	input := func(i sensing.Input) {
		switch {
		case i.Declaration != nil:
			d := *i.Declaration
			if d.At.IsZero() {
				d.At = clk.Now()
			}
			take(sn.Declare(ctx, d))
		case i.Correction != nil:
			c := *i.Correction
			if c.At.IsZero() {
				c.At = clk.Now()
			}
			take(sn.Correct(ctx, c))
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		now := clk.Now()
		for _, p := range tb.Advance(now) {
			take(sn.Declare(ctx, declaration(p)))
		}
		if err := tb.Err(); err != nil {
			res.Meant = tb.Log()
			return res, err
		}
		if h := ref.Hand(); (h == nil || h.Phase == game.Over) && tb.Done() {
			res.Meant = tb.Log()
			if h == nil {
				return res, ErrRefereeGone
			}
			return res, nil
		}
	drain:
		for {
			select {
			case i := <-cfg.In:
				input(i)
			case a := <-cfg.Moves:
				if _, err := tb.Carry(a); err != nil && cfg.Players.Trace != nil {
					cfg.Players.Trace(clk.Now(), err.Error())
				}
			default:
				break drain
			}
		}
		sched.Focus(sn.Focus())
		z := sched.Next(now)
		uids, cost := tb.Surface().Inventory(z.String())
		if err := clock.Sleep(ctx, clk, cost); err != nil {
			return res, err
		}
		now = clk.Now()
		sched.Done(z, now)
		res.Reads++
		take(sn.Observe(ctx, sensing.Read{Zone: z, At: now, UIDs: uids}))
		take(sn.Tick(ctx, now))
	}
}

// declaration is the sensing declaration of a player's press.
func declaration(p Press) sensing.Declaration {
	d := sensing.Declaration{Seat: p.Seat, At: p.At, Suit: p.Suit}
	switch p.Kind {
	case PressWin:
		d.Kind = sensing.DeclareWin
	case PressRiichi:
		d.Kind = sensing.DeclareRiichi
	case PressMissing:
		d.Kind = sensing.DeclareMissing
	default:
		panic(fmt.Sprintf("players: press kind %d", p.Kind))
	}
	return d
}
