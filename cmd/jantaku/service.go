package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"jantaku/firmware/cycle"
	"jantaku/firmware/deal"
	"jantaku/firmware/registry"
	"jantaku/hardware/sim/players"
	mqcmd "jantaku/mqtt/command"
	"jantaku/mqtt/referee"
	mqtable "jantaku/mqtt/table"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
	"jantaku/tablecore/archive"
)

// stepPublisher is where the service sends what the referee did: the MQTT
// publisher (mqtt/table), or nothing.
type stepPublisher interface {
	Publish(ctx context.Context, s mqtable.Step) error
	Snapshot(ctx context.Context, s mqtable.Step) error
	NewGame() // the next step begins a new game, numbered from 1
}

// dealer supplies the wall of each new hand of g: the machine's walls on a
// table with a machine, a seeded shuffle otherwise. errWallsNotUp means
// "not yet": the service asks again at its next step, so commands are
// served while the machine builds.
type dealer interface {
	Deal(ctx context.Context, g *tablecore.Game) (tablecore.Deal, error)
}

var errWallsNotUp = errors.New("the walls are not up yet")

// shuffleDealer deals a uniformly shuffled wall and rolls the dice.
type shuffleDealer struct{ rng *rand.Rand }

func (d shuffleDealer) Deal(_ context.Context, g *tablecore.Game) (tablecore.Deal, error) {
	w := g.Rules().Set.Tiles()
	d.rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	return tablecore.Deal{Wall: w, Dice: [2]int{1 + d.rng.IntN(6), 1 + d.rng.IntN(6)}}, nil
}

// machineDealer deals the walls the machine raised, tile by tile as the
// inline readers saw them, with the machine's dice.
type machineDealer struct {
	walls <-chan cycle.Hand // each walls-up
	reg   registry.Registry
	// start asks for the next walls (the simulated players press Start);
	// nil where people press it.
	start  func()
	asked  bool
	logger *slog.Logger
	last   *cycle.Hand // the walls of the hand dealt last (tile sensing)
}

func (d *machineDealer) Deal(ctx context.Context, g *tablecore.Game) (tablecore.Deal, error) {
	if !d.asked && d.start != nil {
		d.start()
	}
	d.asked = true
	select {
	case h := <-d.walls:
		d.asked = false
		st, _ := g.NextStanding()
		dl, err := deal.FromWalls(h.Walls, h.Dice, d.reg, g.Ruleset(), st.Dealer)
		if err != nil {
			return tablecore.Deal{}, fmt.Errorf("hand %d of the machine (set %c): %w", h.Number, h.Walls.Set, err)
		}
		d.last = &h
		d.logger.Info("dealt from the machine's walls", "hand", h.Number, "set", string(h.Walls.Set), "dice", h.Dice, "dealer", st.Dealer)
		return dl, nil
	case <-ctx.Done():
		return tablecore.Deal{}, ctx.Err()
	default:
		return tablecore.Deal{}, errWallsNotUp
	}
}

// service owns one table's game: it alone changes it (one goroutine, Run),
// journals every input, publishes every step, plays the simulated seats,
// executes commands and archives finished games.
type service struct {
	log     *slog.Logger
	dir     string // journal and archive
	ruleset string
	options json.RawMessage
	pub     stepPublisher
	deal    dealer
	now     func() time.Time
	rng     *rand.Rand
	bots    []bool        // seats played by simulated players
	pace    time.Duration // a simulated player's thinking time
	games   int           // games to play before stopping; 0 = no limit
	arch    *archive.Archive
	obs     observer // operational metrics; nil: none
	// claimWindow is held after every discard (claimwindow.go);
	// windowEnd is when the current one ends.
	claimWindow time.Duration
	windowEnd   time.Time
	// passes are events of passes alone, held for the next step: they
	// take no number (tablecore.Event.Seq), and a step of their own
	// would tell everyone that a seat had an option.
	passes []tablecore.Event

	t       *tablecore.Table
	started time.Time
	played  int
	paused  bool
	reqs    chan request
	// jerr is the journal's failure (a full disk, a failed fsync) while it
	// records nothing; the table then takes no input, and the owner
	// reopens the journal every journalRetry until a record is written.
	jerr   error
	jerrAt time.Time
	// aerr is the failure to archive the finished game (a full disk): its
	// journal stays where it is and archiving is retried.
	aerr   error
	aerrAt time.Time

	// sense, if set, plays each hand with every seat simulated through
	// the tile sensing stack; sensed is the hand being played so, and
	// calls carries its referee calls into the owner loop.
	sense  *sensedPlay
	sensed *sensedHand
	calls  chan func()

	rulesGiven bool // the ruleset was asked for: a journal of other rules is archived, not resumed

	dealt   int    // hands dealt since the start (jantaku_hands_total, /healthz hands_dealt)
	waiting string // what the game last waited for from people, as logged
}

