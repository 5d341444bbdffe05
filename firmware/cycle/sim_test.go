package cycle_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/motor"
	"jantaku/drivers/motor/motortest"
	"jantaku/drivers/rfid"
	"jantaku/drivers/sensor"
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

type rig struct {
	mu        sync.Mutex
	faultedAt time.Time // when the machine entered Faulted
	sim       *sim.Machine
	m         *cycle.Machine
	cfg       cycle.Config
	reg       registry.Memory
	hand      chan cycle.Hand
	errc      chan error
}

// newRig builds a simulated table and a machine on it. Call inside a
// synctest bubble.
func newRig(t *testing.T, set tile.Set, stacks string, twoSets bool, tweak func(*sim.Config)) *rig {
	t.Helper()
	return newRigWith(t, set, stacks, twoSets, tweak, nil)
}

// newRigWith is newRig with a change to the cycle's configuration too.
func newRigWith(t *testing.T, set tile.Set, stacks string, twoSets bool, tweak func(*sim.Config), tweakCycle func(*cycle.Config), tweakParts ...func(*cycle.Parts)) *rig {
	t.Helper()
	prof := profile.Default()
	reg := registry.Memory{}
	for _, l := range []byte{'A', 'B'} {
		for u, tl := range sim.Tags(set, l) {
			reg[u] = registry.Entry{Set: l, Tile: tl}
		}
	}
	var table []rfid.UID
	if twoSets {
		table = sim.List(set, 'B')
	}
	sc := sim.Config{Timing: prof.Timing, Seed: 7, MissRate: 0.05, Safety: prof.Safety}
	if tweak != nil {
		tweak(&sc)
	}
	sm := sim.New(sc, sim.List(set, 'A'), table)
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
	cfg := cycle.Config{
		Timing: prof.Timing, Stacks: prof.TileSets[stacks].Stacks, Set: set, TwoSets: twoSets,
		Registry: reg, Rand: rand.New(rand.NewPCG(1, 2)), Feed: prof.Safety.Watchdog.D() / 3,
	}
	cfg.Clock = sc.Clock
	if tweakCycle != nil {
		tweakCycle(&cfg)
	}
	for _, f := range tweakParts {
		f(&p)
	}
	m, err := cycle.New(p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	r := &rig{sim: sm, m: m, cfg: cfg, reg: reg, hand: make(chan cycle.Hand, 8), errc: make(chan error, 1)}
	m.OnHand = func(h cycle.Hand) { r.hand <- h }
	var clk clock.Clock = clock.Real{}
	if cfg.Clock != nil {
		clk = cfg.Clock
	}
	m.OnState = func(st cycle.State) {
		if st == cycle.Faulted {
			r.mu.Lock()
			r.faultedAt = clk.Now()
			r.mu.Unlock()
		}
	}
	ctx, cancel := context.WithCancel(t.Context())
	simDone := make(chan struct{})
	go func() { sm.Run(ctx); close(simDone) }()
	go func() { r.errc <- m.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-r.errc; err != nil {
			t.Errorf("Run: %v", err)
		}
		<-simDone
	})
	return r
}

// settle waits until every goroutine of the bubble is blocked.
func settle() { synctest.Wait() }

// await waits (in fake time, at most an hour) until cond holds.
func await(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for i := 0; i < 360000; i++ {
		if cond() {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("waited an hour for %s", what)
}

func (r *rig) awaitReady(t *testing.T) {
	t.Helper()
	await(t, "ready", func() bool { return r.m.State() == cycle.Ready || r.m.Fault() != nil })
	if f := r.m.Fault(); f != nil {
		t.Fatalf("fault: %v", f)
	}
}

func (r *rig) checkWalls(t *testing.T, h cycle.Hand, label byte) {
	t.Helper()
	if h.Set != label {
		t.Errorf("hand %d: set %c, want %c", h.Number, h.Set, label)
	}
	raised := r.sim.Raised()
	for s, want := range r.cfg.Stacks {
		if len(h.Walls.Sides[s]) != 2*want {
			t.Errorf("hand %d side %d: %d tiles, want %d", h.Number, s, len(h.Walls.Sides[s]), 2*want)
		}
		// What the firmware read is what is physically in the wall.
		if strings.Join(uids(raised[s]), ",") != strings.Join(uids(h.Walls.Sides[s]), ",") {
			t.Errorf("hand %d side %d: read order differs from the physical wall", h.Number, s)
		}
	}
	if h.Dice[0] < 1 || h.Dice[0] > 6 || h.Dice[1] < 1 || h.Dice[1] > 6 {
		t.Errorf("dice %v", h.Dice)
	}
}

// next waits for the next walls up, at most ten simulated minutes.
func (r *rig) next(t *testing.T) cycle.Hand {
	t.Helper()
	select {
	case h := <-r.hand:
		return h
	case <-time.After(10 * time.Minute):
		t.Fatalf("no walls up after 10 minutes; state %s, fault %v", r.m.State(), r.m.Fault())
		return cycle.Hand{}
	}
}

func uids(u []rfid.UID) []string {
	out := make([]string, len(u))
	for i, x := range u {
		out[i] = string(x)
	}
	return out
}

func TestTwoSets(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		set, _ := tile.Standard(1)
		r := newRig(t, set, "136", true, nil)
		for i, label := range []byte{'A', 'B', 'A'} {
			r.awaitReady(t)
			_ = i
			r.sim.PressStart()
			h := r.next(t)
			r.checkWalls(t, h, label)
			if h.WallsUp < r.cfg.Timing.Lift.D() {
				t.Errorf("walls up after %v, faster than the lift can travel", h.WallsUp)
			}
		}
	})
}

