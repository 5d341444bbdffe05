package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"time"

	"jantaku/drivers/clock"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/rules/tile"
)

const maintenanceUsage = `usage: jantaku maintenance <subcommand> [flags] [args]

  wiring [PROFILE] [--svg]         print a profile's wiring tables, or its wiring diagram as SVG
  check [--profile] PROFILE        validate a profile
  tags [--db F]                    list the registered tags
  jog MOTOR [--dir fwd|rev] [--speed 0.5] [--for 500ms] [--override-limits]
                                   run one motor briefly, with the motor power on; a lift
                                   stops at its limit switch (--override-limits: it does
                                   not, and the override is logged); the lid must be closed
                                   and the emergency stop released
  watch SENSOR [--for D]           print each edge of an input or button press until Ctrl-C
  scan ZONE|all [--rounds N]       list every tag each zone's antenna sees, with its tile, repeatedly
  readers                          list the readers with their chips' die identifiers, to
                                   record in the profile (die_id), and check the recorded ones
  read [READER|SIDE] [--timeout 2s]
                                   read one tag on a conveyor's inline reader (default inline0)
  register [--set 136] [--label A] [--at ZONE|READER]
                                   guided registration of a tile set, resumable
  register --zones [--set 136] [--label A]
                                   register a whole set laid out on the zones, a face per zone
  register UID TILE COPY SET       register one tag (e.g. 04A1B2C3 0p 0 A)

Flags of every command that uses the table (flags may follow the arguments):
  --profile FILE   board profile (default $JANTAKU_PROFILE, else the built-in one)
  --sim            use the simulated table instead of the hardware
  --db FILE        tag registry (default DATA/tags.db, DATA being $JANTAKU_DATA,
                   else ~/.local/share/jantaku)`

// maintenanceCmd: jantaku maintenance SUBCOMMAND ...
func maintenanceCmd(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, maintenanceUsage)
		return usageError{errors.New("maintenance: no subcommand")}
	}
	switch args[0] {
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, maintenanceUsage)
		return nil
	case "wiring", "check":
		return profileCmd(args[0], args[1:], stdout, stderr)
	case "tags", "register", "jog", "watch", "scan", "read", "readers":
	default:
		fmt.Fprintln(stderr, maintenanceUsage)
		return usageError{fmt.Errorf("maintenance: unknown subcommand %q", args[0])}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel() // ends the goroutine reading stdin
	mc := &maint{stdin: stdin, stdout: stdout, stderr: stderr}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&mc.profile, "profile", os.Getenv("JANTAKU_PROFILE"), "board profile YAML")
	fs.BoolVar(&mc.sim, "sim", false, "use the simulated table")
	fs.StringVar(&mc.db, "db", filepath.Join(dataDir(), "tags.db"), "tag registry file")
	dir := fs.String("dir", "fwd", "jog: fwd or rev")
	speed := fs.Float64("speed", 0.5, "jog: fraction of full speed, (0, 1]")
	dur := fs.Duration("for", 0, "jog: run time (default 500ms, at most 10s); watch: stop after this long (default: until Ctrl-C)")
	rounds := fs.Int("rounds", 0, "scan: rounds over the zones (0: until Ctrl-C)")
	timeout := fs.Duration("timeout", 2*time.Second, "read, register: how long to wait for a tag")
	setName := fs.String("set", "136", "register: tile set (136, 140, 144, 108, 108-3p, 96-3p)")
	reds := fs.Int("reds", 3, "register: red fives of the set")
	label := fs.String("label", "A", "register: which of the table's two sets, A or B")
	at := fs.String("at", "", "register: the zone or reader the tiles are placed on (default: zone seat0.hand, else inline0)")
	override := fs.Bool("override-limits", false, "jog: do not stop a lift at its limit switch (logged)")
	byZones := fs.Bool("zones", false, "register: the set laid out on the table's zones, every copy of one face on each zone, read by inventory")
	pos, err := parseAnywhere(fs, args[1:])
	if err != nil {
		return usageError{err}
	}
	switch args[0] {
	case "tags":
		return mc.tags()
	case "readers":
		if len(pos) != 0 {
			return usageError{errors.New("maintenance readers takes no argument")}
		}
		mc.anyChip = true
		set, _ := tile.Standard(3)
		return mc.withTable(ctx, set, func(ctx context.Context, t *table) error {
			return listReaders(ctx, mc.stdout, t.prof, mc.recorded, t.readers)
		})
	case "register":
		if len(pos) == 4 {
			return mc.registerOne(pos)
		}
		if len(pos) != 0 {
			return usageError{errors.New("maintenance register [--set S --label A|B --at ZONE] for the guided procedure, or register UID TILE COPY SET for one tag")}
		}
		if *label != "A" && *label != "B" {
			return usageError{fmt.Errorf("--label %q: want A or B", *label)}
		}
		set, err := tileSet(*setName, *reds)
		if err != nil {
			return usageError{err}
		}
		return mc.withTable(ctx, set, func(ctx context.Context, t *table) error {
			if *byZones {
				return mc.registerZones(ctx, t, set, (*label)[0])
			}
			return mc.register(ctx, t, set, (*label)[0], *at, *timeout)
		})
	}
	if len(pos) > 1 || (len(pos) == 0 && args[0] != "read") {
		return usageError{fmt.Errorf("maintenance %s: want one name (run \"jantaku maintenance help\")", args[0])}
	}
	name := ""
	if len(pos) == 1 {
		name = pos[0]
	}
	set, _ := tile.Standard(3)
	return mc.withTable(ctx, set, func(ctx context.Context, t *table) error {
		switch args[0] {
		case "jog":
			return mc.jog(ctx, t, name, *dir, *speed, *dur, *override)
		case "watch":
			return mc.watch(ctx, t, name, *dur)
		case "scan":
			return mc.scan(ctx, t, name, *rounds)
		default:
			return mc.read(ctx, t, name, *timeout)
		}
	})
}

