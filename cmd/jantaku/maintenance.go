package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/motor"
	"jantaku/drivers/rfid"
	"jantaku/drivers/sensor"
	"jantaku/firmware/census"
	"jantaku/firmware/registry"
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
	case "tags", "register", "jog", "watch", "scan", "read":
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

// profileCmd runs "maintenance wiring" and "maintenance check".
func profileCmd(cmd string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("profile", "", "board profile YAML")
	svg := fs.Bool("svg", false, "wiring: print the wiring diagram as SVG")
	pos, err := parseAnywhere(fs, args)
	if err != nil {
		return usageError{err}
	}
	if len(pos) > 1 || len(pos) == 1 && *file != "" {
		return usageError{fmt.Errorf("maintenance %s [--profile] PROFILE: one profile", cmd)}
	}
	if len(pos) == 1 {
		*file = pos[0]
	}
	if cmd == "check" {
		if *svg {
			return usageError{errors.New("--svg is for maintenance wiring")}
		}
		if *file == "" {
			return usageError{errors.New("maintenance check [--profile] PROFILE")}
		}
		p, err := profile.LoadFile(*file)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: profile %s is valid\n", p.File, p.Name)
		return nil
	}
	p := profile.Default()
	if *file != "" {
		if p, err = profile.LoadFile(*file); err != nil {
			return err
		}
	}
	if *svg {
		fmt.Fprint(stdout, p.SVG())
		return nil
	}
	fmt.Fprint(stdout, p.Wiring())
	return nil
}

// jogLimit is the limit switch that ends a jog of motor name in dir: a
// lift's top going forward (up), its bottom in reverse; nil for parts
// without limits.
func jogLimit(t *table, name string, dir motor.Direction) (string, sensor.Switch) {
	if !strings.HasPrefix(name, "lift") {
		return "", nil
	}
	n := name + ".top"
	if dir == motor.Reverse {
		n = name + ".bottom"
	}
	return n, t.inputs[n]
}

func (mc *maint) jog(ctx context.Context, t *table, name, dir string, speed float64, d time.Duration, override bool) error {
	m, ok := t.motors[name]
	if !ok {
		return usageError{fmt.Errorf("unknown motor %q (motors: %s)", name, names(t.motors))}
	}
	var dr motor.Direction
	switch dir {
	case "fwd", "forward":
		dr = motor.Forward
	case "rev", "reverse":
		dr = motor.Reverse
	default:
		return usageError{fmt.Errorf("--dir %q: want fwd or rev", dir)}
	}
	if err := motor.CheckRun(name, dr, speed); err != nil {
		return usageError{err}
	}
	if d == 0 {
		d = 500 * time.Millisecond
	}
	if d < 0 || d > 10*time.Second {
		return usageError{fmt.Errorf("--for %v: want a positive time of at most 10s", d)}
	}
	// The interlocks: no jog with the lid open or the E-stop pressed,
	// override or not (their hardware contacts cut the power anyway).
	for _, n := range []string{"lid", "estop"} {
		sw, ok := t.inputs[n]
		if !ok {
			continue
		}
		on, err := sw.Active()
		if err != nil {
			return fmt.Errorf("%s unreadable: no jog: %w", n, err)
		}
		if on {
			return fmt.Errorf("%s is active (%s): close the lid and release the emergency stop first", n, map[string]string{"lid": "the lid is open", "estop": "the emergency stop is pressed"}[n])
		}
	}
	limName, limit := jogLimit(t, name, dr)
	if limit != nil && override {
		// An override moves a lift past its switch: say so where the
		// operator and the journal see it.
		slog.New(slog.NewTextHandler(mc.stderr, nil)).Warn("jog with the limit switches overridden", "motor", name, "dir", dr.String(), "limit", limName, "for", d)
		fmt.Fprintf(mc.stdout, "%s  %s: LIMIT OVERRIDE: %s is ignored\n", mc.stamp(t), name, limName)
		limit = nil
	}
	if limit != nil {
		at, err := limit.Active()
		if err != nil {
			return fmt.Errorf("%s unreadable: no jog: %w", limName, err)
		}
		if at {
			fmt.Fprintf(mc.stdout, "%s  %s: %s is active: already at the limit, not moved (--override-limits to move anyway)\n", mc.stamp(t), name, limName)
			return nil
		}
	}
	if t.enable == nil {
		return errors.New("the table has no motor-power enable (profile safety.enable): the motors have no power")
	}
	if err := t.enable.Arm(); err != nil {
		return err
	}
	defer t.enable.Disarm()
	fmt.Fprintf(mc.stdout, "%s  %s: %s at %.0f%% for %v\n", mc.stamp(t), name, dr, 100*speed, d)
	if err := m.Run(dr, speed); err != nil {
		_ = m.Halt()
		return err
	}
	how, werr := mc.jogWait(ctx, t, limit, d)
	if err := m.Halt(); err != nil {
		return err
	}
	if werr != nil {
		return werr
	}
	if how == "" && limit != nil {
		how = "stopped at " + limName
	}
	fmt.Fprintf(mc.stdout, "%s  %s: %s\n", mc.stamp(t), name, how)
	// The switches of the part show where it went.
	var states []string
	for _, n := range sortedNames(t.inputs) {
		if strings.HasPrefix(n, name+".") || (strings.HasPrefix(name, "conveyor") && n == "eye"+strings.TrimPrefix(name, "conveyor")) {
			a, err := t.inputs[n].Active()
			states = append(states, fmt.Sprintf("%s=%s", n, activeWord(a, err)))
		}
	}
	if len(states) > 0 {
		fmt.Fprintf(mc.stdout, "%s  %s\n", mc.stamp(t), strings.Join(states, " "))
	}
	return nil
}

