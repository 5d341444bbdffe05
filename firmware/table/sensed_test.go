package table

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/drivers/clock"
	"jantaku/firmware/sensing"
	"jantaku/hardware/sim/players"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// TestSensedHands: with --sensing the simulated players play through the
// table's sensors (tags on a surface with missed and ghost reads): hands
// end, every accepted action is journaled and published, nothing is
// reported as an anomaly, and game commands wait while a hand is sensed.
func TestSensedHands(t *testing.T) {
	r := runSensed(t, players.Config{Seed: 11, Pace: players.Human, MissRate: 0.05, GhostRate: 0.005})
	s, rec, logs, ctx, cancel, ran, published := r.s, r.rec, r.logs, r.ctx, r.cancel, r.ran, r.published

	// While the first hand is sensed, a game command is refused as busy.
	progressing(t, ctx, "the deal and the first draws", published, func() bool { return published() >= 3 })
	err := s.Handle(ctx, Command{Type: "pause", Seat: -1})
	if !errors.Is(err, ErrBusy) || !strings.Contains(err.Error(), "through its sensors") {
		t.Errorf("pause during a sensed hand: %v", err)
	}
	progressing(t, ctx, "two hands played through sensing", published, func() bool {
		return strings.Count(logs.String(), "hand played through sensing") >= 2
	})
	cancel()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	if strings.Contains(logs.String(), "anomaly") || strings.Contains(logs.String(), "could not play") {
		t.Errorf("sensing reported trouble:\n%s", logs)
	}
	// The referee's record holds what sensing accepted, published step by step.
	discards := 0
	rec.mu.Lock()
	for _, st := range rec.steps {
		discards += st.discards()
	}
	rec.mu.Unlock()
	if discards < 20 {
		t.Errorf("%d discards published for two sensed hands", discards)
	}
}

// sensedRun is a riichi table of simulated players playing through
// sensing on a paced clock (which it also publishes its steps' times
// by), running until cancel.
type sensedRun struct {
	s         *Table
	rec       *recorder
	logs      *syncBuf
	ctx       context.Context
	cancel    context.CancelFunc
	ran       chan error // Run's return
	published func() int // steps published so far
}

func runSensed(t *testing.T, cfg players.Config) *sensedRun {
	s, rec := newService(t, "riichi/tenhou", []bool{true, true, true, true}, 0)
	r := &sensedRun{s: s, rec: rec, logs: &syncBuf{}, ran: make(chan error, 1)}
	s.log = slog.New(slog.NewTextHandler(r.logs, nil))
	// The hands take as long as the machine needs: a test fails when the
	// table stops publishing, not when it is slow.
	r.ctx, r.cancel = context.WithTimeout(t.Context(), 30*time.Minute)
	t.Cleanup(r.cancel)
	clk := clock.NewPaced(time.Now(), 1000, 2*time.Millisecond)
	go clk.Run(r.ctx)
	s.now = clk.Now
	s.sense = &Sensing{Clock: clk, Players: cfg}
	go func() { r.ran <- s.Run(r.ctx) }()
	r.published = func() int {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		return len(rec.steps)
	}
	return r
}

// progressing waits until done holds, failing the test with what once
// progress (a count of things done) stays the same for two minutes of real
// time, or ctx ends: a busy machine makes the table slow, a stalled table
// stops counting.
func progressing(t *testing.T, ctx context.Context, what string, progress func() int, done func() bool) {
	t.Helper()
	const stall = 2 * time.Minute
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	last, since := progress(), time.Now()
	for !done() {
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("not %s: %v", what, ctx.Err())
		}
		if n := progress(); n != last {
			last, since = n, time.Now()
		} else if time.Since(since) > stall {
			t.Fatalf("not %s: nothing published for %v (%d steps)", what, stall, n)
		}
	}
}

// syncBuf is a log sink safe for the table's goroutines.
type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// While the real table senses a hand, a seat's win, riichi and pass (its
// buttons or its seat page) go to sensing, one watcher per button; the
// tiles people move make every other action.
func TestSensedHandDeclarations(t *testing.T) {
	in := make(chan sensing.Input, 2)
	h := &sensedHand{in: in}
	for _, c := range []struct {
		typ  string
		seat int
		kind sensing.DeclKind
	}{{"win", 2, sensing.DeclareWin}, {"riichi", 1, sensing.DeclareRiichi}} {
		ok, err := h.declare(Command{Type: c.typ, Seat: c.seat})
		if !ok || err != nil {
			t.Fatalf("%s: taken %v, %v", c.typ, ok, err)
		}
		got := <-in
		if got.Declaration == nil || got.Declaration.Kind != c.kind || got.Declaration.Seat != game.Seat(c.seat) {
			t.Errorf("%s for seat %d: sensing got %+v", c.typ, c.seat, got.Declaration)
		}
	}
	for _, typ := range []string{"ok", "pon", "discard"} {
		if ok, _ := h.declare(Command{Type: typ, Seat: 0}); ok {
			t.Errorf("%s went to sensing", typ)
		}
	}
	in <- sensing.Input{}
	in <- sensing.Input{}
	if ok, err := h.declare(Command{Type: "pass", Seat: 3}); !ok || !errors.Is(err, ErrBusy) {
		t.Errorf("pass with sensing behind: %v, %v; want busy", ok, err)
	}
	if ok, _ := (&sensedHand{}).declare(Command{Type: "win"}); ok {
		t.Error("a sensed hand with no way to sensing took a seat's win")
	}
}

