package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/firmware/registry"
	"jantaku/firmware/sensing"
	"jantaku/hardware/sim"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// Sensing plays hands through the table's tile sensing instead of
// handing the simulated players' moves straight to the referee. In the
// simulator (Board nil) the players move tagged tiles on a simulated
// surface whose antennas miss and ghost, and sensing turns the reads into
// the actions the referee applies (jantaku run --sim --sensing); with a
// Board, sensing follows the hands people play on the real table.
type Sensing struct {
	Clock   clock.Clock
	Players players.Config // pace, read miss and ghost rates, seed
	// Board, if set, follows the hands people play on the real table
	// (jantaku run --sensing with a hardware profile).
	Board *Board
	// Played, if set, is given what the simulated players did in each
	// hand played through sensing, once the hand is over: the actions
	// each meant and when its last tile came down, against which a
	// latency is measured (cmd/jantaku's TestSensedLatency).
	Played func(players.HandResult)
	// HeldFields, in the simulator, gives every zone a reader of its own
	// holding its field on (players.HandConfig.HeldFields).
	HeldFields bool
	hands      uint64 // hands played so far, for each hand's seed
}

// Board is the table's own tile sensing: the surface readers of the
// board, the tag registry and the walls the machine built for the hand.
type Board struct {
	surface *sensing.Surface
	reg     registry.Registry
	dealer  *MachineDealer
	cfg     sensing.Config
}

// NewBoard returns the tile sensing of a board's surface, whose tags reg
// knows, following the walls dealer deals.
func NewBoard(surface *sensing.Surface, reg registry.Registry, dealer *MachineDealer) *Board {
	return &Board{surface: surface, reg: reg, dealer: dealer}
}

// layout is the tiles of the hand just dealt: the tags of the walls the
// machine built, each wall position's zone in draw order.
func (b *Board) layout(g *tablecore.Game) (sensing.Layout, error) {
	if b.dealer == nil || b.dealer.last == nil {
		return sensing.Layout{}, errors.New("no walls from the machine for this hand")
	}
	w := b.dealer.last.Walls
	h := g.Hand()
	l := sensing.Layout{Tags: map[rfid.UID]tile.Tile{}}
	var stacks []int
	for _, side := range w.Sides {
		if len(side) > 0 {
			stacks = append(stacks, len(side)/2)
		}
		for _, u := range side {
			e, ok := b.reg.Lookup(u)
			if !ok {
				return sensing.Layout{}, fmt.Errorf("wall tag %s is not registered", u)
			}
			l.Tags[u] = e.Tile
		}
	}
	order, err := game.WallOrder(g.Ruleset(), h.Dice, h.Dealer, stacks)
	if err != nil {
		return sensing.Layout{}, err
	}
	l.Walls = sensing.WallZones(order)
	return l, nil
}

// sensedHand is a hand being played through sensing, in its own goroutine.
type sensedHand struct {
	cancel context.CancelFunc
	done   chan error
	// in takes the seats' declarations (buttons and seat pages), on the
	// real table and in the simulator alike.
	in chan<- sensing.Input
	// moves takes, in the simulator, the actions of the seats people
	// play (people) from their seat pages: the simulator moves their
	// tiles on the surface. Nil on the real table, where people move
	// their own tiles.
	moves  chan<- game.Action
	people []game.Seat
}

// sensedDeclaration is the declaration a seat command makes while the
// hand is sensed: the tiles people move make the other actions.
func sensedDeclaration(c Command) (sensing.Declaration, bool) {
	d := sensing.Declaration{Seat: game.Seat(c.Seat)}
	switch c.Type {
	case "win":
		d.Kind = sensing.DeclareWin
	case "riichi":
		d.Kind = sensing.DeclareRiichi
	case "pass":
		d.Kind = sensing.DeclarePass
	case "ok":
		// An abortive draw is declared, as a button would; every other
		// "ok" is a tile moved.
		var args tablecore.ActionView
		if json.Unmarshal(c.Args, &args) != nil || args.Kind != game.Abort.String() {
			return d, false
		}
		d.Kind = sensing.DeclareAbort
	default:
		return d, false
	}
	return d, true
}