// journalRetry is how often a table whose journal failed tries it again.
const journalRetry = 2 * time.Second

type request struct {
	cmd   mqcmd.Command
	reply chan error
	view  chan tablecore.View // a view of cmd.Seat, read by the owner
	// health asks the owner how the table is; nothing else is done.
	health chan ownerHealth
}

// ownerHealth is the owner's answer to a health probe.
type ownerHealth struct {
	Journal string // the journal's path
	Records uint64 // records in the journal (the game record and every input)
	Hands   int    // hands played in this game
	Dealt   int    // hands dealt since the daemon started
	Paused  bool
	Err     error // the journal's failure, nil when it records
	Archive error // the last failure to archive the finished game, nil when none is pending
}

// health asks the owner loop for its state, waiting at most until ctx ends.
func (s *service) health(ctx context.Context) (ownerHealth, error) {
	r := request{health: make(chan ownerHealth, 1)}
	select {
	case s.reqs <- r:
	case <-ctx.Done():
		return ownerHealth{}, errors.New("the table's owner loop did not answer")
	}
	select {
	case h := <-r.health:
		return h, nil
	case <-ctx.Done():
		return ownerHealth{}, errors.New("the table's owner loop did not answer")
	}
}

func (s *service) observe() observer {
	if s.obs == nil {
		return nopObserver{}
	}
	return s.obs
}

// recorded takes the journal's answer to an input: a failure to record
// stops the table's inputs until the journal records again.
func (s *service) recorded(err error) {
	switch {
	case err == nil:
		if s.jerr != nil {
			s.log.Info("the journal records again: the table takes inputs", "journal", s.journalPath())
			s.jerr = nil
		}
	case errors.Is(err, tablecore.ErrNotRecorded):
		if s.jerr == nil {
			s.log.Error("the journal cannot record: the table takes no input until it can; every recorded input is kept", "err", err)
		}
		s.jerr, s.jerrAt = err, s.now()
		s.observe().journalFailed()
	}
}

// retryJournal reopens a failed journal, at most every journalRetry: the
// reopened journal ends at its last whole record, and the game is the
// replay of those records, which is the game as it was.
func (s *service) retryJournal(ctx context.Context) bool {
	if s.now().Sub(s.jerrAt) < journalRetry {
		return false
	}
	s.jerrAt = s.now()
	s.t.Close()
	t, err := tablecore.Open(ctx, s.journalPath(), resolveRuleset, s.now)
	if err != nil {
		s.log.Warn("reopening the journal", "err", err)
		return false
	}
	s.t = t
	return true
}

// errJournalDown is the answer to an input while the journal cannot record.
func (s *service) errJournalDown() error {
	return fmt.Errorf("%w: the table's journal cannot record, so it takes no input until it can (%v)", mqcmd.ErrBusy, s.jerr)
}

var errGameOver = errors.New("the game is over: send start for a new one")

func (s *service) journalPath() string { return filepath.Join(s.dir, "table.jnl") }

func resolveRuleset(name string, options json.RawMessage) (game.Ruleset, error) {
	return rulesets.New(name, options)
}

