package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/rfid"
	"jantaku/firmware/cycle"
	"jantaku/firmware/registry"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

// tileSet returns the tile set named as in the profiles' tilesets.
func tileSet(name string, reds int) (tile.Set, error) {
	switch name {
	case "136":
		return tile.Standard(reds)
	case "140":
		return tile.WithSeasons(), nil
	case "144":
		return tile.WithFlowers(), nil
	case "108":
		return tile.Suits108(), nil
	case "108-3p":
		return tile.ThreePlayer108(min(reds, 2))
	case "96-3p":
		return tile.Jingzhou96(tile.Man)
	}
	return tile.Set{}, fmt.Errorf("unknown tile set %q (136, 140, 144, 108, 108-3p, 96-3p)", name)
}

func runCmd(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	simFlag := fs.Bool("sim", false, "run the simulated table (the default when no profile is configured)")
	prof := fs.String("profile", os.Getenv("JANTAKU_PROFILE"), "board profile YAML (default $JANTAKU_PROFILE; none: simulation)")
	setName := fs.String("set", "136", "tile set: 136, 140, 144, 108, 108-3p, 96-3p")
	reds := fs.Int("reds", 3, "red fives (136 and 108-3p sets)")
	oneSet := fs.Bool("one-set", false, "the table has one tile set (build after Start)")
	speed := fs.Float64("speed", 4, "sim: run this many times faster than real time")
	auto := fs.Duration("auto-start", 30*time.Second, "sim: press Start this long (simulated) after walls up; 0 waits for nothing and never presses")
	hands := fs.Int("hands", 0, "stop after this many hands (0: until SIGINT/SIGTERM)")
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "sim and dice random seed")
	miss := fs.Float64("miss", 0.02, "sim: inline read miss rate")
	verbose := fs.Bool("v", false, "log every tile")
	if err := fs.Parse(args); err != nil {
		return usageError{err}
	}
	if *prof != "" && !*simFlag {
		p, err := profile.LoadFile(*prof)
		if err != nil {
			return err
		}
		return fmt.Errorf("profile %s is valid, but driving real hardware from a profile is not built yet: use --sim (with --profile for its timings)", p.File)
	}
	p := profile.Default()
	if *prof != "" {
		var err error
		if p, err = profile.LoadFile(*prof); err != nil {
			return err
		}
	}
	set, err := tileSet(*setName, *reds)
	if err != nil {
		return usageError{err}
	}
	geo, ok := p.TileSets[*setName]
	if !ok {
		return fmt.Errorf("profile %s has no tile set %q", p.Name, *setName)
	}
	level := slog.LevelInfo
	if *verbose {
		level = slog.LevelDebug
	}
	clk := clock.NewScaled(*speed)
	log := slog.New(slog.NewTextHandler(stdout, &slog.HandlerOptions{Level: level}))

	reg := registry.Memory{}
	for _, l := range []byte{'A', 'B'} {
		for u, t := range sim.Tags(set, l) {
			reg[u] = registry.Entry{Set: l, Tile: t}
		}
	}
	var table []rfid.UID
	if !*oneSet {
		table = sim.List(set, 'B')
	}
	sm := sim.New(sim.Config{Timing: p.Timing, Clock: clk, Seed: *seed, MissRate: *miss}, sim.List(set, 'A'), table)
	parts := cycle.Parts{Tray: sm.Tray, Lid: sm.Lid, Start: sm.Start}
	for s := range sm.Conveyors {
		parts.Conveyors = append(parts.Conveyors, sm.Conveyors[s])
		parts.Stackers = append(parts.Stackers, sm.Stackers[s])
		parts.Lifts = append(parts.Lifts, sm.Lifts[s])
		parts.Eyes = append(parts.Eyes, sm.Eyes[s])
		parts.Homes = append(parts.Homes, sm.Homes[s])
		parts.Tops = append(parts.Tops, sm.Tops[s])
		parts.Bottoms = append(parts.Bottoms, sm.Bottoms[s])
		parts.Inline = append(parts.Inline, sm.Inline[s])
	}
	m, err := cycle.New(parts, cycle.Config{
		Timing: p.Timing, Stacks: geo.Stacks, Set: set, TwoSets: !*oneSet,
		Registry: reg, Rand: rand.New(rand.NewPCG(*seed, 1)), Clock: clk, Log: log,
	})
	if err != nil {
		return err
	}
	log.Info("jantaku run", "mode", "sim", "profile", p.Name, "set", set.Name, "two_sets", !*oneSet, "speed", *speed, "seed", *seed)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan cycle.Hand, 1)
	m.OnHand = func(h cycle.Hand) {
		log.Info("dice", "hand", h.Number, "dice", fmt.Sprintf("%d+%d", h.Dice[0], h.Dice[1]))
		select {
		case done <- h:
		default:
		}
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); sm.Run(ctx) }()
	errc := make(chan error, 1)
	go func() { defer wg.Done(); errc <- m.Run(ctx) }()

	// The simulated players: push the tiles in and press Start, at first
	// when the machine is ready and then auto-start after each walls up.
	played := 0
	press := func() {
		log.Info("start pressed (sim)")
		sm.PressStart()
	}
	if *auto > 0 {
		go func() {
			for ctx.Err() == nil && m.State() != cycle.Ready && m.State() != cycle.Idle {
				_ = clock.Sleep(ctx, clk, 100*time.Millisecond)
			}
			press()
		}()
	}
	var runErr error
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case runErr = <-errc:
			errc = nil
			break loop
		case <-done:
			played++
			if *hands > 0 && played >= *hands {
				break loop
			}
			if *auto > 0 {
				go func() {
					if clock.Sleep(ctx, clk, *auto) == nil {
						for ctx.Err() == nil && m.State() != cycle.Ready && m.State() != cycle.Idle {
							_ = clock.Sleep(ctx, clk, 100*time.Millisecond)
						}
						press()
					}
				}()
			}
		}
	}
	cancel()
	if errc != nil {
		runErr = <-errc
	}
	wg.Wait()
	if f := m.Fault(); f != nil {
		return fmt.Errorf("%w (remedy: %s)", f, f.Remedy())
	}
	if runErr != nil && !errors.Is(runErr, context.Canceled) {
		return runErr
	}
	log.Info("stopped", "hands", played)
	return nil
}
