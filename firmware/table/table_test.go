package table

import (
	"context"
	"encoding/json"
	"errors"
	"jantaku/internal/testdir"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/rules/game"
	"jantaku/tablecore"
	"jantaku/tablecore/archive"
)

// step is what the table published at once: the number and kind of its
// last event (the numbering of mqtt/referee's steps) and its events.
type step struct {
	Seq    uint64
	Events []tablecore.Event
	At     time.Time // the time the table published it at
}

// discards counts the discards the step holds.
func (s step) discards() int {
	n := 0
	for _, e := range s.Events {
		if e.Type == tablecore.Acted && e.Action.Kind == game.Discard {
			n++
		}
	}
	return n
}

// recorder is a Publisher that keeps every step.
type recorder struct {
	mu    sync.Mutex
	steps []step
	snaps int
	games []int // the index in steps of each new game's first step
}

func (r *recorder) NewGame() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.games = append(r.games, len(r.steps))
}

func (r *recorder) Publish(_ context.Context, _ *tablecore.Game, evs []tablecore.Event, at time.Time) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.steps = append(r.steps, step{Seq: uint64(evs[len(evs)-1].Seq), Events: slices.Clone(evs), At: at})
	return nil
}

func (r *recorder) Snapshot(context.Context, *tablecore.Game, time.Time) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.snaps++
	return nil
}

