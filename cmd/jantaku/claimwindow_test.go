package main

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tablesvc "jantaku/firmware/table"
	mqtable "jantaku/mqtt/table"
	"jantaku/tablecore"
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

// seededDealer shuffles as a table does, from a fixed seed.
type seededDealer struct{ rng *rand.Rand }

func (d seededDealer) Deal(_ context.Context, g *tablecore.Game) (tablecore.Deal, error) {
	w := g.Rules().Set.Tiles()
	d.rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	return tablecore.Deal{Wall: w, Dice: [2]int{1 + d.rng.IntN(6), 1 + d.rng.IntN(6)}}, nil
}

// tickedGame plays one game of simulated players with a claim window
// of window on a fake clock, published through the MQTT steps: the
// table moves one tick at a time, each 100 ms after the last, until the
// game is over or limit steps are published.
func tickedGame(t *testing.T, ruleset string, window time.Duration, limit int) *timedSteps {
	t.Helper()
	var mu sync.Mutex
	now := time.Date(2026, 1, 1, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	rec := &timedSteps{now: clock}
	ticks := make(chan time.Time)
	tb, err := tablesvc.New(t.Context(), tablesvc.Config{Dir: t.TempDir(), Ruleset: ruleset, Simulated: []bool{true, true, true, true},
		Games: 1, ClaimWindow: window, Dealer: seededDealer{rand.New(rand.NewPCG(5, 6))},
		Publisher: &refereeSteps{pub: rec}, Now: clock, Ticks: ticks})
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	ran := make(chan struct{})
	go func() { defer close(ran); tb.Run(ctx) }()
	defer func() { cancel(); <-ran }()
	for i := 0; i < 200000; i++ {
		mu.Lock()
		now = now.Add(100 * time.Millisecond) // the table's tick
		mu.Unlock()
		select {
		case ticks <- time.Time{}:
		case <-ran:
			return rec // the game is over
		}
		// The owner answers once the tick's step is done.
		hctx, hcancel := context.WithCancel(ctx)
		go func() {
			select {
			case <-ran:
				hcancel()
			case <-hctx.Done():
			}
		}()
		_, err := tb.Health(hctx)
		hcancel()
		if err != nil || len(rec.steps) > limit {
			return rec
		}
	}
	return rec
}

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
	rec := tickedGame(t, "riichi/tenhou", window, 3000)
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

// TestPublicNumbersCountNoPasses: passes are private, so they must not show
// in the public numbering either: the public events of a game are numbered
// 1, 2, 3... without gaps (a gap would count the seats that passed when a
// call waited for their answers), no public step is named after a pass,
// and the passes still reach the spectators.
func TestPublicNumbersCountNoPasses(t *testing.T) {
	rec := tickedGame(t, "riichi/tenhou", time.Second, 3000)
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
