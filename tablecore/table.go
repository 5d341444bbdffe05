package tablecore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"jantaku/rules/game"
	"jantaku/tablecore/journal"
)

// Resolver returns the ruleset a journal names, with the options it was
// created with. The daemon's resolver knows every ruleset package.
type Resolver func(name string, options json.RawMessage) (game.Ruleset, error)

// Table is a game whose every input is journaled before it takes effect,
// so that a restart (Open) resumes the same game with nothing lost. A
// Table is used by one goroutine, the table's owner.
type Table struct {
	j     *journal.Journal
	g     *Game
	now   func() time.Time
	reds  [3]bool
	Name  string          // the ruleset's name as journaled
	Opts  json.RawMessage // the ruleset's options as journaled
	Start []Event         // events rebuilt by Open (the whole game so far)

	resulted bool // the final settlement is journaled
}

// Clock is where a Table takes the time it stamps on journal records.
type Clock func() time.Time

// Create starts a new game journaled at path, which must not hold one.
func Create(ctx context.Context, path, ruleset string, options json.RawMessage, resolve Resolver, dealer game.Seat, now Clock) (*Table, error) {
	rs, err := resolve(ruleset, options)
	if err != nil {
		return nil, fmt.Errorf("tablecore: ruleset %q: %w", ruleset, err)
	}
	g, err := New(rs, dealer)
	if err != nil {
		return nil, err
	}
	j, err := journal.Open(path)
	if err != nil {
		return nil, err
	}
	if j.Last() != 0 {
		j.Close()
		return nil, fmt.Errorf("tablecore: %s already holds a game (%d records); open it instead", path, j.Last())
	}
	d := int(dealer)
	b, _ := json.Marshal(input{V: inputVersion, Type: "game", Ruleset: ruleset, Options: options, Dealer: &d})
	t := &Table{j: j, g: g, now: clockOr(now), reds: rs.Rules().Set.Reds, Name: ruleset, Opts: options}
	if _, err := j.Append(ctx, journal.Event{Time: t.now(), Seat: -1, Payload: b}); err != nil {
		j.Close()
		return nil, err
	}
	return t, nil
}

func clockOr(c Clock) Clock {
	if c == nil {
		return time.Now
	}
	return c
}

// ErrJournal marks a journal that does not replay into a game.
var ErrJournal = errors.New("journal does not replay")

// replayer folds a journal's records, one at a time, into the game they
// record: Open resumes a table from it, JournalPosition stops at a step.
type replayer struct {
	resolve  Resolver
	g        *Game
	name     string          // the ruleset's name as journaled
	opts     json.RawMessage // the ruleset's options as journaled
	reds     [3]bool
	resulted bool // the final settlement is journaled
}

// record applies the journal record e to the game and returns the events
// it made.
func (r *replayer) record(e journal.Event) ([]Event, error) {
	in, err := decodeInput(e.Payload)
	if err != nil {
		return nil, fmt.Errorf("record %d: %w: %w", e.Seq, err, ErrJournal)
	}
	if r.g == nil {
		if in.Type != "game" || in.Dealer == nil {
			return nil, fmt.Errorf("record %d: the first record must start a game, it is %q: %w", e.Seq, in.Type, ErrJournal)
		}
		rs, err := r.resolve(in.Ruleset, in.Options)
		if err != nil {
			return nil, fmt.Errorf("record %d: ruleset %q: %w", e.Seq, in.Ruleset, err)
		}
		if r.g, err = New(rs, game.Seat(*in.Dealer)); err != nil {
			return nil, fmt.Errorf("record %d: %w", e.Seq, err)
		}
		r.reds, r.name, r.opts = rs.Rules().Set.Reds, in.Ruleset, in.Options
		return nil, nil
	}
	var evs []Event
	switch in.Type {
	case "deal":
		d, err := in.deal(r.reds)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w: %w", e.Seq, err, ErrJournal)
		}
		if evs, err = r.g.StartHand(d); err != nil {
			return nil, fmt.Errorf("record %d: %w: %w", e.Seq, err, ErrJournal)
		}
	case "action", "foul":
		a, err := in.action(r.reds)
		if err != nil {
			return nil, fmt.Errorf("record %d: %w: %w", e.Seq, err, ErrJournal)
		}
		if in.Type == "foul" {
			evs, err = r.g.Foul(a, in.Reason)
		} else {
			evs, err = r.g.Apply(a)
		}
		if err != nil {
			return nil, fmt.Errorf("record %d: %w: %w", e.Seq, err, ErrJournal)
		}
	case "result":
		// Written for readers of the journal; it must agree with the
		// settlement the game's inputs give.
		got, ok := r.g.Settlement()
		if !ok || in.Result == nil || !slices.Equal(got.Points, in.Result.Points) || !slices.Equal(got.Places, in.Result.Places) || !slices.Equal(got.Chips, in.Result.Chips) {
			return nil, fmt.Errorf("record %d: the result %+v is not the game's settlement %+v: %w", e.Seq, in.Result, got, ErrJournal)
		}
		r.resulted = true
	default:
		return nil, fmt.Errorf("record %d: unknown record type %q: %w", e.Seq, in.Type, ErrJournal)
	}
	return evs, nil
}