// declare hands a seat's declaration to the sensed hand.
func (h *sensedHand) declare(c Command) (bool, error) {
	d, ok := sensedDeclaration(c)
	if !ok || h.in == nil {
		return false, nil
	}
	return h.send(sensing.Input{Declaration: &d})
}

// send hands sensing an input without waiting for it.
func (h *sensedHand) send(i sensing.Input) (bool, error) {
	select {
	case h.in <- i:
		return true, nil
	default:
		return true, fmt.Errorf("%w: the table's sensing has not taken the last declarations yet", ErrBusy)
	}
}

// take hands a seat's command to the sensed hand, reporting whether it
// did. Win, riichi and pass are declarations, from a seat button or a
// seat page, on the real table and in the simulator alike. In the
// simulator a person's other moves (a draw, a discard, a call, a riichi's
// discard) are carried out on the simulated surface as the tile movements
// they make, so sensing reads them as it reads everyone's.
func (h *sensedHand) take(g *tablecore.Game, c Command) (bool, error) {
	var move *game.Action
	if h.moves != nil && slices.Contains(h.people, game.Seat(c.Seat)) && carried(c) {
		a, err := seatAction(g, c)
		if err != nil {
			return true, err
		}
		switch {
		case a.Kind == game.Abort:
		case a.Kind == game.Missing && !showSuit(g, &a):
			// No tile of the suit to show: the suit is declared.
			return h.send(sensing.Input{Declaration: &sensing.Declaration{Seat: a.Seat, Kind: sensing.DeclareMissing, Suit: a.Suit}})
		default:
			move = &a
		}
	}
	if ok, err := h.declare(c); ok && err != nil || ok && move == nil {
		return ok, err
	}
	if move == nil {
		return false, nil
	}
	select {
	case h.moves <- *move:
		return true, nil
	default:
		return true, fmt.Errorf("%w: the simulated surface has not taken seat %d's last moves yet", ErrBusy, c.Seat)
	}
}

// showSuit sets a missing-suit action's tile to one of the seat's tiles
// of that suit, the tile a player lays face down to declare it, and
// reports whether the seat holds one.
func showSuit(g *tablecore.Game, a *game.Action) bool {
	if a.Tile != (tile.Tile{}) {
		return true
	}
	for _, t := range g.Hand().Seats[a.Seat].Hand {
		if t.Kind.IsSuited() && t.Kind.Suit() == a.Suit {
			a.Tile = t
			return true
		}
	}
	return false
}

// carried reports whether a seat command moves tiles in the simulator: a
// riichi does when it names its discard.
func carried(c Command) bool {
	switch c.Type {
	case "ok", "chi", "pon", "kan":
		return true
	case "riichi":
		return len(c.Args) > 0
	}
	return false
}

// seatAction is the legal action of c's seat that c names, as declare
// reads it.
func seatAction(g *tablecore.Game, c Command) (game.Action, error) {
	var args tablecore.ActionView
	if err := strictArgs(c, &args); err != nil {
		return game.Action{}, err
	}
	var fits []game.Action
	for _, a := range g.Legal(game.Seat(c.Seat)) {
		if matches(a, c.Type, args) {
			fits = append(fits, a)
		}
	}
	switch {
	case len(fits) == 0:
		what := strings.TrimSpace(strings.Join([]string{c.Type, args.Kind, args.Tile, args.Suit}, " "))
		return game.Action{}, fmt.Errorf("%w: seat %d may not %s now", ErrRejected, c.Seat, what)
	case len(fits) > 1 && !sameAction(fits):
		return game.Action{}, fmt.Errorf("%w: %s: the arguments %s fit %d legal actions: name the kind, tile and uses", ErrMalformed, c.Type, string(c.Args), len(fits))
	}
	return fits[0], nil
}

