package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/firmware/cycle"
	"jantaku/firmware/registry"
	"jantaku/firmware/sensing"
	tablesvc "jantaku/firmware/table"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/hardware/sim/players"
)

// machineRun is what jantaku run needs to run the machine's
// shuffle-and-build cycle beside the game: on the board a profile
// describes, or on the simulated table.
type machineRun struct {
	hardware                bool
	profile, db, set, rules string
	reds                    int
	oneSet, sensing         bool
	speed, miss             float64
	autoStart               time.Duration
	hands                   int
	seed                    uint64
	data                    string
	clock                   *clock.Paced // the simulated table's clock if sensing made it already
}

// runMachine runs the machine cycle and the table's game, each hand dealt
// from the walls the machine raised, until ctx ends, the machine faults
// or mr.hands walls-up.
func runMachine(ctx context.Context, mr machineRun, tcfg tableConfig, log *slog.Logger, stdout io.Writer) error {
	p := profile.Default()
	if mr.profile != "" {
		var err error
		if p, err = profile.LoadFile(mr.profile); err != nil {
			return err
		}
	}
	if !tcfg.RulesGiven {
		// The machine builds the walls of the game the daemon resumes.
		if name, opts, ok := tablesvc.JournalRules(mr.data); ok {
			mr.rules, tcfg.Ruleset, tcfg.Options = name, name, opts
		}
	}
	set, geo, err := machineSet(p, mr.rules, tcfg.Options, mr.set, mr.reds)
	if err != nil {
		return err
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()

	var tb *table
	var reg registry.Registry
	if mr.hardware {
		st, err := registry.Open(mr.db)
		if err != nil {
			return err
		}
		defer st.Close()
		reg = st
		if tb, err = openBoard(p, log); err != nil {
			return err
		}
	} else {
		// Simulated time stands still while the goroutines react to each
		// event, so no speed makes a late wake-up look like a stall.
		clk := mr.clock
		if clk == nil {
			clk = clock.NewPaced(time.Now(), mr.speed, simSettle)
			wg.Add(1)
			go func() { defer wg.Done(); clk.Run(ctx) }()
		}
		reg = simRegistry(set)
		var onTable []rfid.UID
		if !mr.oneSet {
			onTable = sim.List(set, 'B')
		}
		tb = openSim(ctx, p, simConfig{clk: clk, seed: mr.seed, miss: mr.miss, tray: sim.List(set, 'A'), onTo: onTable})
	}
	defer func() {
		if err := tb.close(); err != nil {
			log.Error("halting the table", "err", err)
		}
	}()
	var surface *sensing.Surface
	if mr.sensing && mr.hardware {
		// Before the readers are wrapped for metrics: the surface needs
		// their inventories.
		if surface, err = boardSurface(p, tb.readers, tb.muxes); err != nil {
			return err
		}
		how := "inventories on a schedule"
		if surface.Held() {
			how = "a reader per zone, fields held"
		}
		log.Info("tile sensing on the board", "zones", len(surface.Zones()), "read_by", how)
	}
	met := newMetrics()
	tcfg.Metrics = met
	for n, r := range tb.readers {
		tb.readers[n] = countedReader{Reader: r, name: n, obs: met}
	}
	parts, err := tb.parts()
	if err != nil {
		return err
	}
	clk := tb.clk
	m, err := cycle.New(parts, cycle.Config{
		Timing: p.Timing, Stacks: geo.Stacks, Set: set, TwoSets: !mr.oneSet,
		Registry: reg, Rand: rand.New(rand.NewPCG(mr.seed, 1)), Clock: clk, Log: log,
		Feed: feedEvery(p, tb.sim != nil),
	})
	if err != nil {
		return err
	}
	mode := "sim"
	if mr.hardware {
		mode = "hardware"
	}
	log.Info("jantaku run", "mode", mode, "profile", p.Name, "set", set.Name, "two_sets", !mr.oneSet, "speed", mr.speed, "seed", mr.seed)

	status := newestStatus(m, met)
	m.OnState(m.State())
	tcfg.Machine = status
	// systemd's watchdog covers the machine cycle too (machineStale).
	tcfg.MachineAlive = func() error { return m.Alive(machineStale) }
	// The seats' buttons declare for their seat (buttons.go).
	tcfg.Buttons = seatButtons(ctx, tb.buttons, log)

	done := make(chan cycle.Hand, 1)
	walls := make(chan cycle.Hand, 1)
	m.OnHand = func(h cycle.Hand) {
		met.machineCycle(h.WallsUp)
		log.Info("dice", "hand", h.Number, "dice", fmt.Sprintf("%d+%d", h.Dice[0], h.Dice[1]))
		select {
		case done <- h:
		default:
		}
		if mr.hands > 0 && h.Number >= mr.hands {
			return // the run stops at these walls: no hand starts on them
		}
		select {
		case walls <- h:
		default:
			log.Warn("walls up while the game still holds the walls before: they wait", "hand", h.Number)
		}
	}
	errc := make(chan error, 1)
	wg.Add(1)
	go func() { defer wg.Done(); errc <- m.Run(ctx) }()

	// The simulated players push the tiles in and press Start when the
	// game asks for the next walls and the machine is ready; on hardware
	// people press it.
	// With two sets the players wait for the next set to be ready below
	// (pressing Start earlier would push the tiles into a tray still
	// being built); with one set, for the machine to be idle.
	waitFor := cycle.Ready
	if mr.oneSet {
		waitFor = cycle.Idle
	}
	var start func()
	if tb.sim != nil && mr.autoStart > 0 {
		st := players.NewStarter(clk, mr.autoStart, func() bool { return m.State() == waitFor }, func() {
			log.Info("start pressed (sim)")
			tb.sim.PressStart()
		})
		start = st.Ask
		wg.Add(1)
		go func() { defer wg.Done(); st.Run(ctx) }()
	}
	md := tablesvc.NewMachineDealer(walls, reg, start, log)
	if surface != nil {
		tcfg.Sense = &tablesvc.Sensing{Clock: tb.clk, Board: tablesvc.NewBoard(surface, reg, md)}
	}
	tcfg.Dealer = md
	// The game side: referee, broker, displays. Each hand is dealt from
	// the walls the machine raised.
	tablec := make(chan error, 1)
	wg.Add(1)
	go func() { defer wg.Done(); tablec <- serveTable(ctx, tcfg, log, stdout) }()

	played := 0
	var runErr error
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case runErr = <-errc:
			errc = nil
			break loop
		case runErr = <-tablec:
			tablec = nil
			break loop
		case <-done:
			played++
			if mr.hands > 0 && played >= mr.hands {
				break loop
			}
		}
	}
	cancel()
	if errc != nil {
		runErr = <-errc
	}
	if f := m.Fault(); f != nil {
		return fmt.Errorf("%w (remedy: %s)", f, f.Remedy())
	}
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	log.Info("stopped", "hands", played)
	return nil
}
