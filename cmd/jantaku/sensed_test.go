package main

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"jantaku/drivers/clock"
	"jantaku/hardware/sim/players"
	mqcmd "jantaku/mqtt/command"
	"jantaku/rules/game"
)

// TestSensedHands: with --sensing the simulated players play through the
// table's sensors (tags on a surface with missed and ghost reads): hands
// end, every accepted action is journaled and published, nothing is
// reported as an anomaly, and game commands wait while a hand is sensed.
func TestSensedHands(t *testing.T) {
	s, rec := newService(t, "riichi/tenhou", []bool{true, true, true, true}, 0)
	logs := &syncBuf{}
	s.log = slog.New(slog.NewTextHandler(logs, nil))
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	clk := clock.NewPaced(time.Now(), 1000, simSettle)
	go clk.Run(ctx)
	s.sense = &sensedPlay{clk: clk, cfg: players.Config{Seed: 11, Pace: players.Human, MissRate: 0.05, GhostRate: 0.005}}
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx) }()

	// While the first hand is sensed, a game command is refused as busy.
	published := func() int {
		rec.mu.Lock()
		defer rec.mu.Unlock()
		return len(rec.steps)
	}
	for published() < 3 && ctx.Err() == nil { // the deal and the first draws
		time.Sleep(10 * time.Millisecond)
	}
	err := s.Handle(ctx, mqcmd.Command{Type: "pause", Seat: -1, Role: "operator"})
	if !errors.Is(err, mqcmd.ErrBusy) || !strings.Contains(err.Error(), "through its sensors") {
		t.Errorf("pause during a sensed hand: %v", err)
	}
	for strings.Count(logs.String(), "hand played through sensing") < 2 && ctx.Err() == nil {
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-ran; err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(logs.String(), "hand played through sensing"); n < 2 {
		t.Fatalf("%d hands played through sensing in 3 minutes\n%s", n, logs)
	}
	if strings.Contains(logs.String(), "anomaly") || strings.Contains(logs.String(), "could not play") {
		t.Errorf("sensing reported trouble:\n%s", logs)
	}
	// The referee's record holds what sensing accepted, published step by step.
	discards := 0
	rec.mu.Lock()
	for _, st := range rec.steps {
		if st.Type == game.Discard.String() {
			discards++
		}
	}
	rec.mu.Unlock()
	if discards < 20 {
		t.Errorf("%d discards published for two sensed hands", discards)
	}
}