// open resumes the journaled game if there is one, else creates a game.
func (s *service) open(ctx context.Context) error {
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return err
	}
	a, err := archive.Open(filepath.Join(s.dir, "archive.db"), 2*time.Second)
	if err != nil {
		return err
	}
	s.arch = a
	if s.reqs == nil {
		s.reqs = make(chan request)
	}
	if s.calls == nil {
		s.calls = make(chan func())
	}
	if _, err := os.Stat(s.journalPath()); err == nil {
		t, err := tablecore.Open(ctx, s.journalPath(), resolveRuleset, s.now)
		if err != nil {
			return fmt.Errorf("the table's journal %s does not resume (move it aside to start afresh): %w", s.journalPath(), err)
		}
		if s.rulesGiven && t.Name != s.ruleset {
			// Asked for other rules: the unfinished game is archived as
			// it stood (as an operator's abort would) and a new one begins.
			wanted, opts := s.ruleset, s.options
			s.t = t
			if err := s.finish(ctx); err != nil {
				return fmt.Errorf("archiving the unfinished %s game of %s before a %s game: %w", t.Name, s.journalPath(), wanted, err)
			}
			s.log.Warn("the journal held an unfinished game of other rules: archived as it stood", "archived_ruleset", t.Name, "ruleset", wanted)
			s.ruleset, s.options, s.played = wanted, opts, 0
			return s.newGame(ctx)
		}
		s.t, s.ruleset, s.options = t, t.Name, t.Opts
		s.log.Info("resumed the game", "journal", s.journalPath(), "ruleset", t.Name, "events", len(t.Start))
		return nil
	}
	return s.newGame(ctx)
}

func (s *service) newGame(ctx context.Context) error {
	t, err := tablecore.Create(ctx, s.journalPath(), s.ruleset, s.options, resolveRuleset, 0, s.now)
	if err != nil {
		return err
	}
	s.t, s.started, s.passes = t, s.now(), nil
	if s.pub != nil {
		s.pub.NewGame()
	}
	s.log.Info("new game", "ruleset", s.ruleset, "journal", s.journalPath())
	return nil
}

// close archives nothing; it closes the journal and the archive.
func (s *service) close() {
	if s.t != nil {
		s.t.Close()
	}
	if s.arch != nil {
		s.arch.Close()
	}
}

// Handle implements command.Handler: the command goes to the owner
// goroutine and its result comes back as the reply.
func (s *service) Handle(ctx context.Context, c mqcmd.Command) error {
	r := request{cmd: c, reply: make(chan error, 1)}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	select {
	case s.reqs <- r:
	case <-ctx.Done():
		return fmt.Errorf("%w: the table did not take the command in time", mqcmd.ErrBusy)
	}
	select {
	case err := <-r.reply:
		return err
	case <-ctx.Done():
		return fmt.Errorf("%w: no answer in time", mqcmd.ErrBusy)
	}
}

// Run plays until ctx ends or the configured number of games is played.
func (s *service) Run(ctx context.Context) error {
	if step, err := referee.Snapshot(s.t.Game(), s.now()); err == nil && s.pub != nil && step.Seq > 0 {
		if err := s.pub.Snapshot(ctx, step); err != nil {
			s.log.Warn("publishing the snapshot", "err", err)
		}
	}
	tick := time.NewTicker(max(s.pace, time.Millisecond))
	defer tick.Stop()
	for {
		var sensedDone chan error
		if s.sensed != nil {
			sensedDone = s.sensed.done
		}
		select {
		case <-ctx.Done():
			if s.sensed != nil {
				s.sensed.cancel()
				<-s.sensed.done
			}
			return nil
		case f := <-s.calls:
			f()
		case err := <-sensedDone:
			s.endSensed(err)
		case r := <-s.reqs:
			if r.health != nil {
				st := s.t.Game().Standing()
				r.health <- ownerHealth{Journal: s.journalPath(), Records: s.t.Records(), Hands: st.Hands, Dealt: s.dealt, Paused: s.paused, Err: s.jerr, Archive: s.aerr}
				continue
			}
			if r.view != nil {
				r.view <- s.t.Game().View(r.cmd.Seat)
				continue
			}
			r.reply <- s.command(ctx, r.cmd)
		case <-tick.C:
			done, err := s.step(ctx)
			if err != nil {
				return err
			}
			if done {
				return nil
			}
		}
	}
}

