package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"jantaku/internal/testdir"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"jantaku/mqtt/access"
	"jantaku/mqtt/mqtttest"
	"jantaku/mqtt/topic"
	"jantaku/tablecore/archive"

	paho "github.com/eclipse/paho.mqtt.golang"
)

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

type syncBuf struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestServeTablePlaysAGame runs the game side of the daemon on loopback:
// broker, publisher, displays and simulated players, until one game is
// played and archived; the displays answer meanwhile.
func TestServeTablePlaysAGame(t *testing.T) {
	// The journal syncs at every record: in memory, a disk kept busy by
	// other work does not turn a seconds-long game into minutes.
	dir := testdir.InMemory(t)
	web := freeAddr(t)
	cfg := tableConfig{Dir: dir, Ruleset: "riichi/tenhou", MQTT: freeAddr(t), WS: freeAddr(t), HTTP: web, Pace: time.Millisecond, Games: 1, Seed: 7}
	// A guard against a hang, not a measure: the game takes seconds.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	out := &syncBuf{}
	done := make(chan error, 1)
	go func() { done <- serveTable(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), out) }()
	var page string
	eventually(t, ctx, "the centre screen served", func() bool {
		resp, err := http.Get("http://" + web + "/display/centre.html")
		if err != nil {
			return false
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		page = string(b)
		return true
	})
	if !strings.Contains(page, "<html") {
		t.Fatalf("the centre screen was not served: %q", page)
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if ctx.Err() != nil {
		t.Fatalf("the game did not finish in time")
	}
	if !strings.Contains(out.String(), "displays: http://") {
		t.Fatalf("no display address printed: %s", out.String())
	}
	a, err := archive.Open(filepath.Join(dir, "archive.db"), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	games, _ := a.List()
	if len(games) != 1 {
		t.Fatalf("%d games archived", len(games))
	}
	if fi, err := os.Stat(filepath.Join(dir, "access.json")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("credentials file: %v %v", fi, err)
	}
}

// TestServeTablePublishesMachineStatus: a machine status handed to the
// game side reaches a display, retained, on the table's machine topic.
func TestServeTablePublishesMachineStatus(t *testing.T) {
	dir := testdir.InMemory(t)
	mq := freeAddr(t)
	status := make(chan json.RawMessage, 1)
	cfg := tableConfig{Dir: dir, Ruleset: "riichi", MQTT: mq, WS: "-", HTTP: "-", Pace: time.Hour, Seed: 7, Machine: status}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- serveTable(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), io.Discard) }()
	status <- json.RawMessage(`{"phase":"faulted","hands":3,"errors":[{"code":"E102","title":"conveyor jam","part":"eye2","side":2,"message":"stuck","remedy":"open the lid"}]}`)

	c, tp := displayClient(t, ctx, dir, mq, "machine-watch")
	got := make(chan []byte, 4)
	if tok := c.Subscribe(tp.Machine(), 1, func(_ paho.Client, m paho.Message) { got <- m.Payload() }); !tok.WaitTimeout(mqtttest.Patience) || tok.Error() != nil {
		t.Fatalf("subscribe: %v", tok.Error())
	}
	select {
	case b := <-got:
		var msg struct {
			Machine struct {
				Phase  string
				Errors []struct {
					Code string
					Side *int
				}
			}
		}
		if err := json.Unmarshal(b, &msg); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if msg.Machine.Phase != "faulted" || len(msg.Machine.Errors) != 1 || msg.Machine.Errors[0].Code != "E102" || msg.Machine.Errors[0].Side == nil || *msg.Machine.Errors[0].Side != 2 {
			t.Errorf("machine message %s", b)
		}
	case <-ctx.Done():
		t.Fatal("no machine status published")
	}
	cancel()
	if err := <-done; err != nil && !errors.Is(err, context.Canceled) {
		t.Fatal(err)
	}
}

// TestServeTableOnAnExternalBroker: with --broker the table embeds no
// broker; it plays on mosquitto as its table user, a display there gets
// the retained state, and the users and ACL the broker needs are written.
func TestServeTableOnAnExternalBroker(t *testing.T) {
	if testing.Short() {
		t.Skip("runs mosquitto")
	}
	mosq := mqtttest.StartMosquitto(t, mqtttest.Policy(t), mqtttest.Options{})
	dir := testdir.InMemory(t)
	b, _ := json.Marshal(mqtttest.Config())
	if err := os.WriteFile(filepath.Join(dir, "access.json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := tableConfig{Dir: dir, Ruleset: "sichuan", Broker: mosq.URL(), HTTP: "-", Pace: time.Millisecond, Games: 1, Seed: 3}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	disp := mqtttest.Connect(t, mosq, "display", "external")
	disp.Subscribe(mqtttest.Table().State())
	if err := serveTable(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)), io.Discard); err != nil {
		t.Fatal(err)
	}
	disp.WaitFor("the table's state", func(m mqtttest.Message) bool {
		return m.Topic == mqtttest.Table().State() && strings.Contains(string(m.Payload), `"ruleset":"sichuan"`)
	})
	for _, f := range []string{"mosquitto/password_file", "mosquitto/acl_file"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Errorf("the broker's %s: %v", f, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "broker.db")); err == nil {
		t.Error("an embedded broker's store was made with an external broker")
	}
}

// An external broker's options without --broker, or a bad URL, are refused.
func TestRunBrokerFlags(t *testing.T) {
	for _, args := range [][]string{
		{"--broker-ws", "ws://h:1/"},
		{"--broker", "http://h:1"},
		{"--broker", "ssl://h:8883", "--broker-cert", "c.pem"},
	} {
		var out bytes.Buffer
		err := runCmd(t.Context(), append(args, "--data", testdir.InMemory(t)), nil, &out, &out)
		var ue usageError
		if !errors.As(err, &ue) || !strings.Contains(err.Error(), "broker") {
			t.Errorf("run %v: %v", args, err)
		}
	}
}

// eventually polls ok until it holds, failing the test with what once ctx
// ends: a wait on a real server or file, bounded by the test's deadline
// and not by a count of tries.
func eventually(t *testing.T, ctx context.Context, what string, ok func() bool) {
	t.Helper()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !ok() {
		select {
		case <-tick.C:
		case <-ctx.Done():
			t.Fatalf("not %s: %v", what, ctx.Err())
		}
	}
}

// displayClient connects to the table's broker at mq as the display user of the
// credentials the table wrote in dir, once it has written them, under the
// client ID user-name: the client, disconnected when the test ends, and
// the table's topics.
func displayClient(t *testing.T, ctx context.Context, dir, mq, name string) (paho.Client, topic.Table) {
	t.Helper()
	var acc access.Config
	eventually(t, ctx, "the credentials written", func() bool {
		b, err := os.ReadFile(filepath.Join(dir, "access.json"))
		return err == nil && json.Unmarshal(b, &acc) == nil
	})
	u, ok := userOf(acc, access.Display)
	if !ok {
		t.Fatal("no display user")
	}
	tp, err := topic.New(acc.Prefix, acc.Table)
	if err != nil {
		t.Fatal(err)
	}
	o := paho.NewClientOptions().AddBroker("tcp://" + mq).SetClientID(u.Name + "-" + name).SetUsername(u.Name).SetPassword(u.Password).
		SetConnectRetry(true).SetConnectRetryInterval(50 * time.Millisecond)
	c := paho.NewClient(o)
	if tok := c.Connect(); !tok.WaitTimeout(mqtttest.Patience) || tok.Error() != nil {
		t.Fatalf("connect: %v", tok.Error())
	}
	t.Cleanup(func() { c.Disconnect(0) })
	return c, tp
}