// errSensing answers a command that would change the game while the
// simulated table plays a hand through sensing.
var errSensing = errors.New("the simulated table is playing this hand through its sensors")

// ownerRef is the table's referee as seen from the sensing goroutine: every
// call runs in the owner loop, which alone touches the game.
type ownerRef struct {
	s   *Table
	ctx context.Context
}

// call runs f in the owner loop and reports whether it ran: it does not
// once the hand's context is done, when the owner loop may be gone.
func (r ownerRef) call(f func()) bool {
	done := make(chan struct{})
	select {
	case r.s.calls <- func() { f(); close(done) }:
		<-done
		return true
	case <-r.ctx.Done():
		return false
	}
}

// Hand is the hand in play, nil once the owner loop can no longer be
// reached: sensing and the players then stop instead of reading a game
// they may not touch.
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
	var err error
	ran := r.call(func() {
		evs, err = r.s.t.Apply(ctx, a)
		r.s.recorded(err)
		r.s.observe().Action(err == nil)
		if err == nil {
			r.s.settled(ctx, a.Seat)
			r.s.publish(ctx, evs)
		}
	})
	if !ran {
		return nil, fmt.Errorf("%s not applied: %w", a, context.Cause(r.ctx))
	}
	return evs, err
}

func (r ownerRef) Foul(ctx context.Context, a game.Action, reason string) ([]tablecore.Event, error) {
	var evs []tablecore.Event
	var err error
	ran := r.call(func() {
		evs, err = r.s.t.Foul(ctx, a, reason)
		r.s.recorded(err)
		if err == nil {
			r.s.settled(ctx, a.Seat)
			r.s.publish(ctx, evs)
		}
	})
	if !ran {
		return nil, fmt.Errorf("foul %s not recorded: %w", a, context.Cause(r.ctx))
	}
	return evs, err
}

// startSensed plays the hand just dealt through sensing.
func (s *Table) startSensed(ctx context.Context) error {
	if s.sense.Board != nil {
		return s.startBoardSensed(ctx)
	}
	g := s.t.Game()
	h := g.Hand()
	order, err := game.WallOrder(g.Ruleset(), h.Dice, h.Dealer, players.Stacks(len(h.Wall.Tiles), h.Players))
	if err != nil {
		return fmt.Errorf("the simulated walls: %w", err)
	}
	cfg := s.sense.Players
	cfg.Seed += s.sense.hands
	s.sense.hands++
	hc := players.HandConfig{
		Tags:       sim.Tags(g.Rules().Set, 'A'),
		Walls:      sensing.WallZones(order),
		Players:    cfg,
		HeldFields: s.sense.HeldFields,
	}
	// The seats people play: the simulated players leave them alone, and
	// their seat pages' moves are carried out on the surface.
	for i := range min(len(s.bots), h.Players) {
		if !s.bots[i] {
			hc.Players.People = append(hc.Players.People, game.Seat(i))
		}
	}
	in, moves := make(chan sensing.Input, 8), make(chan game.Action, 8)
	hc.In, hc.Moves = in, moves
	s.log.Info("the hand is played through sensing", "people", hc.Players.People, "held_fields", hc.HeldFields)
	hctx, cancel := context.WithCancel(ctx)
	ref := ownerRef{s: s, ctx: hctx}
	hc.Referee, hc.Emit = ref, ref.output
	run := &sensedHand{cancel: cancel, done: make(chan error, 1), in: in, moves: moves, people: hc.Players.People}
	s.sensed = run
	go func() {
		res, err := players.PlayHand(hctx, s.sense.Clock, hc)
		if err != nil && hctx.Err() != nil {
			// Stopped, not failed: the referee's calls were cut short
			// (a table stopping while the owner loop still takes its end).
			err = hctx.Err()
		}
		if err == nil {
			s.log.Info("hand played through sensing", "actions", len(res.Meant), "reads", res.Reads)
			if s.sense.Played != nil {
				s.sense.Played(res)
			}
		}
		run.done <- err
	}()
	return nil
}

