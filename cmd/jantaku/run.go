package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"jantaku/drivers/clock"
	"jantaku/drivers/motor"
	"jantaku/drivers/rfid"
	"jantaku/drivers/sensor"
	"jantaku/firmware/cycle"
	"jantaku/firmware/registry"
	"jantaku/firmware/sensing"
	tablesvc "jantaku/firmware/table"
	"jantaku/hardware/board"
	"jantaku/hardware/profile"
	"jantaku/hardware/sim"
	"jantaku/hardware/sim/players"
	"jantaku/mqtt/broker"
	mqtable "jantaku/mqtt/table"
	"jantaku/rules/game"
	"jantaku/rules/rulesets"
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

// setNameOf names the profile tile set the ruleset's tiles are built as.
func setNameOf(r game.Rules) (string, error) {
	n := r.Set.Size()
	switch {
	case n == 136 || n == 140 || n == 144:
		return fmt.Sprint(n), nil
	case n == 108 && r.Players == 4:
		return "108", nil
	case n == 108 && r.Players == 3:
		return "108-3p", nil
	case n == 96 && r.Players == 3:
		return "96-3p", nil
	}
	return "", fmt.Errorf("%s plays with %s (%d tiles, %d players): no machine geometry for it", r.Name, r.Set.Name, n, r.Players)
}

// table is the machine's parts by the profile's names, on real hardware
// (hardware/board) or on the simulated table (sim is then set).
type table struct {
	prof    *profile.Profile
	clk     clock.Clock
	motors  map[string]motor.Motor
	inputs  map[string]sensor.Switch
	buttons map[string]sensor.Button
	readers map[string]rfid.Reader
	muxes   map[string]rfid.Mux // by reader name
	enable  cycle.Enabler       // the motor-power enable chain; nil if the board has none
	probe   func() error        // checks the motor drivers answer
	sim     *sim.Machine
	close   func() error // halts every actuator and releases the hardware
}

// openBoard opens the real hardware of p.
func openBoard(p *profile.Profile, log *slog.Logger) (*table, error) {
	b, err := board.Open(p, board.Options{Log: log})
	if err != nil {
		return nil, err
	}
	for _, f := range b.Failed {
		log.Warn("periph host driver failed to load", "driver", f)
	}
	t := &table{prof: p, clk: clock.Real{}, motors: b.Motors, inputs: b.Inputs, buttons: b.Buttons,
		readers: b.Readers, muxes: b.Muxes, close: b.Close, probe: b.Probe}
	if b.Enable != nil {
		t.enable = b.Enable
	}
	return t, nil
}

// boardSurface is the tile sensing's surface of an opened board: every
// zone of p on its reader, which must read many tags at once.
func boardSurface(p *profile.Profile, readers map[string]rfid.Reader, muxes map[string]rfid.Mux) (*sensing.Surface, error) {
	surf, err := sensing.SurfaceOf(p, readers, muxes)
	if err != nil {
		return nil, fmt.Errorf("--sensing: the board's surface: %w", err)
	}
	if len(surf.Zones()) == 0 {
		return nil, fmt.Errorf("--sensing: profile %s has no zones", p.Name)
	}
	return surf, nil
}

// simConfig is what a simulated table needs besides the profile.
type simConfig struct {
	clk        clock.Clock
	seed       uint64
	miss       float64
	tray, onTo []rfid.UID
}

// feedEvery is how often the machine cycle feeds the enable chain: a
// third of its watchdog on hardware; on the simulated table, whose enable
// edges come from the feeds themselves (sim.FedEnable), half the hold.
func feedEvery(p *profile.Profile, simulated bool) time.Duration {
	if simulated {
		return p.Safety.Hold.D() / 2
	}
	return p.Safety.Watchdog.D() / 3
}