// step makes the table move on by one thing: a hand dealt, a finished
// game archived and a new one begun, or one simulated player's action.
func (s *service) step(ctx context.Context) (done bool, err error) {
	if s.paused || s.sensed != nil {
		return false, nil
	}
	if s.jerr != nil && !s.retryJournal(ctx) {
		return false, nil
	}
	g := s.t.Game()
	if g.Over() {
		if s.aerr != nil && s.now().Sub(s.aerrAt) < journalRetry {
			return false, nil
		}
		if err := s.finish(ctx); err != nil {
			if s.aerr == nil {
				s.log.Error("archiving the finished game failed: its journal is kept and archiving is retried", "err", err, "journal", s.journalPath())
			}
			s.aerr, s.aerrAt = err, s.now()
			return false, nil
		}
		if s.aerr != nil {
			s.log.Info("the finished game is archived after all")
			s.aerr = nil
		}
		if s.games > 0 && s.played >= s.games {
			return true, nil
		}
		return false, s.newGame(ctx)
	}
	if h := g.Hand(); h == nil || h.Phase == game.Over {
		d, err := s.deal.Deal(ctx, g)
		if errors.Is(err, errWallsNotUp) {
			return false, nil
		}
		if err != nil {
			return false, err
		}
		evs, err := s.t.StartHand(ctx, d)
		s.recorded(err)
		if err != nil {
			if errors.Is(err, tablecore.ErrGameOver) || errors.Is(err, tablecore.ErrNotRecorded) {
				return false, nil
			}
			return false, err
		}
		s.observe().handDealt(s.t.Name)
		s.publish(ctx, evs)
		if s.sense != nil && (s.sense.board != nil || !slices.Contains(s.bots[:min(len(s.bots), g.Rules().Players)], false)) {
			return false, s.startSensed(ctx)
		}
		return false, nil
	}
	if s.holding(g) {
		return false, nil // the claim window is open
	}
	a, ok := players.Move(g, s.bots)
	if !ok {
		closed, err := s.closeClaims(ctx, g)
		if err != nil {
			return false, err
		}
		if !closed {
			s.logWaiting(g)
		}
		return false, nil // waiting for a person
	}
	evs, err := s.t.Apply(ctx, a)
	s.recorded(err)
	s.observe().action(err == nil)
	if errors.Is(err, tablecore.ErrNotRecorded) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("a simulated player's legal move was refused: %w", err)
	}
	s.publish(ctx, evs)
	return false, nil
}

func (s *service) publish(ctx context.Context, evs []tablecore.Event) {
	s.logHands(evs)
	s.noteWindow(evs)
	if s.pub == nil || len(evs) == 0 {
		return
	}
	if onlyPasses(evs) {
		s.passes = append(s.passes, evs...)
		return
	}
	if len(s.passes) > 0 {
		evs = append(s.passes, evs...)
		s.passes = nil
	}
	step, err := referee.Step(s.t.Game(), evs, s.now())
	if err == nil {
		err = s.pub.Publish(ctx, step)
	}
	if err != nil {
		s.log.Warn("publishing", "err", err)
	}
}

// onlyPasses reports whether evs are passes and nothing else.
func onlyPasses(evs []tablecore.Event) bool {
	for _, e := range evs {
		if e.Type != tablecore.Acted || e.Action.Kind != game.Pass {
			return false
		}
	}
	return true
}