// jogWait waits for the jog's time, feeding the enable chain and watching
// the interlocks; it ends early when limit becomes active (how is then
// ""). An interlock or the enable failing is an error.
func (mc *maint) jogWait(ctx context.Context, t *table, limit sensor.Switch, d time.Duration) (how string, err error) {
	feed := feedEvery(t.prof, t.sim != nil)
	if feed <= 0 {
		feed = 20 * time.Millisecond
	}
	end := t.clk.Now().Add(d)
	for {
		left := end.Sub(t.clk.Now())
		if left <= 0 {
			return "stopped", nil
		}
		step := min(left, feed)
		if limit != nil {
			at, err := limit.WaitFor(ctx, true, step)
			if err != nil {
				if ctx.Err() != nil {
					return "interrupted, stopped", nil
				}
				return "", fmt.Errorf("%s unreadable: stopped: %w", limit, err)
			}
			if at {
				return "", nil
			}
		} else if err := clock.Sleep(ctx, t.clk, step); err != nil {
			return "interrupted, stopped", nil
		}
		if err := t.enable.Feed(); err != nil {
			return "", fmt.Errorf("the motor power dropped: %w", err)
		}
		for _, n := range []string{"lid", "estop"} {
			if sw, ok := t.inputs[n]; ok {
				if on, err := sw.Active(); err != nil || on {
					return "", fmt.Errorf("%s %s: stopped", n, activeWord(on, err))
				}
			}
		}
	}
}

func activeWord(a bool, err error) string {
	switch {
	case err != nil:
		return "unreadable(" + err.Error() + ")"
	case a:
		return "active"
	}
	return "inactive"
}