func TestOneSetTileSets(t *testing.T) {
	s108, _ := tile.ThreePlayer108(2)
	s96, _ := tile.Jingzhou96(tile.Man)
	cases := []struct {
		name   string
		set    tile.Set
		stacks string
	}{
		{"140 uneven", tile.WithSeasons(), "140"},
		{"144", tile.WithFlowers(), "144"},
		{"108 Sichuan", tile.Suits108(), "108"},
		{"108 three players", s108, "108-3p"},
		{"96 three players", s96, "96-3p"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				r := newRig(t, c.set, c.stacks, false, nil)
				settle()
				r.sim.PressStart()
				h := r.next(t)
				r.checkWalls(t, h, 'A')
				if c.stacks[len(c.stacks)-1] == 'p' && len(h.Walls.Sides[3]) != 0 {
					t.Error("a wall was built at the empty seat")
				}
			})
		})
	}
}

// liftUps counts commands that moved a lift up.
func liftUps(r *rig) int {
	n := 0
	for _, l := range r.sim.Lifts {
		for _, c := range l.Log() {
			if c.Op == "run" && c.Dir == motor.Forward {
				n++
			}
		}
	}
	return n
}

// allHalted checks every actuator got a Halt and none runs.
func allHalted(t *testing.T, r *rig) {
	t.Helper()
	for _, mt := range r.sim.Motors() {
		if mt.Halts() == 0 || mt.State().Running() {
			t.Errorf("%s: %d halts, running %v", mt, mt.Halts(), mt.State().Running())
		}
	}
}

func waitFault(t *testing.T, r *rig) *cycle.Fault {
	t.Helper()
	await(t, "a fault", func() bool { return r.m.Fault() != nil })
	return r.m.Fault()
}

func TestFaults(t *testing.T) {
	set, _ := tile.Standard(0)
	cases := []struct {
		name   string
		inject func(*rig)
		code   string
		part   string
		text   string
		side   int // the side the published status names; -1 none, -2 any
	}{
		{"missing tile", func(r *rig) { r.sim.RemoveTile(sim.UID('A', tile.Tile{Kind: tile.S7, Copy: 2})) }, cycle.CodeCount, "eye", "135 of 136", -2},
		{"foreign tile", func(r *rig) {
			r.sim.RemoveTile(sim.UID('A', tile.Tile{Kind: tile.S7, Copy: 2}))
			r.sim.AddTile("04FFEEDDCCBBAA")
		}, cycle.CodeCensus, "set A", "foreign tag 04FFEEDDCCBBAA", -1},
		{"tile of the other set", func(r *rig) {
			r.sim.RemoveTile(sim.UID('A', tile.Tile{Kind: tile.East, Copy: 1}))
			r.sim.AddTile(sim.UID('B', tile.Tile{Kind: tile.East, Copy: 1}))
		}, cycle.CodeCensus, "set A", "missing 1z#1", -1},
		{"lift stall", func(r *rig) { r.sim.Stall("lift2", true) }, cycle.CodeStall, "lift2", "lift2.bottom still active", 2},
		{"stacker stall", func(r *rig) { r.sim.Stall("stacker1", true) }, cycle.CodeStall, "stacker1", "leave", 1},
		{"jam", func(r *rig) { r.sim.Jam(3, true) }, cycle.CodeJam, "eye3", "stuck", 3},
		{"dead reader", func(r *rig) { r.sim.KillReader(1, errors.New("SPI timeout")) }, cycle.CodeReader, "inline1", "SPI timeout", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				r := newRig(t, set, "136", false, nil)
				settle()
				c.inject(r)
				r.sim.PressStart()
				f := waitFault(t, r)
				if f.Code != c.code || !strings.HasPrefix(f.Part, c.part) || !strings.Contains(f.Error(), c.text) {
					t.Errorf("fault %q (part %s), want code %s part %s text %q", f, f.Part, c.code, c.part, c.text)
				}
				if f.Remedy() == "" {
					t.Error("no remedy")
				}
				st := r.m.Status()
				if st.Phase != cycle.Faulted || len(st.Errors) != 1 {
					t.Fatalf("status %+v, want faulted with one error", st)
				}
				e := st.Errors[0]
				if e.Code != c.code || e.Remedy == "" || e.Title == "" || !strings.Contains(e.Message, c.text) && !strings.Contains(f.Error(), c.text) {
					t.Errorf("status error %+v for fault %q", e, f)
				}
				switch {
				case c.side == -1 && e.Side != nil:
					t.Errorf("status names side %d for part %s", *e.Side, e.Part)
				case c.side >= 0 && (e.Side == nil || *e.Side != c.side):
					t.Errorf("status side %v for part %s, want %d", e.Side, e.Part, c.side)
				}
				allHalted(t, r)
				if c.code != cycle.CodeStall || c.part != "lift2" {
					if n := liftUps(r); n != 0 {
						t.Errorf("%d lift-up commands: a faulty set must never rise", n)
					}
				}
				select {
				case h := <-r.hand:
					t.Errorf("walls rose: hand %d", h.Number)
				default:
				}
			})
		})
	}
}

