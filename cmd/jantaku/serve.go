package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	tablesvc "jantaku/firmware/table"
	"jantaku/mqtt/access"
	"jantaku/mqtt/broker"
	mqcmd "jantaku/mqtt/command"
	"jantaku/mqtt/display"
	mqtable "jantaku/mqtt/table"
	"jantaku/mqtt/topic"
	"jantaku/rules/rulesets"
)

// tableConfig is how the daemon runs the game side of the table.
type tableConfig struct {
	Dir     string // data: journal, archive, credentials, broker store
	Ruleset string // e.g. "riichi", "sichuan", "mcr/official"
	// RulesGiven says Ruleset was asked for (--rules, or rules: in the
	// configuration): an unfinished game of other rules in the journal
	// is then archived as it stood and a game of Ruleset begins.
	RulesGiven bool
	Options    json.RawMessage // laid over the ruleset's preset
	MQTT       string          // embedded broker's TCP listener ("-": none)
	WS         string          // its WebSocket listener, for the displays
	HTTP       string          // the displays' web server ("-": none)
	Humans     []int           // seats played by people (commands); the rest are simulated
	Pace       time.Duration   // a simulated player's thinking time
	Games      int             // stop after this many games; 0: keep playing
	Seed       uint64
	// Machine carries the machine's status (JSON) when a machine runs;
	// each is published retained for the displays.
	Machine <-chan json.RawMessage
	// Dealer deals each hand; nil: a seeded shuffle (no machine).
	Dealer tablesvc.Dealer
	// Sense, if set, plays the simulated seats through the tile sensing.
	Sense *tablesvc.Sensing
	// Broker, if set, is an external broker's URL (tcp://, ssl://, ws://,
	// wss://): no broker is embedded, and the table connects there as its
	// table user, with BrokerTLS for ssl and wss. BrokerWS is the URL the
	// display pages connect to (none: the displays are not served).
	Broker    string
	BrokerTLS mqtable.TLS
	BrokerWS  string
	// Metrics collects the operational metrics served on /metrics; nil:
	// the table makes its own.
	Metrics *metrics
	// Buttons carries the declarations of the seats' buttons; each is
	// handled as the seat's own command.
	Buttons <-chan mqcmd.Command
	// MachineAlive, when set, reports whether the machine cycle's loops
	// live; the systemd watchdog is fed only while it does.
	MachineAlive func() error
	// MQTTCert and MQTTKey make the embedded broker's listeners speak TLS.
	MQTTCert, MQTTKey string
	// ClaimWindow is held after every discard (firmware/table); nil: 1 s
	// when a person plays a seat, none when every seat is simulated.
	ClaimWindow *time.Duration
	// SpectatorDelay and SpectatorTurns hold back the spectator feed;
	// a nil delay is 30 s when a person plays a seat, none otherwise.
	SpectatorDelay *time.Duration
	SpectatorTurns int
}