func (mc *maint) watch(ctx context.Context, t *table, name string, d time.Duration) error {
	if d > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, d)
		defer cancel()
	}
	if b, ok := t.buttons[name]; ok {
		fmt.Fprintf(mc.stdout, "%s  watching button %s (Ctrl-C to stop)\n", mc.stamp(t), name)
		n := 0
		for {
			ok, err := b.WaitPress(ctx, time.Second)
			if err != nil {
				fmt.Fprintf(mc.stdout, "%s  %d presses\n", mc.stamp(t), n)
				return ignoreEnd(err)
			}
			if ok {
				n++
				fmt.Fprintf(mc.stdout, "%s  %s pressed\n", mc.stamp(t), name)
			}
		}
	}
	sw, ok := t.inputs[name]
	if !ok {
		return usageError{fmt.Errorf("unknown sensor %q (inputs: %s; buttons: %s)", name, names(t.inputs), names(t.buttons))}
	}
	state, err := sw.Active()
	if err != nil {
		return err
	}
	fmt.Fprintf(mc.stdout, "%s  %s is %s (Ctrl-C to stop)\n", mc.stamp(t), name, activeWord(state, nil))
	edges := 0
	for {
		ok, err := sw.WaitFor(ctx, !state, time.Second)
		if err != nil {
			fmt.Fprintf(mc.stdout, "%s  %d edges\n", mc.stamp(t), edges)
			return ignoreEnd(err)
		}
		if ok {
			state = !state
			edges++
			fmt.Fprintf(mc.stdout, "%s  %s %s\n", mc.stamp(t), name, activeWord(state, nil))
		}
	}
}

func ignoreEnd(err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return nil
	}
	return err
}

// lookup describes uid from the registry file, if there is one.
type lookup func(rfid.UID) string

func (mc *maint) registryLookup() (lookup, func()) {
	none := func(rfid.UID) string { return "" }
	if _, err := os.Stat(mc.db); err != nil {
		return none, func() {}
	}
	s, err := registry.Open(mc.db)
	if err != nil {
		fmt.Fprintf(mc.stderr, "registry %s not read: %v\n", mc.db, err)
		return none, func() {}
	}
	return func(u rfid.UID) string {
		if e, ok := s.Lookup(u); ok {
			return e.String()
		}
		return "not registered"
	}, func() { s.Close() }
}

func (mc *maint) scan(ctx context.Context, t *table, name string, rounds int) error {
	zones := sortedNames(t.prof.Zones)
	if name != "all" {
		if _, ok := t.prof.Zones[name]; !ok {
			return usageError{fmt.Errorf("unknown antenna %q (all, or a zone: %s)", name, strings.Join(zones, ", "))}
		}
		zones = []string{name}
	}
	look, done := mc.registryLookup()
	defer done()
	for r := 0; rounds == 0 || r < rounds; r++ {
		for _, zn := range zones {
			z := t.prof.Zones[zn]
			rd, ok := t.readers[z.Reader]
			if !ok {
				return fmt.Errorf("zone %s: reader %s is not on this table", zn, z.Reader)
			}
			if mx, ok := t.muxes[z.Reader]; ok {
				if err := mx.Select(*z.Antenna); err != nil {
					return err
				}
			}
			seen, failed := readZone(ctx, t, rd, t.prof.Timing.ReadAttempts)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			var out []string
			for _, u := range sortedNames(seen) {
				s := u
				if d := look(rfid.UID(u)); d != "" {
					s += " (" + d + ")"
				}
				out = append(out, s)
			}
			switch {
			case failed != nil:
				out = append(out, "READER FAILED: "+failed.Error())
			case len(out) == 0:
				out = []string{"–"}
			}
			fmt.Fprintf(mc.stdout, "%s  %-15s %s/%d  %s\n", mc.stamp(t), zn, z.Reader, *z.Antenna, strings.Join(out, ", "))
		}
	}
	return nil
}

// readZone reads the tags in the field of a reader whose antenna is
// selected: one inventory with a reader that reads many tags at once (a
// second if the first was garbled), else attempts ReadUID, each giving one
// tag of those in the field.
func readZone(ctx context.Context, t *table, rd rfid.Reader, attempts int) (map[string]bool, error) {
	seen := map[string]bool{}
	if mr, ok := rd.(rfid.MultiReader); ok {
		for a := 0; a < 2; a++ {
			uids, err := mr.Inventory(ctx)
			for _, u := range uids {
				seen[string(u)] = true
			}
			if err == nil {
				return seen, nil
			}
			if !errors.Is(err, rfid.ErrGarbled) {
				return seen, err
			}
		}
		return seen, nil
	}
	var failed error
	for a := 0; a < attempts; a++ {
		uid, err := rd.ReadUID(ctx, 0)
		if ctx.Err() != nil {
			return seen, ctx.Err()
		}
		switch {
		case err == nil:
			seen[string(uid)] = true
		case !errors.Is(err, rfid.ErrNoTag) && !errors.Is(err, rfid.ErrGarbled):
			failed = err
		}
	}
	return seen, failed
}