func TestLidOpenStopsWithinAControlPeriod(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		set, _ := tile.Standard(0)
		r := newRig(t, set, "136", false, nil)
		settle()
		r.sim.PressStart()
		time.Sleep(r.cfg.Timing.Mix.D() + 3*time.Second) // well into building (fake time)
		if st := r.m.State(); st != cycle.Building {
			t.Fatalf("state %s, want building", st)
		}
		opened := time.Now()
		r.sim.OpenLid(true)
		f := waitFault(t, r)
		if f.Code != cycle.CodeLid {
			t.Fatalf("fault %v, want E105", f)
		}
		allHalted(t, r)
		for _, mt := range r.sim.Motors() {
			at, _ := mt.LastHalt()
			if d := at.Sub(opened); d > r.cfg.Timing.ControlPeriod.D() {
				t.Errorf("%s halted %v after the lid opened, more than a control period", mt, d)
			}
		}
	})
}

func TestRecoveryAfterClear(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		set, _ := tile.Standard(0)
		r := newRig(t, set, "136", false, nil)
		settle()
		r.sim.Jam(0, true)
		r.sim.PressStart()
		if f := waitFault(t, r); f.Code != cycle.CodeJam {
			t.Fatalf("fault %v", f)
		}
		r.sim.Clear() // the operator frees the tile and puts every tile in the tray
		r.sim.PressStart()
		await(t, "recovery", func() bool { return r.m.Fault() == nil })
		r.awaitReady(t)
		r.sim.PressStart()
		r.checkWalls(t, r.next(t), 'A')
	})
}

func TestDiceDeterministic(t *testing.T) {
	roll := func() [][2]int {
		var out [][2]int
		synctest.Test(t, func(t *testing.T) {
			set, _ := tile.Standard(0)
			r := newRig(t, set, "136", true, nil)
			for i := 0; i < 3; i++ {
				r.awaitReady(t)
				r.sim.PressStart()
				out = append(out, r.next(t).Dice)
			}
		})
		return out
	}
	a, b := roll(), roll()
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("same seed, different dice: %v and %v", a, b)
		}
	}
}

var _ sensor.Switch = (*struct{ sensor.Switch })(nil)

// The daemon's simulation runs faster than real time. On the Scaled clock
// a goroutine woken 2ms late at speed 100 sees the machine 200 simulated
// ms late, more than the stacker's 175ms stall margin: the stacker seemed
// to stall (E101) at high --speed. The Paced clock stands still while the
// goroutines react, so the same lateness costs no simulated time.
// sim.Config.Lag makes the physics goroutine that late, deterministically.
func TestLateWakeUpsAtHighSpeed(t *testing.T) {
	const speed = 100
	set, _ := tile.Standard(1)
	for _, c := range []struct {
		name  string
		paced bool
		fault string
	}{
		{"scaled clock: the lateness trips a stall", false, cycle.CodeStall},
		{"paced clock", true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				var clk clock.Clock = clock.NewScaled(speed)
				if c.paced {
					p := clock.NewPaced(time.Now(), speed, 5*time.Millisecond)
					ctx, cancel := context.WithCancel(t.Context())
					done := make(chan struct{})
					go func() { p.Run(ctx); close(done) }()
					t.Cleanup(func() { cancel(); <-done })
					clk = p
				}
				r := newRigWith(t, set, "136", false,
					func(sc *sim.Config) { sc.Lag = 2 * time.Millisecond; sc.Clock = clk },
					func(cc *cycle.Config) { cc.Clock = clk })
				settle()
				r.sim.PressStart()
				if c.fault != "" {
					await(t, "a fault", func() bool { return r.m.Fault() != nil })
					if f := r.m.Fault(); f.Code != c.fault {
						t.Errorf("fault %v, want %s", f, c.fault)
					}
					return
				}
				h := r.next(t)
				r.checkWalls(t, h, 'A')
				if f := r.m.Fault(); f != nil {
					t.Errorf("fault %v", f)
				}
			})
		})
	}
}