// parseAnywhere parses flags before, between and after the positional
// arguments, and returns the positional ones.
func parseAnywhere(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

type maint struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	profile, db    string
	sim            bool
	lines          <-chan string
	// anyChip opens the board whatever chips answer, the die
	// identifiers the profile records kept in recorded.
	anyChip  bool
	recorded map[string]profile.Reader
}

// withTable opens the table (hardware, or the simulated one with --sim),
// runs f and halts every actuator, whatever happened.
func (mc *maint) withTable(ctx context.Context, set tile.Set, f func(context.Context, *table) error) error {
	p := profile.Default()
	if mc.profile != "" {
		var err error
		if p, err = profile.LoadFile(mc.profile); err != nil {
			return err
		}
	}
	if mc.anyChip {
		mc.recorded, p = p.Readers, withoutDieIDs(p)
	}
	var t *table
	if mc.sim {
		t = openSim(ctx, p, simConfig{clk: clock.Real{}, seed: 1, tray: sim.List(set, 'A')})
		// The simulated operator left a tile of set B at each gate and
		// one on each zone, so read and scan have something to find.
		b := sim.List(set, 'B')
		for s := range t.sim.Inline {
			t.sim.PutAtGate(s, b[s])
		}
		for i, z := range sortedNames(p.Zones) {
			if zone := p.Zones[z]; zone.Reader == "surface" && zone.Antenna != nil {
				t.sim.Place(*zone.Antenna, b[len(t.sim.Inline)+i])
			}
		}
	} else {
		log := slog.New(slog.NewTextHandler(mc.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		var err error
		if t, err = openBoard(p, log); err != nil {
			return err
		}
	}
	err := f(ctx, t)
	if cerr := t.close(); cerr != nil && err == nil {
		err = fmt.Errorf("halting the table: %w", cerr)
	}
	if errors.Is(err, context.Canceled) {
		err = nil // Ctrl-C ends watch and scan
	}
	return err
}

func sortedNames[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func (mc *maint) stamp(t *table) string { return t.clk.Now().Format("15:04:05.000") }

func activeWord(a bool, err error) string {
	switch {
	case err != nil:
		return "unreadable(" + err.Error() + ")"
	case a:
		return "active"
	}
	return "inactive"
}

func ignoreEnd(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}
