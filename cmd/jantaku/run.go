package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"jantaku/drivers/clock"
	tablesvc "jantaku/firmware/table"
	"jantaku/hardware/sim/players"
	"jantaku/mqtt/broker"
	mqtable "jantaku/mqtt/table"
)

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

// runCmd is jantaku run: it reads the flags and the configuration file,
// then serves the table alone (runs serveTable) or with the machine
// (runMachine).
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
	sensingFlag := fs.Bool("sensing", false, "follow the game through the tile sensors: on hardware, the players' tiles on the surface readers and the seat buttons; in the sim, simulated players move tagged tiles on a simulated surface (5% missed, 0.5% ghost reads), at --speed, and the seat pages of the --humans seats move theirs")
	surface := fs.String("surface", "switched", "sim, with --sensing: the simulated surface's readers: switched (one reader switched across the zones, as the default board) or held (a reader per zone holding its field on, docs/wiring.md)")
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
	held, serr := surfaceValue(*surface)
	if serr != nil {
		return usageError{serr}
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
	if held && hardware {
		return usageError{errors.New("--surface is for the simulated table: on hardware the board's profile says what its readers are")}
	}
	if held && !*sensingFlag {
		return usageError{errors.New("--surface held is the simulated surface's tag readers: add --sensing")}
	}
	var simClock *clock.Paced // the simulated table's one clock: machine, players and sensing
	if *sensingFlag && !hardware {
		// On hardware people play and the board's readers follow them
		// (set up with the board in runMachine). In the simulator the
		// seats in --humans are played from their seat pages, whose moves
		// the simulator makes on the surface for them.
		// Simulated time waits while the players and sensing react, so a
		// loaded machine slows the hand down instead of changing it.
		pc := clock.NewPaced(time.Now(), *speed, simSettle)
		go pc.Run(ctx)
		simClock = pc
		tcfg.Sense = &tablesvc.Sensing{Clock: pc, Players: players.Config{Seed: *seed, Pace: players.Human, MissRate: 0.05, GhostRate: 0.005}}
		if held {
			// A tile at rest in a held field browns out for one request
			// in 200 (docs/benchmarks.md, "Quiet zones").
			tcfg.Sense.HeldFields, tcfg.Sense.Players.BrownOutRate = true, 0.005
		}
	}
	if !hardware && !*machine {
		return serveTable(ctx, tcfg, newLogger(stderr, level), stdout)
	}
	mr := machineRun{hardware: hardware, profile: *prof, db: *db, set: *setName, reds: *reds, oneSet: *oneSet, speed: *speed,
		autoStart: *auto, hands: *hands, seed: *seed, miss: *miss, sensing: *sensingFlag, rules: *rulesName, data: *dataDir, clock: simClock}
	return runMachine(ctx, mr, tcfg, newLogger(stderr, level), stdout)
}

// surfaceValue reads --surface: whether the simulated surface has a
// reader per zone holding its field on (held) or one switched reader.
func surfaceValue(s string) (held bool, err error) {
	switch s {
	case "switched":
		return false, nil
	case "held":
		return true, nil
	}
	return false, fmt.Errorf("--surface %q: want switched (one reader switched across the zones) or held (a reader per zone)", s)
}

// brokerWSValue reads --broker-ws: "" or "none" (no display pages), or a
// ws:// or wss:// URL with a host.
func brokerWSValue(s string) (string, error) {
	if s == "" || s == "none" {
		return "", nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "ws" && u.Scheme != "wss") || u.Host == "" {
		return "", fmt.Errorf("--broker-ws %q: want ws://host:port/path, wss://host:port/path or none", s)
	}
	return s, nil
}