// Open resumes the game journaled at path: every record is replayed into
// the referee, which must accept each one as it did when it was written.
func Open(ctx context.Context, path string, resolve Resolver, now Clock) (*Table, error) {
	j, err := journal.Open(path)
	if err != nil {
		return nil, err
	}
	t := &Table{j: j, now: clockOr(now)}
	r := replayer{resolve: resolve}
	err = j.Replay(func(e journal.Event) error {
		if err := ctx.Err(); err != nil {
			return err
		}
		evs, err := r.record(e)
		t.Start = append(t.Start, evs...)
		return err
	})
	t.g, t.reds, t.Name, t.Opts, t.resulted = r.g, r.reds, r.name, r.opts, r.resulted
	if err == nil && t.g == nil {
		err = fmt.Errorf("%s holds no game: %w", path, ErrJournal)
	}
	if err != nil {
		j.Close()
		return nil, fmt.Errorf("tablecore: %s: %w", path, err)
	}
	return t, nil
}

// Game returns the referee. Change it only through the Table.
func (t *Table) Game() *Game { return t.g }

// StartHand journals and deals a new hand.
func (t *Table) StartHand(ctx context.Context, d Deal) ([]Event, error) {
	h, st, err := t.g.deal(d)
	if err != nil {
		return nil, err
	}
	b, err := encodeDeal(d)
	if err != nil {
		return nil, err
	}
	if _, err := t.j.Append(ctx, journal.Event{Time: t.now(), Seat: -1, Payload: b}); err != nil {
		return nil, fmt.Errorf("tablecore: the deal was not made: %w: %w", ErrNotRecorded, err)
	}
	return t.g.begin(h, st, d), nil
}

// Apply journals and applies an action. If the journal cannot record it,
// the action is refused and the game is unchanged.
func (t *Table) Apply(ctx context.Context, a game.Action) ([]Event, error) {
	if err := t.g.validate(&a); err != nil {
		return nil, err
	}
	b, err := encodeAction(a)
	if err != nil {
		return nil, err
	}
	if _, err := t.j.Append(ctx, journal.Event{Time: t.now(), Seat: int(a.Seat), Payload: b}); err != nil {
		return nil, fmt.Errorf("tablecore: %s was not applied: %w: %w", a, ErrNotRecorded, err)
	}
	return t.g.commit(make([]Event, 0, 2), &a), nil
}

// Foul journals and records a foul (see Game.Foul).
func (t *Table) Foul(ctx context.Context, a game.Action, reason string) ([]Event, error) {
	h := t.g.h
	if t.g.over || h == nil || h.Phase == game.Over {
		return t.g.Foul(a, reason) // the same error, nothing journaled
	}
	b, err := encodeAction(a)
	if err != nil {
		return nil, err
	}
	var in input
	_ = json.Unmarshal(b, &in)
	in.Type, in.Reason = "foul", reason
	if b, err = json.Marshal(in); err != nil {
		return nil, err
	}
	if _, err := t.j.Append(ctx, journal.Event{Time: t.now(), Seat: int(a.Seat), Payload: b}); err != nil {
		return nil, fmt.Errorf("tablecore: the foul was not recorded: %w: %w", ErrNotRecorded, err)
	}
	return t.g.Foul(a, reason)
}

// RecordResult journals the final settlement of a game that is over
// (places, results after uma and oka), once, for readers of the journal;
// Open checks it against the game. A game not over, or whose ruleset has
// no settlement, writes nothing.
func (t *Table) RecordResult(ctx context.Context) error {
	st, ok := t.g.Settlement()
	if !ok || t.resulted {
		return nil
	}
	b, err := json.Marshal(input{V: inputVersion, Type: "result", Result: &st})
	if err != nil {
		return err
	}
	if _, err := t.j.Append(ctx, journal.Event{Time: t.now(), Seat: -1, Payload: b}); err != nil {
		return fmt.Errorf("tablecore: the result was not recorded: %w: %w", ErrNotRecorded, err)
	}
	t.resulted = true
	return nil
}

// Records returns the number of records in the journal: the game record
// and every input since.
func (t *Table) Records() uint64 { return t.j.Last() }

// Close closes the journal.
func (t *Table) Close() error { return t.j.Close() }