// openSim starts a simulated table with the parts of p's names; its
// physics goroutine runs until close.
func openSim(ctx context.Context, p *profile.Profile, sc simConfig) *table {
	ants := 1
	if r, ok := p.Readers["surface"]; ok && r.Mux != "" {
		ants = p.Muxes[r.Mux].Channels()
	}
	sm := sim.New(sim.Config{Timing: p.Timing, Sides: p.Sides, Clock: sc.clk, Seed: sc.seed, MissRate: sc.miss, Antennas: ants}, sc.tray, sc.onTo)
	t := &table{prof: p, clk: sc.clk, sim: sm, motors: map[string]motor.Motor{}, inputs: map[string]sensor.Switch{},
		buttons: map[string]sensor.Button{"start": sm.Start}, readers: map[string]rfid.Reader{"surface": sm.Surface},
		muxes: map[string]rfid.Mux{"surface": sm.Surface}, enable: sm.FedEnable(), probe: sm.Probe}
	for _, mt := range sm.Motors() {
		t.motors[mt.Name] = mt
	}
	for _, sw := range sm.Inputs() {
		t.inputs[sw.Name] = sw
	}
	for _, r := range sm.Inline {
		t.readers[r.Name] = r
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); sm.Run(ctx) }()
	t.close = func() error {
		errs := []error{t.enable.Disarm()}
		for _, mt := range sm.Motors() {
			errs = append(errs, mt.Halt())
		}
		cancel()
		<-done
		return errors.Join(errs...)
	}
	return t
}

// parts returns the cycle's parts, by the names profile.MotorNames and
// profile.InputNames give them.
func (t *table) parts() (cycle.Parts, error) {
	var missing []string
	mt := func(n string) motor.Motor {
		m, ok := t.motors[n]
		if !ok {
			missing = append(missing, "motor "+n)
		}
		return m
	}
	sw := func(n string) sensor.Switch {
		s, ok := t.inputs[n]
		if !ok {
			missing = append(missing, "input "+n)
		}
		return s
	}
	p := cycle.Parts{Tray: mt("tray"), Lid: sw("lid"), EStop: sw("estop"), Enable: t.enable, Probe: t.probe, Start: t.buttons["start"]}
	if p.Start == nil {
		missing = append(missing, "button start")
	}
	if p.Enable == nil {
		missing = append(missing, "the motor-power enable (profile safety.enable)")
	}
	for s := 0; s < t.prof.Sides; s++ {
		p.Conveyors = append(p.Conveyors, mt(fmt.Sprintf("conveyor%d", s)))
		p.Stackers = append(p.Stackers, mt(fmt.Sprintf("stacker%d", s)))
		p.Lifts = append(p.Lifts, mt(fmt.Sprintf("lift%d", s)))
		p.Eyes = append(p.Eyes, sw(fmt.Sprintf("eye%d", s)))
		p.Homes = append(p.Homes, sw(fmt.Sprintf("stacker%d.home", s)))
		p.Tops = append(p.Tops, sw(fmt.Sprintf("lift%d.top", s)))
		p.Bottoms = append(p.Bottoms, sw(fmt.Sprintf("lift%d.bottom", s)))
		r, ok := t.readers[profile.InlineReaderName(s)]
		if !ok {
			missing = append(missing, "reader "+profile.InlineReaderName(s))
		}
		p.Inline = append(p.Inline, r)
	}
	if len(missing) > 0 {
		return p, fmt.Errorf("the table lacks %s", strings.Join(missing, ", "))
	}
	return p, nil
}

func names[V any](m map[string]V) string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

// flagGiven reports whether the flag name was set (on the command line or
// by the configuration file).
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// simSettle is the real time the sim's paced clock leaves the goroutines
// to react to each event before it moves on (clock.Paced).
const simSettle = 2 * time.Millisecond