// TestSensingAfterTheTableStops: once the hand's context ends the owner
// loop may be gone, so the sensing goroutine's referee reports the hand
// gone (no hand), offers nothing, and refuses to apply, naming why.
func TestSensingAfterTheTableStops(t *testing.T) {
	s, _ := newService(t, "riichi/tenhou", []bool{true, true, true, true}, 0)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	ref := ownerRef{s: s, ctx: ctx}
	if h := ref.Hand(); h != nil {
		t.Fatalf("hand after the table stopped = %+v, want none", h)
	}
	if as := ref.Legal(0); len(as) != 0 {
		t.Errorf("legal actions after the table stopped: %v", as)
	}
	a := game.Action{Kind: game.Discard, Seat: 0}
	if evs, err := ref.Apply(t.Context(), a); !errors.Is(err, context.Canceled) || evs != nil {
		t.Errorf("apply after the table stopped = %v, %v; want context.Canceled", evs, err)
	}
	if evs, err := ref.Foul(t.Context(), a, "test"); !errors.Is(err, context.Canceled) || evs != nil {
		t.Errorf("foul after the table stopped = %v, %v; want context.Canceled", evs, err)
	}
}

// TestSensedCallsWaitForTheWindow: sensing takes a call on a discard at
// once when no other seat could answer it, and at the claim window's end
// when one could still win on it; the table publishes every call and win
// on a discard one window after the discard, so that no display learns
// from its moment what the other hands hold. Riichi at the fast pace, on
// a clock that runs as fast as the machine allows: steps are compared by
// the times the table published them at.
func TestSensedCallsWaitForTheWindow(t *testing.T) {
	r := runSensed(t, players.Config{Seed: 21, Pace: players.Fast, MissRate: 0.05, GhostRate: 0.005})
	rec, ctx, cancel, ran, published := r.rec, r.ctx, r.cancel, r.ran, r.published
	// Three hands ended on the displays: what the last held was published
	// at its window's end, not flushed by the table stopping.
	progressing(t, ctx, "three sensed hands published to their end", published, func() bool {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		return handsEnd(rec.steps, 3) > 0
	})
	cancel()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	// The steps of the three hands: a call held when the table stopped
	// is published at once, its window cut short.
	steps := rec.steps[:handsEnd(rec.steps, 3)]
	var opened time.Time // the step of the last discard
	calls := 0
	for i, st := range steps {
		if i > 0 && st.Seq <= rec.steps[i-1].Seq && !slices.Contains(rec.games, i) {
			t.Errorf("step %d published after step %d", st.Seq, rec.steps[i-1].Seq)
		}
		if answersWindow(st.Events) {
			calls++
			if wait := st.At.Sub(opened); wait < sensing.DefaultClaimWindow {
				t.Errorf("step %d (%s) published %v after its discard's step, inside the %v window", st.Seq, describeEvents(st.Events), wait, sensing.DefaultClaimWindow)
			}
		}
		if opensWindow(st.Events) {
			opened = st.At
		}
	}
	if calls == 0 {
		t.Fatalf("no call or win on a discard in %d steps: the test proves nothing", len(steps))
	}
	t.Logf("%d steps, %d with a call or a win on a discard", len(steps), calls)
}

// handsEnd is the number of steps up to the one that ended the nth hand,
// 0 before that.
func handsEnd(steps []step, n int) int {
	ended := 0
	for i, st := range steps {
		for _, e := range st.Events {
			if e.Type == tablecore.HandEnded {
				ended++
			}
		}
		if ended >= n {
			return i + 1
		}
	}
	return 0
}

// TestHeldStepsGoOutWhenTheTableStops: steps a sensed hand holds for its
// claim window are published when the table stops before the window
// ends, not lost.
func TestHeldStepsGoOutWhenTheTableStops(t *testing.T) {
	s, rec := newService(t, "riichi/tenhou", []bool{true, true, true, true}, 0)
	pon := []tablecore.Event{{Type: tablecore.Acted, Seq: 7, Action: game.Action{Kind: game.Pon, Seat: 2}}}
	if s.holdSensed(pon) {
		t.Fatal("a step held with no sensed hand")
	}
	clk := clock.NewPaced(time.Now(), 1, 0)
	s.sense = &Sensing{Clock: clk}
	s.sensed = &sensedHand{}
	s.hold.end = clk.Now().Add(time.Hour)
	if !s.holdSensed(pon) {
		t.Fatal("a pon inside its window was not held")
	}
	s.sensed = nil
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := s.Run(ctx); err != nil {
		t.Fatal(err)
	}
	rec.mu.Lock()
	defer rec.mu.Unlock()
	if n := len(rec.steps); n != 1 || rec.steps[0].Seq != 7 {
		t.Fatalf("published %d steps (%v), want the held pon", n, rec.steps)
	}
}
