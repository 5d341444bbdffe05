// Command mqttload measures how many simulated tables one broker carries:
// N tables (default 200) each publish steps through a table.Publisher at a
// configured rate (a step is 6 messages: 4 seat states, the public state and
// the public event; 8 with -spectator), and
// one display per table subscribes to state and events. It reports messages
// per second delivered and the end-to-end latency of events (publish call to
// display's handler), p50, p99 and max.
//
//	go run ./mqtt/cmd/mqttload -tables 200 -rate 2 -duration 20s
//
// By default it starts its own mosquitto on a free port of 127.0.0.1 with a
// generated configuration (-broker embedded uses the embedded broker; a
// tcp:// URL uses a broker already running, whose users must match).
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"jantaku/mqtt/access"
	"jantaku/mqtt/broker"
	"jantaku/mqtt/table"
	"jantaku/mqtt/topic"
)

func main() {
	tables := flag.Int("tables", 200, "simulated tables")
	rate := flag.Float64("rate", 2, "steps (events) per second per table")
	duration := flag.Duration("duration", 20*time.Second, "measuring time, after a 2s warm-up")
	brokerFlag := flag.String("broker", "mosquitto", `"mosquitto" (started here), "embedded", or a tcp:// URL`)
	spectator := flag.Bool("spectator", false, "also publish the spectator tree (2 more messages per step)")
	flag.Parse()
	if err := run(*tables, *rate, *duration, *brokerFlag, *spectator); err != nil {
		fmt.Fprintln(os.Stderr, "mqttload:", err)
		os.Exit(1)
	}
}

func run(n int, rate float64, duration time.Duration, brokerFlag string, spectator bool) error {
	if n < 1 || rate <= 0 || duration <= 0 {
		return errors.New("-tables, -rate and -duration must be positive")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	var cfgs []access.Config
	for i := range n {
		id := fmt.Sprintf("t%03d", i)
		cfgs = append(cfgs, access.Config{Prefix: "bench", Table: id, Users: []access.User{
			{Name: id, Role: access.Table, Password: "pw"},
			{Name: id + "-display", Role: access.Display, Password: "pw"},
		}})
	}
	policy, err := access.Compile(cfgs...)
	if err != nil {
		return err
	}
	url := brokerFlag
	switch brokerFlag {
	case "mosquitto":
		dir, err := os.MkdirTemp("", "mqttload")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		u, stopBroker, err := startMosquitto(dir, policy)
		if err != nil {
			return err
		}
		defer stopBroker()
		url = u
	case "embedded":
		// Every client comes from 127.0.0.1 and they connect at once: lift
		// the per-address and client limits a table's broker has.
		lim := broker.Limits{MaxClients: 4 * n, MaxPending: 4 * n, MaxPendingPerHost: 4 * n}
		b, err := broker.Start(broker.Config{TCP: "127.0.0.1:0", Limits: lim}, policy, nil)
		if err != nil {
			return err
		}
		defer b.Close()
		url = "tcp://" + b.TCPAddr()
	}

	var (
		delivered atomic.Int64 // every message the displays received
		measuring atomic.Bool
		latMu     sync.Mutex
		lats      []time.Duration
	)
	var subs []paho.Client
	defer func() {
		for _, c := range subs {
			c.Disconnect(50)
		}
	}()
	for i := range n {
		tb, _ := topic.New("bench", fmt.Sprintf("t%03d", i))
		user := tb.ID() + "-display"
		handler := func(_ paho.Client, m paho.Message) {
			if !measuring.Load() {
				return
			}
			delivered.Add(1)
			if m.Topic() != tb.Events() {
				return
			}
			var e struct {
				Event struct {
					Sent int64 `json:"sent"`
				} `json:"event"`
			}
			if json.Unmarshal(m.Payload(), &e) == nil && e.Event.Sent > 0 {
				d := time.Since(time.Unix(0, e.Event.Sent))
				latMu.Lock()
				lats = append(lats, d)
				latMu.Unlock()
			}
		}
		o := paho.NewClientOptions().AddBroker(url).SetClientID(user).SetUsername(user).SetPassword("pw").
			SetCleanSession(true).SetConnectTimeout(10 * time.Second).SetOrderMatters(false)
		c := paho.NewClient(o)
		if t := c.Connect(); !t.WaitTimeout(15*time.Second) || t.Error() != nil {
			return fmt.Errorf("display %s: connect: %v", user, t.Error())
		}
		subs = append(subs, c)
		t := c.SubscribeMultiple(map[string]byte{tb.Events(): 1, tb.State(): 1}, handler)
		if !t.WaitTimeout(15*time.Second) || t.Error() != nil {
			return fmt.Errorf("display %s: subscribe: %v", user, t.Error())
		}
	}

	pubs := make([]*table.Publisher, n)
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		for _, p := range pubs {
			if p != nil {
				_ = p.Close(cctx)
			}
		}
	}()
	for i := range n {
		tb, _ := topic.New("bench", fmt.Sprintf("t%03d", i))
		p, err := table.Start(table.Config{Broker: url, Username: tb.ID(), Password: "pw"}, tb, table.Options{Log: slog.New(slog.DiscardHandler)})
		if err != nil {
			return err
		}
		pubs[i] = p
		rctx, cancel := context.WithTimeout(ctx, 15*time.Second)
		err = p.WaitReady(rctx)
		cancel()
		if err != nil {
			return fmt.Errorf("table %s: %w", tb.ID(), err)
		}
	}

	var published atomic.Int64
	var wg sync.WaitGroup
	runCtx, cancelRun := context.WithCancel(ctx)
	interval := time.Duration(float64(time.Second) / rate)
	for i, p := range pubs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Spread the tables over one interval.
			select {
			case <-time.After(time.Duration(i) * interval / time.Duration(n)):
			case <-runCtx.Done():
				return
			}
			tick := time.NewTicker(interval)
			defer tick.Stop()
			for seq := uint64(1); ; seq++ {
				s := step(seq, spectator)
				if err := p.Publish(runCtx, s); err != nil {
					return
				}
				if measuring.Load() {
					published.Add(int64(perStep(spectator)))
				}
				select {
				case <-tick.C:
				case <-runCtx.Done():
					return
				}
			}
		}()
	}
	select {
	case <-time.After(2 * time.Second):
	case <-ctx.Done():
	}
	measuring.Store(true)
	began := time.Now()
	select {
	case <-time.After(duration):
	case <-ctx.Done():
	}
	measuring.Store(false)
	elapsed := time.Since(began)
	cancelRun()
	wg.Wait()

	latMu.Lock()
	defer latMu.Unlock()
	slices.Sort(lats)
	pct := func(p float64) time.Duration {
		if len(lats) == 0 {
			return 0
		}
		return lats[min(len(lats)-1, int(p*float64(len(lats))))]
	}
	fmt.Printf("broker %s, %d tables x %.1f steps/s, %d messages per step, %s measured\n", brokerFlag, n, rate, perStep(spectator), elapsed.Round(time.Millisecond))
	fmt.Printf("published  %8.0f msg/s into the broker\n", float64(published.Load())/elapsed.Seconds())
	fmt.Printf("delivered  %8.0f msg/s to %d displays (state+events), %d events timed\n", float64(delivered.Load())/elapsed.Seconds(), n, len(lats))
	fmt.Printf("latency    p50 %v  p99 %v  max %v\n", pct(0.50).Round(10*time.Microsecond), pct(0.99).Round(10*time.Microsecond), pct(1).Round(10*time.Microsecond))
	return nil
}