// serveTable runs the game side of the table until ctx ends: the embedded
// broker, the publisher, the displays' web server and the table service.
func serveTable(ctx context.Context, cfg tableConfig, log *slog.Logger, stdout io.Writer) error {
	if _, err := rulesets.New(cfg.Ruleset, cfg.Options); err != nil {
		return usageError{err}
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return err
	}
	acc, err := credentials(cfg.Dir)
	if err != nil {
		return err
	}
	policy, err := access.Compile(acc)
	if err != nil {
		return err
	}
	var b *broker.Broker
	brokerURL, pageWS, wsPort := cfg.Broker, cfg.BrokerWS, 0
	if cfg.Broker == "" {
		b, err = broker.Start(broker.Config{TCP: cfg.MQTT, WebSocket: cfg.WS, Store: filepath.Join(cfg.Dir, "broker.db"), TLSCert: cfg.MQTTCert, TLSKey: cfg.MQTTKey}, policy, log)
		if err != nil {
			return fmt.Errorf("starting the broker: %w", err)
		}
		defer b.Close()
		brokerURL = "tcp://" + b.TCPAddr()
		if b.WebSocketAddr() != "" {
			pageWS, wsPort = pageWebSocket(b.WebSocketAddr())
		}
	} else {
		// The external broker must know the table's users and what each
		// may read and write: the same files the tests give mosquitto.
		mdir := filepath.Join(cfg.Dir, "mosquitto")
		if err := os.MkdirAll(mdir, 0o700); err != nil {
			return err
		}
		pw, acl, err := policy.WriteMosquitto(mdir)
		if err != nil {
			return fmt.Errorf("writing the broker's users and ACL: %w", err)
		}
		log.Info("external broker: give it these users and ACL (mosquitto: password_file, acl_file)", "broker", cfg.Broker, "password_file", pw, "acl_file", acl)
	}
	tu, ok := userOf(acc, access.Table)
	if !ok {
		return fmt.Errorf("%s/access.json has no user with the table role and a password", cfg.Dir)
	}
	t, err := topic.New(acc.Prefix, acc.Table)
	if err != nil {
		return err
	}
	bots := []bool{true, true, true, true}
	for _, s := range cfg.Humans {
		if s >= 0 && s < len(bots) {
			bots[s] = false
		}
	}
	met := cfg.Metrics
	if met == nil {
		met = newMetrics()
	}
	if b != nil {
		met.watchBroker(b)
	}
	steps := &refereeSteps{} // the publisher, once connected
	svc, err := tablesvc.New(ctx, tablesvc.Config{
		Dir: cfg.Dir, Ruleset: cfg.Ruleset, Options: cfg.Options, RulesGiven: cfg.RulesGiven,
		Simulated: bots, Pace: cfg.Pace, Games: cfg.Games, Seed: cfg.Seed,
		ClaimWindow: claimWindowFor(cfg.ClaimWindow, cfg.Humans),
		Dealer:      cfg.Dealer, Publisher: steps, Observer: met, Sensing: cfg.Sense, Log: log,
	})
	if err != nil {
		return err
	}
	defer svc.Close()
	met.watchJournal(svc.JournalPath())
	cmds, err := mqcmd.OpenLog(filepath.Join(cfg.Dir, "commands.jnl"), time.Now)
	if err != nil {
		return err
	}
	defer cmds.Close()
	delay := time.Duration(0)
	if len(cfg.Humans) > 0 {
		delay = defaultSpectatorDelay
	}
	if cfg.SpectatorDelay != nil {
		delay = *cfg.SpectatorDelay
	}
	pub, err := mqtable.Start(mqtable.Config{Broker: brokerURL, Username: tu.Name, Password: tu.Password, TLS: cfg.BrokerTLS,
		SpectatorDelay: delay, SpectatorTurns: cfg.SpectatorTurns}, t, mqtable.Options{Handler: tableHandler{svc}, Log: log, Memory: cmds})
	if err != nil {
		return err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		pub.Close(cctx)
		cancel()
	}()
	steps.pub = pub
	met.watchCommands(pub)
	if cfg.Buttons != nil {
		go handleButtons(ctx, tableHandler{svc}, cfg.Buttons, log)
	}
	if cfg.Machine != nil {
		go publishMachine(ctx, pub, cfg.Machine, log)
	}
	if cfg.HTTP != "-" {
		mux := http.NewServeMux()
		if pageWS != "" {
			dcfg, err := display.FromAccess(acc, pageWS)
			if err != nil {
				return err
			}
			dcfg.WebSocketPort = wsPort
			h, err := display.New(dcfg)
			if err != nil {
				return err
			}
			mux.Handle("/display/", http.StripPrefix("/display", h))
			mux.Handle("/", http.RedirectHandler("/display/", http.StatusFound))
		}
		mux.Handle("/healthz", healthHandler(svc, pub.Connected))
		mux.Handle("/metrics", met.handler())
		ln, err := net.Listen("tcp", cfg.HTTP)
		if err != nil {
			return fmt.Errorf("the displays' web server: %w", err)
		}
		srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		go srv.Serve(ln)
		defer srv.Close()
		fmt.Fprintf(stdout, "displays: http://%s/display/  (seat pages: seat.html?seat=N with the seat's login from %s)\n", ln.Addr(), filepath.Join(cfg.Dir, "access.json"))
	}
	fmt.Fprintf(stdout, "table %s/%s: ruleset %s, MQTT %s, seats by people %v, data %s\n", acc.Prefix, acc.Table, svc.Ruleset(), brokerURL, cfg.Humans, cfg.Dir)
	defer notifySystemd(ctx, log, svc, cfg.MachineAlive, fmt.Sprintf("jantaku %s: table %s/%s: ruleset %s, MQTT %s", programVersion(), acc.Prefix, acc.Table, svc.Ruleset(), brokerURL))()
	return svc.Run(ctx)
}

// publishMachine publishes each machine status as it comes.
func publishMachine(ctx context.Context, pub *mqtable.Publisher, c <-chan json.RawMessage, log *slog.Logger) {
	for {
		select {
		case <-ctx.Done():
			return
		case st := <-c:
			if err := pub.Machine(ctx, st, time.Now()); err != nil && ctx.Err() == nil {
				log.Warn("publishing the machine status", "err", err)
			}
		}
	}
}

// parseSeats reads "0,2" into seat numbers.
func parseSeats(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > 3 {
			return nil, fmt.Errorf("seat %q: seats are 0–3", f)
		}
		out = append(out, n)
	}
	return out, nil
}
