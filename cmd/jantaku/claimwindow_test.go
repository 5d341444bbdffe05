package main

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	mqcmd "jantaku/mqtt/command"
	mqtable "jantaku/mqtt/table"
	"jantaku/rules/game"
)

// timedSteps records each step with the table's (fake) time.
type timedSteps struct {
	now   func() time.Time
	steps []mqtable.Step
	at    []time.Time
}

func (r *timedSteps) NewGame() {}
func (r *timedSteps) Publish(_ context.Context, s mqtable.Step) error {
	r.steps, r.at = append(r.steps, s), append(r.at, r.now())
	return nil
}
func (r *timedSteps) Snapshot(context.Context, mqtable.Step) error { return nil }

type phaseView struct {
	Phase  string `json:"phase"`
	Turn   int    `json:"turn"`
	Pot    int    `json:"pot"`
	Scores []int  `json:"scores"`
	Claim  *struct {
		From int    `json:"from"`
		Tile string `json:"tile"`
	} `json:"claim"`
}

// TestClaimWindowHidesWhoCouldCall plays a game of simulated players on a
// fake clock with a 1 s claim window and checks what displays and seats
// read in real time: after every discard, whether or not some hand could
// call it, the public and seat views show the same open window on it, the
// next step comes exactly one window later, and no pass is ever public.
// A riichi declaration's deposit is paid only once its window closes, so
// the public pot and scores do not change with the declaring discard. The
// spectator view (delayed) shows which discards really had callers, so
// the test knows both kinds occurred.
func TestClaimWindowHidesWhoCouldCall(t *testing.T) {
	const window = time.Second
	s, _ := newService(t, "riichi/tenhou", []bool{true, true, true, true}, 1)
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	rec := &timedSteps{now: s.now}
	s.pub, s.claimWindow = rec, window
	ctx := context.Background()
	for i := 0; i < 200000; i++ {
		now = now.Add(100 * time.Millisecond) // the table's tick
		done, err := s.step(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if done || len(rec.steps) > 3000 {
			break
		}
	}
	real, none := 0, 0
	riichiWith, riichiWithout := 0, 0
	for i, st := range rec.steps {
		if strings.Contains(string(st.Event), `"kind":"pass"`) {
			t.Errorf("step %d: a pass is public: %s", st.Seq, st.Event)
		}
		if st.Type != "discard" && st.Type != "riichi" {
			continue
		}
		var pub, spect phaseView
		if err := errors.Join(json.Unmarshal(st.State, &pub), json.Unmarshal(st.Spectator.State, &spect)); err != nil {
			t.Fatal(err)
		}
		if spect.Phase == "claims" {
			real++
		} else {
			none++
		}
		if st.Type == "riichi" && i > 0 {
			var before phaseView
			if err := json.Unmarshal(rec.steps[i-1].State, &before); err != nil {
				t.Fatal(err)
			}
			if pub.Pot != before.Pot || !slices.Equal(pub.Scores, before.Scores) {
				t.Errorf("step %d (riichi, callers: %v): the public pot and scores changed with the declaring discard: %d %v, before %d %v", st.Seq, spect.Phase == "claims", pub.Pot, pub.Scores, before.Pot, before.Scores)
			}
			if spect.Phase == "claims" {
				riichiWith++
			} else {
				riichiWithout++
			}
		}
		if pub.Phase != "claims" || pub.Claim == nil || pub.Turn != pub.Claim.From {
			t.Errorf("step %d (%s): public view %+v, want an open window on the discard", st.Seq, st.Type, pub)
		}
		for n, sv := range st.Seats {
			var v phaseView
			if sv.State == nil {
				continue
			}
			if err := json.Unmarshal(sv.State, &v); err != nil {
				t.Fatal(err)
			}
			if v.Phase != "claims" || v.Claim == nil || v.Turn != pub.Turn {
				t.Errorf("step %d: seat %d's view %+v, want the same window as the public's", st.Seq, n, v)
			}
		}
		if i+1 < len(rec.steps) {
			if d := rec.at[i+1].Sub(rec.at[i]); d != window {
				t.Errorf("step %d (%s, callers: %v): the next step came %v later, want the window %v", st.Seq, st.Type, spect.Phase == "claims", d, window)
			}
		}
	}
	if real == 0 || none == 0 {
		t.Fatalf("discards with callers %d, without %d: the game did not show both", real, none)
	}
	if riichiWith+riichiWithout == 0 {
		t.Fatal("no riichi was declared in the game")
	}
	t.Logf("%d steps; %d discards with a possible call, %d without; riichi %d with, %d without", len(rec.steps), real, none, riichiWith, riichiWithout)
}

// TestClaimWindowSeatCommands: inside the window a seat's pass is taken
// without being played and an early draw is told to wait; afterwards the
// draw closes the window.
func TestClaimWindowSeatCommands(t *testing.T) {
	s, _ := newService(t, "riichi/tenhou", []bool{true, true, true, true}, 1)
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	rec := &timedSteps{now: s.now}
	s.pub, s.claimWindow = rec, time.Second
	ctx := context.Background()
	// Play until a discard with a possible call whose next drawer is the
	// seat to hand to a person.
	for i := 0; i < 200000; i++ {
		now = now.Add(100 * time.Millisecond)
		if _, err := s.step(ctx); err != nil {
			t.Fatal(err)
		}
		h := s.t.Game().Hand()
		if h != nil && h.Phase == game.Claims && s.holding(s.t.Game()) {
			break
		}
	}
	g := s.t.Game()
	h := g.Hand()
	if h == nil || h.Phase != game.Claims {
		t.Fatal("no claim window with a possible call in the game")
	}
	for i := range s.bots {
		s.bots[i] = false
	}
	var caller, drawer = -1, -1
	for seat := range h.Players {
		for _, a := range g.Legal(game.Seat(seat)) {
			if a.Kind == game.Pass {
				caller = seat
			}
			if a.Kind == game.Draw {
				drawer = seat
			}
		}
	}
	if caller < 0 || drawer < 0 {
		t.Fatalf("claim window without a caller (%d) or a drawer (%d)", caller, drawer)
	}
	records := s.t.Records()
	if err := s.command(ctx, mqcmd.Command{Type: "pass", Seat: caller}); err != nil {
		t.Fatalf("pass: %v", err)
	}
	if s.t.Records() != records || len(g.Legal(game.Seat(caller))) == 0 {
		t.Error("a pass inside the window was played")
	}
	if err := s.command(ctx, mqcmd.Command{Type: "ok", Seat: drawer}); !errors.Is(err, mqcmd.ErrBusy) {
		t.Errorf("a draw inside the window: %v, want busy", err)
	}
	now = now.Add(time.Second)
	if err := s.command(ctx, mqcmd.Command{Type: "ok", Seat: drawer}); err != nil {
		t.Fatalf("the draw after the window: %v", err)
	}
	if p := g.Hand().Phase; p != game.ToAct {
		t.Errorf("after the draw the phase is %s, want act", p)
	}
}

// TestPublicNumbersCountNoPasses: passes are private, so they must not show
// in the public numbering either: the public events of a game are numbered
// 1, 2, 3... without gaps (a gap would count the seats that passed when a
// call waited for their answers), no public step is named after a pass,
// and the passes still reach the spectators.
func TestPublicNumbersCountNoPasses(t *testing.T) {
	s, _ := newService(t, "riichi/tenhou", []bool{true, true, true, true}, 1)
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return now }
	rec := &timedSteps{now: s.now}
	s.pub, s.claimWindow = rec, time.Second
	ctx := context.Background()
	for i := 0; i < 200000; i++ {
		now = now.Add(100 * time.Millisecond)
		done, err := s.step(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if done || len(rec.steps) > 3000 {
			break
		}
	}
	type batch struct {
		Events []struct {
			Seq    uint64 `json:"seq"`
			Type   string `json:"type"`
			Action *struct {
				Kind string `json:"kind"`
			} `json:"action"`
		} `json:"events"`
	}
	next, spectPasses := uint64(1), 0
	for _, st := range rec.steps {
		if st.Type == "pass" {
			t.Errorf("step %d is public as a pass", st.Seq)
		}
		var pub, spect batch
		if err := errors.Join(json.Unmarshal(st.Event, &pub), json.Unmarshal(st.Spectator.Event, &spect)); err != nil {
			t.Fatal(err)
		}
		if len(pub.Events) == 0 {
			t.Errorf("step %d (%s) has no public event", st.Seq, st.Type)
		}
		for _, e := range pub.Events {
			if e.Seq != next {
				t.Errorf("step %d: public event %s numbered %d, want %d", st.Seq, e.Type, e.Seq, next)
			}
			next = e.Seq + 1
		}
		if next-1 != st.Seq {
			t.Errorf("step %d: its last public event is %d", st.Seq, next-1)
		}
		for _, e := range spect.Events {
			if e.Action != nil && e.Action.Kind == "pass" {
				spectPasses++
			}
		}
	}
	if spectPasses == 0 {
		t.Fatal("nobody passed in the game: the test proves nothing")
	}
	t.Logf("%d steps, %d passes seen by the spectators only", len(rec.steps), spectPasses)
}