func runCmd(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	simFlag := fs.Bool("sim", false, "run the simulated table (the default when no profile is configured)")
	prof := fs.String("profile", os.Getenv("JANTAKU_PROFILE"), "board profile YAML (default $JANTAKU_PROFILE; none: simulation); without --sim it drives the hardware it describes")
	db := fs.String("db", filepath.Join(dataDir(), "tags.db"), "tag registry file (hardware; fill it with jantaku maintenance register)")
	setName := fs.String("set", "", "the machine's tile set: 136, 140, 144, 108, 108-3p, 96-3p (default: the ruleset's)")
	reds := fs.Int("reds", 3, "red fives (136 and 108-3p sets)")
	oneSet := fs.Bool("one-set", false, "the table has one tile set (build after Start)")
	speed := fs.Float64("speed", 4, "sim: run this many times faster than real time")
	auto := fs.Duration("auto-start", 3*time.Second, "sim: the simulated players press Start this long (simulated) after the game asks for the next walls; 0: never (press it in maintenance or on the panel)")
	hands := fs.Int("hands", 0, "stop after this many hands (0: until SIGINT/SIGTERM)")
	seed := fs.Uint64("seed", 0, "sim and dice random seed (0: a new one at each start)")
	miss := fs.Float64("miss", 0.02, "sim: inline read miss rate")
	verbose := fs.Bool("v", false, "log every tile")
	rulesName := fs.String("rules", "riichi", "ruleset and preset, e.g. riichi/tenhou, mcr/official, sichuan, wuhan/hz, shanghai/laoshi")
	optsJSON := fs.String("options", "", "ruleset options as JSON, laid over the preset")
	humans := fs.String("humans", "", "seats played by people through their seat pages, e.g. 0 or 0,2; the others are simulated")
	pace := fs.Duration("pace", 700*time.Millisecond, "a simulated player's thinking time")
	games := fs.Int("games", 0, "stop after this many games (0: keep playing)")
	dataDir := fs.String("data", dataDir(), "where the journal, archive and credentials are kept")
	mqttAddr := fs.String("mqtt", broker.DefaultTCP, "embedded MQTT broker's TCP address")
	wsAddr := fs.String("ws", "127.0.0.1:1884", "embedded broker's WebSocket address (the displays connect to it)")
	httpAddr := fs.String("http", "127.0.0.1:8080", "the displays' web server (\"-\": none)")
	brokerURL := fs.String("broker", "", "an external MQTT broker's URL (tcp://, ssl://, ws://, wss://) instead of the embedded one; the table connects as its table user (users and ACL written to DATA/mosquitto/)")
	brokerCA := fs.String("broker-ca", "", "CA certificate (PEM) of an ssl:// or wss:// broker (default: the system's)")
	brokerCert := fs.String("broker-cert", "", "client certificate (PEM) for the broker, with --broker-key")
	brokerKey := fs.String("broker-key", "", "the client certificate's key (PEM)")
	mqttCert := fs.String("mqtt-cert", "", "TLS certificate (PEM) of the embedded broker: its TCP and WebSocket listeners then speak TLS (mqtts, wss)")
	mqttKey := fs.String("mqtt-key", "", "the TLS certificate's key (PEM), with --mqtt-cert")
	claimWindow := fs.String("claim-window", "auto", "held after every discard whatever the hands hold, so no one learns who could call (auto: 1s when a person plays a seat, 0 when every seat is simulated)")
	spectatorDelay := fs.String("spectator-delay", "auto", "the spectator feed (every hand, for the broadcast role) is held back this long (auto: 30s when a person plays a seat, 0 when every seat is simulated)")
	spectatorTurns := fs.Int("spectator-turns", 0, "and until this many more discards have been made")
	brokerWS := fs.String("broker-ws", "", "the external broker's WebSocket URL for the display pages (ws:// or wss://; none: no displays)")
	machine := fs.Bool("machine", false, "sim: also run the simulated machine's shuffle-and-build cycle (always on with hardware)")
	sensingFlag := fs.Bool("sensing", false, "follow the game through the tile sensors: on hardware, the players' tiles on the surface readers and the seat buttons; in the sim, simulated players move tagged tiles on a simulated surface (5% missed, 0.5% ghost reads), at --speed")
	logName := fs.String("log-level", "info", "log level: debug, info, warn, error (-v: debug)")
	configFile := fs.String("config", "", "configuration file (YAML, e.g. /etc/jantaku/jantaku.yaml) with any of these settings; flags override it")
	check := fs.Bool("check", false, "check the configuration and the flags, then exit")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(stdout, "usage: jantaku run [flags]\n\nruns the table (simulated unless --profile names a board) until SIGINT or SIGTERM.\nIt logs to standard error; the displays' address goes to standard output.\n\nflags:")
			fs.SetOutput(stdout)
			fs.PrintDefaults()
			fmt.Fprintln(stdout, "\n"+exitCodes)
			return nil
		}
		return usageError{flagError(fs, err)}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Errorf("run takes flags only, not %q (\"jantaku help run\" lists them)", strings.Join(fs.Args(), " "))}
	}
	if *configFile != "" {
		cfg, err := loadConfig(*configFile)
		if err == nil {
			err = cfg.apply(fs)
		}
		if err != nil {
			return err
		}
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	level, lerr := logLevel(*logName, *verbose)
	if lerr != nil {
		return usageError{lerr}
	}
	seats, perr := parseSeats(*humans)
	if perr != nil {
		return usageError{perr}
	}
	window, werr := claimWindowValue(*claimWindow)
	if werr != nil {
		return usageError{werr}
	}
	delay, derr := spectatorDelayValue(*spectatorDelay)
	if derr != nil {
		return usageError{derr}
	}
	if *spectatorTurns < 0 {
		return usageError{errors.New("--spectator-turns must not be negative")}
	}
	if (*mqttCert == "") != (*mqttKey == "") {
		return usageError{errors.New("--mqtt-cert and --mqtt-key go together")}
	}
	tcfg := tableConfig{Dir: *dataDir, Ruleset: *rulesName, RulesGiven: flagGiven(fs, "rules"), MQTT: *mqttAddr, WS: *wsAddr, HTTP: *httpAddr, Humans: seats, Pace: *pace, Games: *games, Seed: *seed}
	tcfg.ClaimWindow, tcfg.SpectatorDelay, tcfg.SpectatorTurns = window, delay, *spectatorTurns
	tcfg.MQTTCert, tcfg.MQTTKey = *mqttCert, *mqttKey
	if *optsJSON != "" {
		tcfg.Options = json.RawMessage(*optsJSON)
	}
	if *brokerURL != "" {
		tcfg.Broker, tcfg.BrokerWS = *brokerURL, *brokerWS
		tcfg.BrokerTLS = mqtable.TLS{CA: *brokerCA, Cert: *brokerCert, Key: *brokerKey}
		if err := (mqtable.Config{Broker: *brokerURL, Username: "table", TLS: tcfg.BrokerTLS}).Validate(); err != nil {
			return usageError{fmt.Errorf("--broker: %w", err)}
		}
		ws, err := brokerWSValue(*brokerWS)
		if err != nil {
			return usageError{err}
		}
		tcfg.BrokerWS = ws
	} else if *brokerCA != "" || *brokerCert != "" || *brokerKey != "" || *brokerWS != "" {
		return usageError{errors.New("--broker-ca, --broker-cert, --broker-key and --broker-ws are for an external broker: add --broker URL")}
	}
	// --check checks what the table would start with, the broker
	// settings included, before anything is created.
	if *check {
		return checkRun(stdout, *configFile, *rulesName, *optsJSON, *humans, *prof)
	}
	hardware := *prof != "" && !*simFlag
	var simClock *clock.Paced // the simulated table's one clock: machine, players and sensing
	if *sensingFlag && !hardware {
		// On hardware people play and the board's readers follow them
		// (set up with the board below).
		if len(seats) > 0 {
			return usageError{errors.New("--sensing in the simulator plays every seat by simulated players: leave out --humans")}
		}
		// Simulated time waits while the players and sensing react, so a
		// loaded machine slows the hand down instead of changing it.
		pc := clock.NewPaced(time.Now(), *speed, simSettle)
		go pc.Run(ctx)
		simClock = pc
		tcfg.Sense = &tablesvc.Sensing{Clock: pc, Players: players.Config{Seed: *seed, Pace: players.Human, MissRate: 0.05, GhostRate: 0.005}}
	}
	if !hardware && !*machine {
		return serveTable(ctx, tcfg, newLogger(stderr, level), stdout)
	}
	p := profile.Default()
	if *prof != "" {
		var err error
		if p, err = profile.LoadFile(*prof); err != nil {
			return err
		}
	}
	if !tcfg.RulesGiven {
		// The machine builds the walls of the game the daemon resumes.
		if name, opts, ok := tablesvc.JournalRules(*dataDir); ok {
			*rulesName, tcfg.Ruleset, tcfg.Options = name, name, opts
		}
	}
	rs, err := rulesets.New(*rulesName, tcfg.Options)
	if err != nil {
		return usageError{err}
	}
	set := rs.Rules().Set
	if *setName == "" {
		if *setName, err = setNameOf(rs.Rules()); err != nil {
			return err
		}
	} else {
		s, err := tileSet(*setName, *reds)
		if err != nil {
			return usageError{err}
		}
		if s.Copies != set.Copies || s.Reds != set.Reds {
			return usageError{fmt.Errorf("--set %s (%s) is not the set %s plays with (%s)", *setName, s.Name, *rulesName, set.Name)}
		}
	}
	geo, ok := p.TileSets[*setName]
	if !ok {
		return fmt.Errorf("profile %s has no tile set %q", p.Name, *setName)
	}
	log := newLogger(stderr, level)

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	defer wg.Wait()

	var tb *table
	var reg registry.Registry
	if hardware {
		st, err := registry.Open(*db)
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
		clk := simClock
		if clk == nil {
			clk = clock.NewPaced(time.Now(), *speed, simSettle)
			wg.Add(1)
			go func() { defer wg.Done(); clk.Run(ctx) }()
		}
		mem := registry.Memory{}
		for _, l := range []byte{'A', 'B'} {
			for u, t := range sim.Tags(set, l) {
				mem[u] = registry.Entry{Set: l, Tile: t}
			}
		}
		reg = mem
		var onTable []rfid.UID
		if !*oneSet {
			onTable = sim.List(set, 'B')
		}
		tb = openSim(ctx, p, simConfig{clk: clk, seed: *seed, miss: *miss, tray: sim.List(set, 'A'), onTo: onTable})
	}
	defer func() {
		if err := tb.close(); err != nil {
			log.Error("halting the table", "err", err)
		}
	}()
	var surface *sensing.Surface
	if *sensingFlag && hardware {
		// Before the readers are wrapped for metrics: the surface needs
		// their inventories.
		if surface, err = boardSurface(p, tb.readers, tb.muxes); err != nil {
			return err
		}
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
		Timing: p.Timing, Stacks: geo.Stacks, Set: set, TwoSets: !*oneSet,
		Registry: reg, Rand: rand.New(rand.NewPCG(*seed, 1)), Clock: clk, Log: log,
		Feed: feedEvery(p, tb.sim != nil),
	})
	if err != nil {
		return err
	}
	mode := "sim"
	if hardware {
		mode = "hardware"
	}
	log.Info("jantaku run", "mode", mode, "profile", p.Name, "set", set.Name, "two_sets", !*oneSet, "speed", *speed, "seed", *seed)

	// The displays see every state change; only the newest status counts,
	// so an older one waiting is replaced.
	status := make(chan json.RawMessage, 1)
	m.OnState = func(st cycle.State) {
		if f := m.Fault(); st == cycle.Faulted && f != nil {
			met.machineFault(f.Code)
		}
		b, err := json.Marshal(m.Status())
		if err != nil {
			return
		}
		for {
			select {
			case status <- b:
				return
			default:
			}
			select {
			case <-status:
			default:
			}
		}
	}
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
		if *hands > 0 && h.Number >= *hands {
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
	if *oneSet {
		waitFor = cycle.Idle
	}
	var start func()
	if tb.sim != nil && *auto > 0 {
		starts := make(chan struct{}, 1)
		start = func() {
			select {
			case starts <- struct{}{}:
			default:
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-ctx.Done():
					return
				case <-starts:
				}
				if clock.Sleep(ctx, clk, *auto) != nil {
					return
				}
				for ctx.Err() == nil && m.State() != waitFor {
					_ = clock.Sleep(ctx, clk, 100*time.Millisecond)
				}
				if ctx.Err() == nil {
					log.Info("start pressed (sim)")
					tb.sim.PressStart()
				}
			}
		}()
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
			if *hands > 0 && played >= *hands {
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