// inlineReader resolves a reader argument: "", a side number or a reader
// name.
func inlineReader(t *table, name string) (string, rfid.Reader, error) {
	if name == "" {
		name = profile.InlineReaderName(0)
	}
	if n, err := strconv.Atoi(name); err == nil {
		name = profile.InlineReaderName(n)
	}
	r, ok := t.readers[name]
	if !ok {
		return "", nil, usageError{fmt.Errorf("unknown reader %q (readers: %s, or a side number 0–%d)", name, names(t.readers), t.prof.Sides-1)}
	}
	return name, r, nil
}

func (mc *maint) read(ctx context.Context, t *table, name string, timeout time.Duration) error {
	name, r, err := inlineReader(t, name)
	if err != nil {
		return err
	}
	if mx, ok := t.muxes[name]; ok {
		if err := mx.Select(0); err != nil {
			return err
		}
	}
	uid, err := r.ReadUID(ctx, timeout)
	if errors.Is(err, rfid.ErrNoTag) {
		return fmt.Errorf("%s: no tag within %v: put one tile on the reader", name, timeout)
	}
	if err != nil {
		return err
	}
	look, done := mc.registryLookup()
	defer done()
	desc := ""
	if d := look(uid); d != "" {
		desc = "  " + d
	}
	fmt.Fprintf(mc.stdout, "%s  %s  %s%s\n", mc.stamp(t), name, uid, desc)
	return nil
}

func (mc *maint) tags() error {
	// Listing creates nothing: a registry that is not there has no tags.
	if _, err := os.Stat(mc.db); errors.Is(err, os.ErrNotExist) {
		_, err := fmt.Fprintf(mc.stdout, "no tags registered yet (%s does not exist; \"jantaku maintenance register\" makes it)\n", mc.db)
		return err
	}
	s, err := mc.openRegistry()
	if err != nil {
		return err
	}
	defer s.Close()
	all, err := s.All()
	if err != nil {
		return err
	}
	for _, u := range all.Sorted() {
		fmt.Fprintf(mc.stdout, "%s %s\n", u, all[u])
	}
	return nil
}

// openRegistry opens (creating) the tag registry, and the data folder it
// lives in by default.
func (mc *maint) openRegistry() (*registry.Store, error) {
	if err := os.MkdirAll(filepath.Dir(mc.db), 0o755); err != nil {
		return nil, err
	}
	return registry.Open(mc.db)
}

// registered opens the registry (in the data folder unless --db names
// another) and returns the tiles of set label it already holds, so a
// registration resumes where it stopped.
func (mc *maint) registered(label byte) (*registry.Store, map[tile.Tile]bool, error) {
	st, err := mc.openRegistry()
	if err != nil {
		return nil, nil, err
	}
	all, err := st.All()
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	done := map[tile.Tile]bool{}
	for _, e := range all {
		if e.Set == label {
			done[e.Tile] = true
		}
	}
	return st, done, nil
}

// registerOne registers one tag given on the command line.
func (mc *maint) registerOne(a []string) error {
	uid, err := rfid.ParseUID(a[0])
	if err != nil {
		return usageError{err}
	}
	ts, err := tile.Parse(a[1])
	if err != nil || len(ts) != 1 {
		return usageError{fmt.Errorf("tile %q: want one tile like 5m, 0p or 7z", a[1])}
	}
	cp, err := strconv.Atoi(a[2])
	if err != nil || cp < 0 || cp > 3 {
		return usageError{fmt.Errorf("copy %q: want 0–3", a[2])}
	}
	if a[3] != "A" && a[3] != "B" {
		return usageError{fmt.Errorf("set %q: want A or B", a[3])}
	}
	s, err := mc.openRegistry()
	if err != nil {
		return err
	}
	defer s.Close()
	t := ts[0]
	t.Copy = uint8(cp)
	e := registry.Entry{Set: a[3][0], Tile: t}
	if err := s.Put(uid, e); err != nil {
		return err
	}
	fmt.Fprintf(mc.stdout, "registered %s as %s\n", uid, e)
	return nil
}

