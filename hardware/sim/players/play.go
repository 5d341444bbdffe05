package players

import (
	"context"
	"errors"
	"fmt"
	"time"

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
	// HeldFields gives every zone a reader of its own holding its field
	// on, read by sensing.QuietZone (docs/wiring.md, "A reader per zone,
	// fields held"), instead of the default board's one reader switched
	// across the zones.
	HeldFields bool
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
	scfg := cfg.Sensing
	scfg.Held = cfg.HeldFields
	sn := sensing.New(scfg, ref)
	sn.StartHand(sensing.Layout{Tags: cfg.Tags, Walls: cfg.Walls})
	sched := sensing.NewSchedule(sensing.TableZones(h.Players))
	take := func(outs []sensing.Output) {
		for _, o := range outs {
			emit(o)
		}
	}
	input := func(i sensing.Input, now time.Time) {
		switch {
		case i.Declaration != nil:
			d := *i.Declaration
			if d.At.IsZero() {
				d.At = now
			}
			take(sn.Declare(ctx, d))
		case i.Correction != nil:
			c := *i.Correction
			if c.At.IsZero() {
				c.At = now
			}
			take(sn.Correct(ctx, c))
		}
	}
	var held *heldReaders
	if cfg.HeldFields {
		held = &heldReaders{}
		now := clk.Now()
		tb.Advance(now)
		for _, z := range sensing.TableZones(h.Players) {
			r := &heldReader{field: tb.Surface().Held(z.String())}
			r.q = sensing.NewQuietZone(z, r.field, now)
			held.rs = append(held.rs, r)
			if err := r.begin(ctx, sn, now); err != nil {
				return res, err
			}
		}
	}
	for {
		if err := ctx.Err(); err != nil {
			return res, err
		}
		now := clk.Now()
		var r *heldReader
		if held != nil {
			// The loop runs at the end of the next read to end, the
			// players moved on to it first, as the tiles would be. It
			// waits for at least heldStep: a paced clock that woke for
			// each of the zones' polls of 2 ms would crawl.
			r = held.next()
			if r.end.After(now) {
				if err := clock.Sleep(ctx, clk, max(r.end.Sub(now), heldStep)); err != nil {
					return res, err
				}
				continue
			}
			now = r.end
		}
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
				input(i, now)
			case a := <-cfg.Moves:
				if _, err := tb.Carry(a); err != nil && cfg.Players.Trace != nil {
					cfg.Players.Trace(clk.Now(), err.Error())
				}
			default:
				break drain
			}
		}
		if r != nil {
			read := r.read
			read.At = now
			res.Reads++
			take(sn.Observe(ctx, read))
			take(sn.Tick(ctx, now))
			if err := r.begin(ctx, sn, now); err != nil {
				return res, err
			}
			continue
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

// heldStep is the least a hand on held fields waits on its clock: the
// reads that end meanwhile are handed over in order, each at its own end,
// and the table takes them up to heldStep late.
const heldStep = 5 * time.Millisecond

// heldReaders are the zones' readers of a surface whose fields are held
// (HandConfig.HeldFields), each reading on its own: a step's tags are
// taken from the surface when it begins and handed to sensing when its
// air time has passed.
type heldReaders struct{ rs []*heldReader }

type heldReader struct {
	q     *sensing.QuietZone
	field *HeldZone
	read  sensing.Read // the step under way
	end   time.Time    // when it ends
}

// next is the reader whose step ends first.
func (h *heldReaders) next() *heldReader {
	r := h.rs[0]
	for _, o := range h.rs[1:] {
		if o.end.Before(r.end) {
			r = o
		}
	}
	return r
}

// begin starts r's next step at now.
func (r *heldReader) begin(ctx context.Context, sn *sensing.Sensor, now time.Time) error {
	st := r.q.Next(sn, now)
	r.field.Spent = 0
	read, err := r.q.Do(ctx, st)
	if err != nil {
		return fmt.Errorf("players: zone %s: %w", r.q.Zone, err)
	}
	r.read, r.end = read, now.Add(r.field.Spent)
	return nil
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
