package tests

import (
	"context"
	"errors"
	"fmt"
	"jantaku/internal/testdir"
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
	prof := profile.Default()
	hold, feed := prof.Safety.Hold.D(), prof.Safety.Watchdog.D()/3
	busDown := func(m *sim.Machine) {
		err := errors.New("i2c: SDA stuck low")
		for s := range m.Bottoms {
			m.FailInput(m.Bottoms[s].Name, err)
			m.FailInput(m.Homes[s].Name, err)
		}
		for _, mt := range m.Motors() {
			m.FailMotor(mt.Name, err)
		}
	}
	cases := []struct {
		name   string
		inject func(m *sim.Machine)
		code   string // "" any
		text   string
		// during: the fault comes 12s (machine time) into the build,
		// and the motors must be off within within of it.
		during bool
		within time.Duration
	}{
		{"E-stop pressed during the build", func(m *sim.Machine) { m.PressEStop(true) }, cycle.CodeEStop, "estop", true, 0},
		{"lid opened during the build", func(m *sim.Machine) { m.OpenLid(true) }, cycle.CodeLid, "lid", true, 0},
		{"E-stop pressed before Start", func(m *sim.Machine) { m.PressEStop(true) }, cycle.CodeEStop, "estop", false, 0},
		{"I2C bus failure during the build", busDown, cycle.CodeSwitch, "SDA stuck low", true, feed + hold},
		{"dead process during the build", func(m *sim.Machine) { m.Freeze(true) }, "", "", true, hold},
		{"reader answers garbage", func(m *sim.Machine) { m.KillReader(2, rfid.ErrGarbled) }, cycle.CodeReader, "inline2", false, 0},
		{"lift motor stall", func(m *sim.Machine) { m.Stall("lift1", true) }, cycle.CodeStall, "lift1", false, 0},
		{"foreign tag", func(m *sim.Machine) {
			m.RemoveTile(sim.UID('A', tile.Tile{Kind: tile.P3, Copy: 1}))
			m.AddTile("04FFEEDDCCBBAA")
		}, cycle.CodeCensus, "foreign tag 04FFEEDDCCBBAA", false, 0},
		{"missing tile in the census", func(m *sim.Machine) {
			m.RemoveTile(sim.UID('A', tile.Tile{Kind: tile.North, Copy: 3}))
			m.AddTile(sim.UID('B', tile.Tile{Kind: tile.North, Copy: 3}))
		}, cycle.CodeCensus, "missing 4z#3", false, 0},
		{"tile lost", func(m *sim.Machine) { m.RemoveTile(sim.UID('A', tile.Tile{Kind: tile.M9, Copy: 0})) }, cycle.CodeCount, "135 of 136", false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) { machineFault(t, c.inject, c.code, c.text, c.during, c.within) })
		})
	}
}

func machineFault(t *testing.T, inject func(*sim.Machine), code, text string, during bool, within time.Duration) {
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
	sm := sim.New(sim.Config{Timing: prof.Timing, Seed: 3, MissRate: 0.02, Safety: prof.Safety}, sim.List(set, 'A'), nil)
	p := cycle.Parts{Tray: sm.Tray, Lid: sm.Lid, EStop: sm.EStop, Enable: sm.Enable, Probe: sm.Probe, Start: sm.Start}
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
		Registry: reg, Rand: rand.New(rand.NewPCG(1, 2)), Feed: prof.Safety.Watchdog.D() / 3})
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

	path := filepath.Join(testdir.InMemory(t), "table.jnl")
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

	// The machine breaks as the players ask for the next walls, or while
	// it builds them.
	if !during {
		inject(sm)
	}
	sm.PressStart()
	if during {
		time.Sleep(12 * time.Second)
		if !sm.Moving() {
			t.Fatalf("not moving 12s into the build (state %s)", m.State())
		}
		at := time.Now()
		inject(sm)
		for sm.Powered() || sm.Moving() {
			time.Sleep(time.Millisecond)
		}
		if d := time.Since(at); d > within {
			t.Errorf("motors off %v after the fault, more than the stated %v", d, within)
		}
	}
	for i := 0; m.Fault() == nil; i++ {
		if i > 3600*10 {
			t.Fatalf("no fault within an hour of machine time (state %s)", m.State())
		}
		time.Sleep(100 * time.Millisecond)
	}
	f := m.Fault()
	if code != "" && f.Code != code || !strings.Contains(f.Error(), text) || f.Remedy() == "" {
		t.Errorf("fault %q (code %s, remedy %q), want code %s naming %q", f, f.Code, f.Remedy(), code, text)
	}
	st := m.Status()
	if st.Phase != cycle.Faulted || len(st.Errors) != 1 || st.Errors[0].Code != f.Code {
		t.Errorf("status %+v, want faulted with %s", st, code)
	}
	synctest.Wait()
	for _, mt := range sm.Motors() {
		if mt.State().Running() {
			t.Errorf("%s still running after the fault", mt)
		}
	}
	if sm.Moving() {
		t.Error("the machine moves after the fault")
	}
	time.Sleep(prof.Safety.Hold.D())
	if sm.Powered() {
		t.Errorf("the motors still have power %v after the fault", prof.Safety.Hold.D())
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
