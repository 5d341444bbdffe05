package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"time"

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

// ChoicePublisher is a Publisher that also shows a seat the readings of
// its movement it is asked to choose between, in that seat's own view
// only. The table tells it before publishing the views that change.
type ChoicePublisher interface {
	Publisher
	// Choices sets seat's readings to choose between; none: nothing to
	// choose.
	Choices(seat int, options []game.Action)
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
	// held are the calls and wins people declared inside the current
	// claim window, played when it ends; gather keeps every event for one
	// step while it does (claimwindow.go).
	held   []game.Action
	gather bool
	// hold keeps a sensed hand's steps from an answer to a claim window
	// until the window's end (sensedhold.go).
	hold sensedHold

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
	// choices are, per seat, the readings of a movement sensing could not
	// tell apart, until the seat chooses one (choose.go).
	choices [4][]game.Action

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

// errJournalDown is the answer to an input while the journal cannot record.
func (s *Table) errJournalDown() error {
	return fmt.Errorf("%w: the table's journal cannot record, so it takes no input until it can (%v)", ErrBusy, s.jerr)
}

func (s *Table) journalPath() string { return filepath.Join(s.dir, "table.jnl") }

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

// Alive reports whether the owner loop answers before ctx ends: the loop
// that holds the game is turning (a supervisor's watchdog asks).
func (s *Table) Alive(ctx context.Context) error {
	_, err := s.Health(ctx)
	return err
}