// On the real scheduler, at a speed where every timer is due at once and
// with next to no settle time, the paced clock still waits for the
// goroutines an event woke: they are runnable or running until they have
// reacted, so the build sees no stall however busy the machine is. The
// physics goroutine here takes 2 ms of CPU to react to each event, far
// more than the settle time.
func TestPacedAtAnySpeed(t *testing.T) {
	set, _ := tile.Standard(1)
	p := clock.NewPaced(time.Now(), 1e6, time.Microsecond)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { p.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	r := newRigWith(t, set, "136", false,
		func(sc *sim.Config) { sc.Clock = p; sc.Spin = 2 * time.Millisecond },
		func(cc *cycle.Config) { cc.Clock = p })
	r.sim.PressStart()
	deadline := time.After(5 * time.Minute) // real time: only a hang takes it
	tick := time.NewTicker(time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case h := <-r.hand:
			r.checkWalls(t, h, 'A')
			if f := r.m.Fault(); f != nil {
				t.Errorf("fault %v", f)
			}
			return
		case <-tick.C:
			if f := r.m.Fault(); f != nil {
				t.Fatalf("fault at speed 1e6: %v", f)
			}
		case <-deadline:
			t.Fatalf("no walls up; state %s", r.m.State())
		}
	}
}

// TestSanmaWallsDealt: for three-player riichi (riichi/sanma) the
// simulated table builds the 108-tile set into three walls of 18 stacks,
// none at the empty seat, with both sets in turn, and each is dealt as
// the break rule counts on the walls as they physically stand: the dice's
// sum counted round the three seats from the dealer, that many stacks
// left standing at the right end, the dealer's first four tiles the two
// stacks after them.
func TestSanmaWallsDealt(t *testing.T) {
	rs, err := rulesets.New("riichi/sanma", nil)
	if err != nil {
		t.Fatal(err)
	}
	set := rs.Rules().Set
	if set.Size() != 108 {
		t.Fatalf("riichi/sanma plays %d tiles", set.Size())
	}
	synctest.Test(t, func(t *testing.T) {
		r := newRig(t, set, "108-3p", true, nil)
		for n, label := range []byte{'A', 'B', 'A'} {
			r.awaitReady(t)
			r.sim.PressStart()
			h := r.next(t)
			r.checkWalls(t, h, label)
			raised := r.sim.Raised()
			for s, want := range []int{36, 36, 36, 0} {
				if len(raised[s]) != want {
					t.Errorf("hand %d: %d tiles stand at side %d, want %d", n+1, len(raised[s]), s, want)
				}
			}
			dealer := game.Seat(n % 3)
			d, err := deal.FromWalls(h.Walls, h.Dice, r.reg, rs, dealer)
			if err != nil {
				t.Fatalf("hand %d: %v", n+1, err)
			}
			g, err := tablecore.New(rs, dealer)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := g.StartHand(d); err != nil {
				t.Fatalf("hand %d: %v", n+1, err)
			}
			sum := h.Dice[0] + h.Dice[1]
			owner := (int(dealer) + sum - 1) % 3
			// Stack k from the right end: laid at 2k−2 (lower), 2k−1 (upper).
			var first []tile.Tile
			for _, i := range []int{2*sum + 1, 2 * sum, 2*sum + 3, 2*sum + 2} {
				first = append(first, r.reg[raised[owner][i]].Tile)
			}
			hd := g.Hand()
			for s := range 3 {
				want := 13
				if game.Seat(s) == dealer {
					want = 14
				}
				if len(hd.Seats[s].Hand) != want {
					t.Errorf("hand %d: seat %d holds %d tiles, want %d", n+1, s, len(hd.Seats[s].Hand), want)
				}
			}
			for _, tl := range first {
				if !slices.Contains(hd.Seats[dealer].Hand, tl) {
					t.Errorf("hand %d (dice %v, dealer %d): the dealer lacks %v of wall %d's stacks %d–%d", n+1, h.Dice, dealer, tl, owner, sum+1, sum+2)
				}
			}
		}
		// The empty side's lift, conveyor and stacker never move.
		for _, mt := range []*motortest.Motor{r.sim.Lifts[3], r.sim.Conveyors[3], r.sim.Stackers[3]} {
			for _, c := range mt.Log() {
				if c.Op == "run" {
					t.Errorf("%s at the empty side ran: %+v", mt, c)
					break
				}
			}
		}
	})
}
