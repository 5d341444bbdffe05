package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"time"

	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/tablecore"
	"jantaku/tablecore/archive"
)

// Config is how a table plays.
type Config struct {
	Dir     string          // the journal (table.jnl) and the archive (archive.db)
	Ruleset string          // e.g. "riichi", "sichuan", "mcr/official"
	Options json.RawMessage // laid over the ruleset's preset
	// RulesGiven says Ruleset was asked for: an unfinished game of other
	// rules in the journal is then archived as it stood and a game of
	// Ruleset begins. Otherwise the journal's game resumes.
	RulesGiven bool
	// Simulated[s] says seat s is played by a simulated player
	// (players.Move); the others wait for their seat's commands.
	Simulated []bool
	Pace      time.Duration // a simulated player's thinking time, and the table's tick
	Games     int           // games to play before Run returns; 0: no limit
	// Ticks, if set, is the table's tick instead of a ticker of Pace: a
	// test on a fake clock moves the table one step per value.
	Ticks <-chan time.Time
	// ClaimWindow is held after every discard (see claimwindow.go).
	ClaimWindow time.Duration
	// Seed seeds the shuffle of a table without a Dealer.
	Seed uint64
	// Dealer deals each hand; nil: a seeded shuffle (NewShuffleDealer).
	Dealer Dealer
	// Publisher is told every step; nil: none.
	Publisher Publisher
	// Observer counts hands, games, actions and journal failures; nil: none.
	Observer Observer
	// Sensing, if set, plays hands through the tile sensing.
	Sensing *Sensing
	// Now is the table's clock; nil: time.Now.
	Now func() time.Time
	Log *slog.Logger // nil: discarded
}

// Publisher is where the table sends what the referee did. Its methods
// are called from the owner goroutine: g may be read while they run, not
// kept.
type Publisher interface {
	// Publish tells the events evs that g has just taken, at at.
	Publish(ctx context.Context, g *tablecore.Game, evs []tablecore.Event, at time.Time) error
	// Snapshot tells g as it stands (at start-up, after a restart).
	Snapshot(ctx context.Context, g *tablecore.Game, at time.Time) error
	// NewGame says the next step begins a new game, numbered from 1.
	NewGame()
}

// Observer is told what the table did, for its operational metrics.
type Observer interface {
	HandDealt(ruleset string)
	GameFinished(ruleset string)
	Action(applied bool) // a player's action or declaration, applied or refused
	JournalFailed()
}

type nopObserver struct{}

func (nopObserver) HandDealt(string)    {}
func (nopObserver) GameFinished(string) {}
func (nopObserver) Action(bool)         {}
func (nopObserver) JournalFailed()      {}

// Table owns one table's game: it alone changes it (one goroutine, Run),
// journals every input, publishes every step, plays the simulated seats,
// executes commands and archives finished games.
type Table struct {
	log     *slog.Logger
	dir     string // journal and archive
	ruleset string
	options json.RawMessage
	pub     Publisher
	deal    Dealer
	now     func() time.Time
	bots    []bool        // seats played by simulated players
	pace    time.Duration // a simulated player's thinking time
	games   int           // games to play before stopping; 0 = no limit
	ticks   <-chan time.Time
	arch    *archive.Archive
	obs     Observer
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
	sense  *Sensing
	sensed *sensedHand
	calls  chan func()

	rulesGiven bool // the ruleset was asked for: a journal of other rules is archived, not resumed

	dealt   int    // hands dealt since the start (Health.Dealt)
	waiting string // what the game last waited for from people, as logged
}

// journalRetry is how often a table whose journal failed tries it again.
const journalRetry = 2 * time.Second

type request struct {
	cmd   Command
	reply chan error
	view  chan tablecore.View // a view of cmd.Seat, read by the owner
	// health asks the owner how the table is; nothing else is done.
	health chan Health
}