// output takes what sensing made of the reads, from the sensing
// goroutine: a movement of two readings asks its seat to choose.
func (r ownerRef) output(o sensing.Output) {
	logOutput(r.s.log, o)
	if amb, ok := o.(*sensing.Ambiguous); ok {
		r.call(func() { r.s.ambiguous(r.ctx, amb) })
	}
}

// logOutput logs what sensing made of the reads.
func logOutput(log *slog.Logger, o sensing.Output) {
	switch o := o.(type) {
	case *sensing.Anomaly:
		log.Warn("sensing: anomaly", "kind", o.Kind, "seat", o.Seat, "tile", o.Tile, "from", o.From, "to", o.To, "expected", o.Expected)
	case *sensing.Accepted:
		log.Debug("sensing: accepted", "action", o.Action, "by", o.By)
	}
}

// startBoardSensed follows the hand just dealt on the real table: the
// surface readers' inventories and the seat buttons go to sensing, which
// applies what people did to the referee, until the hand is over.
func (s *Table) startBoardSensed(ctx context.Context) error {
	b := s.sense.Board
	l, err := b.layout(s.t.Game())
	if err != nil {
		return fmt.Errorf("tile sensing: %w", err)
	}
	hctx, cancel := context.WithCancel(ctx)
	ref := ownerRef{s: s, ctx: hctx}
	run := &sensedHand{cancel: cancel, done: make(chan error, 1)}
	s.sensed = run
	in := make(chan sensing.Input, 8)
	in <- sensing.Input{Hand: &l}
	// The seats' buttons and seat pages declare through
	// Table.command, which hands win, riichi and pass to this hand.
	run.in = in
	scfg := b.cfg
	scfg.Held = b.surface.Held()
	sn := sensing.New(scfg, ref)
	readers := b.surface.Readers()
	go func() {
		// The hand ends in the referee; the loop is stopped then.
		go func() {
			for hctx.Err() == nil {
				if h := ref.Hand(); h == nil || h.Phase == game.Over {
					cancel()
					return
				}
				_ = clock.Sleep(hctx, s.sense.Clock, 200*time.Millisecond)
			}
		}()
		var err error
		switch {
		case b.surface.Held():
			// A reader per zone: each holds its field on for the hand and
			// polls for newcomers; the tags forget Stay Quiet after.
			var zones []*sensing.QuietZone
			zones, err = b.surface.HoldFields(hctx, s.sense.Clock.Now())
			if err == nil {
				err = sensing.RunQuiet(hctx, s.sense.Clock, sn, zones, in, ref.output)
				if rerr := b.surface.ReleaseFields(); rerr != nil {
					s.log.Error("tile sensing: the zones' fields stay on after the hand", "err", rerr)
				}
			}
		case len(readers) > 1:
			// A reader per seat: they read at once, each its own zones.
			err = sensing.RunReaders(hctx, s.sense.Clock, sn, readers, in, ref.output)
		default:
			err = sensing.Run(hctx, s.sense.Clock, sn, b.surface, sensing.NewSchedule(b.surface.Zones()), in, ref.output)
		}
		if errors.Is(err, context.Canceled) && ctx.Err() == nil {
			err = nil // the hand is over
		}
		run.done <- err
	}()
	return nil
}

// endSensed takes the sensing goroutine's end: the hand is over, or the
// simulated players could not go on (the seat bots finish the hand).
func (s *Table) endSensed(ctx context.Context, err error) {
	s.sensed = nil
	s.clearChoices(ctx)
	if err != nil && !errors.Is(err, context.Canceled) {
		s.log.Error("sensing could not play the hand to its end; the simulated seats finish it", "err", err)
	}
}

// whileSensed reports whether a command may be taken while a hand is
// played through sensing: only those about the next game.
func whileSensed(typ string) bool {
	return slices.Contains([]string{"ruleset", "options", "seat_player"}, typ)
}