// finish archives the finished game and moves its journal aside.
func (s *service) finish(ctx context.Context) error {
	if err := s.t.RecordResult(ctx); err != nil {
		return err
	}
	j, err := os.ReadFile(s.journalPath())
	if err != nil {
		return err
	}
	st := s.t.Game().Standing()
	sum := archive.Summary{Ruleset: s.t.Name, Options: s.t.Opts, Started: s.started, Finished: s.now(), Hands: st.Hands, Scores: st.Scores}
	if r, ok := s.t.Game().Settlement(); ok {
		sum.Result = &r
	}
	id, err := s.arch.Put(sum, j)
	if err != nil {
		return err
	}
	// Archiving again after a failed rename stores nothing twice (Put
	// knows the journal), so the journal moves aside before it closes.
	if err := os.Rename(s.journalPath(), filepath.Join(s.dir, fmt.Sprintf("game-%d.jnl", id))); err != nil {
		return err
	}
	s.observe().gameFinished(s.t.Name)
	s.t.Close()
	s.t = nil
	s.played++
	s.log.Info("game finished and archived", "id", id, "scores", st.Scores, "hands", st.Hands)
	return nil
}

// command executes one authorised command from MQTT.
func (s *service) command(ctx context.Context, c mqcmd.Command) error {
	g := s.t.Game()
	if s.sensed != nil {
		if ok, err := s.sensed.declare(c); ok {
			return err
		}
	}
	if s.sensed != nil && !whileSensed(c.Type) {
		return fmt.Errorf("%w: %v; commands about the game wait until the hand ends", mqcmd.ErrBusy, errSensing)
	}
	switch c.Type {
	case "pause", "resume", "ruleset", "options", "seat_player":
	default:
		if s.jerr != nil {
			return s.errJournalDown()
		}
	}
	switch c.Type {
	case "start":
		var args struct {
			Ruleset string          `json:"ruleset"`
			Options json.RawMessage `json:"options"`
		}
		if err := strictArgs(c, &args); err != nil {
			return err
		}
		if args.Ruleset != "" {
			if _, err := rulesets.New(args.Ruleset, args.Options); err != nil {
				return fmt.Errorf("%w: %v", mqcmd.ErrRejected, err)
			}
			s.ruleset, s.options = args.Ruleset, args.Options
		}
		if h := g.Hand(); h != nil && !g.Over() {
			return fmt.Errorf("%w: a game is in progress (send abort first)", mqcmd.ErrRejected)
		}
		if g.Over() {
			if err := s.finish(ctx); err != nil {
				return err
			}
		} else {
			s.t.Close()
			os.Remove(s.journalPath())
		}
		return s.newGame(ctx)
	case "next_hand":
		if h := g.Hand(); h != nil && h.Phase != game.Over {
			return fmt.Errorf("%w: the hand is still in play", mqcmd.ErrRejected)
		}
		_, err := s.step(ctx)
		if err == nil && s.jerr != nil {
			return s.errJournalDown()
		}
		return err
	case "win", "riichi", "chi", "pon", "kan", "pass", "ok":
		return s.declare(ctx, c)
	case "ruleset", "options":
		var args struct {
			Ruleset string          `json:"ruleset"`
			Options json.RawMessage `json:"options"`
		}
		if err := strictArgs(c, &args); err != nil {
			return err
		}
		name := args.Ruleset
		if c.Type == "options" || name == "" {
			name = s.ruleset
		}
		if _, err := rulesets.New(name, args.Options); err != nil {
			return fmt.Errorf("%w: %v", mqcmd.ErrRejected, err)
		}
		// Takes effect with the next game: a game keeps its rules.
		s.ruleset, s.options = name, args.Options
		s.log.Info("rules for the next game", "ruleset", name, "options", string(args.Options))
		return nil
	case "pause":
		s.paused = true
		return nil
	case "resume":
		s.paused = false
		return nil
	case "abort":
		// The game ends here; it is archived as far as it went.
		if err := s.finish(ctx); err != nil {
			return err
		}
		return s.newGame(ctx)
	case "seat_player":
		var args struct {
			Seat   *int   `json:"seat"`
			Player string `json:"player"` // "person" or "sim"
		}
		if err := strictArgs(c, &args); err != nil {
			return err
		}
		if args.Seat == nil || *args.Seat < 0 || *args.Seat >= len(s.bots) || (args.Player != "person" && args.Player != "sim") {
			return fmt.Errorf("%w: seat_player needs {\"seat\": 0–3, \"player\": \"person\" or \"sim\"}", mqcmd.ErrMalformed)
		}
		s.bots[*args.Seat] = args.Player == "sim"
		return nil
	case "correct":
		return s.correct(ctx, c)
	}
	return fmt.Errorf("%w: %q is not supported by this table yet", mqcmd.ErrRejected, c.Type)
}