// New opens the table of cfg: it resumes the game journaled in cfg.Dir
// if there is one, else begins a game of cfg.Ruleset.
func New(ctx context.Context, cfg Config) (*Table, error) {
	if _, err := rulesets.New(cfg.Ruleset, cfg.Options); err != nil {
		return nil, err
	}
	s := &Table{
		log: cfg.Log, dir: cfg.Dir, ruleset: cfg.Ruleset, options: cfg.Options, rulesGiven: cfg.RulesGiven,
		pub: cfg.Publisher, deal: cfg.Dealer, now: cfg.Now, bots: slices.Clone(cfg.Simulated),
		pace: cfg.Pace, ticks: cfg.Ticks, games: cfg.Games, obs: cfg.Observer, claimWindow: cfg.ClaimWindow, sense: cfg.Sensing,
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.deal == nil {
		s.deal = NewShuffleDealer(cfg.Seed)
	}
	if err := s.open(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Health is how the table is, as its owner loop sees it.
type Health struct {
	Journal string // the journal's path
	Records uint64 // records in the journal (the game record and every input)
	Hands   int    // hands played in this game
	Dealt   int    // hands dealt since the table was opened
	Paused  bool
	Err     error // the journal's failure, nil when it records
	Archive error // the last failure to archive the finished game, nil when none is pending
}

// ErrNoAnswer is the answer of a table whose owner loop did not answer in
// time (it is stuck, or Run is not running).
var ErrNoAnswer = errors.New("the table's owner loop did not answer")

// Health asks the owner loop for its state, waiting at most until ctx ends.
func (s *Table) Health(ctx context.Context) (Health, error) {
	r := request{health: make(chan Health, 1)}
	select {
	case s.reqs <- r:
	case <-ctx.Done():
		return Health{}, ErrNoAnswer
	}
	select {
	case h := <-r.health:
		return h, nil
	case <-ctx.Done():
		return Health{}, ErrNoAnswer
	}
}

// View returns the game as seat sees it (tablecore.Public, Spectators or a
// seat), read by the owner loop, waiting at most until ctx ends.
func (s *Table) View(ctx context.Context, seat int) (tablecore.View, error) {
	r := request{cmd: Command{Seat: seat}, view: make(chan tablecore.View, 1)}
	select {
	case s.reqs <- r:
	case <-ctx.Done():
		return tablecore.View{}, ErrNoAnswer
	}
	select {
	case v := <-r.view:
		return v, nil
	case <-ctx.Done():
		return tablecore.View{}, ErrNoAnswer
	}
}

// Ruleset is the ruleset of the next game (the one in play, unless a
// command chose others). It is read before Run starts.
func (s *Table) Ruleset() string { return s.ruleset }

// JournalPath is the file of the game in play.
func (s *Table) JournalPath() string { return s.journalPath() }

func (s *Table) observe() Observer {
	if s.obs == nil {
		return nopObserver{}
	}
	return s.obs
}

// recorded takes the journal's answer to an input: a failure to record
// stops the table's inputs until the journal records again.
func (s *Table) recorded(err error) {
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
		s.observe().JournalFailed()
	}
}

// retryJournal reopens a failed journal, at most every journalRetry: the
// reopened journal ends at its last whole record, and the game is the
// replay of those records, which is the game as it was.
func (s *Table) retryJournal(ctx context.Context) bool {
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
func (s *Table) errJournalDown() error {
	return fmt.Errorf("%w: the table's journal cannot record, so it takes no input until it can (%v)", ErrBusy, s.jerr)
}

func (s *Table) journalPath() string { return filepath.Join(s.dir, "table.jnl") }

func resolveRuleset(name string, options json.RawMessage) (game.Ruleset, error) {
	return rulesets.New(name, options)
}

// open resumes the journaled game if there is one, else creates a game.
func (s *Table) open(ctx context.Context) error {
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

func (s *Table) newGame(ctx context.Context) error {
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

// Close archives nothing; it closes the journal and the archive. It is
// called once Run has returned.
func (s *Table) Close() {
	if s.t != nil {
		s.t.Close()
	}
	if s.arch != nil {
		s.arch.Close()
	}
}

// Handle executes c in the owner goroutine and returns its result: nil,
// or an error wrapping ErrMalformed, ErrRejected or ErrBusy. It waits at
// most five seconds, or until ctx ends.
func (s *Table) Handle(ctx context.Context, c Command) error {
	r := request{cmd: c, reply: make(chan error, 1)}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	select {
	case s.reqs <- r:
	case <-ctx.Done():
		return fmt.Errorf("%w: the table did not take the command in time", ErrBusy)
	}
	select {
	case err := <-r.reply:
		return err
	case <-ctx.Done():
		return fmt.Errorf("%w: no answer in time", ErrBusy)
	}
}

// Run plays until ctx ends (it returns nil) or the configured number of
// games is played. It is the owner goroutine: it alone touches the game.
func (s *Table) Run(ctx context.Context) error {
	if s.pub != nil {
		if err := s.pub.Snapshot(ctx, s.t.Game(), s.now()); err != nil {
			s.log.Warn("publishing the snapshot", "err", err)
		}
	}
	ticks := s.ticks
	if ticks == nil {
		tick := time.NewTicker(max(s.pace, time.Millisecond))
		defer tick.Stop()
		ticks = tick.C
	}
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
				r.health <- Health{Journal: s.journalPath(), Records: s.t.Records(), Hands: st.Hands, Dealt: s.dealt, Paused: s.paused, Err: s.jerr, Archive: s.aerr}
				continue
			}
			if r.view != nil {
				r.view <- s.t.Game().View(r.cmd.Seat)
				continue
			}
			r.reply <- s.command(ctx, r.cmd)
		case <-ticks:
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
func (s *Table) step(ctx context.Context) (done bool, err error) {
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
		if errors.Is(err, ErrWallsNotUp) {
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
		s.observe().HandDealt(s.t.Name)
		s.publish(ctx, evs)
		if s.sense != nil && (s.sense.Board != nil || !slices.Contains(s.bots[:min(len(s.bots), g.Rules().Players)], false)) {
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
	s.observe().Action(err == nil)
	if errors.Is(err, tablecore.ErrNotRecorded) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("a simulated player's legal move was refused: %w", err)
	}
	s.publish(ctx, evs)
	return false, nil
}

func (s *Table) publish(ctx context.Context, evs []tablecore.Event) {
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
	if err := s.pub.Publish(ctx, s.t.Game(), evs, s.now()); err != nil {
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
func (s *Table) finish(ctx context.Context) error {
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
	s.observe().GameFinished(s.t.Name)
	s.t.Close()
	s.t = nil
	s.played++
	s.log.Info("game finished and archived", "id", id, "scores", st.Scores, "hands", st.Hands)
	return nil
}

// NewShuffleDealer deals uniformly shuffled walls from seed.
func NewShuffleDealer(seed uint64) Dealer {
	return shuffleDealer{rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Alive reports whether the owner loop answers before ctx ends: the loop
// that holds the game is turning (a supervisor's watchdog asks).
func (s *Table) Alive(ctx context.Context) error {
	_, err := s.Health(ctx)
	return err
}