func newService(t *testing.T, ruleset string, bots []bool, games int) (*Table, *recorder) {
	rec := &recorder{}
	s, err := New(context.Background(), Config{
		Dir:       testdir.InMemory(t), // the journal syncs at every record: not on a busy disk
		Ruleset:   ruleset,
		Publisher: rec,
		Dealer:    shuffleDealer{rand.New(rand.NewPCG(5, 6))},
		Simulated: bots,
		Pace:      time.Microsecond,
		Games:     games,
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s, rec
}

// TestSimulatedGamesPlayToTheEnd plays whole games of several rulesets with
// simulated players: each ends, is archived, and published step by step
// with strictly increasing sequence numbers.
func TestSimulatedGamesPlayToTheEnd(t *testing.T) {
	for _, rs := range []string{"riichi/tenhou", "sichuan", "mcr/simplified", "shanghai"} {
		t.Run(rs, func(t *testing.T) {
			s, rec := newService(t, rs, []bool{true, true, true, true}, 1)
			// A guard against a hang, not a measure: a game takes seconds.
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			defer cancel()
			if err := s.Run(ctx); err != nil {
				t.Fatal(err)
			}
			if ctx.Err() != nil {
				t.Fatalf("the game did not end: %v", ctx.Err())
			}
			games, err := s.arch.List()
			if err != nil || len(games) != 1 || games[0].Hands == 0 {
				t.Fatalf("archive: %+v %v", games, err)
			}
			var last uint64
			for _, st := range rec.steps {
				if st.Seq <= last {
					t.Fatalf("step seq %d after %d", st.Seq, last)
				}
				last = st.Seq
			}
			// The archived journal replays to a finished game.
			_, j, _ := s.arch.Get(games[0].ID)
			if len(j) == 0 {
				t.Fatalf("empty journal archived")
			}
			t.Logf("%s: %d hands, scores %v, %d steps", rs, games[0].Hands, games[0].Scores, len(rec.steps))
		})
	}
}

// TestSecondGameNumbersAgain: each game's steps are numbered from the
// start of its own journal, and the publisher is told before the second
// game's first step (so it accepts the lower number), as of the first.
func TestSecondGameNumbersAgain(t *testing.T) {
	s, rec := newService(t, "mcr/simplified", []bool{true, true, true, true}, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute) // a hang guard
	defer cancel()
	if err := s.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if games, _ := s.arch.List(); len(games) != 2 {
		t.Fatalf("%d games archived", len(games))
	}
	if len(rec.games) != 2 || rec.games[0] != 0 {
		t.Fatalf("publisher told of new games before steps %v, want the first and the second game's", rec.games)
	}
	second := rec.games[1]
	if second == 0 || second >= len(rec.steps) {
		t.Fatalf("second game starts at step %d of %d", second, len(rec.steps))
	}
	if a, b := rec.steps[second-1].Seq, rec.steps[second].Seq; b >= a {
		t.Errorf("the second game's first step is numbered %d after %d: not numbered again", b, a)
	}
	for i := 1; i < len(rec.steps); i++ {
		if i != second && rec.steps[i].Seq <= rec.steps[i-1].Seq {
			t.Fatalf("step %d: seq %d after %d within a game", i, rec.steps[i].Seq, rec.steps[i-1].Seq)
		}
	}
}

// TestSeatCommands: a person at seat 0 plays by commands while the others
// are simulated; an illegal or malformed command is refused and changes
// nothing.
func TestSeatCommands(t *testing.T) {
	s, _ := newService(t, "riichi/seed", []bool{false, true, true, true}, 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	// Wait for the deal: the dealer (seat 0) then holds 14 tiles and must act.
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		v := s.viewFor(t, 0)
		if v.Phase == "act" && v.Turn == 0 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	v := s.viewFor(t, 0)
	if v.Phase != "act" || v.Turn != 0 || len(v.Legal) == 0 {
		t.Fatalf("seat 0 was never asked to act: %+v", v)
	}
	bad := []Command{
		{Type: "pon", Seat: 0, Args: json.RawMessage(`{"tile":"5p"}`)},
		{Type: "ok", Seat: 0, Args: json.RawMessage(`{"kind":"discard","tile":"9x"}`)},
		{Type: "ok", Seat: 0, Args: json.RawMessage(`{"kind":`)},
	}
	for _, c := range bad {
		if err := s.Handle(ctx, c); err == nil {
			t.Fatalf("%s %s was accepted", c.Type, c.Args)
		}
	}
	if after := s.viewFor(t, 0); after.Seq != v.Seq {
		t.Fatalf("a refused command changed the game (seq %d → %d)", v.Seq, after.Seq)
	}
	var discard tablecore.ActionView
	for _, a := range v.Legal {
		if a.Kind == "discard" {
			discard = a
			break
		}
	}
	args, _ := json.Marshal(discard)
	if err := s.Handle(ctx, Command{Type: "ok", Seat: 0, Args: args}); err != nil {
		t.Fatalf("discard %s: %v", discard.Tile, err)
	}
	if n := len(s.viewFor(t, 0).Seats[0].Discards); n != 1 {
		t.Fatalf("seat 0 has %d discards after its command", n)
	}
	cancel()
	<-done
}

// viewFor reads seat's view through the owner goroutine.
func (s *Table) viewFor(t *testing.T, seat int) tablecore.View {
	t.Helper()
	v, err := s.View(t.Context(), seat)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestOperatorCommands: pause and resume, rules for the next game,
// corrections (an action applied for a seat; a foul penalised), abort; bad
// arguments are refused and change nothing.
func TestOperatorCommands(t *testing.T) {
	s, _ := newService(t, "riichi/seed", []bool{false, false, false, false}, 0)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- s.Run(ctx) }()
	op := func(typ, args string) error {
		return s.Handle(ctx, Command{Type: typ, Seat: -1, Args: json.RawMessage(args)})
	}
	// With nobody simulated the table deals and waits for the dealer.
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) && s.viewFor(t, 0).Phase != "act" {
		time.Sleep(time.Millisecond)
	}
	for _, bad := range []struct{ typ, args string }{
		{"ruleset", `{"ruleset":"bridge"}`},
		{"options", `{"options":{"no_such":1}}`},
		{"ruleset", `{"rules":"riichi"}`},
		{"seat_player", `{"seat":9,"player":"sim"}`},
		{"correct", `{"seat":1,"action":{"kind":"discard","tile":"1m"}}`}, // not seat 1's turn
		{"correct", `{"seat":0,"action":{"kind":"fly"}}`},
		{"fly", `{}`},
	} {
		before := s.viewFor(t, 0).Seq
		if err := op(bad.typ, bad.args); err == nil {
			t.Fatalf("%s %s accepted", bad.typ, bad.args)
		}
		if s.viewFor(t, 0).Seq != before {
			t.Fatalf("%s %s changed the game", bad.typ, bad.args)
		}
	}
	if err := op("ruleset", `{"ruleset":"sichuan"}`); err != nil {
		t.Fatal(err)
	}
	if v := s.viewFor(t, 0); v.Ruleset != "riichi" {
		t.Fatalf("the running game changed ruleset to %s", v.Ruleset)
	}
	// A correction discards for the dealer.
	v := s.viewFor(t, 0)
	var d tablecore.ActionView
	for _, a := range v.Legal {
		if a.Kind == "discard" {
			d = a
			break
		}
	}
	args, _ := json.Marshal(map[string]any{"seat": 0, "action": d})
	if err := op("correct", string(args)); err != nil {
		t.Fatalf("correct: %v", err)
	}
	if got := s.viewFor(t, 0).Seats[0].Discards; len(got) != 1 || got[0].Tile != d.Tile {
		t.Fatalf("discards after the correction: %+v", got)
	}
	// A false win reported as a foul: the seed rules make it chombo. The
	// table is paused first, so that it does not deal the next hand.
	if err := op("pause", ""); err != nil {
		t.Fatal(err)
	}
	if err := op("correct", `{"seat":2,"action":{"kind":"tsumo"},"foul":true,"reason":"false tsumo"}`); err != nil {
		t.Fatalf("foul: %v", err)
	}
	if v := s.viewFor(t, 0); v.End == nil || v.End.Kind != "chombo" || v.Scores[2] != 30000-8000 {
		t.Fatalf("after the foul: end %+v scores %v", v.End, v.Scores)
	}
	if err := op("abort", ""); err != nil {
		t.Fatal(err)
	}
	if v := s.viewFor(t, 0); v.Ruleset != "sichuan" || v.Hand != 0 {
		t.Fatalf("after abort the new game is %s, hand %d", v.Ruleset, v.Hand)
	}
	if games, _ := s.arch.List(); len(games) != 1 || games[0].Ruleset != "riichi/seed" {
		t.Fatalf("the aborted game was not archived: %+v", games)
	}
	cancel()
	<-done
}

// TestArchiveFailureKeepsTheGame: when the finished game cannot be
// archived (a full disk, a broken store) the table keeps its journal, says
// why, and archives it once it can, once.
func TestArchiveFailureKeepsTheGame(t *testing.T) {
	s, _ := newService(t, "sichuan", []bool{true, true, true, true}, 1)
	ctx := t.Context()
	for i := 0; !s.t.Game().Over(); i++ {
		if i > 1_000_000 {
			t.Fatal("the game did not end")
		}
		if _, err := s.step(ctx); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(s.dir, "archive.db")
	s.arch.Close() // the store fails every write from now on
	for range 3 {
		if done, err := s.step(ctx); err != nil || done {
			t.Fatalf("step with a failing archive: done %v, %v", done, err)
		}
	}
	if s.aerr == nil || s.t == nil {
		t.Fatalf("archive failure not kept: %v (table %v)", s.aerr, s.t)
	}
	if _, err := os.Stat(s.journalPath()); err != nil {
		t.Fatalf("the finished game's journal: %v", err)
	}
	a, err := archive.Open(path, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	s.arch = a
	s.aerrAt = time.Time{} // the retry is due
	done, err := s.step(ctx)
	if err != nil || !done || s.aerr != nil {
		t.Fatalf("after the store came back: done %v, %v, aerr %v", done, err, s.aerr)
	}
	if games, _ := a.List(); len(games) != 1 {
		t.Errorf("%d games archived, want 1", len(games))
	}
}

// TestJournalFailureRefusesInput: when the journal fails under the table
// (as after a failed write) the next input is refused as busy with the
// journal's error, and Health says why.
func TestJournalFailureRefusesInput(t *testing.T) {
	// No tick in the test's time: the table deals no hand.
	s, err := New(context.Background(), Config{Dir: testdir.InMemory(t), Ruleset: "riichi", Simulated: []bool{false, false, false, false}, Pace: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx, cancel := context.WithCancel(context.Background())
	ran := make(chan struct{})
	go func() { defer close(ran); s.Run(ctx) }()
	defer func() { cancel(); <-ran }()
	if h, err := s.Health(ctx); err != nil || h.Err != nil {
		t.Fatalf("healthy table: %+v %v", h, err)
	}
	s.t.Close() // the owner waits for requests: it touches nothing meanwhile
	err = s.Handle(ctx, Command{Type: "next_hand"})
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "journal cannot record") || !strings.Contains(err.Error(), "journal closed") {
		t.Errorf("a deal the journal cannot record: %v", err)
	}
	h, err := s.Health(ctx)
	if err != nil || h.Err == nil || !strings.Contains(h.Err.Error(), "journal closed") || h.Records != 1 {
		t.Errorf("journal failed: %+v %v", h, err)
	}
	err = s.Handle(ctx, Command{Type: "pass", Seat: 1})
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "journal cannot record") {
		t.Errorf("a seat's input while the journal cannot record: %v", err)
	}
}

// A stuck owner loop is not alive; one that answers is.
func TestAlive(t *testing.T) {
	s := &Table{reqs: make(chan request)} // nobody reads
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := s.Alive(ctx); err == nil || !strings.Contains(err.Error(), "owner loop") {
		t.Errorf("alive: %v", err)
	}
	go func() {
		r := <-s.reqs
		r.health <- Health{}
	}()
	if err := s.Alive(context.Background()); err != nil {
		t.Errorf("alive: %v", err)
	}
}