// line returns the next line of input, or false at its end or when ctx is
// done. Input is read by a goroutine so Ctrl-C ends a wait for Enter.
func (mc *maint) line(ctx context.Context) (string, bool) {
	if mc.lines == nil {
		ch := make(chan string)
		mc.lines = ch
		go func() {
			defer close(ch)
			sc := bufio.NewScanner(mc.stdin)
			for sc.Scan() {
				select {
				case ch <- sc.Text():
				case <-ctx.Done():
					return
				}
			}
		}()
	}
	select {
	case l, ok := <-mc.lines:
		return strings.TrimSpace(l), ok
	case <-ctx.Done():
		return "", false
	}
}

// place is where registration reads tiles: a zone (a surface antenna) or
// a reader.
type place struct {
	name   string
	reader rfid.Reader
	mux    rfid.Mux
	ant    int
	side   int // the inline reader's side, or -1
}

func registerPlace(t *table, at string) (place, error) {
	if at == "" {
		at = "seat0.hand"
		if _, ok := t.prof.Zones[at]; !ok {
			at = profile.InlineReaderName(0)
		}
	}
	if z, ok := t.prof.Zones[at]; ok {
		r, ok := t.readers[z.Reader]
		if !ok {
			return place{}, fmt.Errorf("zone %s: reader %s is not on this table", at, z.Reader)
		}
		return place{name: "zone " + at, reader: r, mux: t.muxes[z.Reader], ant: *z.Antenna, side: -1}, nil
	}
	name, r, err := inlineReader(t, at)
	if err != nil {
		return place{}, usageError{fmt.Errorf("--at %q: not a zone (%s) nor a reader (%s)", at, names(t.prof.Zones), names(t.readers))}
	}
	side := -1
	for s := 0; s < t.prof.Sides; s++ {
		if profile.InlineReaderName(s) == name {
			side = s
		}
	}
	return place{name: "reader " + name, reader: r, mux: t.muxes[name], side: side}, nil
}

// register is the guided registration of one tile set: each tile in the
// set's order, skipping those already registered (so it resumes where it
// stopped), read on the chosen zone or reader and stored durably.
func (mc *maint) register(ctx context.Context, t *table, set tile.Set, label byte, at string, timeout time.Duration) error {
	pl, err := registerPlace(t, at)
	if err != nil {
		return err
	}
	st, done, err := mc.registered(label)
	if err != nil {
		return err
	}
	defer st.Close()
	tiles := set.Tiles()
	var todo []tile.Tile
	for _, tl := range tiles {
		if !done[tl] {
			todo = append(todo, tl)
		}
	}
	out := mc.stdout
	fmt.Fprintf(out, "Registering %s as set %c in %s, on %s.\n", set.Name, label, mc.db, pl.name)
	if n := len(tiles) - len(todo); n > 0 {
		fmt.Fprintf(out, "Resuming: %d of %d tiles are already registered.\n", n, len(tiles))
	}
	fmt.Fprintln(out, "For each tile: place it alone on the antenna and press Enter (or type its UID); s skips it, q stops.")
	if pl.mux != nil {
		if err := pl.mux.Select(pl.ant); err != nil {
			return err
		}
	}
	var last rfid.UID
	registered := 0
tiles:
	for _, tl := range todo {
		want := registry.Entry{Set: label, Tile: tl}
		for {
			fmt.Fprintf(out, "[%d/%d] place %s copy %d (set %c) on the %s, then Enter: ", len(tiles)-len(todo)+registered+1, len(tiles), tl, tl.Copy, label, pl.name)
			in, ok := mc.line(ctx)
			if !ok || in == "q" {
				fmt.Fprintln(out)
				break tiles
			}
			if in == "s" {
				fmt.Fprintf(out, "skipped %s copy %d\n", tl, tl.Copy)
				continue tiles
			}
			var uid rfid.UID
			if in == "" {
				if t.sim != nil {
					mc.simPlace(t, pl, sim.UID(label, tl))
				}
				uid, err = pl.reader.ReadUID(ctx, timeout)
				if errors.Is(err, rfid.ErrNoTag) {
					fmt.Fprintf(out, "no tag read within %v: place the tile flat on the antenna and press Enter again\n", timeout)
					continue
				}
				if err != nil {
					if ctx.Err() != nil {
						break tiles
					}
					fmt.Fprintf(out, "read failed: %v\n", err)
					continue
				}
			} else if uid, err = rfid.ParseUID(in); err != nil {
				fmt.Fprintf(out, "%v: type the UID in hex (4, 7 or 10 bytes) or press Enter to read the tag\n", err)
				continue
			}
			if e, ok := st.Lookup(uid); ok && e != want {
				if uid == last {
					fmt.Fprintf(out, "tag %s is the tile just registered (%s): take it off and place %s copy %d\n", uid, e, tl, tl.Copy)
				} else {
					fmt.Fprintf(out, "refused: tag %s is already %s; set this tile aside and place another %s\n", uid, e, tl)
				}
				continue
			}
			if err := st.Put(uid, want); err != nil {
				fmt.Fprintf(out, "refused: %v\n", err)
				continue
			}
			last = uid
			registered++
			fmt.Fprintf(out, "registered %s as %s\n", uid, want)
			continue tiles
		}
	}
	return mc.registerSummary(st, set, label, registered)
}

