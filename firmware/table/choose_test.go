package table

import (
	"context"
	"errors"
	"jantaku/internal/testdir"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/firmware/sensing"
	"jantaku/rules/game"
	"jantaku/tablecore"
)

// choiceRecorder is a recorder that also keeps the readings each seat is
// asked to choose between.
type choiceRecorder struct {
	*recorder
	mu      sync.Mutex
	choices [4][]game.Action
}

func (r *choiceRecorder) Choices(seat int, options []game.Action) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.choices[seat] = options
}

func (r *choiceRecorder) asked() [4][]game.Action {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.choices
}

// A movement sensing reads two ways (here: either of two tiles laid in the
// pond) is put to its seat: the seat's view lists both readings, the
// seat's choose command hands sensing the index as a DeclareChoice, and the
// referee plays the reading chosen. A choice with nothing to choose, from
// another seat, out of range or too late is refused.
func TestChooseAReadingOfAMovement(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec := &choiceRecorder{recorder: &recorder{}}
		s, err := New(t.Context(), Config{
			Dir: testdir.InMemory(t), Ruleset: "riichi/tenhou", Publisher: rec,
			Dealer: shuffleDealer{rand.New(rand.NewPCG(5, 6))}, Simulated: []bool{false, false, false, false},
			Pace: time.Millisecond,
		})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		ctx, cancel := context.WithCancel(t.Context())
		ran := make(chan error, 1)
		go func() { ran <- s.Run(ctx) }()
		defer func() { cancel(); <-ran }()
		ref := ownerRef{s: s, ctx: ctx}
		var seat game.Seat = -1
		var opts []game.Action
		for seat < 0 {
			time.Sleep(10 * time.Millisecond)
			ref.call(func() {
				g := s.t.Game()
				if g.Hand() == nil {
					return
				}
				for n := range 4 {
					for _, a := range g.Legal(game.Seat(n)) {
						if a.Kind == game.Discard && (len(opts) == 0 || a.Tile.Kind != opts[0].Tile.Kind) {
							seat, opts = game.Seat(n), append(opts, a)
						}
					}
					if len(opts) > 1 {
						opts = opts[:2]
						return
					}
					seat, opts = -1, nil
				}
			})
		}
		choose := func(from int, args string) error {
			return s.Handle(t.Context(), Command{Type: "choose", Seat: from, Args: []byte(args)})
		}
		if err := choose(int(seat), `{"choice":0}`); !errors.Is(err, ErrRejected) {
			t.Errorf("a choice before any movement to choose: %v, want rejected", err)
		}

		// Sensing stands in: it reports the movement's two readings and
		// plays the one the seat's DeclareChoice names.
		in := make(chan sensing.Input, 8)
		sctx, scancel := context.WithCancel(ctx)
		defer scancel()
		run := &sensedHand{cancel: scancel, done: make(chan error, 1), in: in}
		sref := ownerRef{s: s, ctx: sctx}
		got := make(chan sensing.Declaration, 1)
		go func() {
			for {
				select {
				case <-sctx.Done():
					run.done <- sctx.Err()
					return
				case i := <-in:
					if d := i.Declaration; d != nil && d.Kind == sensing.DeclareChoice {
						got <- *d
						if _, err := sref.Apply(sctx, opts[d.Choice]); err != nil {
							t.Errorf("the reading chosen was refused: %v", err)
						}
					}
				}
			}
		}()
		ref.call(func() { s.sensed = run })
		nsnaps := func() int { rec.recorder.mu.Lock(); defer rec.recorder.mu.Unlock(); return rec.snaps }
		snaps := nsnaps()
		sref.output(&sensing.Ambiguous{Seat: seat, Options: opts})
		asked := rec.asked()
		for n := range asked {
			switch {
			case game.Seat(n) == seat && len(asked[n]) != 2:
				t.Fatalf("seat %d asked to choose between %v, want %v", n, asked[n], opts)
			case game.Seat(n) != seat && asked[n] != nil:
				t.Errorf("seat %d, not the mover, asked to choose between %v", n, asked[n])
			}
		}
		if nsnaps() == snaps {
			t.Error("the views were not published again with the readings")
		}

		other := (int(seat) + 1) % 4
		for _, c := range []struct {
			from int
			args string
			kind error
			says string
		}{
			{other, `{"choice":0}`, ErrRejected, "no movement"},
			{int(seat), `{"choice":2}`, ErrRejected, "0–1"},
			{int(seat), `{"choice":-1}`, ErrRejected, "0–1"},
			{int(seat), `{"choise":1}`, ErrMalformed, "choise"},
			{int(seat), `{}`, ErrMalformed, "choice"},
		} {
			err := choose(c.from, c.args)
			if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.says) {
				t.Errorf("seat %d choose %s: %v, want %v saying %q", c.from, c.args, err, c.kind, c.says)
			}
		}
		if err := choose(int(seat), `{"choice":1}`); err != nil {
			t.Fatalf("choosing the second reading: %v", err)
		}
		if d := <-got; d.Seat != seat || d.Choice != 1 {
			t.Fatalf("sensing was told %+v, want seat %d's choice 1", d, seat)
		}
		synctest.Wait()
		var last game.Action
		ref.call(func() {
			lg := s.t.Game().Hand().Log
			last = lg[len(lg)-1]
		})
		if !last.Equal(opts[1]) {
			t.Errorf("the referee played %v, want the reading chosen, %v", last, opts[1])
		}
		rec.recorder.mu.Lock()
		st := rec.steps[len(rec.steps)-1]
		rec.recorder.mu.Unlock()
		if e := st.Events[0]; e.Type != tablecore.Acted || !e.Action.Equal(opts[1]) {
			t.Errorf("published %+v, want the reading chosen", st.Events)
		}
		if a := rec.asked()[seat]; a != nil {
			t.Errorf("seat %d still asked to choose between %v after choosing", seat, a)
		}
		if err := choose(int(seat), `{"choice":0}`); !errors.Is(err, ErrRejected) {
			t.Errorf("a second choice after the movement was played: %v, want rejected", err)
		}
	})
}