func perStep(spectator bool) int {
	if spectator {
		return 8
	}
	return 6 // 4 seat states, state, event
}

// step is a step of roughly real size: a public event, a public state of
// about 600 bytes and four seat views of about 200.
func step(seq uint64, spectator bool) table.Step {
	pad := strings.Repeat("1m2m3m", 30)
	s := table.Step{
		Seq: seq, Type: "discard",
		Event: json.RawMessage(`{"seat":1,"tile":"5p","sent":` + strconv.FormatInt(time.Now().UnixNano(), 10) + `}`),
		State: json.RawMessage(`{"phase":"play","discards":"` + pad + pad + pad + `"}`),
	}
	for i := range s.Seats {
		s.Seats[i].State = json.RawMessage(`{"hand":"` + pad + `"}`)
	}
	if spectator {
		s.Spectator = table.View{Event: s.Event, State: s.State}
	}
	return s
}

// startMosquitto runs mosquitto on a free loopback port with the policy's
// password_file and acl_file, and returns its URL and a stop function.
func startMosquitto(dir string, policy *access.Policy) (string, func(), error) {
	bin, err := exec.LookPath("mosquitto")
	if err != nil {
		bin = "/usr/sbin/mosquitto"
		if _, err := os.Stat(bin); err != nil {
			return "", nil, errors.New("mosquitto is not installed (scripts/deps installs it)")
		}
	}
	pw, acl, err := policy.WriteMosquitto(dir)
	if err != nil {
		return "", nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	conf := fmt.Sprintf("user root\nlistener %d 127.0.0.1\nallow_anonymous false\npassword_file %s\nacl_file %s\nmax_queued_messages 0\nmax_inflight_messages 0\nlog_dest none\n", port, pw, acl)
	cf := filepath.Join(dir, "mosquitto.conf")
	if err := os.WriteFile(cf, []byte(conf), 0o600); err != nil {
		return "", nil, err
	}
	cmd := exec.Command(bin, "-c", cf)
	if err := cmd.Start(); err != nil {
		return "", nil, err
	}
	stop := func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		_ = cmd.Wait()
	}
	addr := "127.0.0.1:" + strconv.Itoa(port)
	for i := 0; ; i++ {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			break
		}
		if i == 100 {
			stop()
			return "", nil, fmt.Errorf("mosquitto did not listen on %s", addr)
		}
		time.Sleep(50 * time.Millisecond)
	}
	return "tcp://" + addr, stop, nil
}