// strictArgs decodes a command's arguments, refusing unknown keys.
func strictArgs(c mqcmd.Command, v any) error {
	if len(c.Args) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(c.Args))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("%w: %s: %v", mqcmd.ErrMalformed, c.Type, err)
	}
	return nil
}

// correct is an operator's correction: apply an action for a seat (what
// really happened at the table, when sensing or a player could not say
// it), or record a foul the referee then penalises.
func (s *service) correct(ctx context.Context, c mqcmd.Command) error {
	var args struct {
		Seat   *int                 `json:"seat"`
		Action tablecore.ActionView `json:"action"`
		Foul   bool                 `json:"foul"`
		Reason string               `json:"reason"`
	}
	if err := strictArgs(c, &args); err != nil {
		return err
	}
	if args.Seat == nil || args.Action.Kind == "" {
		return fmt.Errorf("%w: correct needs {\"seat\": n, \"action\": {\"kind\": …, \"tile\": …}}", mqcmd.ErrMalformed)
	}
	kind, err := game.ParseKind(args.Action.Kind)
	if err != nil {
		return fmt.Errorf("%w: %v", mqcmd.ErrMalformed, err)
	}
	seat := game.Seat(*args.Seat)
	if args.Foul {
		a := game.Action{Kind: kind, Seat: seat}
		if args.Action.Tile != "" {
			ts, err := tile.Parse(args.Action.Tile)
			if err != nil || len(ts) != 1 {
				return fmt.Errorf("%w: tile %q", mqcmd.ErrMalformed, args.Action.Tile)
			}
			a.Tile = heldOr(s.t.Game(), seat, ts[0])
		}
		reason := args.Reason
		if reason == "" {
			reason = "reported by the operator"
		}
		evs, err := s.t.Foul(ctx, a, reason)
		s.recorded(err)
		if err != nil {
			return fmt.Errorf("%w: %v", mqcmd.ErrRejected, err)
		}
		s.publish(ctx, evs)
		return nil
	}
	for _, a := range s.t.Game().Legal(seat) {
		if a.Kind == kind && matches(a, typeOf(kind), args.Action) {
			evs, err := s.t.Apply(ctx, a)
			s.recorded(err)
			s.observe().action(err == nil)
			if errors.Is(err, tablecore.ErrNotRecorded) {
				return s.errJournalDown()
			}
			if err != nil {
				return fmt.Errorf("%w: %v", mqcmd.ErrRejected, err)
			}
			s.publish(ctx, evs)
			return nil
		}
	}
	s.observe().action(false)
	return fmt.Errorf("%w: seat %d may not %s %s now", mqcmd.ErrRejected, seat, kind, args.Action.Tile)
}

// typeOf is the seat command that asks for an action of kind k.
func typeOf(k game.Kind) string {
	switch k {
	case game.Tsumo, game.Ron:
		return "win"
	case game.Riichi:
		return "riichi"
	case game.Chi:
		return "chi"
	case game.Pon:
		return "pon"
	case game.OpenKan, game.AddedKan, game.ClosedKan, game.SingleKan:
		return "kan"
	case game.Pass:
		return "pass"
	}
	return "ok"
}

// heldOr returns seat's own tile of t's face if it holds one, else t.
func heldOr(g *tablecore.Game, seat game.Seat, t tile.Tile) tile.Tile {
	if h := g.Hand(); h != nil && int(seat) < len(h.Seats) {
		for _, x := range h.Seats[seat].Hand {
			if x.Kind == t.Kind && x.Red == t.Red {
				return x
			}
		}
	}
	return t
}