// face is one face of a set (a kind, red or not) and its copies.
type face struct {
	name  string
	tiles []tile.Tile
}

// faces groups a set's tiles by face, in the set's order; a red five is a
// face of its own (it looks different).
func faces(set tile.Set) []face {
	var out []face
	idx := map[string]int{}
	for _, tl := range set.Tiles() {
		n := tl.Kind.String()
		if tl.Red {
			n += " red"
		}
		i, ok := idx[n]
		if !ok {
			i = len(out)
			idx[n] = i
			out = append(out, face{name: n})
		}
		out[i].tiles = append(out[i].tiles, tl)
	}
	return out
}

// registerZones registers a whole set laid out on the table: each zone of
// the surface takes every copy of one face, the operator presses Enter,
// and one inventory per zone reads them all. Copies of a face look alike,
// so their tags take the copies in UID order. A zone that reads more or
// fewer new tags than it should, or a tag registered as another tile, is
// refused and read again at the next Enter.
func (mc *maint) registerZones(ctx context.Context, t *table, set tile.Set, label byte) error {
	var zones []string
	for _, zn := range sortedNames(t.prof.Zones) {
		z := t.prof.Zones[zn]
		if _, ok := t.readers[z.Reader].(rfid.MultiReader); ok {
			zones = append(zones, zn)
		}
	}
	if len(zones) == 0 {
		return fmt.Errorf("no zone of profile %s has a reader that reads many tags at once: use register --at", t.prof.Name)
	}
	st, done, err := mc.registered(label)
	if err != nil {
		return err
	}
	defer st.Close()
	var todo []face
	for _, f := range faces(set) {
		var left []tile.Tile
		for _, tl := range f.tiles {
			if !done[tl] {
				left = append(left, tl)
			}
		}
		if len(left) > 0 {
			todo = append(todo, face{name: f.name, tiles: left})
		}
	}
	out := mc.stdout
	fmt.Fprintf(out, "Registering %s as set %c in %s on %d zones, one face per zone.\n", set.Name, label, mc.db, len(zones))
	registered := 0
	for len(todo) > 0 {
		n := min(len(todo), len(zones))
		round := todo[:n]
		fmt.Fprintln(out, "Lay out these tiles, nothing else on these zones, then Enter (q stops):")
		for i, f := range round {
			fmt.Fprintf(out, "  %-15s %d × %s\n", zones[i], len(f.tiles), f.name)
			if t.sim != nil {
				var uids []rfid.UID
				for _, tl := range f.tiles {
					uids = append(uids, sim.UID(label, tl))
				}
				t.sim.Place(*t.prof.Zones[zones[i]].Antenna, uids...)
			}
		}
		if in, ok := mc.line(ctx); !ok || in == "q" {
			break
		}
		var again []face
		for i, f := range round {
			z := t.prof.Zones[zones[i]]
			if mx, ok := t.muxes[z.Reader]; ok {
				if err := mx.Select(*z.Antenna); err != nil {
					return err
				}
			}
			seen, err := readZone(ctx, t, t.readers[z.Reader], 1)
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if err != nil {
				return fmt.Errorf("zone %s: %w", zones[i], err)
			}
			var fresh []string
			var wrong []string
			for _, u := range sortedNames(seen) {
				e, ok := st.Lookup(rfid.UID(u))
				switch {
				case !ok:
					fresh = append(fresh, u)
				case e.Set != label || e.Tile.Kind != f.tiles[0].Kind || e.Tile.Red != f.tiles[0].Red:
					wrong = append(wrong, fmt.Sprintf("%s is already %s", u, e))
				}
			}
			switch {
			case len(wrong) > 0:
				fmt.Fprintf(out, "%s: refused: %s; take those tiles off\n", zones[i], strings.Join(wrong, ", "))
				again = append(again, f)
				continue
			case len(fresh) != len(f.tiles):
				fmt.Fprintf(out, "%s: %d new tag(s) read, want %d × %s: check the zone and press Enter again\n", zones[i], len(fresh), len(f.tiles), f.name)
				again = append(again, f)
				continue
			}
			for j, u := range fresh {
				e := registry.Entry{Set: label, Tile: f.tiles[j]}
				if err := st.Put(rfid.UID(u), e); err != nil {
					return fmt.Errorf("zone %s: %w", zones[i], err)
				}
				registered++
			}
			fmt.Fprintf(out, "%s: registered %d × %s\n", zones[i], len(fresh), f.name)
		}
		todo = append(again, todo[n:]...)
		if len(again) == n {
			fmt.Fprintln(out, "nothing registered this round")
		}
	}
	return mc.registerSummary(st, set, label, registered)
}

