package tests

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/rfid"
	"jantaku/firmware/cycle"
	"jantaku/firmware/deal"
	"jantaku/firmware/registry"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
	"jantaku/rules/tile"
	"jantaku/tablecore"
)

// TestMachineFaultsKeepTheGame plays a riichi hand dealt from the simulated
// machine's walls, then breaks the machine before the next hand: a reader
// answering garbage, a stalled motor, a foreign tag, a missing tile. Each
// is a safe stop: the cycle is faulted with the right code and an error
// naming the part, tag or tile, every motor is halted, no wall rises, and
// the game's journal replays to the same game as before the fault.
func TestMachineFaultsKeepTheGame(t *testing.T) {
	cases := []struct {
		name   string
		inject func(m *sim.Machine)
		code   string
		text   string
	}{
		{"reader answers garbage", func(m *sim.Machine) { m.KillReader(2, rfid.ErrGarbled) }, cycle.CodeReader, "inline2"},
		{"lift motor stall", func(m *sim.Machine) { m.Stall("lift1", true) }, cycle.CodeStall, "lift1"},
		{"foreign tag", func(m *sim.Machine) {
			m.RemoveTile(sim.UID('A', tile.Tile{Kind: tile.P3, Copy: 1}))
			m.AddTile("04FFEEDDCCBBAA")
		}, cycle.CodeCensus, "foreign tag 04FFEEDDCCBBAA"},
		{"missing tile in the census", func(m *sim.Machine) {
			m.RemoveTile(sim.UID('A', tile.Tile{Kind: tile.North, Copy: 3}))
			m.AddTile(sim.UID('B', tile.Tile{Kind: tile.North, Copy: 3}))
		}, cycle.CodeCensus, "missing 4z#3"},
		{"tile lost", func(m *sim.Machine) { m.RemoveTile(sim.UID('A', tile.Tile{Kind: tile.M9, Copy: 0})) }, cycle.CodeCount, "135 of 136"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) { machineFault(t, c.inject, c.code, c.text) })
		})
	}
}

func machineFault(t *testing.T, inject func(*sim.Machine), code, text string) {
	rs, err := rulesets.New("riichi/tenhou", nil)
	if err != nil {
		t.Fatal(err)
	}
	set := rs.Rules().Set
	prof := profile.Default()
	reg := registry.Memory{}
	for _, l := range []byte{'A', 'B'} {
		for u, tl := range sim.Tags(set, l) {
			reg[u] = registry.Entry{Set: l, Tile: tl}
		}
	}
	sm := sim.New(sim.Config{Timing: prof.Timing, Seed: 3, MissRate: 0.02}, sim.List(set, 'A'), nil)
	p := cycle.Parts{Tray: sm.Tray, Lid: sm.Lid, Start: sm.Start}
	for s := range sm.Conveyors {
		p.Conveyors = append(p.Conveyors, sm.Conveyors[s])
		p.Stackers = append(p.Stackers, sm.Stackers[s])
		p.Lifts = append(p.Lifts, sm.Lifts[s])
		p.Eyes = append(p.Eyes, sm.Eyes[s])
		p.Homes = append(p.Homes, sm.Homes[s])
		p.Tops = append(p.Tops, sm.Tops[s])
		p.Bottoms = append(p.Bottoms, sm.Bottoms[s])
		p.Inline = append(p.Inline, sm.Inline[s])
	}
	m, err := cycle.New(p, cycle.Config{Timing: prof.Timing, Stacks: prof.TileSets["136"].Stacks, Set: set,
		Registry: reg, Rand: rand.New(rand.NewPCG(1, 2))})
	if err != nil {
		t.Fatal(err)
	}
	hands := make(chan cycle.Hand, 2)
	m.OnHand = func(h cycle.Hand) { hands <- h }
	ctx, cancel := context.WithCancel(t.Context())
	simDone, runDone := make(chan struct{}), make(chan error, 1)
	go func() { sm.Run(ctx); close(simDone) }()
	go func() { runDone <- m.Run(ctx) }()
	defer func() {
		cancel()
		<-runDone
		<-simDone
	}()

	path := filepath.Join(t.TempDir(), "table.jnl")
	tb, err := tablecore.Create(ctx, path, "riichi/tenhou", nil, rulesets.New, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { tb.Close() }()

	// A hand from the machine's walls, played to its end.
	synctest.Wait()
	sm.PressStart()
	var h cycle.Hand
	select {
	case h = <-hands:
	case <-time.After(time.Hour):
		t.Fatalf("no walls within an hour of machine time (fault %v)", m.Fault())
	}
	d, err := deal.FromWalls(h.Walls, h.Dice, reg, rs, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tb.StartHand(ctx, d); err != nil {
		t.Fatal(err)
	}
	g := tb.Game()
	rng := rand.New(rand.NewPCG(5, 6))
	for n := 0; g.Hand().Phase != game.Over; n++ {
		var all []game.Action
		for s := 0; s < 4; s++ {
			all = append(all, g.Legal(game.Seat(s))...)
		}
		if len(all) == 0 || n > 2000 {
			t.Fatalf("the hand is stuck after %d inputs", n)
		}
		if _, err := tb.Apply(ctx, pick(rng, all)); err != nil {
			t.Fatal(err)
		}
	}
	want := gameState(g)
	records := tb.Records()

	// The machine breaks as the players ask for the next walls.
	inject(sm)
	sm.PressStart()
	for i := 0; m.Fault() == nil; i++ {
		if i > 3600*10 {
			t.Fatalf("no fault within an hour of machine time (state %s)", m.State())
		}
		time.Sleep(100 * time.Millisecond)
	}
	f := m.Fault()
	if f.Code != code || !strings.Contains(f.Error(), text) || f.Remedy() == "" {
		t.Errorf("fault %q (code %s, remedy %q), want code %s naming %q", f, f.Code, f.Remedy(), code, text)
	}
	st := m.Status()
	if st.Phase != cycle.Faulted || len(st.Errors) != 1 || st.Errors[0].Code != code {
		t.Errorf("status %+v, want faulted with %s", st, code)
	}
	synctest.Wait()
	for _, mt := range sm.Motors() {
		if mt.State().Running() {
			t.Errorf("%s still running after the fault", mt)
		}
	}
	select {
	case h := <-hands:
		t.Errorf("walls rose for hand %d despite the fault", h.Number)
	default:
	}

	// The game is as it was: in memory and as the journal replays it.
	if got := gameState(g); got != want {
		t.Errorf("the game changed with the machine's fault:\n%s\nwant\n%s", got, want)
	}
	tb.Close()
	re, err := tablecore.Open(ctx, path, rulesets.New, nil)
	if err != nil {
		t.Fatalf("the journal does not replay after the fault: %v", err)
	}
	tb = re
	if re.Records() != records || gameState(re.Game()) != want {
		t.Errorf("the journal replays to %d records and\n%s\nwant %d and\n%s", re.Records(), gameState(re.Game()), records, want)
	}
	if errors.Is(f, context.Canceled) {
		t.Error("the fault is a cancellation")
	}
}

// gameState is what a resumed game must agree on: the standing and the
// finished hand's phase and scores.
func gameState(g *tablecore.Game) string {
	st := g.Standing()
	s := fmt.Sprintf("hands %d scores %v over %v", st.Hands, st.Scores, g.Over())
	if h := g.Hand(); h != nil {
		s += fmt.Sprintf(" hand phase %s scores %v pot %d", h.Phase, h.Scores, h.Pot)
	}
	return s
}