// declare applies a seat's declaration: args name one of the seat's legal
// actions ({kind, tile, uses} as the seat's view lists them).
func (s *service) declare(ctx context.Context, c mqcmd.Command) error {
	var args tablecore.ActionView
	if err := strictArgs(c, &args); err != nil { // a misspelt key must not play another tile
		return err
	}
	g := s.t.Game()
	if h := g.Hand(); h != nil && h.Phase == game.Claims && c.Type == "pass" {
		if !slices.ContainsFunc(g.Legal(game.Seat(c.Seat)), func(a game.Action) bool { return a.Kind == game.Pass }) {
			return fmt.Errorf("%w: seat %d has no claim to pass on", mqcmd.ErrRejected, c.Seat)
		}
		return nil // taken, not played: the window's end passes for it (claimwindow.go)
	}
	if c.Type == "ok" && s.holding(g) {
		return s.errWindowOpen()
	}
	legal := g.Legal(game.Seat(c.Seat))
	var fits []game.Action
	for _, a := range legal {
		if matches(a, c.Type, args) {
			fits = append(fits, a)
		}
	}
	if len(fits) > 1 && !sameAction(fits) {
		// Never a silent guess: which tile goes is the player's to say.
		var names []string
		for _, a := range fits {
			names = append(names, a.String())
		}
		return fmt.Errorf("%w: %s: the arguments %s fit %d legal actions (%s): name the kind, tile and uses", mqcmd.ErrMalformed, c.Type, string(c.Args), len(fits), strings.Join(names, ", "))
	}
	for _, a := range fits {
		evs, err := s.t.Apply(ctx, a)
		s.recorded(err)
		s.observe().action(err == nil)
		if errors.Is(err, tablecore.ErrNotRecorded) {
			return s.errJournalDown()
		}
		if err != nil {
			return fmt.Errorf("%w: %v", mqcmd.ErrRejected, err)
		}
		s.publish(ctx, evs)
		return nil
	}
	s.observe().action(false)
	what := c.Type
	if c.Type == "ok" && args.Kind != "" {
		what = args.Kind // "ok" carries a discard, draw, flower, missing suit
	}
	what = strings.TrimSpace(strings.Join([]string{what, args.Tile, args.Suit}, " "))
	return fmt.Errorf("%w: seat %d may not %s now", mqcmd.ErrRejected, c.Seat, what)
}

// sameAction reports whether the actions are one (a tile of the same face
// drawn or discarded from several copies counts as one).
func sameAction(as []game.Action) bool {
	for _, a := range as[1:] {
		if a.Kind != as[0].Kind || a.Tile.String() != as[0].Tile.String() || len(a.Uses) != len(as[0].Uses) {
			return false
		}
		for i := range a.Uses {
			if a.Uses[i].String() != as[0].Uses[i].String() {
				return false
			}
		}
	}
	return true
}

// matches reports whether legal action a is what a seat's command asks.
func matches(a game.Action, typ string, v tablecore.ActionView) bool {
	want := map[string][]game.Kind{
		"win": {game.Tsumo, game.Ron}, "riichi": {game.Riichi}, "chi": {game.Chi}, "pon": {game.Pon},
		"kan": {game.OpenKan, game.AddedKan, game.ClosedKan, game.SingleKan}, "pass": {game.Pass},
		"ok": {game.Discard, game.Draw, game.Flower, game.Missing, game.Abort},
	}[typ]
	if !slices.Contains(want, a.Kind) {
		return false
	}
	if v.Kind != "" && v.Kind != a.Kind.String() {
		return false
	}
	if v.Tile != "" && a.Kind != game.Draw && v.Tile != a.Tile.String() {
		return false
	}
	if v.Suit != "" && v.Suit != a.Suit.String() {
		return false
	}
	if len(v.Uses) > 0 {
		var u []string
		for _, t := range a.Uses {
			u = append(u, t.String())
		}
		slices.Sort(u)
		w := slices.Clone(v.Uses)
		slices.Sort(w)
		return slices.Equal(u, w)
	}
	return true
}