// simPlace is the simulated operator's hand: it puts the tile's tag on
// the place, taking the previous tile away.
func (mc *maint) simPlace(t *table, pl place, uid rfid.UID) {
	if pl.side >= 0 {
		t.sim.TakeFromGate(pl.side)
		t.sim.PutAtGate(pl.side, uid)
		return
	}
	t.sim.Place(pl.ant, uid)
}

// registerSummary prints a census of the registry against the set.
func (mc *maint) registerSummary(st *registry.Store, set tile.Set, label byte, registered int) error {
	all, err := st.All()
	if err != nil {
		return err
	}
	var uids []rfid.UID
	for _, u := range all.Sorted() {
		if all[u].Set == label {
			uids = append(uids, u)
		}
	}
	fmt.Fprintf(mc.stdout, "\n%d tag(s) registered in this session.\n", registered)
	_, cerr := census.Check(set, label, uids, all)
	var ce *census.Error
	switch {
	case cerr == nil:
		fmt.Fprintf(mc.stdout, "Census of set %c: complete, %d of %d tiles registered.\n", label, set.Size(), set.Size())
		return nil
	case errors.As(cerr, &ce):
		fmt.Fprintf(mc.stdout, "Census of set %c: %d of %d tiles registered.\n", label, set.Size()-len(ce.Missing), set.Size())
		if len(ce.Missing) > 0 {
			var m []string
			for _, tl := range ce.Missing {
				m = append(m, fmt.Sprintf("%s#%d", tl, tl.Copy))
			}
			fmt.Fprintf(mc.stdout, "  missing (%d): %s\n", len(ce.Missing), strings.Join(m, " "))
			fmt.Fprintln(mc.stdout, "  run the same command again to resume.")
		}
		for _, w := range ce.Why {
			fmt.Fprintf(mc.stdout, "  %s\n", w)
		}
		return nil
	}
	return cerr
}
